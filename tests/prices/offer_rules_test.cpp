// Tests for the price-book rules: an `Hrs` line reads as a price per instance-hour only
// for an instance (not Fargate GB-hours, load-balancer hours, Dedicated Host hours or Redshift
// node-hours); a reserved-style line filed under OnDemand is refused; older offer files (location
// names only, no marketoption, "1 yr" / "AllUpfront" spellings, a CSV "sep=," line) read and
// normalise in one place; a product without any location is skipped with a note instead of
// aborting the whole offer. Offers are built in code, written inline here, or read from an offer
// file of tests/prices/data/ in the 2018 layout.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list_csv.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_offer_rules_test {

using namespace trncost;
using namespace trncost::pricing;

namespace offer_rules_test {

price_dimension hour_line(std::string rate, const char* price, std::string description = "") {
  return price_dimension{std::move(rate), std::move(description), "0", "Inf",
                         "Hrs",           decimal::parse(price),  0,   {}};
}

offer one_product_offer(std::string offer_code, std::string family, attribute_list attributes,
                        std::string description = "") {
  offer o;
  o.header = {
      "rules.json", "v1.0", offer_code, "20260910195514", parse_timestamp("2026-09-10T19:55:14Z"),
      "USD",        ""};
  attributes.push_back({"regionCode", "us-east-1"});
  o.products.push_back({"SKU1", std::move(family), std::move(attributes)});
  o.terms.push_back(
      {"OnDemand",
       "SKU1",
       "JRTCKXETXF",
       parse_date("2026-09-01"),
       {},
       {hour_line("SKU1.JRTCKXETXF.6YS6EN2CT7", "0.5000000000", std::move(description))}});
  return o;
}

const date as_of = parse_date("2026-11-30");

/// The book's one line, quoted as Rate.
template <class Rate>
sourced<quantity<Rate>> quote_only_line(const offer& o) {
  price_book book(as_of, day_count{90});
  book.add(o, as_of);
  REQUIRE(book.size() == 1);
  return book.quote<Rate>(book.entries()[0], "p");
}

std::istringstream text_stream(const std::string& s) { return std::istringstream(s); }

}  // namespace offer_rules_test

using namespace offer_rules_test;

TEST_CASE("an EC2 compute instance's Hrs line reads as a price per instance-hour") {
  const auto o =
      one_product_offer("AmazonEC2", "Compute Instance", {{"instanceType", "trn1.32xlarge"}});
  CHECK(quote_only_line<units::usd_per_instance_hour_t>(o).value().value() ==
        decimal::parse("0.5"));
  std::string why;
  price_book book(as_of, day_count{90});
  book.add(o, as_of);
  CHECK(hour_kind_of(book.entries()[0], &why) == hour_kind::instance);
  CHECK(why == "Compute Instance trn1.32xlarge of AmazonEC2");
}

