// Plan files (scenario/plan.hpp, docs/scenario.md "Plans"): the shipped
// examples/plans/2027-on-one-grant .toml (five workloads of the shipped scenarios, one per
// archetype, over 2027 on one 300,000 USD grant), its totals, occurrences, run-out day and what
// each workload draws, hand-computed in the comments; the rules of the file, each refusal naming
// the file, the line and the key.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/plan.hpp>

#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_plan_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string shipped = TRNCOST_TESTS_DIR "/../examples/plans/2027-on-one-grant.toml";

std::string refusal(const std::string& text) {
  return trncost_support::error_message<parse_error>([&] { (void)parse_plan(text, "p.toml"); });
}

/// A scratch volume written in a plan's scenario: 500 GiB x 1 month x 0.08 USD/GiB-mo = 40 USD.
const std::string scratch_component = R"([[workload.scenario.component]]
kind = "block_storage"
name = "scratch"
volume_type = "gp3"
size_gib = { value = "500", assumption = "the dataset" }
kept_months = { value = "1", assumption = "a month" }
price = { value = "0.08", assumption = "the page's rate" }
)";

const std::string head = R"(format = 1
[plan]
title = "t"
start = 2027-01-01
end = 2028-01-01
)";

}  // namespace

TEST_CASE("the shipped plan: 2027 on one grant, every total by hand") {
  const plan_result r = run_plan(read_plan(shipped));
  REQUIRE(r.workloads.size() == 5);
  // The service: every 91 days, four times, 90 days each: Jan 1 - Apr 1, Apr 2 - Jul 1, Jul 2 -
  // Sep 30, Oct 1 - Dec 30; 4 x 77,241.60 = 308,966.40 USD.
  const auto& service = r.workloads[0];
  REQUIRE(service.occurrences.size() == 4);
  CHECK(service.occurrences[1].start == date{2027, 4, 2});
  CHECK(service.occurrences[3].end == date{2027, 12, 30});
  CHECK(service.draw.spend == decimal("308966.4"));
  // Fine-tunes: the 4th of each month, 12 x 397.635212328767123288 = 4,771.622547945205479456.
  CHECK(r.workloads[1].occurrences[11].start == date{2027, 12, 4});
  CHECK(r.workloads[1].draw.spend == decimal("4771.622547945205479456"));
  // Sweeps: every 14 days from Jan 11, 26 times (the last Dec 27-29): 26 x 1,161 = 30,186.
  CHECK(r.workloads[2].occurrences.back().start == date{2027, 12, 27});
  CHECK(r.workloads[2].draw.spend == decimal(30186));
  // Continued pre-training: Feb 1-15 and Aug 2-16, 2 x 20,795.586666666666666667.
  CHECK(r.workloads[3].occurrences[1].start == date{2027, 8, 2});
  // Spend: 308,966.40 + 4,771.62... + 30,186 + 41,591.17... = 385,515.19588127853881279 USD.
  const auto& b = r.burn_down;
  CHECK(b.total_spend == decimal("385515.19588127853881279"));
  // The grant pays 300,000 and runs out on 2027-10-02 (about 29,000 USD a month of covered spend);
  // nothing is lost at expiry; the rest is cash.
  CHECK(b.total_credits == decimal(300000));
  REQUIRE(b.runway);
  CHECK(*b.runway == date{2027, 10, 2});
  CHECK(b.grants[0].lost_at_expiry.is_zero());
  CHECK(b.projection.periods.empty());
  // Continued pre-training (February and August, before the run-out) is paid whole by credits
  // (its lines are all EC2, S3, CloudWatch or data transfer); every workload's credits and cash
  // add up to its spend, and the workloads' credits to the grant's.
  CHECK(r.workloads[3].draw.credits == r.workloads[3].draw.spend);
  decimal credits{};
  for (const auto& w : r.workloads) {
    CHECK(w.draw.credits + w.draw.cash == w.draw.spend);
    credits += w.draw.credits;
  }
  CHECK(credits == decimal(300000));
  // Frontier pre-training on Trn3 UltraServers, June 1 for 169 days (to November 17): no offer
  // row prices them, so it spends nothing that is counted, and the report says its lines are out
  // of the totals rather than showing a zero.
  const auto& frontier = r.workloads[4];
  CHECK(frontier.est.status == estimate_status::unpriced);
  CHECK(frontier.occurrences[0].end == date{2027, 11, 17});
  CHECK(frontier.draw.spend.is_zero());
  const std::string md = render_markdown(r);
  CHECK(md.find("**Not in these totals**: the unpriced lines of these workloads") !=
        std::string::npos);
  // Its two unpriced lines by name, and the price they wait for said once.
  CHECK(md.find("- frontier pre-training (1 occurrence(s)): 2 unpriced line(s), 'training on 64 x "
                "trn3-gen2-ultraserver") != std::string::npos);
  const auto waits = md.find("pretrain-400b.price is unknown (no AWS offer file prices Trn3");
  CHECK(waits != std::string::npos);
  CHECK(md.find("pretrain-400b.price is unknown", waits + 1) == std::string::npos);
  CHECK(md.find("| frontier pre-training | `../scenarios/frontier-400b-trn3.toml` | unpriced | "
                "0.00 + unpriced | 1 | 2027-06-01 | 2027-11-17 |") != std::string::npos);
  CHECK(md.find("**Spend: 385515.20 USD; credits: 300000.00 USD; cash: 85515.20 USD; lost at "
                "expiry: 0.00 USD.** Credits stop paying on 2027-10-02.") != std::string::npos);
  CHECK(md.find("| 2027-11 | 29627.84 | 0.00 | 29627.84 |") != std::string::npos);
}

