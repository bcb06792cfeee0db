// Tests for the streamed JSON offer-file reader: what it keeps, the traps of real offer files
// (Capacity Block rows priced 0.00, gp3 throughput per GiBps-month, reserved upfront fees as their
// own line), and bad input reported with the byte offset and the field.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list_json.hpp>

#include "../support/price_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_price_list_json_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

/// The EC2 offer fixture's text, for the cases that edit it.
std::string fixture_text() { return trncost_support::slurp(ec2_json); }

offer read_text(const std::string& text, const offer_filter& filter) {
  std::istringstream in(text);
  return readers::read_offer_json(in, "offer.json", filter);
}

}  // namespace

TEST_CASE("the JSON reader keeps only the selected products and their terms") {
  readers::offer_read_stats stats;
  const auto o = readers::read_offer_json_file(
      ec2_json, ec2_linux_shared("us-east-1", {"trn1.32xlarge", "p5.48xlarge", "trn2.48xlarge"}),
      &stats);
  CHECK(o.header.offer_code == "AmazonEC2");
  CHECK(o.header.version == "20260910195514");
  CHECK(o.header.format_version == "v1.0");
  CHECK(o.header.published == parse_timestamp("2026-09-10T19:55:14Z"));
  CHECK(o.header.source == ec2_json);
  // trn1.32xlarge Linux and p5.48xlarge on-demand; the Capacity Block rows of p5 and trn2 and the
  // Windows trn1 do not match the filter.
  REQUIRE(o.products.size() == 2);
  CHECK(o.products[0].sku == "WVVQPJVCQU4SR8XF");
  CHECK(o.products[1].sku == "Q9HN2M4KXW8T6E3C");
  CHECK(o.products[0].attribute("usagetype") == "BoxUsage:trn1.32xlarge");
  CHECK(stats.products == 10);
  CHECK(stats.products_kept == 2);
  CHECK(stats.terms_kept == 5);  // 2 on-demand, 3 reserved (all on trn1)
  CHECK(stats.lines_kept == 7);  // 2 + (2 + 1 + 2)
  CHECK(stats.bytes == fixture_text().size());
  const auto& t = o.terms[0];
  CHECK(t.type == "OnDemand");
  CHECK(t.offer_term_code == "JRTCKXETXF");
  CHECK(t.effective == parse_date("2026-09-01"));
  REQUIRE(t.dimensions.size() == 1);
  CHECK(t.dimensions[0].price == decimal::parse("21.5"));
  CHECK(t.dimensions[0].unit == "Hrs");
  CHECK(t.dimensions[0].end_range == "Inf");

  // Only on-demand terms when asked.
  auto od_only = ec2_linux_shared("us-east-1", {"trn1.32xlarge"}).term_types({"OnDemand"});
  CHECK(readers::read_offer_json_file(ec2_json, od_only).terms.size() == 1);
}

TEST_CASE("read from an offer file a p5 on-demand price is never the Capacity Block 0.00") {
  price_book book(as_of, day_count{90});
  book.add(readers::read_offer_json_file(ec2_json, whole_offer("AmazonEC2")), as_of);
  CHECK(ec2_on_demand(book, "us-east-1", "p5.48xlarge", "p5").value().value() ==
        decimal::parse("55.04"));
  CHECK(ec2_on_demand(book, "us-east-1", "trn1.2xlarge", "trn1_2xl").value().value() ==
        decimal::parse("1.34375"));
  // trn2.48xlarge has only a Capacity Block row: there is no on-demand price to take.
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(book, "us-east-1", "trn2.48xlarge", "trn2"),
                       doctest::Contains("no price matches EC2 Linux on-demand trn2.48xlarge"),
                       input_error);
  // Without marketoption/operation both p5 rows match: listed, not picked.
  auto loose = ec2_on_demand_query("us-east-1", "p5.48xlarge");
  loose.attributes.resize(loose.attributes.size() - 2);
  CHECK_THROWS_WITH_AS((void)book.one(loose),
                       doctest::Contains("SKU C8B3K5N7P2R4T6V9, rate C8B3K5N7P2R4T6V9.JRTCKXETXF."
                                         "6YS6EN2CT7: 0 USD per Hrs (\"$0.00 per Capacity Block"),
                       input_error);
}

