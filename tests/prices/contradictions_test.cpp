// Tests for offer-file lines that contradict themselves or their keys: a price whose
// description states another amount, a range that is no range, a term type spelt otherwise, a
// term's later version used before it takes effect, a flat query given one tier, a used on-demand
// instance hour priced at zero, and a unit spelt "Hours". Offers are built in code or written
// inline; the bad-input catalogue (tests/bad_inputs/) holds one file per refusal of the readers.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list_csv.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <trncost/readers/savings_plans.hpp>
#include <utility>
#include <vector>

#include "../support/price_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_contradictions_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

price_dimension hours(std::string rate, const char* price, std::string description,
                      std::string begin = "0", std::string end = "Inf", std::string unit = "Hrs") {
  return price_line(std::move(rate), std::move(unit), price, std::move(description),
                    std::move(begin), std::move(end));
}

offer trn1_offer(std::vector<offer_term> terms, std::string tenancy = "Shared") {
  offer o;
  o.header = {
      "ec2.json", "v1.0", "AmazonEC2", "20260910195514", parse_timestamp("2026-09-10T19:55:14Z"),
      "USD",      ""};
  o.products.push_back({"S1",
                        "Compute Instance",
                        {{"servicecode", "AmazonEC2"},
                         {"regionCode", "us-east-1"},
                         {"instanceType", "trn1.32xlarge"},
                         {"operatingSystem", "Linux"},
                         {"tenancy", std::move(tenancy)},
                         {"preInstalledSw", "NA"},
                         {"capacitystatus", "Used"},
                         {"licenseModel", "No License required"},
                         {"operation", "RunInstances"},
                         {"marketoption", "OnDemand"}}});
  o.terms = std::move(terms);
  return o;
}

offer_term on_demand(const char* effective, std::vector<price_dimension> lines,
                     std::string code = "T1") {
  return offer_term{"OnDemand", "S1", std::move(code), parse_date(effective), {}, std::move(lines)};
}

const std::string trn1_description = "$21.50 per On Demand Linux trn1.32xlarge Instance Hour";

decimal trn1_price(const price_book& book) {
  return ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1").value().value();
}

}  // namespace

