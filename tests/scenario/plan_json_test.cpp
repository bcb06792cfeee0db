// A plan's JSON (schema trncost.plan, scenario/plan.hpp render_json) and its audit
// (report/audit_plan.hpp check_plan): the shipped examples/plans/cpt-and-sweep.toml written as
// JSON, its months, grant, workloads and run-out day hand-computed in the comments, the document
// audited as written, and tampered copies refused naming the member changed.
#include <doctest/doctest.h>

#include <string>
#include <trncost/readers/detail/json.hpp>
#include <trncost/report/audit_plan.hpp>
#include <trncost/scenario/plan.hpp>
#include <vector>

#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::scenario_plan_json_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string shipped = TRNCOST_TESTS_DIR "/../examples/plans/cpt-and-sweep.toml";

std::string json_of_shipped() { return render_json(run_plan(read_plan(shipped))); }

/// The text of member `key` of `o` (a string member).
std::string text_at(const readers::detail::json_value& o, std::string_view key) {
  const auto* v = o.find(key);
  REQUIRE(v != nullptr);
  return v->is_null() ? std::string("null") : v->text();
}

/// `text` without its workloads' pricings (what trncost wrote before version 3).
std::string without_pricings(std::string text) {
  for (auto at = text.find(",\n      \"pricings\": ["); at != std::string::npos;
       at = text.find(",\n      \"pricings\": [")) {
    const auto end = text.find("\n      ]", at);
    REQUIRE(end != std::string::npos);
    text.erase(at, end + 8 - at);
  }
  return text;
}

/// `text` with its first `from` replaced by `to` (the tamper must find what it changes).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string first_mismatch(const std::string& text) {
  const auto c = report::check_plan(text, "plan.json");
  CHECK_FALSE(c.ok);
  return c.first_mismatch;
}

}  // namespace

TEST_CASE("a plan's JSON holds the figures of its Markdown, as computed by hand") {
  const std::string text = json_of_shipped();
  const auto root = readers::detail::parse_json_text(text, "plan.json");
  CHECK(text_at(root, "schema") == "trncost.plan");
  CHECK(root.find("schema_version")->text() == "3");
  // The pre-training costs 23,018.077723389142567224 USD (tests/scenario/briefs_test.cpp) over
  // its wall-clock time, 578,566 s from 2027-03-01 (its last day, 03-07, in part: it ends 03-08);
  // the sweeps 1,161 USD each, two days (172,800 s) every 14 from 03-08: 03-08, 03-22, 04-05,
  // 04-19, 05-03, 05-17. Spend 23,018.077723389142567224 + 6 x 1,161 = 29,984.077723389142567224
  // USD.
  CHECK(text_at(root, "spend") == "29984.077723389142567224");
  CHECK(text_at(root, "credits") == "25000");
  CHECK(text_at(root, "cash") == "4984.077723389142567224");
  CHECK(text_at(root, "runway") == "2027-03-23");
  // The 25,000 USD grant (valid to 2027-12-31, past the plan's end 07-01) pays the pre-training and
  // the first sweep (24,179.077723389142567224 USD), leaving 820.922276610857432776 for the second
  // sweep's 1,161 over two days: floor(2 x 820.92... / 1,161) = 1 day, so it runs out on 03-23.
  // Nothing is left: none lost, none wasted inside the plan (null: no last valid day inside it).
  const auto& grants = root.find("grants")->items();
  REQUIRE(grants.size() == 1);
  CHECK(text_at(grants[0], "used") == "25000");
  CHECK(text_at(grants[0], "runs_out_on") == "2027-03-23");
  CHECK(text_at(grants[0], "exhausted_on") == "2027-03-23");
  CHECK(text_at(grants[0], "wasted_at_expiry") == "null");
  CHECK(text_at(grants[0], "lost_at_expiry") == "0");
  // By month: March holds the pre-training and two sweeps, 23,018.08... + 2,322 =
  // 25,340.077723389142567224 of spend, all 25,000 of credits, 340.077723389142567224 cash; April
  // and May two sweeps each, 2,322 cash; June nothing. The cash adds up: 340.08 + 2 x 2,322 =
  // 4,984.08.
  const auto& months = root.find("months")->items();
  REQUIRE(months.size() == 4);
  CHECK(text_at(months[0], "month") == "2027-03");
  CHECK(text_at(months[0], "spend") == "25340.077723389142567224");
  CHECK(text_at(months[0], "credits") == "25000");
  CHECK(text_at(months[0], "cash") == "340.077723389142567224");
  CHECK(months[0].find("draws")->items()[0].text() == "25000");
  for (std::size_t m : {1U, 2U}) {
    CHECK(text_at(months[m], "spend") == "2322");
    CHECK(text_at(months[m], "credits") == "0");
    CHECK(text_at(months[m], "cash") == "2322");
  }
  CHECK(text_at(months[3], "month") == "2027-06");
  CHECK(text_at(months[3], "spend") == "0");
  // Periods: cut at 03-01, 03-07 (the pre-training's last, partial day), 03-08, 03-10, 03-22,
  // 03-24, 04-01, 04-05, 04-07, 04-19, 04-21, 05-01, 05-03, 05-05, 05-17, 05-19, 06-01 and 07-01:
  // 17 periods (16 when the pre-training was given 7 whole days). The first two hold its
  // 518,400 s and 60,166 s: 23,018.077723389142567224 x 518,400 / 578,566 =
  // 20,624.391152962551388863 and the remainder 2,393.686570426591178361, both paid (the grant
  // has 4,375.608847037448611137, then 1,981.922276610857432776 left).
  const auto& periods = root.find("periods")->items();
  REQUIRE(periods.size() == 17);
  CHECK(text_at(periods[0], "end") == "2027-03-07");
  CHECK(text_at(periods[0], "spend") == "20624.391152962551388863");
  CHECK(periods[0].find("balance_after")->items()[0].text() == "4375.608847037448611137");
  CHECK(text_at(periods[1], "start") == "2027-03-07");
  CHECK(text_at(periods[1], "spend") == "2393.686570426591178361");
  CHECK(periods[1].find("balance_after")->items()[0].text() == "1981.922276610857432776");
  // The workloads: the pre-training is paid whole; the sweeps draw the rest, 25,000 -
  // 23,018.077723389142567224 = 1,981.922276610857432776, and pay 6,966 - that in cash.
  const auto& ws = root.find("workloads")->items();
  REQUIRE(ws.size() == 2);
  CHECK(text_at(ws[0], "per_occurrence") == "23018.077723389142567224");
  REQUIRE(ws[0].find("occurrences")->items().size() == 1);
  const auto& pre = ws[0].find("occurrences")->items()[0];
  CHECK(text_at(pre, "end") == "2027-03-08");
  CHECK(pre.find("seconds")->text() == "578566");
  CHECK(ws[1].find("occurrences")->items()[0].find("seconds")->text() == "172800");
  CHECK(text_at(ws[0], "credits") == "23018.077723389142567224");
  CHECK(text_at(ws[0], "cash") == "0");
  CHECK(text_at(ws[1], "per_occurrence") == "1161");
  CHECK(ws[1].find("occurrences")->items().size() == 6);
  CHECK(text_at(ws[1].find("occurrences")->items()[1], "start") == "2027-03-22");
  CHECK(text_at(ws[1], "spend") == "6966");
  CHECK(text_at(ws[1], "credits") == "1981.922276610857432776");
  CHECK(ws[1].find("draws")->items()[0].text() == "1981.922276610857432776");
  CHECK(text_at(ws[1], "cash") == "4984.077723389142567224");
}

