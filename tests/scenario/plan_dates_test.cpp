// Plans priced on their occurrences' days (scenario/plan.hpp, docs/scenario.md "Plans"): a term
// with two versions in a test offer file (tests/scenario/data/ec2-trn1-price-change.csv, 21.50
// USD per instance-hour from 2026-09-01, 20.00 from 2027-04-01, published 2026-11-15), a scenario
// as of 2026-11-30, occurrences before and after the change; the figures hand-computed.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <trncost/pricing/price_book.hpp>
#include <trncost/readers/price_list.hpp>
#include <trncost/report/audit_plan.hpp>
#include <trncost/report/html.hpp>
#include <trncost/scenario/plan.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::plan_dates_test {

using namespace trncost;
using namespace trncost::readers;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

// Relative paths start at the plan's folder: the fixture's.
const std::string plan_file = TRNCOST_TESTS_DIR "/scenario/data/price-change-plan.toml";

/// One hour of one trn1.32xlarge an occurrence, priced from the fixture as of 2026-11-30.
std::string plan_text(const std::string& every, int times) {
  return R"(format = 1
[plan]
title = "Fine-tunes across a price change"
start = 2027-01-01
end = 2028-01-01

[[workload]]
name = "fine-tunes"
start = 2027-01-04
days = 1
every = )" +
         every + "\ntimes = " + std::to_string(times) + R"(

[workload.scenario]
format = 1
estimate = { title = "Fine-tune", as_of = 2026-11-30, region = "us-east-1", freshness_days = 120 }
prices = { files = ["ec2-trn1-price-change.csv"], consulted = 2026-11-30 }
declare_none = { storage = "n", transfer = "n", logs = "n", data_preparation = "n", failures_restarts = "n" }

[[workload.scenario.component]]
kind = "instance_time"
name = "ft"
instance_type = "trn1.32xlarge"
instances = { value = "1", choice = "one node" }
training_seconds = { value = "3600", assumption = "one hour" }
)";
}

}  // namespace

TEST_CASE("a price book's in-force day picks the version, its as-of date what is known") {
  // The fixture's term as of 2026-11-30: 21.50 in force; on 2027-06-01, 20.00 (effective
  // 2027-04-01, published 2026-11-15: known on the as-of date).
  pricing::price_book book(date{2026, 11, 30}, day_count{120});
  book.add(read_offer_file(TRNCOST_TESTS_DIR "/scenario/data/ec2-trn1-price-change.csv", {}),
           date{2026, 11, 30});
  CHECK(book.in_force_on() == date{2026, 11, 30});
  CHECK(book.version_dates() == std::vector<date>{date{2026, 9, 1}, date{2027, 4, 1}});
  const auto* now = book.find("S1TRN1", "S1TRN1.JRTCKXETXF.6YS6EN2CT7");
  REQUIRE(now != nullptr);
  CHECK(now->price == decimal::parse("21.5"));
  book.set_in_force_on(date{2027, 6, 1});
  const auto* later = book.find("S1TRN1", "S1TRN1.JRTCKXETXF.6YS6EN2CT7");
  REQUIRE(later != nullptr);
  CHECK(later->price == decimal(20));
  CHECK(book.freshness_of(*later) == pricing::freshness::fresh);
  // Back before the change: the earlier version again, and the later one not yet effective.
  book.set_in_force_on(date{2027, 3, 31});
  CHECK(book.find("S1TRN1", "S1TRN1.JRTCKXETXF.6YS6EN2CT7")->price == decimal::parse("21.5"));
  CHECK(book.freshness_of(*later) == pricing::freshness::not_yet_published);
  CHECK_THROWS_WITH_AS(book.check_usable(*later, "trn1"),
                       doctest::Contains("takes effect on 2027-04-01, after the day it prices "
                                         "(2027-03-31)"),
                       input_error);
}

