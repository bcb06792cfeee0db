// Tests for the price-unit table, the price book (keys, conflicts, freshness, queries) and the
// observations offer files do not carry (spot, Capacity Blocks). Offers are built in code here;
// the readers' tests read the same kinds of rows from fixture files.
#include <doctest/doctest.h>

#include <string>
#include <trncost/pricing.hpp>
#include <utility>
#include <vector>

#include "../support/price_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_price_book_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

/// An on-demand term of `sku` in force from 2026-09-01, with its price lines.
offer_term on_demand(std::string sku, std::vector<price_dimension> lines) {
  return {"OnDemand", std::move(sku), "JRTCKXETXF", parse_date("2026-09-01"), {}, std::move(lines)};
}

offer_product ec2_product(std::string sku, std::string type, std::string market = "OnDemand",
                          std::string operation = "RunInstances") {
  return offer_product{sku,
                       "Compute Instance",
                       {{"regionCode", "us-east-1"},
                        {"instanceType", std::move(type)},
                        {"operatingSystem", "Linux"},
                        {"tenancy", "Shared"},
                        {"preInstalledSw", "NA"},
                        {"capacitystatus", "Used"},
                        {"licenseModel", "No License required"},
                        {"operation", std::move(operation)},
                        {"marketoption", std::move(market)}}};
}

offer ec2_offer() {
  offer o;
  o.header = {"ec2-test.json",
              "v1.0",
              "AmazonEC2",
              "20260910195514",
              parse_timestamp("2026-09-10T19:55:14Z"),
              "USD",
              ""};
  o.products.push_back(ec2_product("WVVQPJVCQU4SR8XF", "trn1.32xlarge"));
  o.products.push_back(
      ec2_product("CB5CB5CB5CB5CB5C", "p5.48xlarge", "CapacityBlock", "RunInstances:CB"));
  o.products.push_back(ec2_product("P5P5P5P5P5P5P5P5", "p5.48xlarge"));
  o.terms.push_back(
      on_demand("WVVQPJVCQU4SR8XF",
                {price_line("WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7", "Hrs", "21.5000000000",
                            "$21.50 per On Demand Linux trn1.32xlarge Instance Hour")}));
  o.terms.push_back(
      on_demand("CB5CB5CB5CB5CB5C",
                {price_line("CB5CB5CB5CB5CB5C.JRTCKXETXF.6YS6EN2CT7", "Hrs", "0.0000000000")}));
  o.terms.push_back(
      on_demand("P5P5P5P5P5P5P5P5",
                {price_line("P5P5P5P5P5P5P5P5.JRTCKXETXF.6YS6EN2CT7", "Hrs", "55.0400000000")}));
  o.terms.push_back(
      {"Reserved",
       "WVVQPJVCQU4SR8XF",
       "HU7G6KETJZ",
       parse_date("2026-09-01"),
       {{"LeaseContractLength", "1yr"},
        {"OfferingClass", "standard"},
        {"PurchaseOption", "Partial Upfront"}},
       {price_line("WVVQPJVCQU4SR8XF.HU7G6KETJZ.2TG2D8R56U", "Quantity", "94170", "Upfront Fee", "",
                   ""),
        price_line("WVVQPJVCQU4SR8XF.HU7G6KETJZ.6YS6EN2CT7", "Hrs", "10.7500000000")}});
  return o;
}

offer ancillary_offer() {
  offer o;
  o.header = {"ancillary.json",
              "v1.0",
              "AmazonS3",
              "20260901000000",
              parse_timestamp("2026-09-01T00:00:00Z"),
              "USD",
              ""};
  o.products.push_back(
      {"S3STD", "Storage", {{"regionCode", "us-east-1"}, {"volumeType", "Standard"}}});
  o.products.push_back(
      {"S3PUT", "API Request", {{"regionCode", "us-east-1"}, {"group", "S3-API-Tier1"}}});
  o.terms.push_back(on_demand(
      "S3STD", {price_line("S3STD.JRTCKXETXF.A", "GB-Mo", "0.0230000000", "", "0", "51200"),
                price_line("S3STD.JRTCKXETXF.C", "GB-Mo", "0.0210000000", "", "512000", "Inf"),
                price_line("S3STD.JRTCKXETXF.B", "GB-Mo", "0.0220000000", "", "51200", "512000")}));
  o.terms.push_back(
      on_demand("S3PUT", {price_line("S3PUT.JRTCKXETXF.6YS6EN2CT7", "Requests", "0.0000050000",
                                     "$0.005 per 1,000 PUT, COPY, POST, or LIST requests")}));
  return o;
}

