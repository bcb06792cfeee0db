// Tests for the Savings Plans readers (JSON and CSV) and the Savings Plans rate query.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/pricing.hpp>
#include <trncost/readers/savings_plans.hpp>

#include "../support/price_fixtures.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_savings_plans_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

using trncost_support::slurp;
offer read_json(const std::string& text, const readers::savings_plan_filter& f) {
  std::istringstream in(text);
  return readers::read_savings_plans_json(in, "sp.json", f, "us-east-1");
}

offer read_csv(const std::string& text, const readers::savings_plan_filter& f) {
  std::istringstream in(text);
  return readers::read_savings_plans_csv(in, "sp.csv", f);
}

const auto gpu_and_trainium = readers::savings_plan_rates_for({"trn1.32xlarge", "p5.48xlarge"});

}  // namespace

TEST_CASE("helpers of the Savings Plans readers") {
  CHECK(readers::detail::lease_text("1", "year") == "1yr");
  CHECK(readers::detail::lease_text("3", "") == "3yr");
  CHECK(readers::detail::lease_text("6", "month") == "6 month");
  CHECK(readers::detail::instance_type_of_usage("USE1-BoxUsage:trn1.32xlarge") == "trn1.32xlarge");
  CHECK(readers::detail::instance_type_of_usage("USE1-Fargate-vCPU-Hours:perCPU").empty());
  CHECK(readers::detail::instance_type_of_usage("USE1-Lambda-GB-Second").empty());
}

TEST_CASE("a Savings Plans JSON file gives the Linux shared-tenancy rate of an instance type") {
  const auto o =
      readers::read_savings_plans_json_file(savings_plans_json, gpu_and_trainium, "us-east-1");
  CHECK(o.header.offer_code == "AWSComputeSavingsPlan");
  CHECK(o.header.version == "20260912000000");
  REQUIRE(o.products.size() == 2);
  CHECK(o.products[0].attribute("leaseContractLength") == "1yr");
  REQUIRE(o.terms.size() == 2);
  CHECK(o.terms[0].dimensions.size() == 3);  // trn1.32xlarge Linux, Windows, dedicated
  CHECK(o.terms[1].dimensions.size() == 2);  // trn1.32xlarge and p5.48xlarge; not Fargate, Lambda
  CHECK(o.terms[0].effective == parse_date("2026-09-01"));

  price_book book(as_of, day_count{90});
  CHECK(book.add(o, as_of) == 5);
  const auto trn1 = savings_plan_rate(book, "trn1.32xlarge", "EC2InstanceSavingsPlans", "1yr",
                                      "No Upfront", "trn1_sp");
  CHECK(trn1.value().value() == decimal::parse("14.19"));
  const auto& q = std::get<quoted>(trn1.origin());
  CHECK(q.option == purchase_option::savings_plan);
  CHECK(q.region == "us-east-1");
  CHECK(q.sku == "3KHJ9WQB7TZP2C5M");
  CHECK(q.offer_term_code == "3KHJ9WQB7TZP2C5M");
  CHECK(q.rate_code == "3KHJ9WQB7TZP2C5M.WVVQPJVCQU4SR8XF");
  CHECK(q.description == "1 year No Upfront trn1 EC2 Instance Savings Plan in us-east-1");
  const auto p5 =
      savings_plan_rate(book, "p5.48xlarge", "ComputeSavingsPlans", "3yr", "All Upfront", "p5_sp");
  CHECK(p5.value().value() == decimal::parse("30.272"));
  CHECK_THROWS_WITH_AS((void)savings_plan_rate(book, "p5.48xlarge", "ComputeSavingsPlans", "1yr",
                                               "All Upfront", "p5_sp"),
                       doctest::Contains("no price matches ComputeSavingsPlans 1yr All Upfront "
                                         "rate for p5.48xlarge"),
                       input_error);
}

