// EBS provisioned IOPS and throughput in a scenario file (block_storage: iops, iops_included,
// iops_price, throughput_mibps, throughput_included_mibps, throughput_price). Amounts are
// hand-computed; the throughput price from the book is the example offer file's gp3 row, 40.96 USD
// per GiBps-month (0.04 per MiBps-month, as its description says).
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_ebs_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

using trncost_support::example_scenarios;

const std::string head = trncost_support::priced_scenario_head(
                             "gp3 with IOPS and throughput", trncost_support::example_ec2_offers) +
                         R"([sources.ebs-page]
documented = { source = "Amazon EBS pricing page: gp3 includes 3,000 IOPS and 125 MiB/s per volume", consulted = 2026-11-29 }
)" + trncost_support::component_head("block_storage", "scratch") +
                         R"(volume_type = "gp3"
price = { value = "0.08", quoted = { source = "Amazon EBS pricing page", region = "us-east-1", consulted = 2026-11-29 } }
size_gib = { value = "1000", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
kept_months = { value = "1", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
volumes = { value = "2", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
)";

const std::string tail = trncost_support::declare_none_but({"storage"});

estimate evaluate(const std::string& keys) {
  return evaluate_scenario(parse_scenario(head + keys + tail, example_scenarios + "ebs.toml"));
}

decimal amount_of(const estimate& est, std::string_view description) {
  for (const auto& l : est.lines) {
    if (l.description == description) {
      REQUIRE(l.amount.has_value());
      return *l.amount;
    }
  }
  FAIL("no line '" << description << "'");
  return {};
}

std::string parse_error_of(const std::string& keys) {
  return trncost_support::parse_error_of(head + keys + tail);
}

}  // namespace

TEST_CASE("gp3 IOPS and throughput above what is included are billed per volume") {
  // Storage: 2 x 1,000 GiB x 1 month x 0.08 = 160. IOPS: 6,000 per volume, the first 3,000 at 0
  // (documented), 3,000 x 0.005 = 15 per volume, 30. Throughput: 250 MiB/s per volume, 125
  // included, 125 MiB/s x 40.96 / 1,024 = 5 per volume, 10. Total 200.
  const auto est = evaluate(
      R"(iops = { value = "6000", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
iops_included = { value = "3000", source = "ebs-page" }
iops_price = { value = "0.005", quoted = { source = "Amazon EBS pricing page", region = "us-east-1", consulted = 2026-11-29 } }
throughput_mibps = { value = "250", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
throughput_included_mibps = { value = "125", source = "ebs-page" }
)");
  CHECK(amount_of(est, "gp3 volume storage x 2 volumes") == decimal{160});
  CHECK(amount_of(est, "gp3 provisioned IOPS x 2 volumes (0 to 3000 IOPS)") == decimal{0});
  CHECK(amount_of(est, "gp3 provisioned IOPS x 2 volumes (above 3000 IOPS)") == decimal{30});
  CHECK(amount_of(est, "gp3 provisioned throughput x 2 volumes (above 125 MiB/s)") == decimal{10});
  CHECK(est.total == decimal{200});
  // The zero price of the included part says why (documented): the estimate stays verified.
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("a throughput price written per MiBps-month and no included part") {
  // 250 MiB/s x 0.04 = 10 per volume, 20; storage 160: 180.
  const auto est = evaluate(
      R"(throughput_mibps = { value = "250", documented = { source = "the job's volume plan", consulted = 2026-11-29 } }
throughput_price = { value = "0.04", quoted = { source = "Amazon EBS pricing page", region = "us-east-1", consulted = 2026-11-29 } }
)");
  CHECK(est.total == decimal{180});
  CHECK(est.lines.size() == 2);
}

TEST_CASE("an included part that is only assumed leaves a zero price without a reason") {
  // 3,000 IOPS included, assumed: the 0 price is not stated by a document, so provisional.
  const auto est = evaluate(R"(iops = { value = "3000", assumption = "the baseline" }
iops_included = { value = "3000", assumption = "gp3's baseline, as we remember it" }
iops_price = { value = "0.005", quoted = { source = "Amazon EBS pricing page", region = "us-east-1", consulted = 2026-11-29 } }
)");
  CHECK(est.total == decimal{160});
  CHECK(est.status == estimate_status::provisional);
}

TEST_CASE("the IOPS price is never read from a book that has none") {
  // The example offer file has no gp3 IOPS row: the price book's own message, at the component.
  CHECK_THROWS_WITH_AS(
      evaluate("iops = { value = \"6000\", assumption = \"a\" }\n"),
      doctest::Contains(
          "ebs.toml:12: component[0] (scratch): no price matches EBS gp3 provisioned IOPS"),
      input_error);
}

TEST_CASE("the included part and the price need what is provisioned") {
  CHECK(parse_error_of("iops_price = { value = \"0.005\", assumption = \"a\" }\n") ==
        "trncost: s.toml:20: component[0].iops_price: is given without iops (the provisioned "
        "IOPS of each volume)");
  CHECK(
      parse_error_of("throughput_included_mibps = { value = \"125\", source = \"ebs-page\" }\n") ==
      "trncost: s.toml:20: component[0].throughput_included_mibps: is given without "
      "throughput_mibps (the provisioned throughput of each volume)");
  CHECK(parse_error_of("iops = { unknown = \"sized after the load test\" }\n"
                       "iops_price = { value = \"0.005\", assumption = \"a\" }\n") == "no error");
}

}  // namespace trncost_tests::cli_scenario_ebs_test