TEST_CASE("a price that contradicts its own description is found, whatever the spelling") {
  const auto d = [](const char* p) { return decimal::parse(p); };
  // The row the check was written for: "$21.50 per ... Instance Hour" priced 0.0000000000.
  CHECK(price_contradiction(trn1_description, d("0.0000000000"), "Hrs") ==
        "the description states $21.50, but the price is 0 per Hrs; trncost will not read a price "
        "that contradicts its own description (which of the two is right is unknown)");
  CHECK(price_contradiction(trn1_description, d("21.5000000000"), "Hrs").empty());
  CHECK_FALSE(price_contradiction(trn1_description, d("2.15"), "Hrs").empty());
  // "$" and "USD" name US dollars: a price in another currency is not compared with them.
  CHECK(price_contradiction(trn1_description, d("150"), "Hrs", "CNY").empty());
  // Descriptions round to the digits they write; an amount beyond that half a digit is another.
  CHECK(price_contradiction("$1.344 per On Demand Linux trn1.2xlarge Instance Hour",
                            d("1.3437500000"), "Hrs")
            .empty());
  CHECK_FALSE(price_contradiction("$1.344 per On Demand Linux trn1.2xlarge Instance Hour",
                                  d("1.3450000001"), "Hrs")
                  .empty());
  // Real spellings: "USD 0.0 per", "USD1.0E-4 per" (exponents compare exactly), "$0.005 per
  // 1,000 PUT" of a price per request, EBS throughput described per MiBps, priced per GiBps.
  CHECK(price_contradiction("USD 0.0 per Windows (Amazon VPC), c3.8xlarge reserved instance "
                            "applied",
                            d("0.0000000000"), "Hrs")
            .empty());
  CHECK_FALSE(price_contradiction("USD 0.0 per Linux/UNIX (Amazon VPC)", d("21.5"), "Hrs").empty());
  CHECK(price_contradiction("USD1.0E-4 per Unit for DetectPiiEntities:DetectPiiEntities",
                            d("0.0001000000"), "Unit")
            .empty());
  CHECK(price_contradiction("USD5E-6 per Unit", d("0.0000050000"), "Unit").empty());
  CHECK_FALSE(price_contradiction("USD5E-6 per Unit", d("0.0000050001"), "Unit").empty());
  CHECK(price_contradiction("$0.005 per 1,000 PUT, COPY, POST, or LIST requests", d("0.0000050000"),
                            "Requests")
            .empty());
  CHECK(price_contradiction("$0.004 per 10,000 GET and all other requests", d("0.0000004000"),
                            "Requests")
            .empty());
  CHECK_FALSE(price_contradiction("$0.005 per 1,000 PUT, COPY, POST, or LIST requests",
                                  d("0.0050000000"), "Requests")
                  .empty());
  CHECK(price_contradiction("$0.04 per provisioned MiBps-month of gp3 - US East (N. Virginia)",
                            d("40.9600000000"), "GiBps-mo")
            .empty());
  // No amount stated: nothing to contradict.
  for (const char* none :
       {"", "Upfront Fee", "Linux/UNIX (Amazon VPC), t2.micro reserved instance applied",
        "3 year No Upfront Compute Savings Plan", "$ per hour", "$21.50 an hour", "USD"}) {
    CAPTURE(none);
    CHECK(price_contradiction(none, d("1"), "Hrs").empty());
  }
  // A unit that counts ("1K tokens") against a description that counts: the count is part of the
  // statement. Priced 0.0035 per 1K tokens but described "per 1M" is a thousandfold contradiction,
  // in every spelling of the count.
  CHECK(price_contradiction("$0.00015 per 1K input tokens for Qwen3 32B", d("0.00015"), "1K tokens")
            .empty());
  CHECK(price_contradiction("$0.15 per 1M input tokens", d("0.00015"), "1K tokens").empty());
  CHECK(price_contradiction("$0.15 per 1 million input tokens", d("0.00015"), "1K tokens").empty());
  CHECK(price_contradiction("$2.80 per 1M output tokens", d("2.80"), "1K tokens") ==
        "the description states $2.80 per 1M, but the price is 2.8 per 1K tokens; trncost will "
        "not read a price that contradicts its own description (which of the two is right is "
        "unknown)");
  for (const char* per_million : {"$2.80 per 1M tokens", "$2.80 per 1m tokens",
                                  "$2.80 per 1 Million tokens", "$2.80 per 1,000,000 tokens"}) {
    CAPTURE(per_million);
    CHECK_FALSE(price_contradiction(per_million, d("2.80"), "1K tokens").empty());
    CHECK(price_contradiction(per_million, d("0.0028"), "1K tokens").empty());
  }
  CHECK_FALSE(price_contradiction("$0.0028 per 1K tokens", d("0.0028"), "1M tokens").empty());
  // Not a count: "1st", "10x".
  std::size_t at = 0;
  CHECK(trncost::pricing::detail::count_at("1st hour", at) == 0);
  CHECK(at == 0);
  CHECK(trncost::pricing::detail::unit_count("Hrs") == 1);
  CHECK(trncost::pricing::detail::unit_count("1K tokens") == 1000);
  const auto s = stated_price_of("$0.005 per 1,000 PUT");
  REQUIRE(s.has_value());
  CHECK(s->amount == d("0.005"));
  CHECK(s->count == 1000);
  CHECK(s->places == 3);
  CHECK(s->text == "$0.005 per 1,000");
}

TEST_CASE("a range of usage has both ends or neither, starts at 0 or more and ends after it") {
  CHECK(range_rule("", "").empty());
  CHECK(range_rule("0", "Inf").empty());
  CHECK(range_rule("10240", "51200").empty());
  bool at_end = false;
  CHECK(range_rule("1000", "10", &at_end) ==
        "the range ends at 10, not after its beginning 1000; a range of usage ends after it "
        "begins (or at Inf)");
  CHECK(at_end);
  CHECK(range_rule("0", "0") ==
        "the range ends at 0, not after its beginning 0; a range of usage ends after it begins "
        "(or at Inf)");
  CHECK(range_rule("-5", "Inf", &at_end) == "the range begins at -5; usage is never negative");
  CHECK_FALSE(at_end);
  CHECK(range_rule("Inf", "Inf") == "the range's beginning \"Inf\" is not a decimal number");
  CHECK(range_rule("0", "inf") == "the range's end \"inf\" is neither a decimal number nor Inf");
  CHECK(range_rule("0", "") ==
        "the range has a beginning (\"0\") but no end; a range of usage gives both, or neither");
}

TEST_CASE("a term type is spelt as the price list spells it") {
  CHECK(term_type_rule("OnDemand").empty());
  CHECK(term_type_rule("Reserved").empty());
  CHECK(term_type_rule("savingsPlan").empty());
  CHECK(term_type_rule("ondemand") ==
        "\"ondemand\" is not how the price list writes a term type: it writes OnDemand (trncost "
        "compares term types exactly)");
  CHECK(term_type_rule("ON_DEMAND").find("it writes OnDemand") != std::string::npos);
  CHECK(term_type_rule("reserved").find("it writes Reserved") != std::string::npos);
  CHECK(term_type_rule("Spot") ==
        "\"Spot\" is not a term type trncost prices (OnDemand, Reserved, savingsPlan)");
}