TEST_CASE("a timeline breach judges an effective date on the day the price prices") {
  quoted q;
  q.source = "f";
  q.consulted = date{2026, 11, 30};
  q.published = date{2026, 11, 15};
  q.effective = date{2027, 4, 1};
  // As of 2026-11-30 alone: not yet a price; priced on 2027-04-04: a price; on 2027-03-31: not.
  CHECK(timeline_breach(q, date{2026, 11, 30}).has_value());
  CHECK_FALSE(timeline_breach(q, date{2026, 11, 30}, date{2027, 4, 4}).has_value());
  CHECK(*timeline_breach(q, date{2026, 11, 30}, date{2027, 3, 31}) ==
        "takes effect on 2027-04-01, after the day it prices (2027-03-31): it is not yet a price");
  // What is known is still the as-of date's: published after it, refused whatever the day.
  q.published = date{2026, 12, 1};
  CHECK(timeline_breach(q, date{2026, 11, 30}, date{2027, 4, 4}).has_value());
}

TEST_CASE("each occurrence of a monthly fine-tune is priced on its own day") {
  const plan_result r = run_plan(parse_plan(plan_text("\"month\"", 12), plan_file));
  REQUIRE(r.workloads.size() == 1);
  const auto& w = r.workloads[0];
  REQUIRE(w.occurrences.size() == 12);
  // 2027-01-04, 02-04, 03-04: before 2027-04-01, 1 h x 21.50 = 21.50 USD each; 04-04 to 12-04
  // (9 occurrences): 1 h x 20.00 = 20.00 USD each.
  REQUIRE(w.pricings.size() == 2);
  CHECK(w.pricings[0].in_force_on == date{2027, 1, 4});
  CHECK(w.pricings[0].est.total == decimal::parse("21.5"));
  CHECK(w.pricings[0].occurrences == std::vector<std::size_t>{0, 1, 2});
  CHECK(w.pricings[0].versions == std::vector<date>{date{2026, 9, 1}});
  CHECK_FALSE(w.pricings[0].latest_known);
  CHECK(w.pricings[1].in_force_on == date{2027, 4, 4});
  CHECK(w.pricings[1].est.total == decimal(20));
  CHECK(w.pricings[1].occurrences.size() == 9);
  CHECK(w.pricings[1].versions == std::vector<date>{date{2027, 4, 1}});
  CHECK(w.pricings[1].latest_known);
  CHECK(w.priced_by[2] == 0);
  CHECK(w.priced_by[3] == 1);
  CHECK(w.est.total == decimal::parse("21.5"));  // the first occurrence's
  // Spend: 3 x 21.50 + 9 x 20.00 = 64.50 + 180.00 = 244.50 USD, all cash (no grant).
  CHECK(w.draw.spend == decimal::parse("244.5"));
  CHECK(r.burn_down.total_spend == decimal::parse("244.5"));
  // April's period holds the 20.00 occurrence, March's the 21.50 one.
  decimal march{};
  decimal april{};
  for (const auto& p : r.burn_down.periods) {
    if (p.start.month() == 3) march += p.spend;
    if (p.start.month() == 4) april += p.spend;
  }
  CHECK(march == decimal::parse("21.5"));
  CHECK(april == decimal(20));
  // Every format says which occurrences were priced with which versions.
  const std::string said =
      "fine-tunes: priced with the prices in force on each occurrence's first day, as known on "
      "2026-11-30: occurrence(s) 1-3 (from 2027-01-04) at 21.50 USD each, prices in force on "
      "2027-01-04 (versions effective 2026-09-01); occurrence(s) 4-12 (from 2027-04-04) at 20.00 "
      "USD each, prices in force on 2027-04-04 (versions effective 2027-04-01), the latest "
      "versions known: a later change is not known.";
  CHECK(render_markdown(r).find(said) != std::string::npos);
  CHECK(render_html(r).find("<p class=\"pricing\">" + report::detail::html_escape(said) + "</p>") !=
        std::string::npos);
  // The document without its layout (its values here hold no spaces).
  std::string json = render_json(r);
  json.erase(std::remove_if(json.begin(), json.end(), [](char c) { return c == ' ' || c == '\n'; }),
             json.end());
  CHECK(json.find(R"("pricings":[{"in_force_on":"2027-01-04","versions":["2026-09-01"],)"
                  R"("latest_known":false,"occurrences":[0,1,2],"per_occurrence":"21.5",)") !=
        std::string::npos);
  CHECK(json.find(R"({"start":"2027-04-04","end":"2027-04-05","seconds":86400,"cost":"20"})") !=
        std::string::npos);
  // The audit recomputes it from the document alone.
  const auto check = report::check_plan(render_json(r), "plan.json");
  CHECK_MESSAGE(check.ok, check.first_mismatch);
}

