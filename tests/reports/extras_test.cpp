// Tests for the analysis and credits parts of a report (report/extras.hpp, the JSON writer
// and the audit): the sections are written with every decimal exact and the Monte Carlo figures in
// a fixed format, a report without them is byte-identical to before, the audit re-checks what the
// report alone lets one recompute, and each tampering is caught and named.
#include <doctest/doctest.h>

#include <string_view>
#include <trncost/report/audit.hpp>
#include <trncost/report/json_extras.hpp>

#include "../support/text.hpp"
#include "extras_fixtures.hpp"
#include "fixtures.hpp"
#include "tampering.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_extras_test {

using namespace trncost;
using extras_test::burn_down_of;
using extras_test::d;
using extras_test::ec2_grant;
using extras_test::ec2_instances;
using reports_test::replace_once;
using trncost_support::check_holds_each;

namespace {

const extras_test::bundle& shared() {
  static const extras_test::bundle b;
  return b;
}

std::string full_json() { return report::render_json(shared().est, shared().x); }

/// The audit refuses the report of every extra once `edit` has changed the extras in memory (kept
/// consistent where the writer would check them), its first mismatch starting with `caught`.
template <class Edit>
void require_edit_caught(Edit edit, const std::string& caught) {
  auto x = shared().x;
  edit(x);
  reports_test::require_caught(report::render_json(shared().est, x), caught);
}

/// The small estimate's JSON report with the burn-down `b` as its one extra; the audit, reading it
/// as `name`, accepts it.
std::string credits_report(const credits::burn_down_result& b, const char* name) {
  report::extras x;
  x.burn_down = b;
  const auto json = report::render_json(small::small_estimate(), x);
  CAPTURE(name);
  CHECK(report::audit(json, name).ok);
  return json;
}

using reports_tampering::require_each_caught;
using reports_tampering::tampering;
using reports_test::require_caught;

}  // namespace

TEST_CASE("extras: no extra keeps the report byte-identical and at its schema version") {
  const auto est = small::small_estimate();
  const report::extras none;
  CHECK(none.empty());
  CHECK_FALSE(none.has_analysis());
  CHECK(report::render_json(est, none) == report::render_json(est));
  // Its estimate has status reasons: version 4 (report::reasons_schema_version), extras or not.
  REQUIRE_FALSE(est.reasons.empty());
  CHECK(report::render_json(est).find("\"schema_version\": 7,") != std::string::npos);
  CHECK(report::check(none).ok);
}

TEST_CASE("extras: every section is written with exact decimals and audited") {
  const auto json = full_json();
  // Version 4, not 2: the estimate has status reasons (version 4 holds the sections of version 2).
  const std::string_view written[] = {
      "\"schema_version\": 7,",
      // The tornado's first bar: throughput 900..1100, totals 230.22..2 and 189.81..82
      // (hand-computed in extras_fixtures.hpp), swing 40.40404040404040404.
      // One expected text over several lines, not a missing comma.
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
      "\"total_at_low\": \"230.222222222222222222\",\n"
      "          \"total_at_high\": \"189.818181818181818182\",\n"
      "          \"swing\": \"40.40404040404040404\"",
      // The scenario "slower and dearer": 308, gap 100 = 50 + 40 + interaction 10.
      "\"total\": \"308\",\n          \"gap\": \"100\"",
      "\"interaction\": \"10\"",
      // Monte Carlo at a degenerate uniform: every figure 208, in the fixed format.
      "\"p50\": \"208.000000\"",
      "\"p_over_budget\": \"1.000000\"",
      // Comparison: trn1 costs 208 / 168 = 1.238095238095238095 times the cheapest.
      "\"cost_ratio\": \"1.238095238095238095\"",
      "\"outcome\": \"compare another option\"",
      // Credits: 2,850 spent, 2,500 credits, 350 in cash; B's last line -800 in March.
      "\"total_spend\": \"2850\",\n    \"total_credits\": \"2500\",\n"
      "    \"total_uncovered\": \"350\"",
  };
  check_holds_each(json, written);
  const auto r = report::audit(json, "full.json");
  CHECK(r.ok);
  if (!r.ok) MESSAGE(r.first_mismatch);
  CHECK(r.lines == 2);  // the document's own checks still ran
}