/// The price units whose rows read as prices of rate unit `Rate` (rate_fits), in the enum's order.
template <class Rate>
std::vector<price_unit> units_fitting() {
  std::vector<price_unit> fitting;
  for (int u = 0; u <= static_cast<int>(price_unit::million_tokens); ++u) {
    const auto unit = static_cast<price_unit>(u);
    if (rate_fits<Rate>(unit)) fitting.push_back(unit);
  }
  return fitting;
}

}  // namespace

TEST_CASE("the unit table maps price-list unit strings and refuses an unknown one") {
  CHECK(lookup_price_unit("Hrs", "row").unit == price_unit::hour);
  CHECK(lookup_price_unit("GB-Mo", "row").unit == price_unit::gigabyte_month);
  CHECK(lookup_price_unit("GiBps-mo", "row").unit == price_unit::gibps_month);
  CHECK(lookup_price_unit("IOPS-Mo", "row").unit == price_unit::iops_month);
  CHECK(lookup_price_unit("Requests", "row").unit == price_unit::request);
  CHECK(lookup_price_unit("GB", "row").unit == price_unit::gigabyte);
  CHECK(lookup_price_unit("Quantity", "row").unit == price_unit::quantity);
  CHECK(lookup_price_unit("1K tokens", "row").unit == price_unit::thousand_tokens);
  CHECK(lookup_price_unit("1M tokens", "row").unit == price_unit::million_tokens);
  CHECK(find_price_unit("MiBps-mo") == nullptr);
  CHECK_THROWS_WITH_AS((void)lookup_price_unit("Lambda-GB-Second", "offer.json: rate X.Y.Z"),
                       doctest::Contains("offer.json: rate X.Y.Z: unit \"Lambda-GB-Second\" is "
                                         "not in trncost's price-unit table (Hrs, Hours"),
                       input_error);
  // Each rate unit read from exactly the price units it fits, and the others from none.
  using units_of = std::vector<price_unit>;
  CHECK(units_fitting<units::usd_per_instance_hour_t>() == units_of{price_unit::hour});
  CHECK(units_fitting<units::usd_per_hour_t>() == units_of{price_unit::hour});
  CHECK(units_fitting<units::usd_per_gibps_month_t>() == units_of{price_unit::gibps_month});
  CHECK(units_fitting<units::usd_per_mibps_month_t>().empty());  // gp3 is priced per GiBps-month
  CHECK(units_fitting<units::usd_per_request_t>() == units_of{price_unit::request});
  CHECK(units_fitting<units::usd_per_thousand_requests_t>().empty());  // rows are per request
  CHECK(units_fitting<units::usd_t>() == units_of{price_unit::quantity});
  CHECK(units_fitting<units::usd_per_gibibyte_t>() == units_of{price_unit::gigabyte});
  CHECK(units_fitting<units::usd_per_gibibyte_month_t>() == units_of{price_unit::gigabyte_month});
  CHECK(units_fitting<units::usd_per_iops_month_t>() == units_of{price_unit::iops_month});
  // A row per 1K tokens is read as such, never as per 1M (a factor of 1000 apart).
  CHECK(units_fitting<units::usd_per_thousand_tokens_t>() == units_of{price_unit::thousand_tokens});
  CHECK(units_fitting<units::usd_per_million_tokens_t>() == units_of{price_unit::million_tokens});
}

