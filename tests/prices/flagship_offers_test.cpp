// The offer-file fixture of the flagship example (examples/data/offers/): every price the flagship
// model uses, read from offer files in the real formats through the price book, as the flagship
// takes them.
#include <doctest/doctest.h>

#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list.hpp>

#include "../support/price_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_flagship_offers_test {

using namespace trncost;
using namespace trncost::pricing;

namespace {

const std::string offers = TRNCOST_TESTS_DIR "/../examples/data/offers/";

price_book flagship_book() {
  price_book book(parse_date("2026-11-30"), day_count{120});
  const auto consulted = parse_date("2026-11-30");
  book.add(readers::read_offer_file(offers + "AmazonEC2-us-east-1.json",
                                    offer_filter{}.where("regionCode", "us-east-1")),
           consulted);
  book.add(readers::read_offer_file(offers + "AmazonS3-us-east-1.csv",
                                    offer_filter{}.where("regionCode", "us-east-1")),
           consulted);
  book.add(readers::read_offer_file(
               offers + "AmazonCloudWatch-us-east-1.json",
               offer_filter{}.where_any(
                   "usagetype", {"USE1-DataProcessing-Bytes", "USE1-TimedStorage-ByteHrs"})),
           consulted);
  book.add(readers::read_offer_file(offers + "AWSDataTransfer-us-east-1.json",
                                    offer_filter{}.where("fromRegionCode", "us-east-1")),
           consulted);
  return book;
}

}  // namespace

TEST_CASE("the flagship's offer files give every price the flagship uses") {
  const auto book = flagship_book();
  CHECK(book.conflicts().empty());

  trncost_support::price_fixtures::check_trn1_on_demand(
      ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_price"));
  // No on-demand row for trn2.48xlarge (only a Capacity Block row): the flagship's trn2 variant
  // keeps its third-party figure.
  CHECK_THROWS_AS((void)ec2_on_demand(book, "us-east-1", "trn2.48xlarge", "trn2"), input_error);

  CHECK(ebs_storage(book, "us-east-1", "gp3", "gp3_price").value().value() ==
        decimal::parse("0.08"));

  const auto s3 = s3_storage_tiers(book, "us-east-1", "Standard", "s3_standard");
  REQUIRE(s3.size() == 3);
  CHECK(s3[0].price.value().value() == decimal::parse("0.023"));
  CHECK(s3[0].end->value() == decimal(51200));
  CHECK(s3[1].price.value().value() == decimal::parse("0.022"));
  CHECK(s3[1].end->value() == decimal(512000));
  CHECK(s3[2].price.value().value() == decimal::parse("0.021"));
  CHECK(s3_requests(book, "us-east-1", "S3-API-Tier1", "s3_put_price").value().value() ==
        decimal::parse("0.000005"));
  CHECK(s3_requests(book, "us-east-1", "S3-API-Tier2", "s3_get_price").value().value() ==
        decimal::parse("0.0000004"));

  CHECK(cloudwatch_logs_ingestion(book, "us-east-1", "logs_ingestion_price").value().value() ==
        decimal::parse("0.5"));
  CHECK(cloudwatch_logs_storage(book, "us-east-1", "logs_storage_price").value().value() ==
        decimal::parse("0.03"));

  const auto inter_az = data_transfer_tiers(book, "us-east-1", "IntraRegion", "inter_az_price");
  REQUIRE(inter_az.size() == 1);
  CHECK(inter_az[0].price.value().value() == decimal::parse("0.01"));
  CHECK_FALSE(inter_az[0].end.has_value());
  const auto egress = data_transfer_tiers(book, "us-east-1", "AWS Outbound", "egress");
  REQUIRE(egress.size() == 4);
  CHECK(egress[0].price.value().value() == decimal::parse("0.09"));
  CHECK(egress[0].end->value() == decimal(10240));
  CHECK(egress[1].price.value().value() == decimal::parse("0.085"));
  CHECK(egress[2].price.value().value() == decimal::parse("0.07"));
  CHECK(egress[2].end->value() == decimal(153600));
  CHECK(egress[3].price.value().value() == decimal::parse("0.05"));
  CHECK_FALSE(egress[3].end.has_value());
}

TEST_CASE("read_offer_file picks the reader by the extension") {
  CHECK_THROWS_WITH_AS((void)readers::read_offer_file("prices.xml", offer_filter{}),
                       "trncost: prices.xml: is neither a .json nor a .csv offer file (the "
                       "reader is chosen by the extension)",
                       parse_error);
  // The CloudWatch file has a metric product priced per "Metrics", a unit the table does not
  // know: selecting it is an error, never a guess.
  CHECK_THROWS_WITH_AS(
      (void)readers::read_offer_file(offers + "AmazonCloudWatch-us-east-1.json", offer_filter{}),
      doctest::Contains("unit \"Metrics\" is not in trncost's price-unit table"), parse_error);
}

}  // namespace trncost_tests::prices_flagship_offers_test