TEST_CASE("extras: the sections read back to what was written") {
  const auto json = full_json();
  const auto back = report::read_full_report(json, "full.json");
  REQUIRE(back.extras.tornado.has_value());
  CHECK(back.extras.tornado->observed.size() == 4);
  CHECK(back.extras.tornado->observed[2].swing == decimal::parse("1.6"));  // the volume
  REQUIRE(back.extras.scenarios.has_value());
  CHECK(back.extras.scenarios->scenarios[2].by_category.at(category::storage) == decimal(16));
  REQUIRE(back.extras.monte_carlo.has_value());
  CHECK(back.extras.monte_carlo->p95 == 208.0);
  CHECK(back.extras.monte_carlo->seed == 7);
  REQUIRE(back.extras.comparison.has_value());
  CHECK(back.extras.comparison->groups[0].apart[0].name == "trn2");
  CHECK(back.extras.comparison->groups[0].ranked[1].time_rank == 2u);
  REQUIRE(back.extras.decision.has_value());
  CHECK(back.extras.decision->outcome == analysis::verdict::compare_another);
  REQUIRE(back.extras.burn_down.has_value());
  CHECK(back.extras.burn_down->grants[0].exhausted_on == d(2026, 2, 4));
  CHECK(back.extras.burn_down->periods[1].uncovered_by_reason.at(
            credits::uncovered_reason::balance_exhausted) == decimal(100));
  CHECK(back.extras.burn_down->credit_lines.size() == 5);
  // Written again, the same bytes.
  CHECK(report::render_json(back.doc, back.extras) == json);
  std::istringstream in(json);
  CHECK(report::check(report::read_full_report(in, "full.json")).ok);
  std::ostringstream out;
  report::write_json(shared().est, shared().x, out);
  CHECK(out.str() == json);
}

TEST_CASE("extras: a Monte Carlo figure has six fractional digits whatever its value") {
  CHECK(report::detail::fixed6(208.0) == "208.000000");
  CHECK(report::detail::fixed6(0.1234565) == "0.123456");  // the double below ...4565 rounds down
  CHECK(report::detail::fixed6(1e-9) == "0.000000");
  CHECK(report::detail::fixed6(-2.5) == "-2.500000");
}

TEST_CASE("extras: a tampered tornado is caught") {
  require_caught(replace_once(full_json(), "\"swing\": \"1.6\"", "\"swing\": \"1.7\""),
                 "analysis.tornado.observed[2] 'volume' swing: the report says 1.7, "
                 "|total_at_high - total_at_low| = 1.6");
  // The volume bar moved to the top: its swing (kept consistent) is not the largest.
  require_edit_caught(
      [](report::extras& x) { std::swap(x.tornado->observed[0], x.tornado->observed[2]); },
      "analysis.tornado.observed[1] 'tokens': not sorted by swing (40 after 1.6)");
}

TEST_CASE("extras: tampered scenarios are caught") {
  const tampering scenario_edits[] = {
      {"\"gap\": \"100\"", "\"gap\": \"90\"",
       "analysis.scenarios.scenarios[1] 'slower and dearer' gap: the report says 90, "
       "total - measured total = 100"},
      {"\"interaction\": \"10\"", "\"interaction\": \"0\"",
       "analysis.scenarios.scenarios[1] 'slower and dearer': the parts (90) + the "
       "interaction (0) do not make the gap 100"},
  };
  require_each_caught(full_json(), scenario_edits);
  require_edit_caught(
      [](report::extras& x) {
        x.scenarios->scenarios[2].lines[1] = decimal(15);  // total 216 stays, lines sum to 215
      },
      "analysis.scenarios.scenarios[2] 'volumes kept longer' total: the report says "
      "216, its lines sum to 215");
  require_edit_caught(
      [](report::extras& x) { std::swap(x.scenarios->scenarios[0], x.scenarios->scenarios[1]); },
      "analysis.scenarios: the first scenario is the measured one");
}