TEST_CASE("the EC2 on-demand query skips the Capacity Block row priced 0.00") {
  price_book book(as_of, day_count{120});
  CHECK(book.add(ec2_offer(), parse_date("2026-11-30")) == 5);  // 3 on-demand lines, 2 reserved
  CHECK(book.size() == 5);
  CHECK(book.add(ec2_offer(), parse_date("2026-11-30")) == 0);  // the same lines again: no change
  CHECK(book.size() == 5);
  price_query all_p5;
  all_p5.where("instanceType", "p5.48xlarge");
  CHECK(book.select(all_p5).size() == 2);
  all_p5.where("operation", "RunInstances:", price_query::match::prefix);
  REQUIRE(book.select(all_p5).size() == 1);
  CHECK(book.select(all_p5)[0]->origin.sku == "CB5CB5CB5CB5CB5C");
  CHECK(all_p5.describe() == "instanceType=p5.48xlarge, operation starts with RunInstances:");
  const auto p5 = ec2_on_demand(book, "us-east-1", "p5.48xlarge", "p5_price");
  CHECK(p5.value().value() == decimal::parse("55.04"));
  const auto& q = std::get<quoted>(p5.origin());
  CHECK(q.sku == "P5P5P5P5P5P5P5P5");
  // Without marketoption=OnDemand both rows match, and the query says so rather than pick one.
  auto loose = ec2_on_demand_query("us-east-1", "p5.48xlarge");
  loose.attributes.pop_back();  // marketoption
  loose.attributes.pop_back();  // operation
  CHECK_THROWS_WITH_AS((void)book.one(loose),
                       doctest::Contains("2 prices match EC2 Linux on-demand p5.48xlarge in "
                                         "us-east-1 (offer AmazonEC2, productFamily=Compute "
                                         "Instance"),
                       input_error);
  CHECK_THROWS_WITH_AS((void)book.one(loose), doctest::Contains("SKU CB5CB5CB5CB5CB5C"),
                       input_error);
}

TEST_CASE("a quoted price carries the full provenance of its offer-file line") {
  price_book book(as_of, day_count{120});
  book.add(ec2_offer(), parse_date("2026-11-29"));
  const auto trn1 = ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_price");
  const quoted& q = check_trn1_on_demand(trn1);
  CHECK(q.source == "ec2-test.json");
  CHECK(q.offer_code == "AmazonEC2");
  CHECK(q.offer_term_code == "JRTCKXETXF");
  CHECK(q.effective == parse_date("2026-09-01"));
  CHECK(q.unit == "Hrs");
  CHECK(q.description == "$21.50 per On Demand Linux trn1.32xlarge Instance Hour");
  CHECK(q.region == "us-east-1");
  CHECK(q.option == purchase_option::on_demand);
  CHECK(q.consulted == parse_date("2026-11-29"));
  CHECK_FALSE(q.consulted_is_publication_date);
  CHECK(describe(trn1.origin()) ==
        "quoted: AmazonEC2 20260910195514 published 2026-09-10, SKU WVVQPJVCQU4SR8XF, term "
        "JRTCKXETXF, rate WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7, effective 2026-09-01, per Hrs, "
        "\"$21.50 per On Demand Linux trn1.32xlarge Instance Hour\", us-east-1, on-demand, "
        "consulted 2026-11-29 (ec2-test.json)");
}

TEST_CASE("without a date consulted the publication date is used and named as such") {
  price_book book(as_of, day_count{120});
  book.add(ec2_offer());
  const auto trn1 = ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_price");
  const auto& q = std::get<quoted>(trn1.origin());
  CHECK(q.consulted == parse_date("2026-09-10"));
  CHECK(q.consulted_is_publication_date);
  CHECK(describe(trn1.origin())
            .ends_with("consulted 2026-09-10 (the file's publication date) (ec2-test.json)"));
  // The flag is checked against the publication date.
  auto bad = q;
  bad.consulted = parse_date("2026-09-11");
  CHECK_THROWS_WITH_AS(validate(bad, "trn1_price"),
                       "trncost: input 'trn1_price': quoted provenance field 'consulted' is said "
                       "to be the publication date but differs from 'published'",
                       input_error);
  offer no_date = ec2_offer();
  no_date.header.published.reset();
  CHECK_THROWS_WITH_AS(book.add(no_date),
                       doctest::Contains("ec2-test.json: the offer has no publication date"),
                       input_error);
}