TEST_CASE("an offer that reaches the book without a reader is checked as a reader checks keys") {
  // A price store or an offer built in code: the rules on keys, ranges and term types, naming
  // the source, SKU and rate. (Its descriptions are its author's: the readers compare a file's.)
  price_book book(as_of, day_count{120});
  CHECK_THROWS_WITH_AS(
      book.add(trn1_offer(
          {on_demand("2026-09-01", {hours("S1.T1.R1", "21.5", trn1_description, "1000", "10")})})),
      "trncost: ec2.json: SKU S1, term T1, rate code S1.T1.R1: the range ends at "
      "10, not after its beginning 1000; a range of usage ends after it begins "
      "(or at Inf)",
      input_error);
  CHECK_THROWS_WITH_AS(
      book.add(
          trn1_offer({on_demand("2026-09-01", {hours("S2.T1.R1", "21.5", trn1_description)})})),
      "trncost: ec2.json: SKU S1, term T1, rate code S2.T1.R1: the rate code is "
      "not the term's SKU and offer term code followed by a rate (S1.T1.<rate>); a "
      "report would cite another term's code",
      input_error);
  offer lower =
      trn1_offer({on_demand("2026-09-01", {hours("S1.T1.R1", "21.5", trn1_description)})});
  lower.terms[0].type = "ondemand";
  CHECK_THROWS_WITH_AS(book.add(lower),
                       "trncost: ec2.json: SKU S1, term T1: \"ondemand\" is not how the price list "
                       "writes a term type: it writes OnDemand (trncost compares term types "
                       "exactly)",
                       input_error);
  CHECK(book.size() == 0);  // each refusal left the book as it was
  book.add(trn1_offer({on_demand("2026-09-01", {hours("S1.T1.R1", "20", trn1_description)})}));
  CHECK(book.size() == 1);
}

TEST_CASE("a term's version effective after the as-of date is not yet a price") {
  // One term, two versions: 21.50 from 2026-09-01, 25.00 announced for 2026-12-15. As of
  // 2026-11-30 the earlier one is in force, whatever the order of the rows or their rate codes.
  const auto later =
      hours("S1.T1.R1", "25", "$25.00 per On Demand Linux trn1.32xlarge Instance Hour");
  const auto now = hours("S1.T1.R1", "21.5", trn1_description);
  for (const bool later_first : {false, true}) {
    for (const char* later_rate : {"S1.T1.R1", "S1.T1.R2"}) {
      CAPTURE(later_first);
      CAPTURE(later_rate);
      auto l = later;
      l.rate_code = later_rate;
      std::vector<offer_term> terms{on_demand("2026-09-01", {now}), on_demand("2026-12-15", {l})};
      if (later_first) std::swap(terms[0], terms[1]);
      price_book book(as_of, day_count{120});
      book.add(trn1_offer(terms), as_of);
      CHECK(book.conflicts().empty());
      CHECK(trn1_price(book) == decimal::parse("21.5"));
      CHECK(book.find("S1", "S1.T1.R1")->price == decimal::parse("21.5"));
      // From 2026-12-15 on, the later version is the price.
      price_book january(parse_date("2027-01-05"), day_count{120});
      january.add(trn1_offer(terms), parse_date("2027-01-05"));
      CHECK(trn1_price(january) == decimal::parse("25"));
    }
  }
  // Only the later version: refused as not yet effective, never used.
  price_book book(as_of, day_count{120});
  book.add(trn1_offer({on_demand("2026-12-15", {later})}), as_of);
  CHECK_THROWS_WITH_AS((void)trn1_price(book),
                       doctest::Contains("takes effect after the as-of date"), input_error);
  // Two prices for one version of one term stay a conflict.
  price_book twice(as_of, day_count{120});
  twice.add(trn1_offer({on_demand("2026-09-01", {now}), on_demand("2026-09-01", {later})}), as_of);
  CHECK(twice.conflicts().size() == 1);
}