TEST_CASE("extras: a tampered Monte Carlo band, comparison or decision is caught") {
  const tampering band_comparison_decision[] = {
      {"\"p95\": \"208.000000\"", "\"p95\": \"207.000000\"",
       "analysis.monte_carlo: p95 is below p50"},
      {"\"mean\": \"208.000000\"", "\"mean\": \"300.000000\"",
       "analysis.monte_carlo: the mean is outside min to max"},
      {"\"p_over_budget\": \"1.000000\"", "\"p_over_budget\": \"1.5\"",
       "analysis.monte_carlo: p_over_budget is not a probability"},
      {"\"cost_ratio\": \"1.238095238095238095\"", "\"cost_ratio\": \"1.2\"",
       "analysis.comparison.groups[0].ranked[1] 'trn1' cost_ratio: the report says 1.2, "
       "cost / cheapest = 1.238095238095238095"},
      {"\"cost_rank\": 2", "\"cost_rank\": 1",
       "analysis.comparison.groups[0].ranked[1] 'trn1' cost_rank: the report says 1, "
       "its place by cost gives 2"},
      {"\"cost\": \"208\"", "\"cost\": \"160\"",
       "analysis.comparison.groups[0].ranked[1] 'trn1': costs 160 after 168, not "
       "cheapest first"},
      {"\"outcome\": \"compare another option\"", "\"outcome\": \"continue\"",
       "analysis.decision outcome: the report says 'continue', its reasons give "
       "'compare another option'"},
  };
  require_each_caught(full_json(), band_comparison_decision);
  require_edit_caught(
      [](report::extras& x) {
        x.decision->suspend_reasons.push_back("the target quality is not measured");
      },
      "analysis.decision outcome: the report says 'compare another option', its "
      "reasons give 'suspend'");
  require_edit_caught([](report::extras& x) { x.decision->compare_reasons.clear(); },
                      "analysis.decision outcome: the report says 'compare another option', its "
                      "reasons give 'continue'");
}

TEST_CASE("extras: a tampered burn-down is caught") {
  const auto json = full_json();
  const tampering single_edits[] = {
      {"\"credits_used\": \"900\"", "\"credits_used\": \"950\"",
       "credits.periods[0] (2026-01-01 to 2026-02-01): credits used 950 + uncovered 50 "
       "is not the spend 950"},
      {"\"100\",\n          \"5000\"", "\"150\",\n          \"5000\"",
       "credits.periods[0] (2026-01-01 to 2026-02-01) balance of 'A': the report says "
       "150, the balance before less its credits used gives 100"},
      {"\"amount\": \"-800\"", "\"amount\": \"800\"",
       "credits.credit_lines[0] 'A' amount 800: a credit line is negative"},
      {"\"total_credits\": \"2500\"", "\"total_credits\": \"2600\"",
       "credits.total_credits: the report says 2600, the periods sum to 2500"},
  };
  require_each_caught(json, single_edits);
  require_caught(
      replace_once(replace_once(json, "\"credits_used\": \"900\"", "\"credits_used\": \"890\""),
                   "\"uncovered\": \"50\"", "\"uncovered\": \"60\""),
      "credits.periods[0] (2026-01-01 to 2026-02-01): the uncovered amounts by reason "
      "sum to 50, not the uncovered 60");
  require_edit_caught(
      [](report::extras& x) {
        x.burn_down->periods[0].credits_used = decimal(850);
        x.burn_down->periods[0].uncovered = decimal(100);
        x.burn_down->periods[0].uncovered_by_reason.begin()->second = decimal(100);
      },
      "credits.periods[0] (2026-01-01 to 2026-02-01): the credit lines sum to -900, "
      "not minus the credits used 850");
  require_edit_caught([](report::extras& x) { x.burn_down->credit_lines[0].grant = "C"; },
                      "credits.credit_lines[0] 'C': names no grant");
  require_edit_caught(
      [](report::extras& x) { x.burn_down->grants[1].used = decimal(1400); },
      "credits.grants[1] 'B' used: the report says 1400, its credit lines give 1500");
  require_edit_caught(
      [](report::extras& x) {
        x.burn_down->credit_lines.push_back(
            {d(2026, 5, 1), d(2026, 6, 1), "B", category::compute, decimal(-1)});
      },
      "credits.credit_lines: 1 line(s) fall in no period");
  require_edit_caught([](report::extras& x) { x.burn_down->periods[0].balance_after.pop_back(); },
                      "credits.periods[0] (2026-01-01 to 2026-02-01): 1 balances for 2 grants");
}

