// Where is it cheapest (include/trncost/pricing/regions.hpp): an instance type's on-demand price in
// each region of three EC2 offer files (the flagship's us-east-1 file and two of
// examples/data/offers/, written by make_regions.py with invented prices), ranked.
#include <doctest/doctest.h>

#include <string>
#include <trncost/pricing/regions.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_regions_test {

using namespace trncost;
using trncost::pricing::on_demand_by_region;

namespace {

const std::vector<pricing::offer>& three_regions() {
  static const std::vector<pricing::offer> offers = [] {
    const std::string here = TRNCOST_TESTS_DIR "/../examples/data/offers/";
    std::vector<pricing::offer> o;
    for (const std::string& path :
         {std::string(TRNCOST_TESTS_DIR "/../examples/data/offers/AmazonEC2-us-east-1.json"),
          here + "AmazonEC2-us-west-2.json", here + "AmazonEC2-eu-west-1.json"}) {
      o.push_back(readers::read_offer_json_file(path, pricing::offer_filter{}));
    }
    return o;
  }();
  return offers;
}

const date as_of{2026, 11, 30};

/// Checks that `row` is `region`'s and offers the type at `price` (USD per instance-hour).
void check_offered(const pricing::regional_price& row, const std::string& region,
                   const char* price) {
  CHECK(row.region == region);
  REQUIRE(row.price.has_value());
  CHECK(row.price->value().value() == decimal(price));
}

}  // namespace

TEST_CASE("trn1.32xlarge: cheapest first, a region without it listed as not offered") {
  const auto r = on_demand_by_region(three_regions(), "trn1.32xlarge", as_of);
  REQUIRE(r.size() == 3);
  // us-west-2 20.64 < us-east-1 21.50; eu-west-1's offer has no trn1.32xlarge row.
  check_offered(r[0], "us-west-2", "20.64");
  CHECK(r[0].offer_version == "20261001000000");
  CHECK(r[0].published == date{2026, 10, 1});
  const auto* q = std::get_if<quoted>(&r[0].price->origin());
  REQUIRE(q != nullptr);
  CHECK(q->region == "us-west-2");
  CHECK(q->rate_code == "WVVQPJVCQU4SUS2X.JRTCKXETXF.6YS6EN2CT7");
  check_offered(r[1], "us-east-1", "21.5");
  CHECK(r[1].published == date{2026, 9, 10});
  CHECK(r[2].region == "eu-west-1");
  CHECK_FALSE(r[2].price.has_value());
  CHECK(r[2].why_not ==
        "not offered: the AmazonEC2 offer 20261001000000 read for eu-west-1 has "
        "no Linux on-demand row for trn1.32xlarge (a price store holds only the "
        "rows its fetch kept)");
}

TEST_CASE(
    "p5.48xlarge: a tie keeps region order, and a Capacity Block row at 0.00 is never taken") {
  const auto r = on_demand_by_region(three_regions(), "p5.48xlarge", as_of);
  REQUIRE(r.size() == 3);
  check_offered(r[0], "us-east-1", "55.04");
  check_offered(r[1], "us-west-2", "55.04");
  check_offered(r[2], "eu-west-1", "61.6");
}

TEST_CASE("a type one region offers, one no region offers, and no EC2 offer at all") {
  // inf2.48xlarge: us-east-1's 12.98127 only; the other two files have no inf2 row.
  const auto one = on_demand_by_region(three_regions(), "inf2.48xlarge", as_of);
  REQUIRE(one.size() == 3);
  check_offered(one[0], "us-east-1", "12.98127");
  CHECK_FALSE(one[1].price.has_value());
  CHECK_FALSE(one[2].price.has_value());
  const auto none = on_demand_by_region(three_regions(), "inf2.8xlarge", as_of);
  REQUIRE(none.size() == 3);
  for (const auto& r : none) CHECK_FALSE(r.price.has_value());
  CHECK(on_demand_by_region({}, "trn1.32xlarge", as_of).empty());
}

TEST_CASE("a price not yet in force on the as-of date is not taken") {
  // The us-west-2 and eu-west-1 files are effective from 2026-09-01 but published 2026-10-01: on
  // 2026-09-15 their prices exist but the file did not: refused with the book's sentence.
  const auto r = on_demand_by_region(three_regions(), "trn1.32xlarge", date{2026, 9, 15});
  REQUIRE(r.size() == 3);
  CHECK(r[0].region == "us-east-1");
  CHECK(r[0].price.has_value());
  CHECK(r[1].region == "eu-west-1");
  CHECK(r[2].region == "us-west-2");
  CHECK_FALSE(r[2].price.has_value());
  CHECK(r[2].why_not.ends_with("was published or takes effect after the as-of date 2026-09-15"));
}

}  // namespace trncost_tests::prices_regions_test