TEST_CASE("a CSV offer file's rows of one term with later effective dates are versions") {
  const std::string head =
      "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"x\"\n\"Publication "
      "Date\",\"2026-09-10T19:55:14Z\"\n"
      "\"Version\",\"1\"\n\"OfferCode\",\"AmazonEC2\"\n"
      "SKU,OfferTermCode,RateCode,TermType,PriceDescription,EffectiveDate,StartingRange,"
      "EndingRange,Unit,PricePerUnit,Currency,Product Family,serviceCode,Region Code,Instance Type,"
      "Operating System,Tenancy,Pre Installed S/W,CapacityStatus,License Model,operation,"
      "MarketOption\n";
  const std::string product =
      ",Compute Instance,AmazonEC2,us-east-1,trn1.32xlarge,Linux,Shared,NA,Used,No License "
      "required,RunInstances,OnDemand\n";
  std::istringstream in(
      head + "S1,T1,S1.T1.R1,OnDemand,$25.00 per hour,2026-12-15,0,Inf,Hrs,25,USD" + product +
      "S1,T1,S1.T1.R1,OnDemand," + trn1_description + ",2026-09-01,0,Inf,Hrs,21.5,USD" + product);
  const offer o = readers::read_offer_csv(in, "ec2.csv", whole_offer("AmazonEC2"));
  REQUIRE(o.terms.size() == 2);
  CHECK(o.terms[0].effective == parse_date("2026-12-15"));
  CHECK(o.terms[1].effective == parse_date("2026-09-01"));
  price_book book(as_of, day_count{120});
  book.add(o, as_of);
  CHECK(trn1_price(book) == decimal::parse("21.5"));
}

TEST_CASE("a flat query refuses a line that is one tier of a tiered price") {
  for (const auto& range : std::vector<std::pair<std::string, std::string>>{
           {"1000", "Inf"}, {"0", "10"}, {"0.5", "Inf"}}) {
    // Named copies: clang 14 cannot capture structured bindings in CAPTURE's lambda.
    const std::string begin = range.first;
    const std::string end = range.second;
    CAPTURE(begin);
    price_book book(as_of, day_count{120});
    book.add(trn1_offer({on_demand("2026-09-01",
                                   {hours("S1.T1.R1", "21.5", trn1_description, begin, end)})}),
             as_of);
    const std::string rule = "covers usage from " + begin + " to " + end +
                             " only; a flat price covers all usage (0 to Inf): this line is one "
                             "tier of a tiered price";
    CHECK_THROWS_WITH_AS((void)trn1_price(book), doctest::Contains(rule.c_str()), input_error);
  }
  // 0 to Inf, "0.0" to Inf and a line without a range are flat.
  for (const auto& [begin, end] :
       std::vector<std::pair<std::string, std::string>>{{"0", "Inf"}, {"0.0", "Inf"}, {"", ""}}) {
    price_book book(as_of, day_count{120});
    book.add(trn1_offer({on_demand("2026-09-01",
                                   {hours("S1.T1.R1", "21.5", trn1_description, begin, end)})}),
             as_of);
    CHECK(trn1_price(book) == decimal::parse("21.5"));
  }
}

TEST_CASE("a used on-demand instance hour priced at zero is refused where it is used") {
  price_book book(as_of, day_count{120});
  book.add(trn1_offer({on_demand("2026-09-01", {hours("S1.T1.R1", "0.0000000000",
                                                      "$0.00 per On Demand Linux trn1.32xlarge "
                                                      "Instance Hour")})}),
           as_of);
  CHECK_THROWS_WITH_AS(
      (void)trn1_price(book),
      "trncost: price 'trn1': SKU S1, rate S1.T1.R1: 0 USD per Hrs (\"$0.00 per On Demand Linux "
      "trn1.32xlarge Instance Hour\"), operation=RunInstances, marketoption=OnDemand (ec2.json) "
      "prices a used on-demand instance hour at zero (capacitystatus Used, marketoption OnDemand); "
      "such an hour is never free, so the row is wrong or not this instance's price (a zero is a "
      "price only with a stated reason: a Capacity Block or capacity reservation row, a free tier)",
      input_error);
  // A Dedicated Host's instance hour is paid through the host: 0 is its price.
  price_book host(as_of, day_count{120});
  host.add(
      trn1_offer({on_demand("2026-09-01", {hours("S1.T1.R1", "0", "$0.00 per hour")})}, "Host"),
      as_of);
  CHECK(host.quote<units::usd_per_instance_hour_t>(host.entries()[0], "h").value().value() ==
        decimal{});
}

TEST_CASE("a unit the table reads alike matches a query's unit: Hours is Hrs") {
  price_book book(as_of, day_count{120});
  book.add(trn1_offer({on_demand(
               "2026-09-01", {hours("S1.T1.R1", "21.5", trn1_description, "0", "Inf", "Hours")})}),
           as_of);
  CHECK(trn1_price(book) == decimal::parse("21.5"));
  price_query q = ec2_on_demand_query("us-east-1", "trn1.32xlarge");
  q.unit = "GB-Mo";
  CHECK(book.select(q).empty());
}