TEST_CASE("extras: a balance lost at expiry is the grant's waste, once") {
  // C: 1,000 USD for EC2, Jan 1 to Feb 14 (its last valid day), 2026; compute 300 USD in January
  // and in February.
  // January: C pays 300 (left 700). February is cut at Feb 15: 300 * 14 / 28 = 150 before the
  // expiry, paid by C (left 550), which expires on Feb 15 with 550 wasted; 150 after it is paid.
  const auto b = extras_test::expiring_grant();  // C: 1,000 USD to Feb 14; 300 a month (fixture)
  REQUIRE(b.periods.size() == 2);
  CHECK(b.periods[1].credits_used == decimal(150));
  CHECK(b.periods[1].balance_after[0].is_zero());
  CHECK(*b.grants[0].wasted_at_expiry == decimal(550));
  const auto json = credits_report(b, "waste.json");
  CHECK(json.find("\"analysis\"") == std::string::npos);  // only the credits section
  // Without the waste, the fall to zero is not explained.
  require_caught(
      replace_once(json, "\"wasted_at_expiry\": \"550\"", "\"wasted_at_expiry\": \"500\""),
      "credits.periods[1] (2026-02-01 to 2026-03-01) balance of 'C': the report says "
      "0, the balance before less its credits used gives 550");
}

TEST_CASE("extras: the projection past the spend window is audited with the runway and losses") {
  // D: 5,000 USD for EC2, last valid day Jan 15 2027; 200 USD of EC2 over Dec 1-2 2026. Projected
  // at that rate (100 a day): Dec 3 to Jan 1 takes 2,900 (1,900 left), Jan 1-15 takes 1,500 (400
  // left), lost on Jan 15; the runway is Jan 16 (tests/credits/aws_terms_test.cpp).
  const auto b = burn_down_of(ec2_grant("D", "5000", d(2026, 11, 1), d(2027, 1, 15)),
                              d(2026, 12, 1), d(2026, 12, 3), {ec2_instances(200)});
  REQUIRE(b.projection.periods.size() == 2);
  CHECK(b.grants[0].lost_at_expiry == decimal(400));
  const auto json = credits_report(b, "projection.json");
  CHECK(json.find("\"total_lost_at_expiry\": \"400\"") != std::string::npos);
  CHECK(json.find("\"last_valid_day\": \"2027-01-15\"") != std::string::npos);
  const auto back = report::read_full_report(json, "projection.json");
  REQUIRE(back.extras.burn_down.has_value());
  CHECK(back.extras.burn_down->projection.rate.days == 2);
  CHECK(back.extras.burn_down->projection.rate.charges.at(0).service == "AmazonEC2");
  CHECK(back.extras.burn_down->projection.periods[1].balance_after[0].is_zero());
  const tampering projection_edits[] = {
      {"\"runway\": \"2027-01-16\"", "\"runway\": \"2027-01-17\"",
       "credits.runway: the report says 2027-01-17, the usable grants' last stop is 2027-01-16"},
      {"\"lost_at_expiry\": \"400\"", "\"lost_at_expiry\": \"300\"",
       "credits.total_lost_at_expiry: the report says 400, the grants' losses sum to 300"},
      {"\"1900\"", "\"2000\"",
       "credits.projection.periods[0] (2026-12-03 to 2027-01-01): the balances fall by "
       "2800, the credits used 2900 and the losses at expiry 0 give 2900"},
      {"\"start\": \"2026-12-03\"", "\"start\": \"2026-12-04\"",
       "credits.projection.periods[0] (2026-12-04 to 2027-01-01): does not start where "
       "the previous period ends, 2026-12-03"},
      {"\"runs_out_on\": null", "\"runs_out_on\": \"2027-01-10\"",
       "credits.grants[0] 'D': runs out on 2027-01-10 and loses 400 at expiry"},
  };
  require_each_caught(json, projection_edits);
}

