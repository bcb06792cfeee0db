// Compatibility evidence from the model-support dataset in a scenario file (docs/scenario.md,
// "Compatibility evidence"): the answer for the model on the target stack becomes a migration
// uncertainty, open for what it leaves to do, resolved for a pass on the same stack.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_compat_test {

using namespace trncost;

namespace {

// A verified bucket (1,000 GiB x 3 mo x 0.023 = 69 USD) and the [compat] table of a case, read as
// if the file lay in examples/scenarios/ (the export is examples/data/model_support_sample.csv).
std::string scenario(const std::string& stack,
                     const std::string& model = "meta-llama/Llama-3.1-8B") {
  return trncost_support::verified_bucket +
         "[compat]\nmodel_support = \"../data/model_support_sample.csv\"\nconsulted = "
         "2026-11-29\nmodel = \"" +
         model + "\"\nowner = \"ml-platform\"\nstack = { " + stack + " }\n";
}

estimate run(const std::string& text) {
  return scenario::evaluate_scenario(
      scenario::parse_scenario(text, trncost_support::example_scenarios + "compat.toml"));
}

const std::string same_stack =
    R"(neuronx_cc = "2.21.33363.0", torch_neuronx = "2.8.0.2.10.13553", torch = "2.8.0")";

}  // namespace

TEST_CASE("a pass on the same stack is listed as resolved, with what it proves") {
  const estimate e = run(scenario(same_stack));
  CHECK(e.total == decimal(69));
  CHECK(e.status == estimate_status::verified);
  REQUIRE(e.uncertainties.size() == 1);
  const auto& u = e.uncertainties[0];
  CHECK(u.status == migration_uncertainty::state::resolved);
  CHECK(u.subject == "model-support evidence for meta-llama/Llama-3.1-8B");
  CHECK(u.owner == "ml-platform");
  CHECK(u.detail.find("passed on the same stack (line ") == 0);
  CHECK(u.detail.find("it does not prove throughput") != std::string::npos);
  CHECK(u.detail.find("model-support dataset export ../data/model_support_sample.csv, consulted "
                      "2026-11-29") != std::string::npos);
}

TEST_CASE("what the evidence leaves open keeps the estimate from verified") {
  // Another compiler: the row passed on another stack, porting work with the differences listed.
  const estimate other = run(scenario(R"(neuronx_cc = "2.22.0.0", torch = "2.8.0")"));
  CHECK(other.status == estimate_status::provisional);
  REQUIRE(other.uncertainties.size() == 1);
  CHECK(other.uncertainties[0].status == migration_uncertainty::state::open);
  CHECK(other.uncertainties[0].what == migration_uncertainty::kind::porting_work);
  CHECK(other.uncertainties[0].detail.find("neuronx_cc") != std::string::npos);
  // A model the dataset does not hold: no evidence, absent is not incompatible; open.
  const estimate none = run(scenario(same_stack, "example/not-in-the-dataset"));
  REQUIRE(none.uncertainties.size() == 1);
  CHECK(none.uncertainties[0].status == migration_uncertainty::state::open);
  CHECK(none.uncertainties[0].detail.find("absent is not incompatible") != std::string::npos);
}

TEST_CASE("[compat] is refused at its line when a field is unknown, empty or the file missing") {
  using trncost_support::parse_error_of;
  CHECK(parse_error_of(scenario(R"(neuronxcc = "2.21")"))
            .find("compat.stack.neuronxcc: unknown field (did you mean \"neuronx_cc\"?)") !=
        std::string::npos);
  CHECK(parse_error_of(scenario(R"(neuronx_cc = "")"))
            .find("compat.stack.neuronx_cc: must be the version as non-empty text") !=
        std::string::npos);
  CHECK(parse_error_of(scenario("")).find("compat.stack: is empty") != std::string::npos);
  const std::string missing = trncost_support::with_changes(
      scenario(same_stack), {{"model_support_sample.csv", "model_support_nowhere.csv"}});
  CHECK(trncost_support::error_message<trncost::error>([&] {
          (void)run(missing);
        }).find("compat.model_support") != std::string::npos);
}

TEST_CASE("without a stack, [compat] takes the stack the run logs state, and says so") {
  // A bucket (69 USD) with [runs] naming the trn2 log, whose run states neuronx-cc 2.21.33363.0,
  // torch-neuronx 2.8.0.2.10.13553, torch 2.8.0 and python 3.11.2; the dataset's row for the model
  // on 2.21 passed with python 3.11.13: the same compiler, another python, so porting work, open.
  const std::string no_stack =
      trncost_support::verified_bucket +
      "[compat]\nmodel_support = \"../data/model_support_sample.csv\"\nconsulted = "
      "2026-11-29\nmodel = \"meta-llama/Llama-3.1-8B\"\nowner = \"ml-platform\"\n";
  const std::string with_runs = trncost_support::with_changes(
      no_stack,
      {{"files = []\n", "files = []\n[runs]\nfiles = [\"../data/ft-8b-trn2-runs.jsonl\"]\n"}});
  const estimate e = run(with_runs);
  CHECK(e.total == decimal(69));
  REQUIRE(e.uncertainties.size() == 1);
  const auto& u = e.uncertainties[0];
  CHECK(u.status == migration_uncertainty::state::open);
  CHECK(u.what == migration_uncertainty::kind::porting_work);
  CHECK(u.detail.find("python") != std::string::npos);
  CHECK(u.detail.find("the target stack is the run logs' (neuronx_cc 2.21.33363.0, torch_neuronx "
                      "2.8.0.2.10.13553, torch 2.8.0, python 3.11.2)") != std::string::npos);
  // No run log to read it from: refused at [compat], saying what to write.
  CHECK(trncost_support::error_message<trncost::error>([&] {
          (void)run(no_stack);
        }).find("compat.stack: is missing and [runs] names no run log to read it from") !=
        std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_compat_test
