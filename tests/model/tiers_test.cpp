// Tests for tier tables: the bands of usage each tier prices, boundaries, the rules a table is
// checked against where it is built, and unknown tier prices. Every expected amount is computed by
// hand in the comment above it (internet egress, us-east-1, docs/domain.md#us-east-1-prices).
#include <doctest/doctest.h>

#include <trncost/model/component.hpp>
#include <trncost/model/estimate.hpp>
#include <trncost/model/tiers.hpp>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_tiers_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-11-30");

using egress_prices = tier_table<units::gibibyte_t, units::usd_per_gibibyte_t>;

quoted transfer_page() {
  return quoted{.source = "https://aws.amazon.com/ec2/pricing/on-demand/ (data transfer)",
                .region = "us-east-1",
                .consulted = as_of};
}

sourced<quantity<units::usd_per_gibibyte_t>> per_gib(const char* name, const char* value) {
  return sourced(name, make(units::usd_per_gibibyte, value), transfer_page());
}

quantity<units::gibibyte_t> gib(long long n) { return make(units::gibibyte, n); }

/// Internet egress: first 10 TB at 0.09, next 40 TB at 0.085, next 100 TB at 0.07, over 150 TB at
/// 0.05 per GB (AWS's "GB" and "TB" being 2^30 and 2^40 bytes: 10 TB = 10240 GiB).
egress_prices egress() {
  return egress_prices("internet_egress_price",
                       {{per_gib("egress_first_10tb", "0.09"), gib(0), gib(10240)},
                        {per_gib("egress_next_40tb", "0.085"), gib(10240), gib(51200)},
                        {per_gib("egress_next_100tb", "0.07"), gib(51200), gib(153600)},
                        {per_gib("egress_over_150tb", "0.05"), gib(153600), std::nullopt}});
}

/// The smallest component that prices a usage by a tier table: what a user's own component does.
struct tiered_usage {
  std::string n;
  egress_prices table;
  input_of<quantity<units::gibibyte_t>> usage;

  [[nodiscard]] const std::string& name() const noexcept { return n; }
  [[nodiscard]] category cost_category() const noexcept { return category::transfer; }
  void build(component_builder& b) const {
    table.add_lines(b, detail::add_input(b, usage), "internet egress");
  }
};

sourced<quantity<units::gibibyte_t>> egress_volume(long long n) {
  return sourced(
      "egress_gib", gib(n),
      measured{"run-1", "VPC flow logs, bytes out to the internet",
               parse_timestamp("2026-11-01T00:00:00Z"), parse_timestamp("2026-11-30T23:59:59Z")});
}

estimate evaluate_egress(egress_prices table, input_of<quantity<units::gibibyte_t>> usage) {
  model m;
  m.add(tiered_usage{"egress", std::move(table), std::move(usage)});
  trncost_support::declare_none_but(m, category::transfer);
  return m.evaluate(as_of);
}

decimal amount_of(const estimate& est, std::size_t i) {
  REQUIRE(i < est.lines.size());
  REQUIRE(est.lines[i].amount.has_value());
  return *est.lines[i].amount;
}

}  // namespace