TEST_CASE("extras: the projected spend and the day a single grant runs out are recomputed") {
  // F: 1,000 USD for EC2, last valid day Dec 31 2027; Dec 1-2 2026 bills 200 of EC2 (paid) and 50
  // with no known service (paid in cash), 800 left. Projected at that rate for Dec 3 to Jan 1
  // (29 days): EC2 200 x 29 / 2 = 2,900 and 50 x 29 / 2 = 725, spend 3,625; F pays 800, so
  // 725 is 'service unknown' and 2,100 'balance exhausted'. F could pay 2,900 over 29 days
  // (100 a day): 800 lasts floor(800 x 29 / 2900) = 8 days, it runs out on Dec 3 + 8 = Dec 11.
  const auto b = burn_down_of(
      ec2_grant("F", "1000", d(2026, 11, 1), d(2027, 12, 31)), d(2026, 12, 1), d(2026, 12, 3),
      {ec2_instances(200),
       {category::data_preparation, credits::charge_kind::usage, decimal(50), "tokenising"}});
  REQUIRE(b.projection.periods.size() == 1);
  CHECK(b.projection.periods[0].spend == decimal(3625));
  CHECK(b.grants[0].runs_out_on == d(2026, 12, 11));
  const auto json = credits_report(b, "runs-out.json");
  // A later day, the runway moved with it: the stops agree, the projection does not.
  require_caught(replace_once(replace_once(json, "\"runs_out_on\": \"2026-12-11\"",
                                           "\"runs_out_on\": \"2026-12-12\""),
                              "\"runway\": \"2026-12-11\"", "\"runway\": \"2026-12-12\""),
                 "credits.grants[0] 'F' runs_out_on: the report says 2026-12-12, the balance "
                 "spread over what it could pay in credits.projection.periods[0] (2026-12-03 to "
                 "2027-01-01) lasts to 2026-12-11");
  // A spend raised by 1 with its uncovered part: the period adds up, the rate does not give it.
  require_caught(
      replace_once(replace_once(replace_once(json, "\"spend\": \"3625\"", "\"spend\": \"3626\""),
                                "\"uncovered\": \"2825\"", "\"uncovered\": \"2826\""),
                   "\"amount\": \"2100\"", "\"amount\": \"2101\""),
      "credits.projection.periods[0] (2026-12-03 to 2027-01-01): the report says a spend of "
      "3626, the rate's charges for the period give 3625");
}

TEST_CASE("extras: a grant whose last valid day ends the schedule loses its balance there") {
  // E: 1,000 USD for EC2, last valid day Jan 31; 300 of EC2 in January: 700 is lost on Jan 31,
  // which no period shows (the schedule ends on Feb 1); the audit accepts it and nothing follows.
  const auto b = burn_down_of(ec2_grant("E", "1000", d(2026, 1, 1), d(2026, 1, 31)), d(2026, 1, 1),
                              d(2026, 2, 1), {ec2_instances(300)});
  CHECK(*b.grants[0].wasted_at_expiry == decimal(700));
  CHECK(b.projection.periods.empty());
  const auto json = credits_report(b, "boundary.json");
  require_caught(
      replace_once(json, "\"total_lost_at_expiry\": \"700\"", "\"total_lost_at_expiry\": \"0\""),
      "credits.total_lost_at_expiry: the report says 0, the grants' losses sum to 700");
}

TEST_CASE("extras: a section in a version 1 report, or a malformed one, is refused") {
  const auto json = full_json();
  // Version 1 without the reasons (their rules are of version 4): the sections are refused.
  const auto reasons_at = json.find("\"reasons\": [");
  const auto reasons = json.substr(reasons_at, json.find("\"totals\"") - reasons_at);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(replace_once(json, reasons, "\"reasons\": [],\n  "),
                                       "\"schema_version\": 7", "\"schema_version\": 1"),
                          "old.json"),
      "trncost: old.json: analysis: is a section of schema version 2; the report "
      "declares version 1",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(
          replace_once(json, "\"outcome\": \"compare another option\"", "\"outcome\": \"maybe\""),
          "bad.json"),
      doctest::Contains("bad.json: analysis.decision.outcome: 'maybe' is not a "
                        "known decision outcome"),
      parse_error);
  CHECK_THROWS_WITH_AS((void)report::audit(replace_once(json, "\"reason\": \"balance exhausted\"",
                                                        "\"reason\": \"lost\""),
                                           "bad.json"),
                       doctest::Contains("bad.json: credits.periods[1].uncovered_by_reason[1]."
                                         "reason: 'lost' is not a known reason"),
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"p50\": \"208.000000\"", "\"p50\": 208"),
                          "bad.json"),
      "trncost: bad.json: analysis.monte_carlo.p50: is a number, expected a string", parse_error);
  CHECK_THROWS_WITH_AS((void)report::audit(replace_once(json, "\"direction\": \"lower is better\"",
                                                        "\"direction\": \"down\""),
                                           "bad.json"),
                       "trncost: bad.json: analysis.comparison.groups[0].direction: 'down' is "
                       "neither 'lower is better' nor 'higher is better'",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"tornado\": {", "\"tornado\": [], \"x\": {"),
                          "bad.json"),
      "trncost: bad.json: analysis.tornado: is an array, expected an object", parse_error);
}

}  // namespace trncost_tests::reports_extras_test
