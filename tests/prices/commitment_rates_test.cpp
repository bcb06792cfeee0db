// The purchase options of a base load priced from the files they are published in: on-demand and
// reserved rates read from the EC2 offer fixture, the Savings Plan rate from the Savings Plans
// fixture (tests/prices/data/), combined by the commitment mix
// (model/components/commitment_mix.hpp). Every expected amount is computed by hand in a comment.
#include <doctest/doctest.h>

#include <string>
#include <trncost/model.hpp>
#include <trncost/model/components/commitment_mix.hpp>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <trncost/readers/savings_plans.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>

#include "../support/price_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::prices_commitment_rates_test {

using namespace trncost;
using namespace trncost::pricing;
using namespace trncost_support::price_fixtures;

namespace {

price_book book_of_both() {
  price_book book(as_of, day_count{90});
  book.add(
      readers::read_offer_json_file(ec2_json, ec2_linux_shared("us-east-1", {"trn1.32xlarge"})),
      as_of);
  book.add(readers::read_savings_plans_json_file(
               savings_plans_json, readers::savings_plan_rates_for({"trn1.32xlarge"}), "us-east-1"),
           as_of);
  return book;
}

assumption forecast() { return assumption{"a year of the service: 2 instances, 3 at peak"}; }

/// 2 instances for 8,000 h and 3 for the 760 peak hours: 8,760 h, one year.
std::vector<demand_level> a_year() {
  return base_and_peak(sourced("base", make(units::instance, 2), forecast()),
                       sourced("peak", make(units::instance, 3), forecast()),
                       sourced("year", make(units::hour, 8760), forecast()),
                       sourced("peak_hours", make(units::hour, 760), forecast()));
}

estimate evaluate(const commitment_mix& mix) {
  model m;
  m.add(mix);
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"compute only in this test"});
  }
  return m.evaluate(as_of);
}

}  // namespace

TEST_CASE("reserved instances with their upfront fee read from the offer file cover the base") {
  const auto book = book_of_both();
  const auto od = ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_od");
  const auto ri = ec2_reserved(book, "us-east-1", "trn1.32xlarge", "1yr", "standard",
                               "Partial Upfront", "trn1_ri");
  REQUIRE(ri.upfront.has_value());
  auto mix = commitment_mix::reserved_instances(
      "service", "trn1.32xlarge", a_year(),
      sourced("reserved", make(units::instance, 2), forecast()), ri.hourly, od);
  mix.with_upfront(*ri.upfront);
  const auto est = evaluate(mix);
  REQUIRE(est.lines.size() == 4);
  // Covered: 2 x 8,000 + 2 x 760 = 17,520 instance-h x 6.13 = 107,397.60.
  CHECK(*est.lines[0].amount == decimal("107397.6"));
  CHECK(std::get<quoted>(est.lines[0].price->origin).option == purchase_option::reserved);
  // Above: 1 x 760 = 760 instance-h x 21.50 = 16,340.
  CHECK(*est.lines[1].amount == decimal(16340));
  CHECK(std::get<quoted>(est.lines[1].price->origin).option == purchase_option::on_demand);
  // Unused: none, the base never drops below 2.
  CHECK(*est.lines[2].amount == decimal(0));
  // Upfront: 53,700 x 2 = 107,400.
  CHECK(est.lines[3].description == "upfront fees (reserved instances) on trn1.32xlarge");
  CHECK(*est.lines[3].amount == decimal(107400));
  CHECK(est.lines[3].formula == "(trn1_ri_upfront / instances_per_upfront_fee) * reserved");
  // 107,397.60 + 16,340 + 107,400 = 231,137.60 (all on-demand: 18,280 x 21.50 = 393,020).
  CHECK(est.total == decimal("231137.6"));
  // The report of the mix recomputes from itself.
  const auto checked = report::audit(report::render_json(est), "mix.json");
  CHECK(checked.ok);
  CHECK(checked.first_mismatch.empty());
  CHECK(checked.lines == 4);
}

TEST_CASE("a Savings Plan rate read from the Savings Plans file prices the committed hours") {
  const auto book = book_of_both();
  const auto od = ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_od");
  const auto sp = savings_plan_rate(book, "trn1.32xlarge", "EC2InstanceSavingsPlans", "1yr",
                                    "No Upfront", "trn1_sp");
  // 28.38 USD/h at 14.19 USD/instance-h pays for exactly 2 instances each hour.
  const auto est = evaluate(commitment_mix::savings_plan(
      "service", "trn1.32xlarge", a_year(),
      sourced("commitment", make(units::usd_per_hour, "28.38"), forecast()), sp, od));
  REQUIRE(est.lines.size() == 3);
  // Covered: 17,520 instance-h x 14.19 = 248,608.80; above 760 x 21.50 = 16,340; unused 0.
  CHECK(*est.lines[0].amount == decimal("248608.8"));
  CHECK(std::get<quoted>(est.lines[0].price->origin).option == purchase_option::savings_plan);
  CHECK(*est.lines[1].amount == decimal(16340));
  CHECK(*est.lines[2].amount == decimal(0));
  CHECK(est.total == decimal("264948.8"));
  CHECK(report::audit(report::render_json(est), "mix.json").ok);
  auto with_fee = commitment_mix::savings_plan(
      "service", "trn1.32xlarge", a_year(),
      sourced("commitment", make(units::usd_per_hour, "28.38"), forecast()), sp, od);
  CHECK_THROWS_WITH_AS(with_fee.with_upfront(sourced("fee", usd("1000"), forecast())),
                       doctest::Contains("a Savings Plan's upfront payment is not modelled"),
                       input_error);
}

}  // namespace trncost_tests::prices_commitment_rates_test