TEST_CASE(
    "the shipped plan as one HTML page - credits beside cash by month, workload and service") {
  const plan_result r = run_plan(read_plan(shipped));
  const std::string h = render_html(r);
  const std::string md = render_markdown(r);
  CHECK(h.starts_with("<!DOCTYPE html>"));
  CHECK(h.ends_with("</html>\n"));
  for (const char* external : {"<script", "<link", "<img", "src=", "url(", "@import"}) {
    CAPTURE(external);
    CHECK(h.find(external) == std::string::npos);
  }
  // The same totals and run-out day as the Markdown (the figures of the test above).
  CHECK(h.find("<p id=\"total\"><strong>Spend: 385515.20 USD; credits: 300000.00 USD; cash: "
               "85515.20 USD; lost at expiry: 0.00 USD.</strong> Credits stop paying on "
               "2027-10-02.</p>") != std::string::npos);
  CHECK(md.find("Credits stop paying on 2027-10-02.") != std::string::npos);
  const auto count = [&](std::string_view what) {
    std::size_t n = 0;
    for (auto at = h.find(what); at != std::string::npos; at = h.find(what, at + 1)) ++n;
    return n;
  };
  // A credits bar and a cash bar for each of the 12 months and each of the 5 workloads.
  CHECK(count("<rect class=\"bar plan-credits\" data-month=") == 12);
  CHECK(count("<rect class=\"bar plan-cash\" data-month=") == 12);
  CHECK(count("<rect class=\"bar plan-credits\" data-workload=") == 5);
  CHECK(count("<rect class=\"bar plan-cash\" data-workload=") == 5);
  // The bar's drawing: the rest of its <rect>.
  const auto rect = [&](std::string_view start) {
    const auto at = h.find(start);
    return at == std::string::npos ? std::string() : h.substr(at, h.find("/>", at) - at);
  };
  // By month, one scale: August's credits (50,082.26 USD, the Markdown's table) are the largest
  // bar of the chart, 300 px; November's and December's credits are 0 (the grant ran out
  // on October 2), so is their bar.
  CHECK(rect("<rect class=\"bar plan-credits\" data-month=\"2027-08\"").find("width=\"300.00\"") !=
        std::string::npos);
  CHECK(rect("<rect class=\"bar plan-credits\" data-month=\"2027-11\"").find("data-amount=\"0\"") !=
        std::string::npos);
  CHECK(rect("<rect class=\"bar plan-credits\" data-month=\"2027-11\"").find("width=\"0.00\"") !=
        std::string::npos);
  // By workload: the service's credits (233,116.71) are the largest; the unpriced frontier run
  // draws nothing.
  CHECK(rect("<rect class=\"bar plan-credits\" data-workload=\"Qwen3-32B service\"")
            .find("width=\"300.00\"") != std::string::npos);
  CHECK(rect("<rect class=\"bar plan-cash\" data-workload=\"frontier pre-training\"")
            .find("data-amount=\"0\" x=") != std::string::npos);
  // The grant's burn-down, its runway marked on October 2; the tables of the Markdown.
  CHECK(h.find("<line class=\"runway\" data-runway=\"2027-10-02\"") != std::string::npos);
  for (const char* id : {"id=\"workloads\"", "id=\"months\"", "id=\"services\"",
                         "<table class=\"grants\">", "id=\"findings\"", "id=\"unpriced\""}) {
    CAPTURE(id);
    CHECK(h.find(id) != std::string::npos);
  }
  CHECK(h.find("<tr><td>2027-11</td><td class=\"num\">29627.84</td><td class=\"num\">0.00</td>"
               "<td class=\"num\">29627.84</td></tr>") != std::string::npos);
  // By service, a credits and a cash bar for each of the Markdown's five services. The grant pays
  // EC2 most (299,742.54 of its 300,000: the largest bar, 300 px); the fine-tunes' data
  // preparation, 12 x 38.40 = 460.80 USD, is billed by no AWS service: no credit, all cash.
  const auto sum = scenario::detail::summarise_plan(r);
  CHECK(sum.services.size() == 5);
  CHECK(count("<rect class=\"bar plan-credits\" data-service=") == 5);
  CHECK(count("<rect class=\"bar plan-cash\" data-service=") == 5);
  CHECK(rect("<rect class=\"bar plan-credits\" data-service=\"AmazonEC2\"")
            .find("width=\"300.00\"") != std::string::npos);
  CHECK(rect("<rect class=\"bar plan-credits\" data-service=\"(no AWS service)\"")
            .find("data-amount=\"0\" x=") != std::string::npos);
  CHECK(rect("<rect class=\"bar plan-cash\" data-service=\"(no AWS service)\"")
            .find("data-amount=\"460.8\" x=") != std::string::npos);
  for (const auto& v : sum.services) CHECK(v.cash == v.spend - v.credits);
}

