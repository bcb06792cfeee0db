// Data sent to another region (a scenario's data_transfer, type = "inter_region"): priced from the
// AWSDataTransfer offer's "InterRegion Outbound" row of the two regions, billed by AWS Data
// Transfer under the usage type a bill names it by; the rules of the key, each refusal naming the
// line and the key. Hand-computed: 1,000 GiB x 0.02 USD = 20 USD.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_transfer_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

std::string scenario(const std::string& transfer) {
  return trncost_support::priced_scenario_head(
             "checkpoints to a second region",
             R"(files = [{ file = "../data/offers/AWSDataTransfer-us-east-1.json", where = { fromRegionCode = "us-east-1" } }]
)") + trncost_support::component_head("data_transfer", "replication") +
         R"([[component.transfer]]
what = "checkpoints copied to us-west-2"
gib = { value = "1000", assumption = "ten 100 GiB checkpoints" }
)" + transfer +
         trncost_support::declare_none_but({"transfer"});
}

/// The estimate of scenario(transfer), read as if it lay in examples/scenarios/ (the example offer
/// file by its path from there).
estimate evaluate(const std::string& transfer) {
  return evaluate_scenario(
      parse_scenario(scenario(transfer), trncost_support::example_scenarios + "transfer.toml"));
}

}  // namespace

TEST_CASE("an inter-region transfer: the two regions' row, billed by AWS Data Transfer") {
  const auto est = evaluate("type = \"inter_region\"\nto_region = \"us-west-2\"\n");
  REQUIRE(est.lines.size() == 1);
  // 1,000 GiB x 0.02 USD per GiB (AWS's "GB" is 2^30 bytes) = 20 USD.
  CHECK(*est.lines[0].amount == decimal(20));
  CHECK(est.lines[0].identity.service == "AWSDataTransfer");
  CHECK(est.lines[0].identity.usage_type == "USW2-AWS-Out-Bytes");
  CHECK(est.lines[0].identity.region == "us-east-1");
  CHECK(est.status == estimate_status::provisional);  // the volume is an assumption
  // No row for that pair of regions: the book's sentence, naming the two.
  CHECK_THROWS_WITH_AS(
      (void)evaluate("type = \"inter_region\"\nto_region = \"eu-west-1\"\n"),
      doctest::Contains("no price matches data transfer from us-east-1 to eu-west-1"), input_error);
  // To the estimate's own region: that is inter_az.
  CHECK_THROWS_WITH_AS(
      (void)evaluate("type = \"inter_region\"\nto_region = \"us-east-1\"\n"),
      doctest::Contains("is the estimate's own region; between zones of it, the type is inter_az"),
      input_error);
}

TEST_CASE("inter_region's key: required with it, refused without it, a region code") {
  struct refusal {
    const char* transfer;  // the keys of the transfer after its gib
    const char* message;
  };
  const refusal refusals[] = {
      {"type = \"inter_region\"\n",
       "trncost: s.toml:13: component[0].transfer[0].to_region: is missing: an inter_region "
       "transfer names the region the data goes to"},
      {"type = \"inter_az\"\nto_region = \"us-west-2\"\n",
       "trncost: s.toml:17: component[0].transfer[0].to_region: goes with type = "
       "\"inter_region\" only (the data's other end)"},
      {"type = \"inter_region\"\nto_region = \"Oregon\"\n",
       "trncost: s.toml:17: component[0].transfer[0].to_region: \"Oregon\" is not an AWS region "
       "code (\"us-west-2\")"},
  };
  for (const refusal& r : refusals) {
    CAPTURE(r.transfer);
    CHECK(trncost_support::parse_error_of(scenario(r.transfer)) == r.message);
  }
}

}  // namespace trncost_tests::cli_scenario_transfer_test
