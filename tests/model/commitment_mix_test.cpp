// Tests for the commitment mix (include/trncost/model/components/commitment_mix.hpp): reserved
// instances or a Savings Plan covering a base load, on-demand above it, the unused commitment as
// its own line. Every expected amount is computed by hand in the comment above it; the rates are
// invented round figures quoted as from an offer file.
#include <doctest/doctest.h>

#include <trncost/model.hpp>
#include <trncost/model/components/commitment_mix.hpp>
#include <vector>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_commitment_mix_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-12-01");

quoted offer(purchase_option option, const char* term) {
  return quoted{.source = "AmazonEC2 offer file, us-east-1",
                .offer_code = "AmazonEC2",
                .offer_version = "20261120000000",
                .sku = "SKU1",
                .offer_term_code = term,
                .rate_code = std::string("SKU1.") + term + ".RATE1",
                .region = "us-east-1",
                .option = option,
                .consulted = as_of};
}

sourced<quantity<units::usd_per_instance_hour_t>> on_demand() {
  return sourced("od_rate", make(units::usd_per_instance_hour, "21.50"),
                 offer(purchase_option::on_demand, "JRTCKXETXF"));
}
sourced<quantity<units::usd_per_instance_hour_t>> reserved_rate() {
  return sourced("ri_rate", make(units::usd_per_instance_hour, "13.70"),
                 offer(purchase_option::reserved, "4NA7Y494T4"));
}
sourced<quantity<units::usd_per_instance_hour_t>> plan_rate() {
  return sourced("sp_rate", make(units::usd_per_instance_hour, "16"),
                 offer(purchase_option::savings_plan, "PLAN1"));
}

assumption forecast() { return assumption{"demand forecast of the service, 2026-12"}; }

demand_level level(const char* name, int instances, const char* hours) {
  return {sourced(std::string(name) + "_instances", make(units::instance, instances), forecast()),
          sourced(std::string(name) + "_hours", make(units::hour, hours), forecast())};
}

/// A month (730 h) of demand: `base` instances all month and `peak` instances for `peak_hours` of
/// it, every figure from the forecast.
std::vector<demand_level> forecast_month(int base, int peak, const char* peak_hours) {
  return base_and_peak(sourced("base", make(units::instance, base), forecast()),
                       sourced("peak", make(units::instance, peak), forecast()),
                       sourced("month", make(units::hour, "730"), forecast()),
                       sourced("peak_hours", make(units::hour, peak_hours), forecast()));
}

void declare_rest_none(model& m) { trncost_support::declare_none_but(m, category::compute); }

}  // namespace

TEST_CASE("reserved instances cover the base and on-demand runs above it") {
  model m;
  // 2 reserved; demand: 2 instances for 600 h, 4 for 120 h, 1 for 60 h.
  m.add(commitment_mix::reserved_instances(
      "service", "trn2.48xlarge",
      {level("base", 2, "600"), level("peak", 4, "120"), level("night", 1, "60")},
      sourced("reserved", make(units::instance, 2), forecast()), reserved_rate(), on_demand()));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 3);
  // Covered: min(2,2) x 600 + min(4,2) x 120 + min(1,2) x 60 = 1,200 + 240 + 60 = 1,500
  // instance-h at 13.70 = 20,550.
  CHECK(est.lines[0].description == "committed use (reserved instances) on trn2.48xlarge");
  CHECK(*est.lines[0].amount == decimal(20550));
  CHECK(est.lines[0].quantity->value == "1500");
  // Above: (4 - 2) x 120 = 240 instance-h at 21.50 = 5,160.
  CHECK(est.lines[1].description == "on-demand above the commitment on trn2.48xlarge");
  CHECK(*est.lines[1].amount == decimal(5160));
  // Unused: (2 - 1) x 60 = 60 instance-h at 13.70 = 822.
  CHECK(est.lines[2].description == "unused commitment (reserved instances) on trn2.48xlarge");
  CHECK(*est.lines[2].amount == decimal(822));
  CHECK(est.lines[2].price->name == "ri_rate");
  // 20,550 + 5,160 + 822 = 26,532; all compute.
  CHECK(est.total == decimal(26532));
  CHECK(est.by_category.at(category::compute) == decimal(26532));
}

TEST_CASE("the hours of the term after the demand are an unused line of their own") {
  model m;
  auto mix = commitment_mix::reserved_instances(
      "service", "trn2.48xlarge", {level("base", 2, "600"), level("peak", 4, "120")},
      sourced("reserved", make(units::instance, 2), forecast()), reserved_rate(), on_demand());
  mix.with_term(sourced("term", make(units::hour, "1000"), forecast()));
  m.add(mix);
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 4);
  // Covered 1,200 + 240 = 1,440 x 13.70 = 19,728; above 240 x 21.50 = 5,160; unused 0.
  CHECK(*est.lines[0].amount == decimal(19728));
  CHECK(*est.lines[1].amount == decimal(5160));
  CHECK(*est.lines[2].amount == decimal(0));
  // After the demand: 2 x (1,000 - 720) = 560 instance-h x 13.70 = 7,672.
  CHECK(est.lines[3].description ==
        "commitment term after the demand, unused (reserved instances) on trn2.48xlarge");
  CHECK(*est.lines[3].amount == decimal(7672));
  // 19,728 + 5,160 + 7,672 = 32,560 = 13.70 x 2 x 1,000 (the whole commitment) + 5,160.
  CHECK(est.total == decimal(32560));

  auto short_term = commitment_mix::reserved_instances(
      "service", "trn2.48xlarge", {level("base", 2, "600"), level("peak", 4, "120")},
      sourced("reserved", make(units::instance, 2), forecast()), reserved_rate(), on_demand());
  CHECK_THROWS_WITH_AS(short_term.with_term(sourced("term", make(units::hour, "700"), forecast())),
                       "trncost: component 'service': the commitment's term ('term', 700 h) is "
                       "shorter than the demand (720 h); model the hours after it as on-demand in "
                       "another component",
                       input_error);
}