TEST_CASE("a workload's scenario written in the plan itself") {
  // One scratch volume: 500 GiB x 1 month x 0.08 USD/GiB-mo = 40 USD an occurrence; three monthly
  // occurrences inside the plan's quarter: 120 USD, all cash (no grant).
  const std::string text = R"(format = 1
[plan]
title = "inline"
start = 2027-01-01
end = 2027-04-01

[[workload]]
name = "scratch"
start = 2027-01-01
days = 28
every = "month"
times = 3

[workload.scenario]
format = 1
estimate = { title = "Scratch", as_of = 2026-11-30, region = "us-east-1" }
prices = { files = [] }
declare_none = { compute = "n", transfer = "n", logs = "n", data_preparation = "n", failures_restarts = "n" }

)" + scratch_component;
  const auto r = run_plan(parse_plan(text, "plans/inline.toml"));
  REQUIRE(r.workloads.size() == 1);
  CHECK(r.workloads[0].est.total == decimal(40));
  CHECK(r.workloads[0].title == "Scratch");
  CHECK(r.burn_down.total_spend == decimal(120));
  CHECK(r.burn_down.total_uncovered == decimal(120));
  CHECK(render_markdown(r).find("| scratch | written in the plan | provisional | 40.00 | 3 |") !=
        std::string::npos);
  // Its errors are the scenario parser's, at the plan's own line.
  const std::string price = "{ value = \"0.08\", assumption = \"the page's rate\" }";
  std::string bare = text;
  bare.replace(bare.find(price), price.size(), "0.08");
  // Line 26 of the plan: the price's line.
  CHECK(refusal(bare).find("p.toml:26: component[0].price: is a bare number") != std::string::npos);
}

