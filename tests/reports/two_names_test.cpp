// A line's two names of a service (include/trncost/model/identity.hpp,
// docs/model.md#two-names-of-a-service): the billing product, which bills the line and which
// credits cover, and the price list offer its price comes from. The shipped fine-tune with its data
// out billed by Amazon S3 (billed_by): the identity, the quote that agrees with the AWSDataTransfer
// offer, the JSON report and its audit, the FOCUS columns, and a bill whose S3 and EC2 transfer
// rows each find their own line.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/model/aws_service.hpp>
#include <trncost/model/components/data_transfer.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/focus_csv.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_two_names_test {

using namespace trncost;

namespace {

const std::string flagship = TRNCOST_TESTS_DIR "/../examples/scenarios/fine-tune-8b-trn1.toml";
const std::string egress = "fine-tuned weights to the customer";

/// The shipped fine-tune with its data out said to be billed by `by`.
std::string billed_by(std::string_view by) {
  return trncost_support::with_changes(
      trncost_support::slurp(flagship),
      {{"what = \"" + egress + "\"\n",
        "what = \"" + egress + "\"\nbilled_by = \"" + std::string(by) + "\"\n"}});
}

const estimate& by_s3() {
  static const estimate est =
      scenario::evaluate_scenario(scenario::parse_scenario(billed_by("S3"), flagship));
  return est;
}

const line_item& egress_line(const estimate& est) {
  for (const auto& l : est.lines) {
    if (l.description.find(egress) != std::string::npos) return l;
  }
  FAIL("no line for " << egress);
  return est.lines.front();
}

decimal d(std::string_view s) { return decimal::parse(s); }

}  // namespace

TEST_CASE("a transfer billed by S3 is S3's line at the AWSDataTransfer offer's price") {
  const line_item& l = egress_line(by_s3());
  CHECK(l.identity.service == "AmazonS3");
  CHECK(l.identity.offer == "AWSDataTransfer");
  CHECK(l.identity.price_offer() == "AWSDataTransfer");
  CHECK(l.identity.usage_type == "DataTransfer-Out-Bytes");
  CHECK(describe(l.identity) ==
        "AmazonS3 (AWSDataTransfer offer), us-east-1, DataTransfer-Out-Bytes");
  // What a credit covers: the billing product.
  CHECK(service_of(l) == std::optional<std::string>("AmazonS3"));
  // The price still comes from the AWSDataTransfer offer file, which agrees with the line's offer
  // (rule identity-consistent): the total is the shipped one, 397.635212328767123288
  // (tests/scenario/scenario_test.cpp).
  CHECK(by_s3().total == d("397.635212328767123288"));
  // Not said, the line is AWSDataTransfer's, as before.
  const estimate plain = scenario::evaluate_scenario(scenario::read_scenario(flagship));
  CHECK(egress_line(plain).identity.service == "AWSDataTransfer");
  CHECK(egress_line(plain).identity.offer.empty());
}

TEST_CASE("billed_by names a service that bills the data it moves, or is refused") {
  const std::string refusal = trncost_support::parse_error_of(billed_by("Lambda"), "ft.toml");
  CHECK(refusal.starts_with("trncost: ft.toml:"));
  CHECK(
      refusal.ends_with(".billed_by: \"Lambda\" is not a service that bills the data it moves: "
                        "\"AmazonEC2\" (from an instance) or \"AmazonS3\" (from a bucket)"));
  // "EC2" and "Amazon EC2" are AmazonEC2.
  const estimate by_ec2 =
      scenario::evaluate_scenario(scenario::parse_scenario(billed_by("Amazon EC2"), flagship));
  CHECK(egress_line(by_ec2).identity.service == "AmazonEC2");
  const auto volume = sourced("v", make(units::gibibyte, "1"), assumption{"a test's volume"});
  const auto price = sourced("p", make(units::usd_per_gibibyte, "0.09"), assumption{"a price"});
  CHECK(trncost_support::error_message<input_error>(
            [&] { (void)transfer::priced("out", volume, price).billed_by("AmazonCloudWatch"); }) ==
        "trncost: transfer 'out': billed_by \"AmazonCloudWatch\" is not a service that bills "
        "the data it moves: AmazonEC2 (\"EC2\", from an instance) or AmazonS3 (\"S3\", from "
        "a bucket)");
  CHECK(transfer::priced("out", volume, price).billed_by("s3").billing_product() == "AmazonS3");
}

TEST_CASE("the report carries the offer, its audit reads it, and FOCUS writes both names") {
  const std::string json = report::render_json(by_s3());
  CHECK(json.find("\"offer\": \"AWSDataTransfer\"") != std::string::npos);
  const auto audited = report::audit(json, "by-s3.json");
  CHECK(audited.ok);
  CHECK(audited.first_mismatch == "");
  const report::document doc = report::read_report(json, "by-s3.json");
  bool found = false;
  for (const auto& l : doc.lines) {
    if (l.identity && l.identity->offer == "AWSDataTransfer") {
      found = true;
      CHECK(l.identity->service == "AmazonS3");
    }
  }
  CHECK(found);
  // A report whose identity says an empty offer is refused: an offer not known is left out.
  CHECK(trncost_support::error_message([&] {
          (void)report::read_report(
              trncost_support::with_changes(
                  json, {{"\"offer\": \"AWSDataTransfer\"", "\"offer\": \"\""}}),
              "by-s3.json");
        }).find(".identity.offer: is not an offer code") != std::string::npos);
  // FOCUS: ServiceName the billing product, x_ServiceCode the offer, as AWS's export writes them.
  const std::string csv = report::render_focus_csv(by_s3());
  CHECK(csv.find("Amazon Simple Storage Service") != std::string::npos);
  std::istringstream rows(csv);
  bool egress_row = false;
  for (std::string row; std::getline(rows, row);) {
    if (row.find(egress) == std::string::npos) continue;
    egress_row = true;
    CHECK(row.find(",\"Amazon Simple Storage Service\",") != std::string::npos);
    CHECK(row.find(",\"AWSDataTransfer\",\"DataTransfer-Out-Bytes\",") != std::string::npos);
  }
  CHECK(egress_row);
}