TEST_CASE("gp3 throughput is priced per GiBps-month while its description says MiBps") {
  price_book book(as_of, day_count{90});
  book.add(readers::read_offer_json_file(ec2_json, whole_offer("AmazonEC2")), as_of);
  const auto per_gibps = ebs_throughput(book, "us-east-1", "gp3", "gp3_throughput");
  CHECK(per_gibps.value().value() == decimal::parse("40.96"));
  CHECK(std::get<quoted>(per_gibps.origin()).description ==
        "$0.04 per provisioned MiBps-month of gp3 - US East (N. Virginia)");
  // 40.96 USD per GiBps-month / 1024 MiBps per GiBps = 0.04 USD per MiBps-month, exactly.
  const auto per_mibps = convert<units::usd_per_mibps_month_t>("gp3_throughput_mibps", per_gibps);
  CHECK(per_mibps.value().value() == decimal::parse("0.04"));
  // Reading the row as per MiBps-month, as its description suggests, is refused.
  const auto* row = book.find("EBSGP3THRU000002", "EBSGP3THRU000002.JRTCKXETXF.6YS6EN2CT7");
  REQUIRE(row != nullptr);
  CHECK_THROWS_WITH_AS((void)book.quote<units::usd_per_mibps_month_t>(*row, "gp3_throughput"),
                       doctest::Contains("is priced per \"GiBps-mo\", which reads as "
                                         "USD/GiBps-mo (per GiB/s-month; EBS gp3 descriptions "
                                         "say per MiBps-month, 1/1024 of this price), not as "
                                         "USD/MiBps-mo"),
                       input_error);
  CHECK(ebs_storage(book, "us-east-1", "gp3", "gp3").value().value() == decimal::parse("0.08"));
  CHECK(ebs_iops(book, "us-east-1", "gp3", "gp3_iops").value().value() == decimal::parse("0.005"));
}

TEST_CASE("reserved terms read from the file keep the upfront fee as its own line") {
  price_book book(as_of, day_count{90});
  book.add(
      readers::read_offer_json_file(ec2_json, ec2_linux_shared("us-east-1", {"trn1.32xlarge"})),
      as_of);
  const auto partial = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "1yr", "standard",
                                    "Partial Upfront", "trn1_ri");
  CHECK(partial.hourly.value().value() == decimal::parse("6.13"));
  REQUIRE(partial.upfront);
  CHECK(partial.upfront->value().value() == decimal(53700));
  CHECK(std::get<quoted>(partial.upfront->origin()).unit == "Quantity");
  CHECK(std::get<quoted>(partial.upfront->origin()).description == "Upfront Fee");
  const auto none = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "1yr", "standard",
                                 "No Upfront", "trn1_ri_nu");
  CHECK(none.hourly.value().value() == decimal::parse("13.05"));
  CHECK_FALSE(none.upfront.has_value());
  const auto all = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "3yr", "standard",
                                "All Upfront", "trn1_ri_au");
  CHECK(all.hourly.value().value().is_zero());
  CHECK(all.upfront->value().value() == decimal(233625));
}

TEST_CASE("a product without productFamily is read and can be selected by attributes") {
  offer_filter f;
  f.where("usagetype", "ElasticIP:AdditionalAddress");
  const auto o = readers::read_offer_json_file(ec2_json, f);
  REQUIRE(o.products.size() == 1);
  CHECK(o.products[0].product_family.empty());
  CHECK(o.terms.size() == 1);
}

TEST_CASE("a filter that matches nothing in the file says so") {
  CHECK_THROWS_WITH_AS((void)readers::read_offer_json_file(
                           ec2_json, ec2_linux_shared("us-west-2", {"trn1.32xlarge"})),
                       doctest::Contains("ec2-us-east-1-small.json: no product matches the "
                                         "filter (productFamily=Compute Instance, regionCode="
                                         "us-west-2, instanceType=trn1.32xlarge"),
                       input_error);
  CHECK_THROWS_WITH_AS((void)readers::read_offer_json_file(
                           ec2_json, ec2_linux_shared("us-west-2", {"trn1.32xlarge"})),
                       doctest::Contains("among the 10 products of the file"), input_error);
}

TEST_CASE("a price in another currency than the one asked for is an error with its field") {
  const auto text = edit(fixture_text(), "\"USD\" : \"21.5000000000\"", "\"CNY\" : \"150.00\"");
  const auto dim_at = text.find("\"WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7\" : {");
  // The byte offset is that of the dimension's opening brace, after the key and " : ".
  const auto brace = dim_at + std::string("\"WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7\" : ").size();
  CHECK_THROWS_WITH_AS(
      (void)read_text(text, whole_offer("AmazonEC2")),
      ("trncost: offer.json: byte " + std::to_string(brace) +
       ": terms.OnDemand.WVVQPJVCQU4SR8XF.WVVQPJVCQU4SR8XF.JRTCKXETXF.priceDimensions."
       "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7.pricePerUnit: has a price in CNY but none in USD")
          .c_str(),
      parse_error);
  // Asked in CNY, the same row reads; a book refuses to quote it as USD.
  auto only = ec2_linux_shared("us-east-1", {"trn1.32xlarge"}).term_types({"OnDemand"});
  only.currency("CNY");
  const auto o = read_text(text, only);
  CHECK(o.header.currency == "CNY");
  CHECK(o.terms[0].dimensions[0].price == decimal(150));
}