TEST_CASE("a plan's JSON audits as written, from the document alone") {
  for (const char* name : {"cpt-and-sweep.toml", "2027-on-one-grant.toml"}) {
    INFO(name);
    const std::string text = render_json(
        run_plan(read_plan(TRNCOST_TESTS_DIR "/../examples/plans/" + std::string(name))));
    CHECK(report::is_plan_document(text));
    const auto c = report::check_plan(text, name);
    CHECK(c.ok);
    CHECK(c.first_mismatch == "");
  }
}

TEST_CASE("each workload's draw by grant adds up to its credits and to each grant's use") {
  // Three grants (one issued inside the plan, one expiring inside it with a balance, one no charge
  // draws on) over overlapping workloads: every credit line is split among the workloads, so each
  // workload's draws sum to its credits and each grant's draws over the workloads to its use.
  const plan_result r =
      run_plan(read_plan(TRNCOST_TESTS_DIR "/reports/data/plans/three-grants.toml"));
  const auto& b = r.burn_down;
  REQUIRE(b.grants.size() == 3);
  CHECK(b.grants[0].name == "early small grant");  // earliest last valid day first
  CHECK(b.grants[1].name == "unused");
  CHECK_FALSE(b.grants[1].usable);
  CHECK(b.grants[1].lost_at_expiry == decimal(100));
  std::vector<decimal> by_grant(b.grants.size());
  for (const auto& w : r.workloads) {
    REQUIRE(w.draw.by_grant.size() == b.grants.size());
    decimal sum{};
    for (std::size_t g = 0; g < by_grant.size(); ++g) {
      sum += w.draw.by_grant[g];
      by_grant[g] += w.draw.by_grant[g];
    }
    CHECK(sum == w.draw.credits);
  }
  for (std::size_t g = 0; g < by_grant.size(); ++g) CHECK(by_grant[g] == b.grants[g].used);
  CHECK(report::check_plan(render_json(r), "three-grants.json").ok);
}