TEST_CASE("reserved terms give the hourly rate and the upfront fee as separate lines") {
  price_book book(as_of, day_count{120});
  book.add(ec2_offer(), as_of);
  const auto ri = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "1yr", "standard",
                               "Partial Upfront", "trn1_ri");
  CHECK(ri.hourly.value().value() == decimal::parse("10.75"));
  CHECK(ri.hourly.name() == "trn1_ri_hourly");
  REQUIRE(ri.upfront.has_value());
  CHECK(ri.upfront->value().value() == decimal::parse("94170"));
  CHECK(std::get<quoted>(ri.upfront->origin()).rate_code ==
        "WVVQPJVCQU4SR8XF.HU7G6KETJZ.2TG2D8R56U");
  CHECK(std::get<quoted>(ri.upfront->origin()).option == purchase_option::reserved);
  CHECK_THROWS_WITH_AS((void)ec2_reserved(book, "us-east-1", "trn1.32xlarge", "3yr", "standard",
                                          "Partial Upfront", "x"),
                       doctest::Contains("no price matches EC2 Linux reserved trn1.32xlarge in "
                                         "us-east-1 (3yr, standard, Partial Upfront)"),
                       input_error);
  // An upfront fee read as an hourly rate is refused by the unit table.
  const auto* fee = book.find("WVVQPJVCQU4SR8XF", "WVVQPJVCQU4SR8XF.HU7G6KETJZ.2TG2D8R56U");
  REQUIRE(fee != nullptr);
  CHECK_THROWS_WITH_AS((void)book.quote<units::usd_per_instance_hour_t>(*fee, "fee"),
                       doctest::Contains("is priced per \"Quantity\", which reads as USD"),
                       input_error);
}

TEST_CASE("two different prices for the same SKU and rate code are reported") {
  price_book book(as_of, day_count{120});
  book.add(ec2_offer(), as_of);
  offer later = ec2_offer();
  later.header.version = "20261001000000";
  later.header.source = "ec2-october.json";
  later.terms[0].dimensions[0].price = decimal::parse("21.2");
  CHECK(book.add(later, as_of) == 0);  // the other lines are equal: nothing new
  REQUIRE(book.conflicts().size() == 1);
  CHECK(book.conflicts()[0].describe() ==
        "SKU WVVQPJVCQU4SR8XF, rate WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7 has 2 different "
        "prices: 21.5 USD (AmazonEC2 20260910195514, ec2-test.json); 21.2 USD (AmazonEC2 "
        "20261001000000, ec2-october.json)");
  CHECK(book.find("WVVQPJVCQU4SR8XF", "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7")->price ==
        decimal::parse("21.5"));
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_price"),
                       doctest::Contains("has 2 different prices"), input_error);
  CHECK(ec2_on_demand(book, "us-east-1", "p5.48xlarge", "p5").value().value() ==
        decimal::parse("55.04"));
}

TEST_CASE("freshness is judged against the as-of date") {
  // Published 2026-09-10; as of 2026-11-30 that is 81 days (20 + 31 + 30).
  price_book strict(as_of, day_count{80});
  strict.add(ec2_offer(), as_of);
  CHECK(strict.freshness_of(strict.entries()[0]) == freshness::stale);
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(strict, "us-east-1", "trn1.32xlarge", "trn1"),
                       doctest::Contains("was published 2026-09-10, 81 days before the as-of "
                                         "date 2026-11-30; the book accepts prices at most 80 "
                                         "days old (its maximum age: max_age_days under a "
                                         "scenario's [prices]"),
                       input_error);
  price_book enough(as_of, day_count{81});
  enough.add(ec2_offer(), as_of);
  CHECK(enough.freshness_of(enough.entries()[0]) == freshness::fresh);
  price_book earlier(parse_date("2026-09-09"), day_count{81});
  earlier.add(ec2_offer());
  CHECK(earlier.freshness_of(earlier.entries()[0]) == freshness::not_yet_published);
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(earlier, "us-east-1", "trn1.32xlarge", "trn1"),
                       doctest::Contains("after the as-of date 2026-09-09"), input_error);
  CHECK_THROWS_AS(price_book(as_of, day_count{-1}), input_error);
}