TEST_CASE("a tiered price puts each part of the usage in its own tier") {
  // 60 TB = 61440 GiB in a month:
  //   10240 GiB x 0.09  =  921.6
  //   40960 GiB x 0.085 = 3481.6
  //   10240 GiB x 0.07  =  716.8
  //       0 GiB x 0.05  =    0
  //   total              = 5120
  const auto est = evaluate_egress(egress(), egress_volume(61440));
  REQUIRE(est.lines.size() == 4);
  CHECK(amount_of(est, 0) == decimal("921.6"));
  CHECK(amount_of(est, 1) == decimal("3481.6"));
  CHECK(amount_of(est, 2) == decimal("716.8"));
  CHECK(amount_of(est, 3) == decimal(0));
  CHECK(est.total == decimal(5120));
  CHECK(est.by_category.at(category::transfer) == decimal(5120));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("usage exactly on a tier boundary stays in the lower tier") {
  // 10240 GiB x 0.09 = 921.6; the next tiers get nothing.
  const auto est = evaluate_egress(egress(), egress_volume(10240));
  CHECK(amount_of(est, 0) == decimal("921.6"));
  CHECK(amount_of(est, 1) == decimal(0));
  CHECK(amount_of(est, 2) == decimal(0));
  CHECK(amount_of(est, 3) == decimal(0));
  CHECK(est.total == decimal("921.6"));
}

TEST_CASE("usage above the last boundary falls in the open-ended tier") {
  // 200 TB = 204800 GiB:
  //    10240 x 0.09  =  921.6
  //    40960 x 0.085 = 3481.6
  //   102400 x 0.07  = 7168
  //    51200 x 0.05  = 2560
  //   total          = 14131.2
  const auto est = evaluate_egress(egress(), egress_volume(204800));
  CHECK(amount_of(est, 2) == decimal(7168));
  CHECK(amount_of(est, 3) == decimal(2560));
  CHECK(est.total == decimal("14131.2"));
}

TEST_CASE("each tier's line shows its range, its price and its band of the usage") {
  const auto est = evaluate_egress(egress(), egress_volume(61440));
  CHECK(est.lines[0].description == "internet egress (0 to 10240 GiB)");
  CHECK(est.lines[1].description == "internet egress (10240 to 51200 GiB)");
  CHECK(est.lines[3].description == "internet egress (above 153600 GiB)");
  CHECK(est.lines[1].price->name == "egress_next_40tb");
  CHECK(est.lines[1].quantity->value == "40960");
  CHECK(est.lines[1].quantity->unit == "GiB");
  CHECK(est.lines[1].formula == "egress_next_40tb * (band(egress_gib, 10240, 51200))");
  CHECK(est.lines[3].formula == "egress_over_150tb * (band(egress_gib, 153600, inf))");
}

TEST_CASE("a flat price is one tier from zero and prices the whole usage") {
  // 500 GiB x 0.02 = 10
  const auto table = egress_prices::flat(per_gib("inter_region_price", "0.02"));
  CHECK(table.name() == "inter_region_price");
  CHECK(table.size() == 1);
  const auto est = evaluate_egress(table, egress_volume(500));
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].description == "internet egress");
  CHECK(est.lines[0].formula == "inter_region_price * egress_gib");
  CHECK(amount_of(est, 0) == decimal(10));
}

TEST_CASE("a tier table without tiers is rejected") {
  CHECK_THROWS_WITH_AS(egress_prices("egress_price", {}),
                       "trncost: tier table 'egress_price' has no tiers; give at least one (a flat "
                       "price is one tier from 0 with no end)",
                       input_error);
  CHECK_THROWS_WITH_AS(egress_prices("", {{per_gib("p", "0.09"), gib(0), std::nullopt}}),
                       "trncost: a tier table needs a name", input_error);
}

TEST_CASE("a first tier that does not begin at zero is rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(1), gib(10240)},
                                     {per_gib("p1", "0.085"), gib(10240), std::nullopt}}),
      "trncost: tier table 'egress_price': tiers[0] begins at 1 GiB; the first "
      "tier must begin at 0",
      input_error);
}

TEST_CASE("a gap between two tiers is rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), gib(10240)},
                                     {per_gib("p1", "0.085"), gib(10241), std::nullopt}}),
      "trncost: tier table 'egress_price': tiers[1] begins at 10241 GiB but "
      "tiers[0] ends at 10240 GiB, leaving a gap; each tier must begin where the "
      "previous one ends",
      input_error);
}

TEST_CASE("overlapping tiers are rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), gib(10240)},
                                     {per_gib("p1", "0.085"), gib(10240), gib(51200)},
                                     {per_gib("p2", "0.07"), gib(40960), std::nullopt}}),
      "trncost: tier table 'egress_price': tiers[2] begins at 40960 GiB but "
      "tiers[1] ends at 51200 GiB, so they overlap; each tier must begin where "
      "the previous one ends",
      input_error);
}