TEST_CASE("a term pointing to an unknown SKU is an error with its byte offset") {
  const auto text =
      edit(fixture_text(), "\"7BQT5X2MZ9KRN3PA\" : {\n        \"7BQT5X2MZ9KRN3PA.JRTCKXETXF\"",
           "\"ZZZZZZZZZZZZZZZZ\" : {\n        \"7BQT5X2MZ9KRN3PA.JRTCKXETXF\"");
  const auto key_end = text.find("\"ZZZZZZZZZZZZZZZZ\"") + 18;
  CHECK_THROWS_WITH_AS((void)read_text(text, whole_offer("AmazonEC2")),
                       ("trncost: offer.json: byte " + std::to_string(key_end) +
                        ": terms.OnDemand.ZZZZZZZZZZZZZZZZ: the term points to SKU "
                        "ZZZZZZZZZZZZZZZZ, which is not among the file's products (for an "
                        "excerpt of an offer file, offer_filter::skip_orphan_terms() skips and "
                        "lists such terms)")
                           .c_str(),
                       parse_error);
  // For an excerpt, the caller may skip such terms: they are listed, not dropped silently.
  const auto o = read_text(text, whole_offer("AmazonEC2").skip_orphan_terms());
  CHECK(o.orphan_skus == std::vector<std::string>{"ZZZZZZZZZZZZZZZZ"});
  CHECK(o.products.size() == 10);
}

TEST_CASE("a SKU filed twice among the products is refused as a repeated key even when identical") {
  // Rename the Windows product's key and sku to the Linux trn1 one's: same SKU, other attributes.
  // The SKU is compared as text (no hash), so no collision can merge two products.
  auto text = edit(fixture_text(), "\"W1N7D3X5Z9B2V4M6\" : {\n      \"sku\" : \"W1N7D3X5Z9B2V4M6\"",
                   "\"WVVQPJVCQU4SR8XF\" : {\n      \"sku\" : \"WVVQPJVCQU4SR8XF\"");
  text = edit(text, "\"W1N7D3X5Z9B2V4M6\" : {\n        \"W1N7D3X5Z9B2V4M6.JRTCKXETXF\"",
              "\"EXTRA00000000000\" : {\n        \"W1N7D3X5Z9B2V4M6.JRTCKXETXF\"");
  // The offset is the end of the second key (its quote + 16 characters + its quote).
  const auto first = text.find("\"WVVQPJVCQU4SR8XF\" : {");
  const auto second = text.find("\"WVVQPJVCQU4SR8XF\" : {", first + 1) + 18;
  const std::string rule =
      ": appears twice in one object; trncost refuses a repeated key (the last value would "
      "silently replace the first)";
  CHECK_THROWS_WITH_AS(
      (void)read_text(text, whole_offer("AmazonEC2")),
      ("trncost: offer.json: byte " + std::to_string(second) + ": products.WVVQPJVCQU4SR8XF" + rule)
          .c_str(),
      parse_error);
  // The same product twice, identical, is refused too: the file is not what AWS writes.
  const auto original = fixture_text();
  const auto block_begin = original.find("    \"7BQT5X2MZ9KRN3PA\" : {");
  const auto block_end = original.find("    \"Q9HN2M4KXW8T6E3C\" : {");
  auto doubled = original;
  doubled.insert(block_end, original.substr(block_begin, block_end - block_begin));
  const auto again = doubled.find("\"7BQT5X2MZ9KRN3PA\" : {", block_end) + 18;
  CHECK_THROWS_WITH_AS(
      (void)read_text(doubled, ec2_linux_shared("us-east-1", {"trn1.2xlarge"})),
      ("trncost: offer.json: byte " + std::to_string(again) + ": products.7BQT5X2MZ9KRN3PA" + rule)
          .c_str(),
      parse_error);
}

TEST_CASE("an unparseable price is an error naming the rate's field") {
  const auto text = edit(fixture_text(), "\"55.0400000000\"", "\"55.O4\"");
  const auto after = text.find("\"55.O4\"") + 7;
  CHECK_THROWS_WITH_AS(
      (void)read_text(text, whole_offer("AmazonEC2")),
      ("trncost: offer.json: byte " + std::to_string(after) +
       ": terms.OnDemand.Q9HN2M4KXW8T6E3C.Q9HN2M4KXW8T6E3C.JRTCKXETXF."
       "priceDimensions.Q9HN2M4KXW8T6E3C.JRTCKXETXF.6YS6EN2CT7.pricePerUnit."
       "USD: \"55.O4\" is not a decimal price: expected a digit after '.' at offset 3")
          .c_str(),
      parse_error);
  // An unselected product's bad price is not read, so not an error.
  CHECK_NOTHROW((void)read_text(text, ec2_linux_shared("us-east-1", {"trn1.32xlarge"})));
}

