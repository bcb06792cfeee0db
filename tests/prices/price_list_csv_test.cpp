// Tests for the CSV offer-file reader: metadata rows, columns by name, the same filters and
// queries as the JSON reader, and bad input reported with the line and the column.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list_csv.hpp>

#include "../support/price_fixtures.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_price_list_csv_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

using trncost_support::slurp;

offer read_text(const std::string& text, const offer_filter& filter) {
  std::istringstream in(text);
  return readers::read_offer_csv(in, "offer.csv", filter);
}

}  // namespace

TEST_CASE("CSV attribute columns are renamed to the JSON attribute names") {
  CHECK(readers::csv_attribute_name("Instance Type") == "instanceType");
  CHECK(readers::csv_attribute_name("Region Code") == "regionCode");
  CHECK(readers::csv_attribute_name("Operating System") == "operatingSystem");
  CHECK(readers::csv_attribute_name("Pre Installed S/W") == "preInstalledSw");
  CHECK(readers::csv_attribute_name("CapacityStatus") == "capacitystatus");
  CHECK(readers::csv_attribute_name("MarketOption") == "marketoption");
  CHECK(readers::csv_attribute_name("usageType") == "usagetype");
  CHECK(readers::csv_attribute_name("Volume API Name") == "volumeApiName");
  CHECK(readers::csv_attribute_name("Location Type") == "locationType");
}

TEST_CASE("the CSV reader reads metadata rows and tiered S3 rows") {
  const auto o = readers::read_offer_csv_file(s3_csv, whole_offer("AmazonS3"));
  CHECK(o.header.offer_code == "AmazonS3");
  CHECK(o.header.version == "20260901000000");
  CHECK(o.header.format_version == "v1.0");
  CHECK(o.header.published == parse_timestamp("2026-09-01T00:00:00Z"));
  REQUIRE(o.products.size() == 3);
  CHECK(o.products[0].product_family == "Storage");
  CHECK(o.products[0].attribute("storageClass") == "General Purpose");
  CHECK_FALSE(o.products[0].attribute("group").has_value());  // an empty column is no attribute
  REQUIRE(o.terms.size() == 3);
  CHECK(o.terms[0].dimensions.size() == 3);  // three tiers, one term
  CHECK(o.terms[0].effective == parse_date("2026-09-01"));
  CHECK(o.terms[0].dimensions[2].end_range == "Inf");
  CHECK(o.terms[0].dimensions[0].offset == 7);  // the line it was read on

  price_book book(as_of, day_count{90});
  CHECK(book.add(o, as_of) == 5);
  const auto tiers = s3_storage_tiers(book, "us-east-1", "Standard", "s3_standard");
  REQUIRE(tiers.size() == 3);
  CHECK(tiers[0].price.value().value() == decimal::parse("0.023"));
  CHECK(tiers[1].begin.value() == decimal(51200));
  CHECK(tiers[2].price.value().value() == decimal::parse("0.021"));
  // S3 requests: the description says per 1,000, the price is per request. 40,000 GETs cost
  // 40,000 x 0.0000004 = 0.016 USD.
  const auto get = s3_requests(book, "us-east-1", "S3-API-Tier2", "s3_get");
  CHECK(get.value().value() == decimal::parse("0.0000004"));
  CHECK(std::get<quoted>(get.origin()).description ==
        "$0.0004 per 1,000 GET and all other requests");
  CHECK(get.value().value() * 40000 == decimal::parse("0.016"));
}

TEST_CASE("the EC2 filter and queries work on a CSV offer file as on a JSON one") {
  const auto o = readers::read_offer_csv_file(
      ec2_csv, ec2_linux_shared("us-east-1", {"trn1.32xlarge", "p5.48xlarge"}));
  REQUIRE(o.products.size() == 2);  // the Capacity Block row is not kept
  price_book book(as_of, day_count{90});
  book.add(o, as_of);
  CHECK(ec2_on_demand(book, "us-east-1", "p5.48xlarge", "p5").value().value() ==
        decimal::parse("55.04"));
  const auto ri = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "1yr", "standard",
                               "Partial Upfront", "trn1_ri");
  CHECK(ri.hourly.value().value() == decimal::parse("6.13"));
  CHECK(ri.upfront->value().value() == decimal(53700));
}