TEST_CASE("Hrs lines of things that are not instances are refused as instance-hours") {
  using ih = units::usd_per_instance_hour_t;
  // Fargate: an hour of a GB of memory, neither per instance-hour nor per plain hour.
  const auto fargate =
      one_product_offer("AmazonECS", "Compute", {{"usagetype", "USE1-Fargate-GB-Hours"}},
                        "AWS Fargate - Memory - US East (N.Virginia)");
  CHECK_THROWS_WITH_AS(
      (void)quote_only_line<ih>(fargate),
      doctest::Contains("is priced per \"Hrs\", but its usage type USE1-Fargate-GB-Hours counts "
                        "hours of an amount (GB-Hours), not instance-hours; it does not read as"),
      input_error);
  CHECK_THROWS_AS((void)quote_only_line<units::usd_per_hour_t>(fargate), input_error);
  // A load balancer's hour: a plain hour (USD/h), not an instance-hour.
  const auto alb = one_product_offer("AWSELB", "Load Balancer-Application",
                                     {{"usagetype", "LoadBalancerUsage"}});
  CHECK_THROWS_WITH_AS((void)quote_only_line<ih>(alb),
                       doctest::Contains("product family \"Load Balancer-Application\" of offer "
                                         "AWSELB is not an instance"),
                       input_error);
  CHECK(quote_only_line<units::usd_per_hour_t>(alb).value().value() == decimal::parse("0.5"));
  // A Dedicated Host of EC2: not an instance.
  const auto host = one_product_offer(
      "AmazonEC2", "Dedicated Host", {{"instanceFamily", "trn1"}, {"usagetype", "HostUsage:trn1"}});
  CHECK_THROWS_WITH_AS((void)quote_only_line<ih>(host),
                       doctest::Contains("product family \"Dedicated Host\" of offer AmazonEC2 "
                                         "is not an instance"),
                       input_error);
  // A Redshift node has productFamily "Compute Instance" but is a node of AmazonRedshift.
  const auto redshift =
      one_product_offer("AmazonRedshift", "Compute Instance",
                        {{"instanceType", "dc2.large"}, {"usagetype", "Node:dc2.large"}});
  CHECK_THROWS_WITH_AS((void)quote_only_line<ih>(redshift),
                       doctest::Contains("product family \"Compute Instance\" of offer "
                                         "AmazonRedshift is not an instance"),
                       input_error);
  // A load balancer's capacity units (LCU-hours) are an amount.
  const auto lcu =
      one_product_offer("AWSELB", "Load Balancer-Application", {{"usagetype", "USE1-LCUUsage"}});
  CHECK_THROWS_AS((void)quote_only_line<units::usd_per_hour_t>(lcu), input_error);
}

TEST_CASE("a Savings Plans rate is an instance-hour only when it discounts an instance type") {
  offer o = one_product_offer("AWSComputeSavingsPlan", "ComputeSavingsPlans", {});
  o.terms[0].type = "savingsPlan";
  o.terms[0].dimensions[0].attributes = {{"discountedInstanceType", "trn1.32xlarge"},
                                         {"discountedUsageType", "USE1-BoxUsage:trn1.32xlarge"}};
  CHECK(quote_only_line<units::usd_per_instance_hour_t>(o).value().value() ==
        decimal::parse("0.5"));
  o.terms[0].dimensions[0].attributes = {{"discountedUsageType", "USE1-Fargate-vCPU-Hours:perCPU"}};
  CHECK_THROWS_WITH_AS((void)quote_only_line<units::usd_per_instance_hour_t>(o),
                       doctest::Contains("counts hours of an amount (vCPU-Hours)"), input_error);
}

TEST_CASE("a reserved-style line filed under OnDemand is refused naming the SKU and rate code") {
  offer o = one_product_offer("AmazonEC2", "Compute Instance", {{"instanceType", "p4d.24xlarge"}});
  o.terms[0].dimensions.push_back(price_dimension{
      "SKU1.JRTCKXETXF.2TG2D8R56U", "Upfront Fee", "", "", "Quantity", decimal(233625), 0, {}});
  price_book book(as_of, day_count{90});
  CHECK_THROWS_WITH_AS(book.add(o, as_of),
                       "trncost: rules.json: SKU SKU1, rate code SKU1.JRTCKXETXF.2TG2D8R56U is "
                       "filed under OnDemand but looks like a reserved term (the line's "
                       "description says \"Upfront Fee\"); trncost will not read it as an "
                       "on-demand price",
                       input_error);
  offer leased = one_product_offer("AmazonEC2", "Compute Instance", {{"instanceType", "x"}});
  leased.terms[0].term_attributes = {{"LeaseContractLength", "3yr"}};
  CHECK_THROWS_WITH_AS(book.add(leased, as_of),
                       doctest::Contains("(the term has LeaseContractLength \"3yr\")"),
                       input_error);
  // Refused before anything is added: the offer's on-demand hour line is not in the book either.
  CHECK(book.size() == 0);
}