TEST_CASE("a query that matches nothing says so") {
  price_book book(as_of, day_count{120});
  book.add(ec2_offer(), as_of);
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(book, "us-east-1", "trn2.48xlarge", "trn2"),
                       doctest::Contains("no price matches EC2 Linux on-demand trn2.48xlarge in "
                                         "us-east-1 (offer AmazonEC2, productFamily=Compute "
                                         "Instance, regionCode=us-east-1, instanceType="
                                         "trn2.48xlarge"),
                       input_error);
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(book, "us-east-1", "trn2.48xlarge", "trn2"),
                       doctest::Contains("among the 5 prices in the book"), input_error);
}

TEST_CASE("S3 tiers and requests read in their own units") {
  price_book book(as_of, day_count{120});
  CHECK(book.add(ancillary_offer(), as_of) == 4);
  const auto tiers = s3_storage_tiers(book, "us-east-1", "Standard", "s3_standard");
  REQUIRE(tiers.size() == 3);  // sorted by their beginning whatever the file's order
  CHECK(tiers[0].price.value().value() == decimal::parse("0.023"));
  CHECK(tiers[0].begin.value() == decimal(0));
  CHECK(tiers[0].end->value() == decimal(51200));
  CHECK(tiers[1].price.value().value() == decimal::parse("0.022"));
  CHECK(tiers[1].price.name() == "s3_standard_51200");
  CHECK(tiers[2].begin.value() == decimal(512000));
  CHECK_FALSE(tiers[2].end.has_value());
  // The description says per 1,000; the price is per request: 1,000 PUTs cost
  // 1000 x 0.000005 = 0.005 USD, as the description says.
  const auto put = s3_requests(book, "us-east-1", "S3-API-Tier1", "s3_put");
  CHECK(put.value().value() == decimal::parse("0.000005"));
  CHECK(put.value().value() * 1000 == decimal::parse("0.005"));
  const auto* row = book.find("S3PUT", "S3PUT.JRTCKXETXF.6YS6EN2CT7");
  REQUIRE(row != nullptr);
  CHECK_THROWS_WITH_AS((void)book.quote<units::usd_per_thousand_requests_t>(*row, "s3_put"),
                       doctest::Contains("is priced per \"Requests\", which reads as USD/request "
                                         "(per request; S3 descriptions say per 1,000 requests, "
                                         "the price is per one), not as USD/1000 requests"),
                       input_error);
}

TEST_CASE("a non-USD book line cannot be quoted as USD and a term needs its product") {
  price_book book(as_of, day_count{120});
  offer cny = ec2_offer();
  cny.header.currency = "CNY";
  book.add(cny, as_of);
  CHECK_THROWS_WITH_AS((void)ec2_on_demand(book, "us-east-1", "p5.48xlarge", "p5"),
                       doctest::Contains("is in CNY; trncost money is USD"), input_error);
  offer orphan = ec2_offer();
  orphan.products.pop_back();
  price_book other(as_of, day_count{120});
  CHECK_THROWS_WITH_AS(other.add(orphan, as_of),
                       "trncost: ec2-test.json: term JRTCKXETXF points to SKU P5P5P5P5P5P5P5P5, "
                       "which is not among the offer's products",
                       input_error);
  offer odd_unit = ec2_offer();
  odd_unit.terms[0].dimensions[0].unit = "Hours-ish";
  CHECK_THROWS_WITH_AS(other.add(odd_unit, as_of),
                       doctest::Contains("ec2-test.json: rate WVVQPJVCQU4SR8XF.JRTCKXETXF."
                                         "6YS6EN2CT7: unit \"Hours-ish\" is not in"),
                       input_error);
}