TEST_CASE("a workload without days lasts its wall-clock time, to the second") {
  // A fine-tune of 2 x trn1.32xlarge, 1,800 + 34,200 s = 36,000 s (0.4167 days): 10 h of its one
  // day an occurrence, every 14 days, twice; each costs 2 x 10 h x 21.50 = 430 USD.
  const std::string scenario = R"(
[workload.scenario]
format = 1
estimate = { title = "Fine-tune", as_of = 2026-11-30, region = "us-east-1" }
prices = { files = [] }
declare_none = { storage = "n", transfer = "n", logs = "n", data_preparation = "n", failures_restarts = "n" }

[[workload.scenario.component]]
kind = "instance_time"
name = "ft"
instance_type = "trn1.32xlarge"
price = { value = "21.50", assumption = "the on-demand price" }
instances = { value = "2", choice = "the cluster we have" }
setup_seconds = { value = "1800", assumption = "launch and compilation" }
training_seconds = { value = "34200", assumption = "the last run's training" }
)";
  const std::string text = head + R"(
[[workload]]
name = "fine-tunes"
start = 2027-01-04
every = 14
times = 2
)" + scenario;
  const auto r = run_plan(parse_plan(text, "plans/inline.toml"));
  REQUIRE(r.workloads.size() == 1);
  const auto& x = r.workloads[0];
  // 36,000 / 86,400 = 0.41666..., half-even at the 18th digit.
  CHECK(x.days == decimal::parse("0.416666666666666667"));
  CHECK(x.seconds == 36'000);
  CHECK(x.days_from_workload);
  REQUIRE(x.occurrences.size() == 2);
  CHECK(x.occurrences[0].end == date{2027, 1, 5});
  CHECK(x.occurrences[0].seconds == 36'000);
  CHECK(x.occurrences[1].start == date{2027, 1, 18});
  CHECK(r.burn_down.total_spend == decimal(860));
  CHECK(render_markdown(r).find(
            "fine-tunes lasts 0.4167 days a time (36000 s): the wall-clock time of ft, 36000 s "
            "(10.0000 h, 0.4167 days), to the next whole second; its spend is spread over its days "
            "by the second, its last day in part.") != std::string::npos);
  CHECK(render_html(r).find("<p>fine-tunes lasts 0.4167 days a time (36000 s): the wall-clock "
                            "time of ft, ") != std::string::npos);
  // The JSON says each occurrence's seconds.
  CHECK(render_json(r).find("\"end\": \"2027-01-05\",\n          \"seconds\": 36000,") !=
        std::string::npos);

  // 2.5 days across a month: 1,800 + 214,200 s = 216,000 s from 2027-01-30, 2 x 60 h x 21.50 =
  // 2,580 USD, 1,032 a day: Jan 30 and 31 2,064 (January), half of Feb 1 516 (February). Its
  // occurrence ends on Feb 2 (the day after its last day), where a workload after it starts.
  std::string long_run = text;
  long_run.replace(long_run.find("start = 2027-01-04\nevery = 14\ntimes = 2\n"),
                   std::string("start = 2027-01-04\nevery = 14\ntimes = 2\n").size(),
                   "start = 2027-01-30\n");
  long_run.replace(long_run.find("\"34200\""), std::string("\"34200\"").size(), "\"214200\"");
  long_run += R"(
[[workload]]
name = "after it"
after = "fine-tunes"
days = 1
)" + std::string("[workload.scenario]\nformat = 1\n") +
              text.substr(text.find("estimate = {"));
  const auto l = run_plan(parse_plan(long_run, "plans/inline.toml"));
  REQUIRE(l.workloads.size() == 2);
  CHECK(l.workloads[0].days == decimal::parse("2.5"));
  CHECK(l.workloads[0].seconds == 216'000);
  CHECK(l.workloads[0].occurrences[0].end == date{2027, 2, 2});
  CHECK(l.workloads[1].occurrences[0].start == date{2027, 2, 2});
  CHECK(l.workloads[1].days == decimal(1));
  CHECK(l.workloads[1].seconds == 86'400);
  CHECK_FALSE(l.workloads[1].days_from_workload);
  // January: 2,064; February: 516 and the second workload's 10 h, 430: 946.
  const auto sum = scenario::detail::summarise_plan(l);
  REQUIRE(sum.months.size() >= 2);
  CHECK(sum.months[0].spend == decimal(2064));
  CHECK(sum.months[1].spend == decimal(946));
  CHECK(render_markdown(l).find("fine-tunes lasts 2.5000 days a time (216000 s)") !=
        std::string::npos);

  // A wall-clock time of 0 s: refused at the plan's line, naming the workload.
  std::string none = text;
  none.replace(none.find("\"1800\""), std::string("\"1800\"").size(), "\"0\"");
  none.replace(none.find("\"34200\""), std::string("\"34200\"").size(), "\"0\"");
  CHECK_THROWS_WITH_AS((void)run_plan(parse_plan(none, "plans/inline.toml")),
                       doctest::Contains("plans/inline.toml:7: workload[0]: gives neither days "
                                         "nor end, and the wall-clock time of \"ft\" is 0 s: an "
                                         "occurrence lasts more than 0 s: give days (or start "
                                         "and end)"),
                       input_error);
  // A scenario without a workload that has a wall-clock time asks for days, at the plan's line.
  std::string storage_only = text;
  const auto from = storage_only.find("[[workload.scenario.component]]");
  storage_only.replace(from, storage_only.size() - from, scratch_component);
  storage_only.replace(storage_only.find("declare_none = { storage"),
                       std::string("declare_none = { storage").size(), "declare_none = { compute");
  CHECK_THROWS_WITH_AS((void)run_plan(parse_plan(storage_only, "plans/inline.toml")),
                       doctest::Contains("plans/inline.toml:7: workload[0]: gives neither days "
                                         "nor end, and its scenario has no workload with a "
                                         "wall-clock time: give days (or start and end)"),
                       input_error);
}

TEST_CASE("plan files refused, naming the file, the line and the key") {
  const std::string w = "[[workload]]\nname = \"a\"\nscenario = \"s.toml\"\n";
  struct refused {
    const char* keys;  // the workload's after its name and scenario (line 9 on)
    const char* message;
  };
  const refused rows[] = {
      {"start = 2027-01-01\ndays = 1\nevery = \"month\"\n",
       "trncost: p.toml:6: workload[0].times: is missing: every goes with times (how many "
       "occurrences)"},
      {"start = 2027-01-31\ndays = 1\nevery = \"month\"\ntimes = 2\n",
       "trncost: p.toml:9: workload[0].start: is day 31 of its month: a monthly occurrence "
       "starts on a day every month has (1-28)"},
      {"after = \"b\"\ndays = 1\n",
       "trncost: p.toml:9: workload[0].after: \"b\" is no earlier workload; a workload follows "
       "one written before it"},
      {"start = 2027-01-01\ndays = 1\nevery = \"fortnight\"\ntimes = 2\n",
       "trncost: p.toml:11: workload[0].every: \"fortnight\" is not \"week\", \"month\" or a "
       "number of days"},
  };
  for (const refused& r : rows) {
    CAPTURE(r.keys);
    CHECK(refusal(head + w + r.keys) == r.message);
  }
  // Neither days nor end: read as the workload's own length (checked when the plan is run).
  CHECK(refusal(head + w + "start = 2027-01-01\n") == "no error");
  CHECK(refusal(head + w + "start = 2027-01-01\ndays = 1\n" + w + "start = 2027-02-01\ndays = 1\n")
            .find("\"a\" names an earlier workload too") != std::string::npos);
  CHECK(refusal(head + w + "start = 2027-01-01\ndays = 1\nfrequency = 2\n")
            .find("workload[0].frequency: unknown key") != std::string::npos);
  // An occurrence past the plan: refused when the plan is run, naming the workload.
  const auto p = parse_plan(head +
                                "[[workload]]\nname = \"late\"\nscenario = \"../examples/"
                                "scenarios/lr-sweep-trn1.toml\"\nstart = 2027-12-31\ndays = 2\n",
                            TRNCOST_TESTS_DIR "/../tests/p.toml");
  CHECK_THROWS_WITH_AS((void)run_plan(p),
                       doctest::Contains("workload 'late': the occurrence from 2027-12-31 to "
                                         "2028-01-02 is not inside the plan"),
                       input_error);
  CHECK(is_plan_text(head));
  CHECK_FALSE(is_plan_text("format = 1\n[estimate]\n"));
}

}  // namespace trncost_tests::cli_plan_test