TEST_CASE("a bill's S3 and EC2 transfer rows each find their own line, without rate codes") {
  // The estimate, its prices' rate codes and SKUs removed (prices written by hand): the data out
  // (16 GiB x 0.09 = 1.44) is S3's. The bill: 20 GB out of a bucket (AmazonS3, 1.80) and 5 GB
  // out of an instance (AmazonEC2, 0.45), both at the AWSDataTransfer offer's rate.
  report::document doc = report::from_estimate(by_s3());
  for (auto& i : doc.inputs) {
    if (auto* q = std::get_if<quoted>(&i.origin)) {
      q->rate_code.clear();
      q->sku.clear();
    }
  }
  const std::string bill =
      "lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,product/servicecode,"
      "lineItem/UsageType,product/regionCode,lineItem/UsageAmount,pricing/unit,"
      "lineItem/CurrencyCode,lineItem/UnblendedCost\n"
      "Usage,2026-11-21T00:00:00Z,AmazonS3,AWSDataTransfer,DataTransfer-Out-Bytes,us-east-1,20,GB,"
      "USD,1.80\n"
      "Usage,2026-11-21T00:00:00Z,AmazonEC2,AWSDataTransfer,DataTransfer-Out-Bytes,us-east-1,5,GB,"
      "USD,0.45\n";
  std::istringstream in(bill);
  readers::bill_reader reader(in, "cur.csv");
  const report::reconciliation r = report::reconcile(doc, "by-s3.json", reader);
  const report::reconcile_row* s3 = nullptr;
  const report::reconcile_row* ec2 = nullptr;
  for (const auto& row : r.rows) {
    if (row.identity.usage_type != "DataTransfer-Out-Bytes") continue;
    (row.identity.service == "AmazonS3" ? s3 : ec2) = &row;
  }
  REQUIRE(s3 != nullptr);
  REQUIRE(ec2 != nullptr);
  // The bucket's row is the estimate's line: +0.36 = 4 GB more at 0.09.
  CHECK(s3->in_estimate);
  CHECK(s3->identity.offer == "AWSDataTransfer");
  CHECK(s3->estimated == d("1.44"));
  CHECK(s3->billed == d("1.8"));
  CHECK(s3->usage_effect == d("0.36"));
  // The instance's is not: nothing estimated data out of an instance.
  CHECK_FALSE(ec2->in_estimate);
  CHECK(ec2->identity.service == "AmazonEC2");
  CHECK(ec2->billed == d("0.45"));
  CHECK(ec2->why == "not in the estimate");
}

TEST_CASE("a serving fleet's lines name their usage type when the price says the purchase") {
  const std::string scenarios = TRNCOST_TESTS_DIR "/../examples/scenarios/";
  // p5.48xlarge at the AmazonEC2 offer file's on-demand price: BoxUsage, on-demand.
  const estimate p5 = scenario::evaluate_scenario(
      scenario::read_scenario(scenarios + "qwen3-32b-serving-p5-40.toml"));
  std::size_t compute_lines = 0;
  for (const auto& l : p5.lines) {
    if (l.cat != category::compute) continue;
    ++compute_lines;
    CHECK(l.identity.usage_type == "BoxUsage:p5.48xlarge");
    CHECK(l.identity.purchase == purchase_option::on_demand);
  }
  CHECK(compute_lines > 0);
  // trn2.48xlarge at a third-party price: how it is bought is not known, the type alone names it.
  const estimate trn2 = scenario::evaluate_scenario(
      scenario::read_scenario(scenarios + "qwen3-32b-serving-trn2-40.toml"));
  for (const auto& l : trn2.lines) {
    if (l.cat != category::compute) continue;
    CHECK(l.identity.instance_type == "trn2.48xlarge");
    CHECK(l.identity.usage_type.empty());
    CHECK_FALSE(l.identity.purchase.has_value());
  }
  // Against a bill of its BoxUsage hours (100 h x 35.76 = 3,576.00), the fleet is one row: the
  // hours are the fleet's, not usage nobody estimated.
  const std::string bill =
      "lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UsageType,"
      "product/regionCode,lineItem/UsageAmount,pricing/unit,lineItem/CurrencyCode,"
      "lineItem/UnblendedCost\n"
      "Usage,2026-11-21T00:00:00Z,AmazonEC2,BoxUsage:trn2.48xlarge,us-east-1,100,Hrs,USD,3576.00\n";
  std::istringstream in(bill);
  readers::bill_reader reader(in, "cur.csv");
  const report::reconciliation r =
      report::reconcile(report::from_estimate(trn2), "trn2.json", reader);
  std::size_t with_rows = 0;
  for (const auto& row : r.rows) {
    if (row.bill_rows == 0) continue;
    ++with_rows;
    CHECK(row.in_estimate);
    CHECK(row.identity.instance_type == "trn2.48xlarge");
    CHECK(row.billed == d("3576"));
  }
  CHECK(with_rows == 1);
}

}  // namespace trncost_tests::reports_two_names_test