TEST_CASE("lease and purchase-option spellings normalise in one place") {
  for (const char* v : {"1yr", "1 yr", "1 Yr", "1year", "1 year", "1-year", "1 years"}) {
    CAPTURE(v);
    CHECK(normalise_lease(v) == "1yr");
  }
  CHECK(normalise_lease("3 yr") == "3yr");
  CHECK(normalise_lease("36 months") == "36 months");  // not years: kept as written
  CHECK(normalise_lease("") == "");
  for (const char* v : {"AllUpfront", "All Upfront", "all upfront", "All-Upfront"}) {
    CHECK(normalise_purchase_option(v) == "All Upfront");
  }
  CHECK(normalise_purchase_option("PartialUpfront") == "Partial Upfront");
  CHECK(normalise_purchase_option("No Upfront") == "No Upfront");
  CHECK(normalise_purchase_option("NoUpfront") == "No Upfront");
  CHECK(normalise_purchase_option("Heavy Utilization") == "Heavy Utilization");
  CHECK(normalise_attribute("OfferingClass", "Standard") == "standard");
  CHECK(normalise_attribute("purchaseTerm", "3 yr") == "3yr");
  CHECK(normalise_attribute("instanceType", "1 yr") == "1 yr");  // other attributes untouched
  CHECK(region_code_of_location("US West (Oregon)") == "us-west-2");
  CHECK(region_code_of_location("EU (Ireland)") == "eu-west-1");
  CHECK(region_code_of_location("Europe (Ireland)") == "eu-west-1");
  CHECK(region_code_of_location("Moon (Base)").empty());
}