TEST_CASE("CSV bad input is reported with its line and column") {
  const auto s3 = slurp(s3_csv);
  // A row cut short (a truncated file).
  const auto cut = s3.substr(0, s3.find("\"Requests\"", s3.find("JDGWNHW4W7EXQPNB")));
  CHECK_THROWS_WITH_AS((void)read_text(cut, whole_offer("AmazonS3")),
                       "trncost: offer.csv:10: column 'PricePerUnit': is missing: the record has "
                       "9 fields, the header 24 (truncated file?)",
                       parse_error);
  const auto open_quote = s3.substr(0, s3.find("per 1,000 PUT"));
  CHECK_THROWS_WITH_AS((void)read_text(open_quote, whole_offer("AmazonS3")),
                       doctest::Contains("offer.csv:10: column 5: a quoted field is not closed"),
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3, "\"0.0220000000\"", "\"0,022\""), whole_offer("AmazonS3")),
      "trncost: offer.csv:8: PricePerUnit: \"0,022\" is not a decimal price: unexpected "
      "character ',' at offset 1",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3, "\"0.0220000000\",\"USD\"", "\"0.0220000000\",\"EUR\""),
                      whole_offer("AmazonS3")),
      "trncost: offer.csv:8: Currency: the price is in EUR, not USD", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(
          edit(s3, "\"Publication Date\",\"2026-09-01T00:00:00Z\"", "\"Publication Date\",\"\""),
          whole_offer("AmazonS3")),
      "trncost: offer.csv:3: Publication Date: is missing; a price needs the date its offer "
      "file was published",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3, "\"Publication Date\",", "\"PublicationDate\","),
                      whole_offer("AmazonS3")),
      doctest::Contains("offer.csv:3: Publication Date: expected the metadata row"), parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3, "\"Unit\",", "\"Units\","), whole_offer("AmazonS3")),
      "trncost: offer.csv:6: column 'Unit': is required but missing from the "
      "header",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3, "\"Requests\"", "\"API Calls\""), whole_offer("AmazonS3")),
      doctest::Contains("offer.csv:10: Unit: rate JDGWNHW4W7EXQPNB.JRTCKXETXF."
                        "6YS6EN2CT7: unit \"API Calls\" is not in"),
      parse_error);
  // The same SKU on two rows with different attributes (line 8's availability edited).
  CHECK_THROWS_WITH_AS(
      (void)read_text(edit(s3,
                           "\"99.99%\",\"General "
                           "Purpose\",\"Standard\",\"\",\"\",\"TimedStorage-ByteHrs\",\"\",\"us-"
                           "east-1\",\"Amazon Simple Storage "
                           "Service\"\n\"WP9ANXZGBYYSGJEA\",\"JRTCKXETXF\",\"WP9ANXZGBYYSGJEA."
                           "JRTCKXETXF.PWGRXN3FZG\"",
                           "\"99.9%\",\"General "
                           "Purpose\",\"Standard\",\"\",\"\",\"TimedStorage-ByteHrs\",\"\",\"us-"
                           "east-1\",\"Amazon Simple Storage "
                           "Service\"\n\"WP9ANXZGBYYSGJEA\",\"JRTCKXETXF\",\"WP9ANXZGBYYSGJEA."
                           "JRTCKXETXF.PWGRXN3FZG\""),
                      whole_offer("AmazonS3")),
      "trncost: offer.csv:8: SKU: SKU WP9ANXZGBYYSGJEA appears with other attributes than on "
      "line 7",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text(s3.substr(0, s3.find("\"Version\"")), whole_offer("AmazonS3")),
      doctest::Contains("offer.csv:4: Version: the file ends before its five "
                        "metadata rows"),
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)readers::read_offer_csv_file(s3_csv, ec2_linux_shared("us-east-1", {"x"})),
      doctest::Contains("s3-us-east-1-small.csv: no product matches the filter "
                        "(productFamily=Compute Instance"),
      input_error);
  CHECK_THROWS_WITH_AS(
      (void)readers::read_offer_csv_file("/nonexistent.csv", whole_offer("AmazonS3")),
      "trncost: /nonexistent.csv: cannot be opened (no such file)", parse_error);
}

}  // namespace trncost_tests::prices_price_list_csv_test