TEST_CASE("a Savings Plan commitment covers commitment over rate instances each hour") {
  model m;
  // 40 USD/h at the plan's 16 USD/instance-h pays for 40 / 16 = 2.5 instances each hour.
  // Demand: 2 instances for 100 h, 4 for 50 h.
  m.add(commitment_mix::savings_plan(
      "service", "p5.48xlarge", {level("base", 2, "100"), level("peak", 4, "50")},
      sourced("commitment", make(units::usd_per_hour, "40"), forecast()), plan_rate(),
      on_demand()));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 3);
  // Covered: min(2, 2.5) x 100 + min(4, 2.5) x 50 = 200 + 125 = 325 instance-h x 16 = 5,200.
  CHECK(est.lines[0].description == "committed use (Savings Plan) on p5.48xlarge");
  CHECK(*est.lines[0].amount == decimal(5200));
  // Above: (4 - 2.5) x 50 = 75 instance-h x 21.50 = 1,612.50.
  CHECK(*est.lines[1].amount == decimal("1612.5"));
  // Unused: (2.5 - 2) x 100 = 50 instance-h x 16 = 800, which is (40 - 2 x 16) USD/h x 100 h.
  CHECK(*est.lines[2].amount == decimal(800));
  // The commitment is paid whole: 5,200 + 800 = 6,000 = 40 USD/h x 150 h.
  CHECK(*est.lines[0].amount + *est.lines[2].amount == decimal(6000));
  CHECK(est.total == decimal("7612.5"));
  // The covered count is derived from the commitment and the rate.
  CHECK(est.lines[0].formula.find("commitment / sp_rate") != std::string::npos);
}

TEST_CASE("a flat base with a peak is two demand levels") {
  const auto levels = forecast_month(2, 5, "130");
  REQUIRE(levels.size() == 2);
  // 730 - 130 = 600 base hours, derived from both.
  CHECK(levels[0].hours.value().value() == decimal(600));
  CHECK(levels[0].hours.name() == "base_hours");
  CHECK(std::holds_alternative<derived>(levels[0].hours.origin()));
  CHECK(levels[1].instances.value().value() == decimal(5));
  CHECK(levels[1].hours.value().value() == decimal(130));

  model m;
  m.add(commitment_mix::reserved_instances(
      "service", "trn2.48xlarge", levels, sourced("reserved", make(units::instance, 3), forecast()),
      reserved_rate(), on_demand()));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  // Covered: 2 x 600 + 3 x 130 = 1,590 x 13.70 = 21,783; above: 2 x 130 = 260 x 21.50 = 5,590;
  // unused: 1 x 600 = 600 x 13.70 = 8,220.
  CHECK(*est.lines[0].amount == decimal(21783));
  CHECK(*est.lines[1].amount == decimal(5590));
  CHECK(*est.lines[2].amount == decimal(8220));

  CHECK_THROWS_WITH_AS(
      forecast_month(2, 5, "731"),
      "trncost: demand: the peak lasts 731 h, longer than the period of 730 h ('peak_hours' > "
      "'month')",
      input_error);
  CHECK_THROWS_WITH_AS(forecast_month(3, 2, "10"),
                       "trncost: demand: the peak ('peak', 2 instances) is lower than the base "
                       "('base', 3)",
                       input_error);
}

TEST_CASE("a commitment mix refuses an empty demand and fractional instances") {
  const auto reserved = [](const char* n) {
    return sourced("reserved", make(units::instance, n), forecast());
  };
  // `count` reserved instances of the service for `demand`, at the usual rates.
  const auto reserve = [&](std::vector<demand_level> demand, const char* count) {
    return commitment_mix::reserved_instances("service", "trn2.48xlarge", std::move(demand),
                                              reserved(count), reserved_rate(), on_demand());
  };
  CHECK_THROWS_WITH_AS(reserve({}, "2"),
                       "trncost: component 'service': the demand is empty; give at least one "
                       "level (instances, hours)",
                       input_error);
  CHECK_THROWS_WITH_AS(reserve({level("base", 2, "600")}, "1.5"),
                       "trncost: component 'service': input 'reserved' is 1.5 instances; "
                       "instances running or reserved are a whole number",
                       input_error);
  CHECK_THROWS_AS(reserve({level("base", 2, "600")}, "0"), input_error);
  CHECK_THROWS_AS(commitment_mix::savings_plan(
                      "service", "p5.48xlarge", {level("base", 2, "100")},
                      sourced("commitment", make(units::usd_per_hour, "0"), forecast()),
                      plan_rate(), on_demand()),
                  input_error);
  CHECK_THROWS_WITH_AS(
      commitment_mix::reserved_instances("", "trn2.48xlarge", {level("base", 2, "600")},
                                         reserved("2"), reserved_rate(), on_demand()),
      "trncost: a commitment_mix component needs a name", input_error);
}

}  // namespace trncost_tests::model_commitment_mix_test