TEST_CASE("a tier that does not end after it begins is rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), gib(0)},
                                     {per_gib("p1", "0.085"), gib(0), std::nullopt}}),
      "trncost: tier table 'egress_price': tiers[0] ends at 0 GiB, not after its "
      "beginning 0 GiB; a tier must end after it begins",
      input_error);
}

TEST_CASE("an open-ended tier before the last one is rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), std::nullopt},
                                     {per_gib("p1", "0.085"), gib(10240), std::nullopt}}),
      "trncost: tier table 'egress_price': tiers[0] has no end but is not the "
      "last tier; only the last tier may be open-ended",
      input_error);
}

TEST_CASE("a last tier with an end is rejected so that no usage goes unpriced") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), gib(10240)},
                                     {per_gib("p1", "0.085"), gib(10240), gib(51200)}}),
      "trncost: tier table 'egress_price': tiers[1], the last tier, ends at 51200 "
      "GiB; the last tier must be open-ended (no end) so that no usage goes "
      "unpriced",
      input_error);
}

TEST_CASE("a negative tier price is rejected") {
  CHECK_THROWS_WITH_AS(
      egress_prices("egress_price", {{per_gib("p0", "0.09"), gib(0), gib(10240)},
                                     {per_gib("p1", "-0.085"), gib(10240), std::nullopt}}),
      // Refused where the price is built (a sourced value), before any table sees it.
      "trncost: input 'p1': quoted value -0.085 USD/GiB is negative; a price or a cost cannot "
      "be negative (a credit is a grant: docs/credits.md)",
      input_error);
}

TEST_CASE("an unknown tier price leaves that tier's line unpriced and out of the total") {
  // 204800 GiB: tiers 0, 1 and 3 priced (921.6 + 3481.6 + 2560 = 6963.2), tier 2 unpriced.
  egress_prices table("internet_egress_price",
                      {{per_gib("egress_first_10tb", "0.09"), gib(0), gib(10240)},
                       {per_gib("egress_next_40tb", "0.085"), gib(10240), gib(51200)},
                       {unknown_input{"egress_next_100tb", "no row read from the offer file yet"},
                        gib(51200), gib(153600)},
                       {per_gib("egress_over_150tb", "0.05"), gib(153600), std::nullopt}});
  const auto est = evaluate_egress(table, egress_volume(204800));
  CHECK_FALSE(est.lines[2].amount.has_value());
  CHECK(est.unpriced_lines() == 1);
  CHECK(est.total == decimal("6963.2"));
  CHECK(est.status == estimate_status::unpriced);
  REQUIRE_FALSE(est.reasons.empty());
  CHECK(est.reasons.front().text ==
        "line 'internet egress (51200 to 153600 GiB)' (egress) is unpriced: egress_next_100tb is "
        "unknown (no row read from the offer file yet); it is left out of the totals");
}

TEST_CASE("an unknown usage leaves every tier's line unpriced, never zero") {
  const auto est =
      evaluate_egress(egress(), unknown_input{"egress_gib", "egress not measured yet"});
  CHECK(est.unpriced_lines() == 4);
  CHECK(est.total == decimal(0));
  CHECK(est.status == estimate_status::unpriced);
}

TEST_CASE("NaN and infinite values cannot become an input's value") {
  // Values are exact decimals parsed from text: there is no NaN or infinity to pass a component.
  CHECK_THROWS_WITH_AS(decimal::parse("NaN"),
                       "trncost: \"NaN\" is not a decimal number: expected a digit at offset 0",
                       parse_error);
  CHECK_THROWS_WITH_AS(decimal::parse("inf"),
                       "trncost: \"inf\" is not a decimal number: expected a digit at offset 0",
                       parse_error);
  CHECK_THROWS_AS(decimal::parse("-Infinity"), parse_error);
}

}  // namespace trncost_tests::model_tiers_test