namespace offer_rules_test {

// A 2018-layout offer file: location names only (no regionCode), no marketoption, the lease
// written "1 yr" and the purchase option "AllUpfront", and a data-transfer product with only
// fromLocation / toLocation.
const std::string old_layout =
    R"json({"formatVersion":"v1.0","offerCode":"AmazonEC2","version":"20180504231021",
"publicationDate":"2018-05-04T23:10:21Z","products":{
"C5C5C5C5C5C5C5C5":{"sku":"C5C5C5C5C5C5C5C5","productFamily":"Compute Instance","attributes":{
 "servicecode":"AmazonEC2","location":"US West (Oregon)","locationType":"AWS Region",
 "instanceType":"c5.xlarge","tenancy":"Shared","operatingSystem":"Linux",
 "licenseModel":"No License required","usagetype":"USW2-BoxUsage:c5.xlarge",
 "operation":"RunInstances","capacitystatus":"Used","preInstalledSw":"NA"}},
"DTDTDTDTDTDTDTDT":{"sku":"DTDTDTDTDTDTDTDT","productFamily":"Data Transfer","attributes":{
 "servicecode":"AWSDataTransfer","transferType":"InterRegion Outbound",
 "fromLocation":"US West (Oregon)","toLocation":"US East (N. Virginia)"}},
"NOWHERENOWHERE00":{"sku":"NOWHERENOWHERE00","productFamily":"Data Transfer","attributes":{
 "servicecode":"AWSDataTransfer","transferType":"Accelerated"}}},
"terms":{"OnDemand":{
"C5C5C5C5C5C5C5C5":{"C5C5C5C5C5C5C5C5.JRTCKXETXF":{"offerTermCode":"JRTCKXETXF","sku":"C5C5C5C5C5C5C5C5",
 "effectiveDate":"2018-04-01T00:00:00Z","priceDimensions":{"C5C5C5C5C5C5C5C5.JRTCKXETXF.6YS6EN2CT7":{
 "rateCode":"C5C5C5C5C5C5C5C5.JRTCKXETXF.6YS6EN2CT7","description":"$0.17 per On Demand Linux c5.xlarge Instance Hour",
 "beginRange":"0","endRange":"Inf","unit":"Hrs","pricePerUnit":{"USD":"0.1700000000"},"appliesTo":[]}},"termAttributes":{}}},
"DTDTDTDTDTDTDTDT":{"DTDTDTDTDTDTDTDT.JRTCKXETXF":{"offerTermCode":"JRTCKXETXF","sku":"DTDTDTDTDTDTDTDT",
 "effectiveDate":"2018-04-01T00:00:00Z","priceDimensions":{"DTDTDTDTDTDTDTDT.JRTCKXETXF.6YS6EN2CT7":{
 "rateCode":"DTDTDTDTDTDTDTDT.JRTCKXETXF.6YS6EN2CT7","description":"$0.02 per GB","beginRange":"0","endRange":"Inf",
 "unit":"GB","pricePerUnit":{"USD":"0.0200000000"},"appliesTo":[]}},"termAttributes":{}}},
"NOWHERENOWHERE00":{"NOWHERENOWHERE00.JRTCKXETXF":{"offerTermCode":"JRTCKXETXF","sku":"NOWHERENOWHERE00",
 "effectiveDate":"2018-04-01T00:00:00Z","priceDimensions":{"NOWHERENOWHERE00.JRTCKXETXF.6YS6EN2CT7":{
 "rateCode":"NOWHERENOWHERE00.JRTCKXETXF.6YS6EN2CT7","description":"$0.04 per GB","beginRange":"0","endRange":"Inf",
 "unit":"GB","pricePerUnit":{"USD":"0.0400000000"},"appliesTo":[]}},"termAttributes":{}}}},
"Reserved":{
"C5C5C5C5C5C5C5C5":{"C5C5C5C5C5C5C5C5.6QCMYABX3D":{"offerTermCode":"6QCMYABX3D","sku":"C5C5C5C5C5C5C5C5",
 "effectiveDate":"2018-04-01T00:00:00Z","priceDimensions":{
 "C5C5C5C5C5C5C5C5.6QCMYABX3D.2TG2D8R56U":{"rateCode":"C5C5C5C5C5C5C5C5.6QCMYABX3D.2TG2D8R56U","description":"Upfront Fee",
  "unit":"Quantity","pricePerUnit":{"USD":"876"},"appliesTo":[]},
 "C5C5C5C5C5C5C5C5.6QCMYABX3D.6YS6EN2CT7":{"rateCode":"C5C5C5C5C5C5C5C5.6QCMYABX3D.6YS6EN2CT7","description":"USD 0.0 per Linux/UNIX (Amazon VPC), c5.xlarge reserved instance applied",
  "beginRange":"0","endRange":"Inf","unit":"Hrs","pricePerUnit":{"USD":"0.0000000000"},"appliesTo":[]}},
 "termAttributes":{"LeaseContractLength":"1 yr","OfferingClass":"Standard","PurchaseOption":"AllUpfront"}}}}}})json";

offer_filter everything() {
  offer_filter f;
  return f;
}

}  // namespace offer_rules_test

TEST_CASE("a 2018-layout offer file reads: regionCode and marketoption derived and listed") {
  auto in = text_stream(old_layout);
  const offer o =
      readers::read_offer_json(in, "old.json", ec2_linux_shared("us-west-2", {"c5.xlarge"}));
  REQUIRE(o.products.size() == 1);
  const auto& p = o.products[0];
  CHECK(p.attribute("regionCode") == "us-west-2");
  CHECK(p.attribute("marketoption") == "OnDemand");
  CHECK(p.attribute("trncostDerived") == "regionCode,marketoption");
  price_book book(as_of, day_count{3650});
  book.add(o, parse_date("2026-11-30"));
  CHECK(ec2_on_demand(book, "us-west-2", "c5.xlarge", "c5").value().value() ==
        decimal::parse("0.17"));
  // "1 yr" / "AllUpfront" / "Standard" are read as the spellings the queries use.
  const auto ri =
      ec2_reserved(book, "us-west-2", "c5.xlarge", "1yr", "standard", "All Upfront", "c5_ri");
  REQUIRE(ri.upfront);
  CHECK(ri.upfront->value().value() == decimal(876));
}

