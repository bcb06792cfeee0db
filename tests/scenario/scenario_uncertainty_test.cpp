// Migration uncertainties written in a scenario or study file (docs/scenario.md, "Migration
// uncertainties"): listed apart from the costs, an open one keeps the estimate from verified.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/json.hpp>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_uncertainty_test {

using namespace trncost;

namespace {

// A bucket priced from a quote, its size and time chosen: verified without an uncertainty.
// 1,000 GiB x 3 mo x 0.023 = 69 USD.
std::string scenario(const std::string& more) { return trncost_support::verified_bucket + more; }

const std::string open_one = R"(
[[uncertainty]]
subject = "aten::_upsample_bicubic2d_aa in the vision tower"
kind = "unsupported-operation"
owner = "ml-platform"
detail = "no Neuron lowering in the release we run"
)";

}  // namespace

TEST_CASE("an open migration uncertainty from a file keeps the estimate from verified") {
  const estimate plain =
      scenario::evaluate_scenario(scenario::parse_scenario(scenario(""), "s.toml"));
  CHECK(plain.status == estimate_status::verified);
  const estimate open =
      scenario::evaluate_scenario(scenario::parse_scenario(scenario(open_one), "s.toml"));
  CHECK(open.total == decimal(69));  // never a cost, never a duration
  CHECK(open.status == estimate_status::provisional);
  REQUIRE(open.uncertainties.size() == 1);
  CHECK(open.uncertainties[0].status == migration_uncertainty::state::open);
  CHECK(open.uncertainties[0].what == migration_uncertainty::kind::unsupported_operation);
  CHECK(report::render_json(open).find("\"owner\": \"ml-platform\"") != std::string::npos);
  // Resolved: listed, the status verified again.
  const estimate resolved = scenario::evaluate_scenario(
      scenario::parse_scenario(scenario(trncost_support::with_changes(
                                   open_one, {{"owner =", "status = \"resolved\"\nowner ="}})),
                               "s.toml"));
  CHECK(resolved.status == estimate_status::verified);
  CHECK(resolved.uncertainties.size() == 1);
}

TEST_CASE("a migration uncertainty is refused at its line when a field is missing or unknown") {
  using trncost_support::parse_error_of;
  CHECK(parse_error_of(scenario(trncost_support::with_changes(
                           open_one, {{"unsupported-operation", "unsuported-operation"}})))
            .find("uncertainty[0].kind: unknown kind \"unsuported-operation\" (did you mean "
                  "\"unsupported-operation\"?); the kinds are custom-operator, "
                  "unsupported-operation, porting-work, other") != std::string::npos);
  CHECK(parse_error_of(
            scenario(trncost_support::with_changes(open_one, {{"owner = \"ml-platform\"\n", ""}})))
            .find("uncertainty[0].owner") != std::string::npos);
  CHECK(parse_error_of(scenario(trncost_support::with_changes(
                           open_one, {{"owner =", "status = \"closed\"\nowner ="}})))
            .find("uncertainty[0].status: unknown status \"closed\"") != std::string::npos);
  CHECK(parse_error_of(scenario("\n[uncertainty]\nsubject = \"x\"\n"))
            .find("uncertainty: must be an array of tables") != std::string::npos);
  CHECK(parse_error_of(scenario(trncost_support::with_changes(
                           open_one, {{"owner =", "severity = \"high\"\nowner ="}})))
            .find("uncertainty[0].severity: unknown key") != std::string::npos);
}

TEST_CASE("a study's uncertainties apply to every option, an option adds its own") {
  const std::string path =
      trncost_support::example_scenarios + "../studies/fine-tune-trn1-trn2-p5.toml";
  const std::string text = trncost_support::slurp(path);
  const auto st = scenario::parse_study(
      trncost_support::with_changes(
          text, {{"# No on-demand row for trn2.48xlarge",
                  "[[option.uncertainty]]\nsubject = \"the ring attention kernel\"\n"
                  "kind = \"custom-operator\"\nowner = \"ml\"\n"
                  "detail = \"ported, not yet validated on trn2\"\n\n"
                  "# No on-demand row for trn2.48xlarge"}}),
      path);
  for (const auto& o : st.options) {
    CAPTURE(o.name);
    CHECK(o.scenario.uncertainties.size() == (o.name == "1 x trn2.48xlarge" ? 1U : 0U));
  }
}

}  // namespace trncost_tests::cli_scenario_uncertainty_test