TEST_CASE("a tampered plan's JSON is refused, naming the member changed") {
  const std::string text = json_of_shipped();
  // A month's cash: April's (its periods, 1,161 each, come first in the document as "1161").
  CHECK(first_mismatch(replaced(text, "\"cash\": \"2322\"", "\"cash\": \"2321.99\"")) ==
        "months[1].cash: the document says 2321.99, recomputed 2322 (the month's periods' cash)");
  // A run-out day moved.
  CHECK(first_mismatch(
            replaced(text, "\"runs_out_on\": \"2027-03-23\"", "\"runs_out_on\": \"2027-03-24\""))
            .starts_with("grants[0].runs_out_on: the document says 2027-03-24, recomputed "
                         "2027-03-23"));
  // An occurrence dropped (the sweeps' last): its pricing still lists it; dropped from the
  // pricing too, the workload's spend no longer follows from its occurrences, 5 x 1,161 = 5,805.
  const std::string dropped = replaced(text,
                                       "},\n        {\n          \"start\": \"2027-05-17\",\n   "
                                       "       \"end\": \"2027-05-19\",\n          \"seconds\": "
                                       "172800,\n          \"cost\": \"1161\"\n        }",
                                       "}");
  CHECK(first_mismatch(dropped) ==
        "workloads[1].pricings[0].occurrences[5]: the document says 5, which is no occurrence or "
        "one another pricing has (each occurrence is priced once)");
  CHECK(first_mismatch(replaced(dropped, ",\n            5\n", "\n")) ==
        "workloads[1].spend: the document says 6966, recomputed 5805 (the sum of its "
        "occurrences' costs)");
  // The pre-training an hour shorter, 574,966 s: 518,400 / 574,966 of it by March 7, so the first
  // period's spend moves.
  CHECK(first_mismatch(replaced(text, "\"seconds\": 578566", "\"seconds\": 574966"))
            .starts_with("periods[0].spend: the document says 20624.391152962551388863, "
                         "recomputed "));
  // Seconds past its days (7 days are 604,800 s), or not reaching its last day (518,400 s = 6
  // days): refused as such.
  CHECK(first_mismatch(replaced(text, "\"seconds\": 578566", "\"seconds\": 604801")) ==
        "workloads[0].occurrences[0].seconds: the document says 604801, which does not end on "
        "the occurrence's last day (more than 518400 and at most 604800)");
  CHECK(first_mismatch(replaced(text, "\"seconds\": 578566", "\"seconds\": 518400"))
            .starts_with("workloads[0].occurrences[0].seconds: the document says 518400"));
}

TEST_CASE("a plan's JSON of versions 1 (whole days) and 2 (no pricings) is still read") {
  // The shipped pre-training given 7 whole days (days = 7): the document trncost wrote before
  // version 2, its occurrences' seconds left out, audits as it did.
  std::string toml = trncost_support::slurp(shipped);
  const std::string pre = "cpt-8b-trn2-interrupted.toml\"\nstart = 2027-03-01\n";
  toml.replace(toml.find(pre), pre.size(), pre + "days = 7\n");
  const auto r = run_plan(parse_plan(toml, shipped));
  CHECK(r.workloads[0].seconds == 7 * 86'400);
  std::string text = without_pricings(render_json(r));
  // Version 2 (seconds, no pricings) is read too.
  const auto v2 = report::check_plan(
      replaced(text, "\"schema_version\": 3", "\"schema_version\": 2"), "v2.json");
  CHECK_MESSAGE(v2.ok, v2.first_mismatch);
  // Version 3 without its pricings is refused: a member missing.
  CHECK_THROWS_AS((void)report::check_plan(text, "v3.json"), parse_error);
  text = replaced(text, "\"schema_version\": 3", "\"schema_version\": 1");
  for (auto at = text.find("\n          \"seconds\": "); at != std::string::npos;
       at = text.find("\n          \"seconds\": ")) {
    text.erase(at, text.find('\n', at + 1) - at);
  }
  CHECK(text.find("seconds") == std::string::npos);
  const auto c = report::check_plan(text, "v1.json");
  CHECK(c.ok);
  CHECK(c.periods == 16);
  // Version 1 has no seconds: an occurrence that states them is refused as an unknown member.
  CHECK_THROWS_AS(
      (void)report::check_plan(replaced(without_pricings(render_json(r)), "\"schema_version\": 3",
                                        "\"schema_version\": 1"),
                               "v1.json"),
      parse_error);
  // Version 4 is not one trncost wrote.
  CHECK_THROWS_WITH_AS(
      (void)report::check_plan(replaced(text, "\"schema_version\": 1", "\"schema_version\": 4"),
                               "v4.json"),
      doctest::Contains("schema_version: 4 is not a plan version this trncost reads (1 to 3)"),
      parse_error);
}

}  // namespace trncost_tests::scenario_plan_json_test