TEST_CASE("a product with no location is skipped with a note and the rest of the offer is added") {
  auto in = text_stream(old_layout);
  const offer o = readers::read_offer_json(in, "old.json", everything());
  REQUIRE(o.products.size() == 3);
  const auto* dt = o.product("DTDTDTDTDTDTDTDT");
  REQUIRE(dt != nullptr);
  CHECK(dt->attribute("fromRegionCode") == "us-west-2");
  CHECK(dt->attribute("toRegionCode") == "us-east-1");
  price_book book(as_of, day_count{3650});
  // 1 on-demand c5 line, 2 reserved c5 lines, 1 data-transfer line; the line of the product
  // without any location is left out and listed.
  CHECK(book.add(o, as_of) == 4);
  REQUIRE(book.skipped().size() == 1);
  CHECK(book.skipped()[0].sku == "NOWHERENOWHERE00");
  CHECK(book.skipped()[0].rate_code == "NOWHERENOWHERE00.JRTCKXETXF.6YS6EN2CT7");
  CHECK(book.skipped()[0].reason ==
        "product NOWHERENOWHERE00 (Data Transfer) has no regionCode, fromRegionCode, location or "
        "fromLocation, and the caller gave no region for the file");
  CHECK(book.find("DTDTDTDTDTDTDTDT", "DTDTDTDTDTDTDTDT.JRTCKXETXF.6YS6EN2CT7")->origin.region ==
        "us-west-2");
}

TEST_CASE("a CSV offer file whose first line is sep= reads and its spellings normalise") {
  const std::string csv =
      "sep=,\n"
      "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"x\"\n"
      "\"Publication Date\",\"2018-05-04T23:10:21Z\"\n\"Version\",\"1\"\n"
      "\"OfferCode\",\"AmazonEC2\"\n"
      "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\","
      "\"StartingRange\",\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\","
      "\"LeaseContractLength\",\"PurchaseOption\",\"OfferingClass\",\"Product Family\","
      "\"serviceCode\",\"Location\",\"Instance Type\"\n"
      "\"S1\",\"T1\",\"S1.T1.R1\",\"Reserved\",\"x\",\"2018-04-01\",\"0\",\"Inf\",\"Hrs\",\"0.05\","
      "\"USD\",\"3 yr\",\"PartialUpfront\",\"Convertible\",\"Compute Instance\",\"AmazonEC2\","
      "\"US West (Oregon)\",\"c5.xlarge\"\n";
  auto in = text_stream(csv);
  const offer o = readers::read_offer_csv(in, "old.csv", everything());
  REQUIRE(o.terms.size() == 1);
  const auto& t = o.terms[0].term_attributes;
  CHECK(find_attribute(t, "LeaseContractLength") == "3yr");
  CHECK(find_attribute(t, "OfferingClass") == "convertible");
  CHECK(find_attribute(t, "PurchaseOption") == "Partial Upfront");
  CHECK(o.products[0].attribute("regionCode") == "us-west-2");
  CHECK(o.products[0].attribute("marketoption") == "OnDemand");
}

