// Scenario inputs that do not come from the run logs or the price book: phase durations written
// directly on an instance_time component (training_seconds, instances...), and an input known to be
// unknown ({ unknown = "why" }), whose lines are unpriced, never 0. Amounts are hand-computed from
// the shipped trn1 scenario (397.635212328767123288 USD: compute 301.00 = 2 instances x 25,200 s x
// 21.5 / 3,600, failures 33.8625, the rest 62.772712328767123288).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/scenario/scenario.hpp>
#include <utility>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_inputs_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

using trncost_support::example_scenarios;

std::string trn1_text(const std::vector<std::pair<std::string, std::string>>& changes) {
  return trncost_support::with_changes(
      trncost_support::slurp(example_scenarios + "fine-tune-8b-trn1.toml"), changes);
}

estimate trn1_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  return evaluate_scenario(parse_scenario(trn1_text(changes), example_scenarios + "changed.toml"));
}

const line_item& line_of(const estimate& est, std::string_view description) {
  const line_item* l = trncost_support::find_line(est, description);
  REQUIRE_MESSAGE(l != nullptr, "no line '" << description << "'");
  return *l;
}

using trncost_support::parse_error_of;

const std::string tokens_line =
    "tokens_to_train = { value = \"1296000000\", measured = { run = \"dataset-ft-v4\", method = "
    "\"token count of the tokenized dataset x 3 epochs\", from = 2026-11-18T08:00:00Z, to = "
    "2026-11-18T08:20:00Z } }";

// The runs' medians, written directly (examples/data/ft-8b-trn1-runs.csv).
const std::string phases_written = R"(instances = { value = "2", source = "reference-volumes" }
setup_seconds = { value = "360", source = "reference-volumes" }
compilation_seconds = { value = "1260", source = "reference-volumes" }
training_seconds = { value = "21600", source = "reference-volumes" }
evaluation_seconds = { value = "1200", source = "reference-volumes" }
checkpointing_seconds = { value = "540", source = "reference-volumes" }
waiting_seconds = { value = "240", source = "reference-volumes" })";

const std::string base = trncost_support::scenario_head +
                         trncost_support::component_head("instance_time", "ft") +
                         "instance_type = \"trn1.32xlarge\"\n";

}  // namespace

TEST_CASE("phases written directly give the estimate the runs give") {
  // The same durations and instance count as the runs' medians: the same lines and total, and the
  // failures component (interruptions from [runs]) sees the same exposure, 2 x 25,200 s.
  const auto est = trn1_with({{tokens_line, phases_written}});
  CHECK(est.total == decimal::parse("397.635212328767123288"));
  CHECK(*line_of(est, "setup on 2 x trn1.32xlarge").amount == decimal::parse("4.3"));
  CHECK(*line_of(est, "training on 2 x trn1.32xlarge").amount == decimal{258});
  CHECK(*line_of(est, "evaluation on 2 x trn1.32xlarge").amount ==
        decimal::parse("14.333333333333333333"));
  CHECK(*line_of(est, "waiting on 2 x trn1.32xlarge").amount ==
        decimal::parse("2.866666666666666667"));
}

TEST_CASE("phases written directly need no run log and bill only the phases given") {
  // 1 instance, training 3,000 s at 10 USD/instance-h per hour: 3,000 x 10 / 3,600 =
  // 8.333333333333333333, and the launch rounded up to 3,600 s: 600 x 10 / 3,600 =
  // 1.666666666666666667; 10.00 in all.
  const auto est = evaluate_scenario(parse_scenario(base + R"(
price = { value = "10", assumption = "a round price" }
billing = "per_hour"
instances = { value = "1", assumption = "one instance" }
training_seconds = { value = "3000", assumption = "50 minutes" }
)" + trncost_support::declare_none_but({"compute"}),
                                                    "s.toml"));
  CHECK(est.lines.size() == 2);
  CHECK(*line_of(est, "training on 1 x trn1.32xlarge").amount ==
        decimal::parse("8.333333333333333333"));
  CHECK(*line_of(est, "rounding up to whole billed hours on 1 x trn1.32xlarge").amount ==
        decimal::parse("1.666666666666666667"));
  CHECK(est.total == decimal{10});
  CHECK(est.status == estimate_status::provisional);
}