TEST_CASE("a weekly plan is estimated once per set of versions in force, not per occurrence") {
  // 52 weeks from 2027-01-04: 13 occurrences before 2027-04-01 (the 13th on 03-29), 39 after:
  // two pricings, 13 x 21.50 + 39 x 20.00 = 279.50 + 780.00 = 1,059.50 USD.
  const plan_result r = run_plan(parse_plan(plan_text("\"week\"", 52), plan_file));
  const auto& w = r.workloads[0];
  REQUIRE(w.pricings.size() == 2);
  CHECK(w.pricings[0].occurrences.size() == 13);
  CHECK(w.pricings[1].occurrences.size() == 39);
  CHECK(r.burn_down.total_spend == decimal::parse("1059.5"));
  CHECK(report::check_plan(render_json(r), "plan.json").ok);
}

TEST_CASE("a plan whose occurrences all see one version says nothing of versions") {
  // Three months before the change: one pricing, 3 x 21.50 = 64.50 USD, no pricing sentence.
  const plan_result r = run_plan(parse_plan(plan_text("\"month\"", 3), plan_file));
  REQUIRE(r.workloads[0].pricings.size() == 1);
  CHECK(r.burn_down.total_spend == decimal::parse("64.5"));
  CHECK(scenario::detail::plan_pricing_sentences(r).empty());
}

TEST_CASE("a day before the versions known takes the earliest of them, and the report says so") {
  // A year in progress: three monthly runs from 2026-08-03, before the fixture's first version
  // (effective 2026-09-01, in effect on the as-of date 2026-11-30) and after it: every run costs
  // 1 h x 21.50, 3 x 21.50 = 64.50 USD. August's price is the earliest known, said as such; it was
  // refused before ("takes effect on 2026-09-01, after the day it prices").
  std::string text = plan_text("\"month\"", 3);
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"start = 2027-01-01\nend = "
                                                                     "2028-01-01",
                                                                     "start = 2026-08-01\nend = "
                                                                     "2027-01-01"},
                                 {"start = 2027-01-04", "start = 2026-08-03"}}) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  }
  const plan_result r = run_plan(parse_plan(text, plan_file));
  CHECK(r.burn_down.total_spend == decimal::parse("64.5"));
  REQUIRE(r.workloads[0].pricings.size() == 1);
  const auto said = scenario::detail::plan_pricing_sentences(r);
  REQUIRE(said.size() == 1);
  CHECK(said[0].find("(versions effective 2026-09-01), the earliest versions known: none known in "
                     "force on 2026-08-03") != std::string::npos);
  CHECK(report::check_plan(render_json(r), "plan.json").ok);
  // The book and the timeline rule: a version in effect on the as-of date prices an earlier day.
  quoted q;
  q.source = "f";
  q.consulted = date{2026, 11, 30};
  q.effective = date{2026, 9, 1};
  CHECK_FALSE(timeline_breach(q, date{2026, 11, 30}, date{2026, 8, 3}).has_value());
}

}  // namespace trncost_tests::plan_dates_test