TEST_CASE("a selected CSV SKU is compared exactly with its first row") {
  // Two rows of SKU S1 differing only in one attribute value: refused, whatever a hash says.
  const std::string head =
      "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"x\"\n"
      "\"Publication Date\",\"2026-09-10T19:55:14Z\"\n\"Version\",\"1\"\n"
      "\"OfferCode\",\"AmazonEC2\"\n"
      "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\","
      "\"StartingRange\",\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\",\"serviceCode\","
      "\"Memory\"\n";
  const std::string row1 =
      "\"S1\",\"T1\",\"S1.T1.R1\",\"OnDemand\",\"x\",\"2026-09-01\",\"0\",\"Inf\",\"Hrs\",\"1\","
      "\"USD\",\"AmazonEC2\",\"512 GiB\"\n";
  const std::string row2 =
      "\"S1\",\"T2\",\"S1.T2.R1\",\"OnDemand\",\"x\",\"2026-09-01\",\"0\",\"Inf\",\"Hrs\",\"2\","
      "\"USD\",\"AmazonEC2\",\"512 GiB \"\n";
  auto in = text_stream(head + row1 + row2);
  CHECK_THROWS_WITH_AS((void)readers::read_offer_csv(in, "o.csv", everything()),
                       "trncost: o.csv:8: SKU: SKU S1 appears with other attributes than on line 7",
                       parse_error);
  auto same = text_stream(head + row1 + row1);
  CHECK(readers::read_offer_csv(same, "o.csv", everything()).products.size() == 1);
}

TEST_CASE(
    "a 2018-style offer file naming regions by location only reads with a regionCode "
    "filter") {
  // tests/prices/data/ec2-us-west-2-location-only-2018.json (make_offer_layouts.py): products
  // with a location ("US West (Oregon)") and neither regionCode nor marketoption, as in 2018.
  const std::string file =
      std::string(TRNCOST_TESTS_DIR) + "/prices/data/ec2-us-west-2-location-only-2018.json";
  offer_filter f;
  f.family("Compute Instance").where("regionCode", "us-west-2").where("marketoption", "OnDemand");
  f.skip_orphan_terms();
  const offer o = readers::read_offer_json_file(file, f);
  // Both attributes are derived, so the filter keeps the 3 Oregon "Compute Instance" products:
  // not the bare-metal one (another family), not the N. Virginia c5.xlarge (us-east-1), not the
  // data transfer.
  REQUIRE(o.products.size() == 3);
  for (const auto& p : o.products) {
    CAPTURE(p.sku);
    CHECK(p.product_family == "Compute Instance");
    CHECK(p.attribute("regionCode") == "us-west-2");
    CHECK(p.attribute("marketoption") == "OnDemand");
  }
  // Terms of the kept products only: OnDemand for each of the 3, and the c5.xlarge's two
  // Reserved terms and the m5.2xlarge's one.
  CHECK(o.terms.size() == 6);
  // 4 terms name 3 SKUs the file has no product for (one with an OnDemand and a Reserved term):
  // each is listed once. Terms of products the filter leaves out are not orphans.
  CHECK(o.orphan_skus ==
        std::vector<std::string>{"T4GC8NWX2ZEK5QVD", "Z6LQ3VBH8MRD5KYS", "E9HW2KCT4PNG7XJA"});
  // Without skip_orphan_terms() the first of them stops the reading.
  offer_filter strict = f;
  strict.skip_orphan_terms(false);
  CHECK_THROWS_WITH_AS((void)readers::read_offer_json_file(file, strict),
                       doctest::Contains("points to SKU T4GC8NWX2ZEK5QVD, which is not among the "
                                         "file's products"),
                       parse_error);

  const offer all = readers::read_offer_json_file(file, offer_filter{}.skip_orphan_terms());
  CHECK(all.products.size() == 6);
  // The data-transfer product has only fromLocation/toLocation: fromRegionCode is derived from
  // "US West (Oregon)"; "External" is no region, so no toRegionCode and no regionCode.
  const offer_product* transfer = all.product("N5VR8HZA3QJT6WYE");
  REQUIRE(transfer != nullptr);
  CHECK(transfer->attribute("fromRegionCode") == "us-west-2");
  CHECK_FALSE(transfer->attribute("toRegionCode").has_value());
  CHECK_FALSE(transfer->attribute("regionCode").has_value());
  CHECK(all.product("K9DM3PXS7LBW2RGT")->attribute("regionCode") == "us-east-1");
}

}  // namespace trncost_tests::prices_offer_rules_test