TEST_CASE("a Savings Plans CSV file gives the same rates") {
  const auto o = readers::read_savings_plans_csv_file(savings_plans_csv, gpu_and_trainium);
  REQUIRE(o.products.size() == 2);
  price_book book(as_of, day_count{90});
  CHECK(book.add(o, as_of) == 2);
  CHECK(savings_plan_rate(book, "trn1.32xlarge", "EC2InstanceSavingsPlans", "1yr", "No Upfront",
                          "trn1_sp")
            .value()
            .value() == decimal::parse("14.19"));
  CHECK(savings_plan_rate(book, "p5.48xlarge", "ComputeSavingsPlans", "3yr", "All Upfront", "p5")
            .value()
            .value() == decimal::parse("30.272"));
  const auto only_plan = [] {
    readers::savings_plan_filter f;
    f.plans.family("EC2InstanceSavingsPlans");
    return f;
  }();
  CHECK(readers::read_savings_plans_csv_file(savings_plans_csv, only_plan)
            .terms[0]
            .dimensions.size() == 2);
}

TEST_CASE("bad Savings Plans input is reported with the byte offset or line and the field") {
  const auto json = slurp(savings_plans_json);
  CHECK_THROWS_WITH_AS(
      (void)read_json(edit(json, "\"price\" : \"14.19\",\n              \"currency\" : \"USD\"",
                           "\"price\" : \"14.19\",\n              \"currency\" : \"EUR\""),
                      gpu_and_trainium),
      doctest::Contains("terms.savingsPlan[0] (plan 3KHJ9WQB7TZP2C5M).rates[0]."
                        "discountedRate.currency: the rate is in EUR, not USD"),
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_json(edit(json, "\"price\" : \"14.19\"", "\"price\" : \"14,19\""),
                      gpu_and_trainium),
      doctest::Contains("rates[0].discountedRate.price: \"14,19\" is not a decimal price"),
      parse_error);
  // Every rate selected: the Lambda rate's unit is not one the table knows.
  CHECK_THROWS_WITH_AS((void)read_json(json, readers::savings_plan_filter{}),
                       doctest::Contains("rates[3].unit: \"Lambda-GB-Second\" is not in "
                                         "trncost's price-unit table"),
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_json(edit(json, "\"sku\" : \"8VQRT4M2XK6JN9WD\",\n        \"description\"",
                           "\"sku\" : \"UNKNOWNPLAN00000\",\n        \"description\""),
                      gpu_and_trainium),
      doctest::Contains(".sku: the plan UNKNOWNPLAN00000 is not among the file's products"),
      parse_error);
  const auto cut = json.substr(0, json.size() / 2);
  CHECK_THROWS_WITH_AS((void)read_json(cut, gpu_and_trainium),
                       doctest::Contains(("trncost: sp.json: byte " + std::to_string(cut.size()) +
                                          ": terms.savingsPlan[0] (plan 3KHJ9WQB7TZP2C5M)")
                                             .c_str()),
                       parse_error);
  CHECK_THROWS_WITH_AS((void)read_json(cut, gpu_and_trainium),
                       doctest::Contains("(the input ends early: truncated file?)"), parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_json(edit(json, "  \"publicationDate\" : \"2026-09-12T00:00:00Z\",\n", ""),
                      gpu_and_trainium),
      doctest::Contains("publicationDate: is missing"), parse_error);
  CHECK_THROWS_WITH_AS((void)read_json(json, readers::savings_plan_rates_for({"trn2.48xlarge"})),
                       doctest::Contains("sp.json: no Savings Plans rate matches the filter "
                                         "(plans: everything; rates: discountedInstanceType="
                                         "trn2.48xlarge) among the 8 rates of the file"),
                       input_error);

  const auto csv = slurp(savings_plans_csv);
  CHECK_THROWS_WITH_AS((void)read_csv(edit(csv, "14.19,USD", "14.19,EUR"), gpu_and_trainium),
                       "trncost: sp.csv:7: Currency: the rate is in EUR, not USD", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_csv(edit(csv, "30.272,USD", "30.2.72,USD"), gpu_and_trainium),
      "trncost: sp.csv:9: DiscountedRate: \"30.2.72\" is not a decimal price: unexpected "
      "character '.' at offset 4",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_csv(csv.substr(0, csv.rfind("30.272")), gpu_and_trainium),
      doctest::Contains("sp.csv:9: column 'Currency': is missing: the record has 5 "
                        "fields"),
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)read_csv(edit(csv, "Publication Date,2026-09-12T00:00:00Z", "Publication Date,"),
                     gpu_and_trainium),
      doctest::Contains("sp.csv:3: Publication Date: is missing"), parse_error);
}

}  // namespace trncost_tests::prices_savings_plans_test
