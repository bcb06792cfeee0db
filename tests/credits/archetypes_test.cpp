// The five workload archetypes (examples/credit_archetypes.hpp): each grant's behaviour, computed
// by hand from the rates and hours written in that header.
#include <doctest/doctest.h>

#include "../../examples/credit_archetypes.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::credits_archetypes_test {

using namespace trncost;

namespace {
decimal dollars(std::string_view s) { return decimal::parse(s); }

/// The archetype's grants burned down over its spend schedule.
credits::burn_down_result burned(const archetypes::archetype& a) {
  return credits::burn_down(a.grants, a.schedule);
}
}  // namespace

TEST_CASE("archetypes: fine-tuning bursts spread one grant over many experiments") {
  // 24 instance-h x 21.50 = 516 USD compute + 50 storage = 566 a month, 12 months = 6,792.
  // 5,000 pays January to August (8 x 566 = 4,528); the last 472 meets 566 in September's 30
  // days: 30 * 472 / 566 = 25.0 days, so the balance runs out on Sep 1 + 25 = Sep 26.
  // 5,000 / 86 USD per 4-hour fine-tune is 58 experiments.
  const auto r = burned(archetypes::fine_tuning_bursts());
  CHECK(r.total_spend == dollars("6792"));
  CHECK(r.total_credits == dollars("5000"));
  CHECK(r.total_uncovered == dollars("1792"));
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == parse_date("2026-09-26"));
  CHECK(r.total_wasted.is_zero());
}

TEST_CASE("archetypes: continued pre-training absorbs most of a large grant in one run") {
  // 8,064 x 21.50 = 173,376 compute + 1,500 storage = 174,876, all covered; 200,000 - 174,876 =
  // 25,124 left, still valid after the run (not waste: later spend can use it).
  const auto r = burned(archetypes::continued_pretraining());
  CHECK(r.total_spend == dollars("174876"));
  CHECK(r.total_credits == dollars("174876"));
  CHECK(r.grants[0].unused_at_schedule_end == dollars("25124"));
  // Another run at the same rate (174,876 over 21 days) would take the 25,124 left in
  // 21 * 25124 / 174876 = 3.02 days: Apr 22 + 3 = Apr 25. (Before the projection: no runway.)
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == parse_date("2026-04-25"));
  CHECK(r.grants[0].lost_at_expiry.is_zero());
  // Issued Mar 1, first spend Apr 1: 31 days of validity with nothing drawing on it; and the
  // projected run-out.
  CHECK(r.findings.size() == 2);
}

TEST_CASE("archetypes: steady inference burns the same amount each month") {
  // 1,460 x 1.34375 = 1,961.875 a month; January and February take 3,923.75; 1,076.25 is left for
  // March's 1,961.875 over 31 days: 31 * 1076.25 / 1961.875 = 17.0 days, so Mar 1 + 17 = Mar 18.
  const auto r = burned(archetypes::steady_inference());
  CHECK(r.periods[0].credits_used == dollars("1961.875"));
  CHECK(r.periods[1].credits_used == dollars("1961.875"));
  CHECK(r.periods[2].credits_used == dollars("1076.25"));
  CHECK(r.total_spend == dollars("11771.25"));  // 6 x 1,961.875
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == parse_date("2026-03-18"));
}

TEST_CASE("archetypes: an idle evaluation cluster burns a grant fastest") {
  // 730 x 21.50 = 15,695 a month whatever the cluster does; 5,000 lasts 31 * 5000 / 15695 = 9.9
  // days: Jan 1 + 9 = Jan 10. Busy 20 % of the time, 80 % of each month's bill is idle.
  const auto r = burned(archetypes::evaluation_sweeps());
  CHECK(r.total_spend == dollars("47085"));  // 3 x 15,695
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == parse_date("2026-01-10"));
}

TEST_CASE("archetypes: at frontier scale the grant is a rounding error") {
  // 368,640 x 21.50 = 7,925,760 over 60 days from May 1: May's 31 days carry 7,925,760 * 31 / 60
  // = 4,094,976. 200,000 of it lasts 31 * 200000 / 4094976 = 1.5 days: May 1 + 1 = May 2, and
  // covers 200,000 / 7,925,760 = 2.5 % of the run.
  const auto r = burned(archetypes::frontier_pretraining());
  CHECK(r.total_spend == dollars("7925760"));
  CHECK(r.periods[0].spend == dollars("4094976"));
  CHECK(r.total_credits == dollars("200000"));
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == parse_date("2026-05-02"));
  CHECK((r.total_credits * decimal(100) / r.total_spend).to_fixed(decimal_places{1}) == "2.5");
}

TEST_CASE("archetypes: all five, each with a documented grant and quoted prices") {
  const auto all = archetypes::all();
  REQUIRE(all.size() == 5);
  for (const auto& a : all) {
    CHECK_FALSE(a.behaviour.empty());
    CHECK(std::holds_alternative<documented>(a.grants.front().amount().origin()));
  }
  CHECK(std::holds_alternative<quoted>(archetypes::trn1_32xl().origin()));
}

}  // namespace trncost_tests::credits_archetypes_test