TEST_CASE("a missing publicationDate is an error") {
  const auto text = edit(fixture_text(), "  \"publicationDate\" : \"2026-09-10T19:55:14Z\",\n", "");
  CHECK_THROWS_WITH_AS((void)read_text(text, whole_offer("AmazonEC2")),
                       ("trncost: offer.json: byte " + std::to_string(text.rfind('}')) +
                        ": publicationDate: is missing; a price needs the date its offer file "
                        "was published")
                           .c_str(),
                       parse_error);
  const auto bad = edit(fixture_text(), "2026-09-10T19:55:14Z", "10 Sep 2026");
  CHECK_THROWS_WITH_AS((void)read_text(bad, whole_offer("AmazonEC2")),
                       doctest::Contains("publicationDate: \"10 Sep 2026\" is not an ISO 8601"),
                       parse_error);
}

TEST_CASE("a truncated JSON offer file is an error at its end with the field being read") {
  const auto whole = fixture_text();
  const auto cut = whole.find("\"pricePerUnit\"", whole.find("\"Q9HN2M4KXW8T6E3C.JRTCKXETXF\""));
  const auto text = whole.substr(0, cut + 20);  // inside the price dimension's pricePerUnit
  CHECK_THROWS_WITH_AS((void)read_text(text, whole_offer("AmazonEC2")),
                       ("trncost: offer.json: byte " + std::to_string(text.size()) +
                        ": terms.OnDemand.Q9HN2M4KXW8T6E3C.Q9HN2M4KXW8T6E3C.JRTCKXETXF."
                        "priceDimensions.Q9HN2M4KXW8T6E3C.JRTCKXETXF.6YS6EN2CT7.pricePerUnit: "
                        "invalid JSON: Missing a name for object member. (the input ends early: "
                        "truncated file?)")
                           .c_str(),
                       parse_error);
  const auto in_products = whole.substr(0, whole.find("\"T2CB9F4H6J8L1N3Q\" : {") + 10);
  CHECK_THROWS_WITH_AS((void)read_text(in_products, whole_offer("AmazonEC2")),
                       doctest::Contains("products: invalid JSON"), parse_error);
  CHECK_THROWS_WITH_AS((void)read_text("", whole_offer("AmazonEC2")),
                       "trncost: offer.json: byte 0: invalid JSON: The document is empty. (the "
                       "input ends early: truncated file?)",
                       parse_error);
}

TEST_CASE("an offer file of the wrong shape is an error naming the field") {
  CHECK_THROWS_WITH_AS((void)read_text("[1, 2]", whole_offer("AmazonEC2")),
                       "trncost: offer.json: byte 0: the offer file is not a JSON object",
                       parse_error);
  CHECK_THROWS_WITH_AS((void)read_text("{\"offerCode\" : {}}", whole_offer("AmazonEC2")),
                       doctest::Contains("offerCode: expected a string, found an object"),
                       parse_error);
  CHECK_THROWS_WITH_AS((void)read_text("{\"products\" : []}", whole_offer("AmazonEC2")),
                       doctest::Contains("products: is an array, as in a Savings Plans file"),
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_text("{\"terms\" : {}, \"products\" : {}}", whole_offer("AmazonEC2")),
      doctest::Contains("terms: the terms come before the products"), parse_error);
  const auto odd_unit = edit(fixture_text(), "\"unit\" : \"IOPS-Mo\"", "\"unit\" : \"IOPS-Month\"");
  CHECK_THROWS_WITH_AS((void)read_text(odd_unit, whole_offer("AmazonEC2")),
                       doctest::Contains(".unit: rate EBSGP3IOPS000003.JRTCKXETXF.6YS6EN2CT7: "
                                         "unit \"IOPS-Month\" is not in trncost's price-unit "
                                         "table"),
                       parse_error);
  const auto no_code = edit(fixture_text(), "  \"offerCode\" : \"AmazonEC2\",\n", "");
  CHECK_THROWS_WITH_AS((void)read_text(no_code, whole_offer("AmazonEC2")),
                       doctest::Contains("offerCode: is missing"), parse_error);
  CHECK_THROWS_WITH_AS(
      (void)readers::read_offer_json_file("/nonexistent/offer.json", whole_offer("AmazonEC2")),
      "trncost: /nonexistent/offer.json: cannot be opened (no such file)", parse_error);
}

}  // namespace trncost_tests::prices_price_list_json_test
