// The data_preparation kind: a measured cost (with the AWS service that billed it, so a grant
// covering that service pays it), or the CPU instances the preparation ran on over its time, priced
// per instance-hour like any EC2 time (what a plan prices: preparation as instance-hours x price).
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_data_preparation_test {

using namespace trncost;

namespace {

const std::string component = trncost_support::scenario_head +
                              trncost_support::component_head("data_preparation", "tokenize");

const std::string declared = trncost_support::declare_none_but({"data_preparation"});

const std::string on_instances =
    R"x(instance_type = "c7i.8xlarge"
instances = { value = "4", assumption = "the tokenisation fleet" }
duration_hours = { value = "2", measured = { run = "prep-ft-v5", method = "job start to end", from = 2026-11-18T06:00:00Z, to = 2026-11-18T08:00:00Z } }
price = { value = "1.428", quoted = { source = "EC2 on-demand pricing page", region = "us-east-1", consulted = 2026-11-29 } }
)x";

estimate evaluate(const std::string& text) {
  return scenario::evaluate_scenario(scenario::parse_scenario(text, "prep.toml"));
}

}  // namespace

TEST_CASE("data preparation on CPU instances: instance-hours x price, billed as EC2 time") {
  const estimate est = evaluate(component + on_instances + declared);
  // 4 instances x 2 h = 8 instance-hours x 1.428 = 11.424 USD; the 60-second minimum adds nothing.
  CHECK(est.total == decimal("11.424"));
  CHECK(est.by_category.at(category::data_preparation) == decimal("11.424"));
  const auto* line = trncost_support::find_line(est, "data preparation on 4 x c7i.8xlarge");
  REQUIRE(line != nullptr);
  CHECK(line->identity.service == "AmazonEC2");
  CHECK(line->identity.usage_type == "BoxUsage:c7i.8xlarge");
}

TEST_CASE("a measured preparation cost names the service that billed it") {
  const estimate est = evaluate(
      component +
      R"x(cost = { value = "38.40", measured = { run = "prep-ft-v4", method = "Cost Explorer", from = 2026-11-18T06:00:00Z, to = 2026-11-18T08:00:00Z } }
service = "SageMaker"
)x" + declared);
  CHECK(est.total == decimal("38.4"));
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].identity.service == "AmazonSageMaker");
}

TEST_CASE("data preparation: a cost or instances, each with what it needs") {
  const auto refusal = [](const std::string& text) {
    return trncost_support::parse_error_of(text, "prep.toml");
  };
  const std::string cost = "cost = { value = \"38.40\", assumption = \"as the last run\" }\n";
  CHECK(refusal(component + declared) ==
        "trncost: prep.toml:8: component[0].cost: is missing: write exactly one of cost, "
        "instance_type (a measured cost, or the CPU instances the preparation ran on)");
  CHECK(refusal(component + cost + "instances = { value = \"4\", assumption = \"a\" }\n" +
                declared) ==
        "trncost: prep.toml:12: component[0].instances: is given with cost: a measured cost is "
        "the whole job's; give cost alone, or instance_type, instances, duration_seconds (or "
        "duration_hours) and price");
  CHECK(refusal(component + on_instances + "service = \"AmazonEC2\"\n" + declared) ==
        "trncost: prep.toml:15: component[0].service: is given with instance_type: instances "
        "are billed as EC2 instance hours of their type; service names who billed a measured "
        "cost");
  CHECK(refusal(component + cost + "service = \"Glue\"\n" + declared)
            .starts_with("trncost: prep.toml:12: component[0].service: unknown AWS service"));
  CHECK(refusal(component + "instance_type = \"c7i.8xlarge\"\n" + declared) ==
        "trncost: prep.toml:8: component[0].instances: is missing: the instances the preparation "
        "ran on (with instance_type)");
}

}  // namespace trncost_tests::cli_scenario_data_preparation_test