TEST_CASE("spot prices are observations with their source and date") {
  const auto seller = spot_price("trn1_spot", "6.4502", "us-east-1", "us-east-1a", "trn1.32xlarge",
                                 {"EC2 DescribeSpotPriceHistory", parse_date("2026-11-29"), true});
  CHECK(seller.value().value() == decimal::parse("6.4502"));
  const auto& q = std::get<quoted>(seller.origin());
  CHECK(q.option == purchase_option::spot);
  CHECK(q.consulted == parse_date("2026-11-29"));
  CHECK(q.description == "spot trn1.32xlarge in us-east-1a");
  const auto blog = spot_price("trn1_spot", "6.1", "us-east-1", "us-east-1b", "trn1.32xlarge",
                               {"a spot price tracker", parse_date("2026-11-28"), false});
  CHECK(std::get<third_party>(blog.origin()).source ==
        "a spot price tracker (spot trn1.32xlarge in us-east-1b)");
  CHECK_THROWS_AS((void)spot_price("x", "6.1", "us-east-1", "us-east-1b", "trn1.32xlarge",
                                   {"", parse_date("2026-11-28"), false}),
                  input_error);
}

TEST_CASE("a Capacity Block fee comes with its duration and the hourly rate it amounts to") {
  // 2 x p5.48xlarge for 7 days: 2 x 7 x 24 = 336 instance-hours; 10,483.20 / 336 = 31.20 USD/h.
  const auto cb = capacity_block_offering(
      "p5_block", "10483.20", "us-east-1", "p5.48xlarge", 2, 7,
      {"EC2 DescribeCapacityBlockOfferings", parse_date("2026-11-29"), true});
  CHECK(cb.fee.value().value() == decimal::parse("10483.2"));
  CHECK(cb.instance_hours.value().value() == decimal(336));
  CHECK(cb.hourly.value().value() == decimal::parse("31.2"));
  CHECK(cb.hourly.name() == "p5_block_hourly");
  CHECK(std::get<quoted>(cb.fee.origin()).option == purchase_option::capacity_block);
  CHECK(kind_name(cb.hourly.origin()) == "derived");
  CHECK_NOTHROW((void)capacity_block_offering("b", "1", "us-east-1", "p5.48xlarge", 1, 14,
                                              {"x", as_of, false}));
  CHECK_NOTHROW((void)capacity_block_offering("b", "1", "us-east-1", "p5.48xlarge", 1, 182,
                                              {"x", as_of, false}));
  CHECK_THROWS_WITH_AS((void)capacity_block_offering("b", "1", "us-east-1", "p5.48xlarge", 1, 15,
                                                     {"x", as_of, false}),
                       doctest::Contains("15 days is not a Capacity Block duration"), input_error);
  CHECK_THROWS_AS((void)capacity_block_offering("b", "1", "us-east-1", "p5.48xlarge", 0, 7,
                                                {"x", as_of, false}),
                  input_error);
}

TEST_CASE("the offer filter selects products by family and attributes") {
  const auto f =
      ec2_linux_shared("us-east-1", {"trn1.32xlarge", "p5.48xlarge"}).term_types({"OnDemand"});
  const auto o = ec2_offer();
  CHECK(f.matches(o.products[0].product_family, o.products[0].attributes));
  CHECK_FALSE(f.matches(o.products[1].product_family, o.products[1].attributes));  // CB
  CHECK(f.wants_term("OnDemand"));
  CHECK_FALSE(f.wants_term("Reserved"));
  CHECK(
      f.describe().starts_with("productFamily=Compute Instance, regionCode=us-east-1, "
                               "instanceType=trn1.32xlarge|p5.48xlarge, operatingSystem=Linux"));
  CHECK(f.describe().ends_with("marketoption=OnDemand, terms OnDemand"));
  offer_filter prefix;
  prefix.where_prefix("instanceType", {"trn", "p"});
  CHECK(prefix.matches("", o.products[2].attributes));
  CHECK(offer_filter{}.describe() == "everything");
  CHECK(o.product("P5P5P5P5P5P5P5P5") == &o.products[2]);
  CHECK(find_attribute(o.products[0].attributes, "tenancy") == "Shared");
}

}  // namespace trncost_tests::prices_price_book_test