TEST_CASE("phases written directly and from the runs are never mixed") {
  const std::string tokens = "tokens_to_train = { value = \"1\", assumption = \"a\" }\n";
  const std::string training = "training_seconds = { value = \"1\", assumption = \"a\" }\n";
  const std::string instances = "instances = { value = \"1\", assumption = \"a\" }\n";
  CHECK(parse_error_of(base + tokens + training + instances) ==
        "trncost: s.toml:13: component[0].training_seconds: is given with tokens_to_train; write "
        "exactly one of tokens_to_train, training_seconds (the training time from the run logs' "
        "throughput, or written directly)");
  CHECK(parse_error_of(base + instances) ==
        "trncost: s.toml:8: component[0].tokens_to_train: is missing: write exactly one of "
        "tokens_to_train, training_seconds (the training time from the run logs' throughput, or "
        "written directly)");
  CHECK(parse_error_of(base + tokens + "setup_seconds = { value = \"1\", assumption = \"a\" }\n") ==
        "trncost: s.toml:13: component[0].setup_seconds: is written with tokens_to_train, whose "
        "phases and instances come from the run logs; write training_seconds instead of "
        "tokens_to_train to give every phase directly");
  CHECK(parse_error_of(base + tokens + instances) ==
        "trncost: s.toml:13: component[0].instances: is written with tokens_to_train, whose "
        "phases and instances come from the run logs; write training_seconds instead of "
        "tokens_to_train to give every phase directly");
  CHECK(parse_error_of(base + training) ==
        "trncost: s.toml:8: component[0].instances: is missing: phases written directly "
        "(training_seconds) need the instance count");
  CHECK(parse_error_of(base + training + instances) == "no error");
}

TEST_CASE("an unknown instance price leaves its lines unpriced never zero") {
  // Compute (301.00) and the failures priced at the same rate (33.8625) are unpriced: the total
  // holds the rest, 397.635212328767123288 - 301 - 33.8625 = 62.772712328767123288.
  const auto est = trn1_with(
      {{"price = \"ec2_on_demand\"", "price = { unknown = \"no quote yet for this region\" }"}});
  CHECK(est.total == decimal::parse("62.772712328767123288"));
  const auto& training = line_of(est, "training on 2 x trn1.32xlarge");
  CHECK_FALSE(training.amount.has_value());
  CHECK_FALSE(line_of(est, "restarts after expected interruptions on 2 x trn1.32xlarge")
                  .amount.has_value());
  CHECK(est.status == estimate_status::unpriced);
  CHECK(est.unpriced_lines() == 9);  // six phases, the billing minimum, restarts and work lost
}

TEST_CASE("the spec keeps an unknown input's reason and no value") {
  const auto spec = parse_scenario(
      trn1_text({{"price = \"ec2_on_demand\"", "price = { unknown = \"no quote yet\" }"}}),
      example_scenarios + "changed.toml");
  const scenario_value& p = spec.components[0].values.at("price");
  REQUIRE(p.unknown.has_value());
  CHECK(*p.unknown == "no quote yet");
  CHECK(p.value.empty());
  CHECK_FALSE(p.origin.has_value());
  CHECK_FALSE(spec.components[0].values.at("tokens_to_train").unknown.has_value());
}

TEST_CASE("an unknown volume size leaves the storage line unpriced") {
  // The scratch volumes: 2 x 500 GiB x 8 h x 0.08 / 730 = 0.876712328767123288 out of the total.
  const auto est =
      trn1_with({{"size_gib = { value = \"500\", source = \"reference-volumes\" }",
                  "size_gib = { unknown = \"the volume is sized after the dry run\" }"}});
  CHECK(est.total == decimal::parse("396.7585"));
  CHECK(est.status == estimate_status::unpriced);
  CHECK(est.unpriced_lines() == 1);
}

TEST_CASE("unknown is refused where the component needs the value or with a value") {
  CHECK(parse_error_of(base + "tokens_to_train = { unknown = \"later\" }\n") ==
        "trncost: s.toml:12: component[0].tokens_to_train.unknown: this input cannot be unknown: "
        "its component needs the value (docs/scenario.md, \"An input known to be unknown\", lists "
        "the inputs that may be)");
  CHECK(parse_error_of(base + "tokens_to_train = { value = \"1\", assumption = \"a\" }\n"
                              "price = { unknown = \"later\", value = \"1\" }\n") ==
        "trncost: s.toml:13: component[0].price.value: is given with unknown; an unknown input "
        "has no value and no provenance, only the reason");
  CHECK(parse_error_of(base + "tokens_to_train = { value = \"1\", assumption = \"a\" }\n"
                              "price = { unknown = \"\" }\n") ==
        "trncost: s.toml:13: component[0].price.unknown: must be the reason the value is "
        "unknown, as non-empty text");
}

}  // namespace trncost_tests::cli_scenario_inputs_test