// The offer files below are the project's own (tests/prices/data/, written by
// make_offer_layouts.py with invented SKUs and prices) in layouts of the AWS Price List whose lines
// these rules once refused although nothing in them contradicts itself.
TEST_CASE(
    "EC2 offer files of the 2018 and the Capacity Block layouts enter a book without a false "
    "refusal") {
  const std::string data = TRNCOST_TESTS_DIR "/prices/data/";
  offer_filter all;
  all.skip_orphan_terms();
  // 2018: location only, reserved terms (an Upfront Fee in Quantity beside an Hrs rate, "USD 0.0"
  // for All Upfront), a Dedicated Host hour at $0.000, a two-tier data transfer with only
  // fromLocation; 4 orphan terms skipped. OnDemand: 5 instance products x 1 line + the transfer's
  // 2 tiers = 7; Reserved: 2 + 1 + 2 = 5; 12 lines in all.
  // Capacity Block: the p4d.24xlarge OnDemand row and its Capacity Block twin at 0.00: 2 lines.
  // (Not a structured binding: CAPTURE's lambda cannot capture one with clang 14.)
  for (const auto& file :
       {std::pair<const char*, std::size_t>{"ec2-us-west-2-location-only-2018.json", 12},
        {"ec2-us-east-1-p4d-capacity-block.json", 2}}) {
    const char* name = file.first;
    const std::size_t lines = file.second;
    CAPTURE(name);
    const offer o = readers::read_offer_json_file(data + name, all);
    price_book book(parse_date("2026-11-30"), day_count{10000});
    CHECK_NOTHROW(book.add(o, parse_date("2026-11-30")));
    CHECK(book.entries().size() == lines);
    CHECK(book.conflicts().empty());
    CHECK(book.skipped().empty());
  }
}

TEST_CASE("a CSV offer priced per \"Unit\" passes the line rules and stops only at its unit") {
  // Its first row, "USD1.0E-4 per Unit ..." at 0.0001000000 from 0 to 10000000 (line 7, after the
  // five metadata rows and the header), passes the rate-code and range rules and stops at its
  // unit "Unit", which the unit table does not know. (The reader compares the description after
  // the unit; that rule's reading of "USD1.0E-4" is tested in "a price that contradicts its own
  // description is found, whatever the spelling".)
  CHECK_THROWS_WITH_AS(
      (void)readers::read_offer_csv_file(
          TRNCOST_TESTS_DIR "/prices/data/comprehend-ap-south-1-per-unit.csv", offer_filter{}),
      doctest::Contains("per-unit.csv:7: Unit: rate U8KM4TQZ2XWD6HNB.JRTCKXETXF.KQ8ZTM2W4X: unit "
                        "\"Unit\" is not in trncost's price-unit table"),
      parse_error);
}

TEST_CASE("the Database Savings Plans CSV layout gives one term per plan and enters a book") {
  const std::string file =
      TRNCOST_TESTS_DIR "/prices/data/database-savings-plans-ap-south-2-small.csv";
  // 4 of its 10 rates discount db.r7i.2xlarge, all of the one plan on one effective date: 1 term
  // of 4 lines. Its usage types write "db.r7i.2xl": DiscountedInstanceType names the type. The
  // rates in ACU-Hr and ReadRequestUnits are left out by the filter before their unit is read.
  const offer db_sp = readers::read_savings_plans_csv_file(
      file, readers::savings_plan_rates_for({"db.r7i.2xlarge"}));
  REQUIRE(db_sp.terms.size() == 1);
  CHECK(db_sp.terms[0].dimensions.size() == 4);
  REQUIRE(db_sp.products.size() == 1);
  CHECK(db_sp.products[0].attribute("location") == "Any");
  price_book book(parse_date("2026-11-30"), day_count{10000});
  CHECK_NOTHROW(book.add(db_sp, parse_date("2026-11-30")));
  // The two Multi-AZ rates (operations 0002 and 0014) at one price are two lines, not a conflict.
  CHECK(book.entries().size() == 4);
  CHECK(book.conflicts().empty());
  CHECK(book.skipped().empty());
  // Selected, the Aurora Serverless rate (line 14) is refused for its unit.
  readers::savings_plan_filter aurora;
  aurora.rates.where("discountedUsageType", "APS5-Aurora:ServerlessV2Usage");
  CHECK_THROWS_WITH_AS((void)readers::read_savings_plans_csv_file(file, aurora),
                       doctest::Contains("small.csv:14: Unit: \"ACU-Hr\" is not in trncost's "
                                         "price-unit table"),
                       parse_error);
}

}  // namespace trncost_tests::prices_contradictions_test
