// A study decided on what is paid (docs/scenario.md, "Deciding on what is paid"): the shipped
// examples/studies/api-or-fleets-on-credits.toml, an API and two fleets that grow in whole
// instances, two grants each usable by some options only. Every figure is hand-computed in the
// comments: the list totals, the cash after credits and its ranking, each option's runway.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/study_diff.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/report/what_if.hpp>
#include <trncost/scenario/study.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_study_credits_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string shipped = TRNCOST_TESTS_DIR "/../examples/studies/api-or-fleets-on-credits.toml";

const study_option_result& option(const study_result& r, const std::string& name) {
  for (const auto& o : r.options) {
    if (o.name == name) return o;
  }
  FAIL("no option " << name);
  throw;
}

const credits::grant_outcome& grant(const credits::burn_down_result& b, const std::string& name) {
  for (const auto& g : b.grants) {
    if (g.name == name) return g;
  }
  FAIL("no grant " << name);
  throw;
}

}  // namespace

TEST_CASE("the shipped API-or-fleets study on credits: cash ranking and runways by hand") {
  const study_result r = run_study(shipped);
  REQUIRE(r.options.size() == 3);
  const auto& api = option(r, "Amazon Bedrock, on demand");
  const auto& trn2 = option(r, "trn2.48xlarge fleet");
  const auto& inf2 = option(r, "inf2.48xlarge fleet");
  // 2027-01-01 to 2027-04-01: 90 days, 2,160 h, 7,776,000 s.
  // The API: 800 token/s x 7,776,000 s = 6,220.8 M output tokens, 10 x = 62,208 M input tokens,
  // both at 0.00072 USD per 1K = 0.72 per 1M: 44,789.76 + 4,478.976 = 49,268.736 USD.
  CHECK(api.est.total == decimal("49268.736"));
  CHECK(api.work == decimal("6220.8"));
  // inf2: ceil(800 / (600 x 0.80)) = ceil(1.67) = 2 instances x 2,160 h x 12.98127 = 56,079.0864.
  CHECK(inf2.est.total == decimal("56079.0864"));
  // trn2: ceil(800 / (1,600 x 0.80)) = 1 instance x 2,160 h x 35.76 = 77,241.60.
  CHECK(trn2.est.total == decimal("77241.6"));
  // By list total the API ranks first.
  CHECK(r.comparison.groups[0].ranked[0].name == "Amazon Bedrock, on demand");

  // Cash after credits: the model credits (10,000, Amazon Bedrock only) pay only the API, the EC2
  // credits (30,000) only the fleets, each whole (the spend of each option is above its grant):
  //   inf2 56,079.0864 - 30,000 = 26,079.0864
  //   API  49,268.736  - 10,000 = 39,268.736
  //   trn2 77,241.60   - 30,000 = 47,241.60
  // so inf2 ranks first by cash (per 1M tokens: 4.1922, 6.3125, 7.5941), and the study decides
  // for it.
  REQUIRE(r.cash);
  const auto& c = r.cash->ranked;
  REQUIRE(c.size() == 3);
  CHECK(c[0].name == "inf2.48xlarge fleet");
  CHECK(c[0].cash == decimal("26079.0864"));
  CHECK(c[0].credits == decimal(30000));
  CHECK(c[0].list_rank == 2);
  CHECK(c[1].name == "Amazon Bedrock, on demand");
  CHECK(c[1].cash == decimal("39268.736"));
  CHECK(c[1].list_rank == 1);
  CHECK(c[2].name == "trn2.48xlarge fleet");
  CHECK(c[2].cash == decimal("47241.6"));
  CHECK(c[0].paid_by ==
        std::vector<std::pair<std::string, decimal>>{{"EC2 credits", decimal(30000)}});
  CHECK(c[1].paid_by ==
        std::vector<std::pair<std::string, decimal>>{{"Bedrock model credits", decimal(10000)}});
  // What each option leaves unused is the grant it cannot use: the API the 30,000 of EC2 credits,
  // a fleet the 10,000 of model credits.
  CHECK(c[0].lost_at_expiry == decimal(10000));
  CHECK(c[1].lost_at_expiry == decimal(30000));
  REQUIRE(r.decided_for);
  CHECK(*r.decided_for == "inf2.48xlarge fleet");
  CHECK(r.cash->effect ==
        "credits change the first option: by cash paid after credits, 'inf2.48xlarge fleet' ranks "
        "first (26079.09 USD: 'EC2 credits' pays 30000.00 of its 56079.09 USD list total); by list "
        "total, 'Amazon Bedrock, on demand' ranks first (49268.74 USD, 39268.74 USD in cash: "
        "'Bedrock model credits' pays 10000.00)");
  CHECK(r.decision.continue_reasons.back() ==
        "ranked by cash paid after credits: " + r.cash->effect);

  // Runways, each set by the grant the option can use; the spend is spread over its 90 days and
  // cut at the months (January 31 days, February 28):
  //   API, model credits: January takes 49,268.736 x 31 / 90 = 16,970.0979; 10,000 lasts
  //     floor(10,000 x 31 / 16,970.0979) = 18 days: Jan 1 + 18 = 2027-01-19.
  //   inf2, EC2 credits: January takes 56,079.0864 x 31 / 90 = 19,316.12976, leaving 10,683.87024;
  //     February's 17,446.27132 (x 28 / 90) takes it in floor(10,683.87024 x 28 / 17,446.27132) =
  //     17 days: 2027-02-18.
  //   trn2, EC2 credits: January takes 26,605.44, leaving 3,394.56; February's 24,030.72 takes it
  //     in floor(3,394.56 x 28 / 24,030.72) = 3 days: 2027-02-04.
  // The grant an option cannot use never sets its date (before, the model credits' last valid
  // day, 2027-06-30, made every fleet's runway 2027-07-01).
  const auto& b_api = *api.extras.burn_down;
  const auto& b_inf2 = *inf2.extras.burn_down;
  const auto& b_trn2 = *trn2.extras.burn_down;
  CHECK(b_api.runway == date(2027, 1, 19));
  CHECK(b_inf2.runway == date(2027, 2, 18));
  CHECK(b_trn2.runway == date(2027, 2, 4));
  CHECK(grant(b_api, "Bedrock model credits").runs_out_on == date(2027, 1, 19));
  CHECK_FALSE(grant(b_api, "EC2 credits").usable);
  CHECK(grant(b_inf2, "EC2 credits").runs_out_on == date(2027, 2, 18));
  CHECK_FALSE(grant(b_inf2, "Bedrock model credits").usable);
  CHECK(grant(b_inf2, "Bedrock model credits").lost_at_expiry == decimal(10000));

  // Break-even as it is for fleets that grow in whole instances. The API costs 49,268.736 / 800 =
  // 61.58592 USD per token/s of average demand; one inf2 (28,039.5432 USD) carries 480 token/s.
  // With n instances, on (480 (n - 1), 480 n], hosting costs no more from n x 28,039.5432 /
  // 61.58592 = n x 455.2914... on: windows 455.29-480, 910.58-960, 1,365.87-1,440, ...; the window
  // of n reaches back to 480 (n - 1) once n x 455.2914 <= 480 (n - 1), n >= 19.43: from the 19th
  // window (19 x 455.2914 = 8,650.54) hosting holds for good. At 800 token/s (2 instances,
  // 56,079.0864 against 49,268.736) the API is cheaper by 6,810.3504.
  // A step ends where the fleet's ceil_to gives one instance more: the quotient d / 480 is rounded
  // at its 18th digit before it is rounded up, so the first step ends a few 10^-16 token/s above
  // 480 (480.00000000000000024); the windows are shown to the cent.
  const auto& be = r.break_evens[1];
  REQUIRE(be.hosted == "inf2.48xlarge fleet");
  CHECK(be.stepwise);
  CHECK(be.bound == decimal(8000));
  REQUIRE(be.windows.size() == 18);
  CHECK(be.windows[0].from.to_fixed(decimal_places{2}) == "455.29");
  CHECK(be.windows[0].to->to_fixed(decimal_places{2}) == "480.00");
  CHECK(be.windows[1].from.to_fixed(decimal_places{2}) == "910.58");
  CHECK(be.windows[1].to->to_fixed(decimal_places{2}) == "960.00");
  CHECK(be.windows[2].from.to_fixed(decimal_places{2}) == "1365.87");
  CHECK(be.windows[2].to->to_fixed(decimal_places{2}) == "1440.00");
  CHECK(be.windows[17].from.to_fixed(decimal_places{2}) == "8650.54");
  CHECK_FALSE(be.windows[17].to);
  CHECK(be.hosted_at_baseline - be.api_at_baseline == decimal("6810.3504"));
  // After credits: cash max(0, total - 30,000) for the fleet, max(0, total - 10,000) for the API.
  // One instance (28,039.5432) is paid whole by credits: 0-480 is a window. With n >= 2, hosting
  // pays no more from (n x 28,039.5432 - 20,000) / 61.58592 on: 585.83-960, 1,041.12-1,440, ...;
  // the window of n reaches back to the step before once (n x 28,039.5432 - 20,000) / 61.58592
  // <= 480 (n - 1), n >= 6.28: from the 6th window (2,407.00) on for good. At 800 token/s hosting
  // pays 26,079.0864 and the API 39,268.736: hosting is cheaper by 13,189.6496 in cash.
  REQUIRE(be.credits);
  CHECK(be.credits->hosted == decimal(30000));
  CHECK(be.credits->api == decimal(10000));
  REQUIRE(be.windows_after_credits.size() == 6);
  CHECK(be.windows_after_credits[0].to->to_fixed(decimal_places{2}) == "480.00");
  CHECK(be.windows_after_credits[1].from.to_fixed(decimal_places{2}) == "585.83");
  CHECK(be.windows_after_credits[5].from.to_fixed(decimal_places{2}) == "2407.00");
  CHECK_FALSE(be.windows_after_credits[5].to);
  CHECK(report::reading(be).find("at 800.00 token/s the API is cheaper by 6810.35 USD (in no "
                                 "window)") != std::string::npos);
  CHECK(report::reading(be).find("at 800.00 token/s hosting is cheaper by 13189.65 USD in cash "
                                 "(in the window)") != std::string::npos);
  // trn2: one instance (77,241.60) carries 1,280 token/s; 77,241.60 / 61.58592 = 1,254.21, so
  // its windows are 1,254.21-1,280, 2,508.42-2,560, ...; for good only from the 49th (61,456.23).
  const auto& bt = r.break_evens[0];
  CHECK(bt.windows[0].from.to_fixed(decimal_places{2}) == "1254.21");
  CHECK(bt.windows.back().from.to_fixed(decimal_places{2}) == "61456.23");
  CHECK_FALSE(bt.windows.back().to);

  // The reports: the ranking by cash and the runways in words; both audited.
  const std::string md = render_study(r, "md");
  CHECK(md.find("## Decision: compare another option (inf2.48xlarge fleet, ranked first by cash "
                "paid after credits)") != std::string::npos);
  CHECK(md.find("| 1 | inf2.48xlarge fleet | 56079.09 | 30000.00 | 26079.09 | 4.1922 | 2 | 'EC2 "
                "credits' pays 30000.00 | 10000.00 |") != std::string::npos);
  CHECK(md.find("credits stop paying on 2027-02-18 | 'Bedrock model credits' cannot pay it "
                "(covers AmazonBedrock only); 'EC2 credits' runs out on 2027-02-18 |") !=
        std::string::npos);
  const std::string html = render_study(r, "html");
  CHECK(html.find("<section id=\"cash-ranking\">") != std::string::npos);
  CHECK(html.find("<tr data-option=\"inf2.48xlarge fleet\" data-rank=\"1\">") != std::string::npos);
  // Each ranked option's credits beside its cash, on one scale: the largest is trn2's cash,
  // 77,241.60 - 30,000 = 47,241.60 (300 px); the inf2 fleet (ranked first: the first group, its
  // bars at y 55 and 77, after the bar labels' 52 + 16 px) is paid 30,000 by credits, 30,000 x 300
  // / 47,241.60 = 190.51 px, and 26,079.0864 in cash, 165.61 px.
  CHECK(html.find("<rect class=\"bar cash-credits\" data-option=\"inf2.48xlarge fleet\" "
                  "data-amount=\"30000\" x=\"68\" y=\"55\" width=\"190.51\"") != std::string::npos);
  CHECK(html.find("<rect class=\"bar cash-paid\" data-option=\"inf2.48xlarge fleet\" "
                  "data-amount=\"26079.0864\" x=\"68\" y=\"77\" width=\"165.61\"") !=
        std::string::npos);
  CHECK(html.find("data-amount=\"47241.6\" x=\"68\"") != std::string::npos);
  // Each option's burn-down names its own grants under it: for the inf2 fleet, the runway's
  // words above (the Bedrock credits cover Bedrock only; the EC2 credits run out on 2027-02-18).
  CHECK(html.find("<figcaption>The grants of inf2.48xlarge fleet: &#39;Bedrock model credits&#39; "
                  "cannot pay it (covers AmazonBedrock only); &#39;EC2 credits&#39; runs out on "
                  "2027-02-18.</figcaption>") != std::string::npos);
  CHECK(html.find("width=\"300.00\" height=\"16\" fill=\"#c62828\"") != std::string::npos);
  const std::string json = render_study(r, "json");
  const auto a = audit_study(json, "credits.json");
  CHECK_MESSAGE(a.ok, a.first_mismatch);
  // The cash ranking's first two places swapped, decided_for with them: caught.
  std::string swapped = json;
  const std::string first = "\"decided_for\": \"inf2.48xlarge fleet\"";
  REQUIRE(swapped.find(first) != std::string::npos);
  swapped.replace(swapped.find(first), first.size(),
                  "\"decided_for\": \"Amazon Bedrock, on demand\"");
  const auto caught = audit_study(swapped, "credits.json");
  CHECK_FALSE(caught.ok);
  CHECK(caught.first_mismatch ==
        "decided_for: the first-ranked option by cash paid after credits is 'inf2.48xlarge fleet'");
}

TEST_CASE(
    "the shipped study's page: each option's grants and its credits beside its cash by month") {
  const study_result r = run_study(shipped);
  const std::string html = render_study(r, "html");
  // The inf2 fleet (option 2): its section to the next one's end.
  const auto at = html.find("<section class=\"option\" id=\"option-2\">");
  REQUIRE(at != std::string::npos);
  const std::string inf2 = html.substr(at, html.find("</section>", at) - at);
  const auto tag_with = [&](std::string_view marker) {
    const auto m = inf2.find(marker);
    if (m == std::string::npos) return std::string();
    const auto open = inf2.rfind('<', m);
    return inf2.substr(open, inf2.find('>', m) + 1 - open);
  };
  // Its list total 56,079.0864 spread over 90 days: January (31) 19,316.12976, February (28)
  // 17,446.82688, March 19,316.12976. The EC2 credits (30,000) pay January whole and 30,000 -
  // 19,316.12976 = 10,683.87024 of February, which leaves 6,762.95664 in cash; March is cash.
  // One scale, the largest bar January's credits and March's cash, 19,316.12976 (300 px):
  // February's credits 10,683.87024 x 300 / 19,316.12976 = 165.93 px, its cash 105.04 px.
  CHECK(tag_with("class=\"bar period-credits\" data-period=\"2027-01-01\" "
                 "data-amount=\"19316.12976\"")
            .find("width=\"300.00\"") != std::string::npos);
  CHECK(tag_with("class=\"bar period-credits\" data-period=\"2027-02-01\" "
                 "data-amount=\"10683.87024\"")
            .find("width=\"165.93\"") != std::string::npos);
  CHECK(tag_with("class=\"bar period-cash\" data-period=\"2027-02-01\" "
                 "data-amount=\"6762.95664\"")
            .find("width=\"105.04\"") != std::string::npos);
  CHECK(tag_with("class=\"bar period-cash\" data-period=\"2027-03-01\" "
                 "data-amount=\"19316.12976\"")
            .find("width=\"300.00\"") != std::string::npos);
  // The same as the Markdown's table, the balance after February the Bedrock credits' 10,000
  // (they cannot pay this fleet).
  CHECK(inf2.find("<h3>Credits and cash by period</h3>") != std::string::npos);
  CHECK(inf2.find("<td>2027-02-01 to 2027-03-01</td><td class=\"num\">17446.83</td><td "
                  "class=\"num\">10683.87</td><td class=\"num\">6762.96</td><td "
                  "class=\"num\">10000.00</td>") != std::string::npos);
  // Its own grants in its burn-down: each grant's outcome in the table, and each its own line.
  // Over the 90 days (x 70 + days x 520 / 90: 70.00, 249.11, 410.89, 590.00) and 40,000 USD of
  // grants at 200 px (y 240 - USD / 200): the Bedrock credits stay at 10,000 (y 190.00); the EC2
  // credits go 30,000 (90.00), 10,683.87024 (186.58), then 0 (240.00).
  CHECK(inf2.find("<table class=\"grants\">") != std::string::npos);
  CHECK(inf2.find("<tr><td>EC2 credits</td><td>30000.00</td><td>2027-12-31</td><td>30000.00</td>"
                  "<td>0.00</td><td>2027-02-18</td><td>0.00</td></tr>") != std::string::npos);
  CHECK(tag_with("data-grant=\"Bedrock model credits\"")
            .find("points=\"70.00,190.00 249.11,190.00 410.89,190.00 590.00,190.00\"") !=
        std::string::npos);
  CHECK(tag_with("data-grant=\"EC2 credits\"")
            .find("points=\"70.00,90.00 249.11,186.58 410.89,240.00 590.00,240.00\"") !=
        std::string::npos);
}

TEST_CASE("the helpers of the credit effect, the runway and the windows say what they are given") {
  cash_rank a{"A",         1,  2,          decimal(100), decimal(30),
              decimal(70), {}, decimal(1), decimal(70),  {{"G", decimal(30)}}};
  cash_rank b{"B", 2, 1, decimal(90), {}, decimal(90), {}, decimal(1), decimal(90), {}};
  CHECK(paid_by_text(a) == "'G' pays 30.00");
  CHECK(paid_by_text(b) == "no grant pays it");
  const cash_ranking c{{a, b}, credit_effect({a, b})};
  CHECK(c.effect ==
        "credits change the first option: by cash paid after credits, 'A' ranks first (70.00 USD: "
        "'G' pays 30.00 of its 100.00 USD list total); by list total, 'B' ranks first (90.00 USD, "
        "90.00 USD in cash: no grant pays it)");
  CHECK(effect_sentence(c).starts_with("Credits change the first option"));
  CHECK(credit_reason(c) == "ranked by cash paid after credits: " + c.effect);
  CHECK(report::windows_text({}) == "none");
  CHECK(report::windows_text({{decimal(1), decimal(2)}, {decimal(3), std::nullopt}}) ==
        "1.00-2.00 and from 3.00 on");
  // Credits the same at any demand only when the burn-down shows them valid over the whole spend
  // and covering every charge; without a burn-down, none (zero).
  CHECK(report::steady_credits(std::nullopt) == decimal{});
  const study_result r = run_study(shipped);
  const auto& inf2 = option(r, "inf2.48xlarge fleet");
  CHECK(report::steady_credits(inf2.extras.burn_down) == decimal(30000));
  CHECK(runway_text(*inf2.extras.burn_down) == "credits stop paying on 2027-02-18");
  CHECK(grant_stops(*inf2.extras.burn_down) ==
        "'Bedrock model credits' cannot pay it (covers AmazonBedrock only); 'EC2 credits' runs "
        "out on 2027-02-18");
  auto lost = inf2.extras.burn_down;
  lost->periods[0].uncovered_by_reason[credits::uncovered_reason::service_not_covered] = decimal(1);
  CHECK_FALSE(report::steady_credits(lost));
}

TEST_CASE("two study reports compared option by option") {
  const std::string json = render_study(run_study(shipped), "json");
  const study_report_view v = read_study_report(json, "a.json");
  REQUIRE(v.options.size() == 3);
  CHECK(v.options[0].first == "Amazon Bedrock, on demand");
  CHECK(v.decided_for == "inf2.48xlarge fleet");
  CHECK(v.decision.outcome == analysis::verdict::compare_another);
  study_report_view w = v;
  w.options.pop_back();  // an option only in the first
  const std::string text = render_study_diff(v, w, "a.json", "b.json", "text");
  CHECK(
      text.starts_with("study a.json -> b.json\ndecided for: 'inf2.48xlarge fleet' (compare "
                       "another option) -> 'inf2.48xlarge fleet' (compare another option)\n"));
  CHECK(text.find("option 'inf2.48xlarge fleet': only in a.json (total 56079.09 USD)") !=
        std::string::npos);
  CHECK(text.find("option 'trn2.48xlarge fleet':\ntotal 77241.60 -> 77241.60 USD") !=
        std::string::npos);
  const std::string md = render_study_diff(v, w, "a.json", "b.json", "md");
  CHECK(md.starts_with("### trncost: a.json -> b.json (studies, option by option)"));
  CHECK(md.find("\n#### trncost: a.json 'Amazon Bedrock, on demand' -> b.json") !=
        std::string::npos);
}

TEST_CASE("two study reports compared option by option on one page") {
  const std::string json = render_study(run_study(shipped), "json");
  const study_report_view v = read_study_report(json, "a.json");
  REQUIRE(v.options.size() == 3);
  // After: the trn2 fleet's report replaced by the inf2 fleet's (under the trn2 name), and the
  // inf2 fleet gone. The trn2 option then moves from 77,241.60 to 56,079.0864 USD (the totals of
  // the first test): -21,162.5136, -21,162.51 to the cent.
  study_report_view w = v;
  w.options[1].second = v.options[2].second;
  w.options.pop_back();
  CHECK(report::detail::decided_text(v) == "'inf2.48xlarge fleet' (compare another option)");
  CHECK(report::detail::find_option(w, "inf2.48xlarge fleet") == nullptr);
  CHECK(report::detail::find_option(w, "trn2.48xlarge fleet") == &w.options[1].second);
  const std::vector<std::string> names{"Amazon Bedrock, on demand", "trn2.48xlarge fleet",
                                       "inf2.48xlarge fleet"};
  CHECK(report::detail::option_names(v, w) == names);
  CHECK(report::detail::option_names(w, v) == names);
  const std::string h = render_study_diff(v, w, "a.json", "b.json", "html");
  CHECK(h == report::detail::render_study_diff_html(v, w, "a.json", "b.json"));
  CHECK(h.starts_with("<!DOCTYPE html>"));
  CHECK(h.find("<title>trncost: a.json -&gt; b.json (studies, option by option)</title>") !=
        std::string::npos);
  CHECK(h.find("<p id=\"decided\"><strong>Decided for: &#39;inf2.48xlarge fleet&#39; (compare "
               "another option) -> &#39;inf2.48xlarge fleet&#39; (compare another "
               "option)</strong></p>") != std::string::npos);
  // Option 0, the API, did not move; option 1 moved, its ids ending in -1; option 2 is only in
  // the first study.
  CHECK(h.find("<section class=\"option\" id=\"option-0\"><h2>Option 'Amazon Bedrock, on "
               "demand'</h2>") != std::string::npos);
  CHECK(h.find("<p id=\"nothing-moved-0\">") != std::string::npos);
  CHECK(h.find("<p id=\"status-1\" class=\"status status-provisional\"><strong>Total: 77241.60 "
               "-> 56079.09 USD (-21162.51)</strong>") != std::string::npos);
  CHECK(h.find("data-change=\"-21162.5136\">-21162.51</td>") != std::string::npos);
  CHECK(h.find("id=\"chart-lines-1\"") != std::string::npos);
  CHECK(h.find("<h3>Lines that moved</h3>\n<table id=\"lines-1\">") != std::string::npos);
  CHECK(h.find("<section class=\"option\" id=\"option-2\"><h2>Option 'inf2.48xlarge "
               "fleet'</h2>\n<p class=\"only\">Only in <code>a.json</code> (total 56079.09 "
               "USD).</p>\n</section>") != std::string::npos);
  for (const char* absent : {"<script", "<link", "<img", "href=", "src=", "url(", "@import"}) {
    CHECK(h.find(absent) == std::string::npos);
  }
}

TEST_CASE("what-if over the demand: every point is the estimate the study would give there") {
  const study_result r = run_study(shipped);
  const auto w =
      report::sweep(r, "llama-service.average_tokens_per_s", decimal(400), decimal(1200), 9);
  REQUIRE(w.points.size() == 9);
  CHECK(w.unit == "token/s");
  CHECK(w.varies == std::vector<bool>{true, true, true});
  // At 800 (the fifth point) the totals are the study's own.
  for (std::size_t i = 0; i < r.options.size(); ++i) {
    CHECK(w.points[4].totals[i] == r.options[i].est.total);
  }
  // By hand at 600: the API 600 x 61.58592 = 36,951.552 (cash 26,951.552 after 10,000 of model
  // credits); inf2 ceil(600 / 480) = 2 instances, 56,079.0864 (cash 26,079.0864); trn2 one
  // instance, 77,241.60 (cash 47,241.60).
  CHECK(w.points[2].value == decimal(600));
  CHECK(w.points[2].totals[0] == decimal("36951.552"));
  CHECK(w.points[2].cash[0] == decimal("26951.552"));
  CHECK(w.points[2].totals[2] == decimal("56079.0864"));
  CHECK(w.points[2].cash[2] == decimal("26079.0864"));
  CHECK(w.points[2].totals[1] == decimal("77241.6"));
  // Against point estimates: the study file itself with the demand written as 400, 1000 and 1200,
  // run again from the start (the fleet sized anew, every line billed again).
  std::ifstream in(shipped);
  std::stringstream text;
  text << in.rdbuf();
  for (const auto& [k, demand] :
       {std::pair{0, "400"}, std::pair{6, "1000"}, std::pair{8, "1200"}}) {
    std::string t = text.str();
    const std::string was = "value = \"800\"";
    REQUIRE(t.find(was) != std::string::npos);
    t.replace(t.find(was), was.size(), std::string("value = \"") + demand + "\"");
    const study_result at = run_study(parse_study(t, shipped));
    for (std::size_t i = 0; i < at.options.size(); ++i) {
      CHECK(w.points[static_cast<std::size_t>(k)].totals[i] == at.options[i].est.total);
      const auto& b = at.options[i].extras.burn_down;
      CHECK(w.points[static_cast<std::size_t>(k)].cash[i] ==
            at.options[i].est.total - b->total_credits);
    }
  }
  const std::string md = report::render_what_if_markdown(w);
  CHECK(md.find("| 600.00 | 36951.55 | 26951.55 | 77241.60 | 47241.60 | 56079.09 | 26079.09 |") !=
        std::string::npos);
  const std::string svg = report::what_if_svg(w);
  CHECK(svg.starts_with("<svg"));
  CHECK(svg.find("<polyline class=\"cash\" data-option=\"inf2.48xlarge fleet\"") !=
        std::string::npos);
  CHECK_THROWS_WITH_AS((void)report::sweep(r, "nope", decimal(1), decimal(2), 3),
                       doctest::Contains("'nope' is an input of no option of the study"),
                       input_error);
  CHECK_THROWS_WITH_AS(
      (void)report::sweep(r, "llama-service.average_tokens_per_s", decimal(2), decimal(1), 3),
      doctest::Contains("from 2 must be below to 1"), input_error);
}

TEST_CASE("[study.what_if] in the file: the sweep in the study's reports, refused at its line") {
  const study_result r = run_study(shipped);
  REQUIRE(r.what_if);
  const auto w =
      report::sweep(r, "llama-service.average_tokens_per_s", decimal(400), decimal(1200), 9);
  REQUIRE(r.what_if->points.size() == w.points.size());
  for (std::size_t k = 0; k < w.points.size(); ++k) {
    CHECK(r.what_if->points[k].totals == w.points[k].totals);
    CHECK(r.what_if->points[k].cash == w.points[k].cash);
  }
  CHECK(render_study(r, "md").find("## What-if: llama-service.average_tokens_per_s") !=
        std::string::npos);
  CHECK(render_study(r, "html").find("<figure id=\"figure-what-if\"><svg") != std::string::npos);
  std::ifstream in(shipped);
  std::stringstream text;
  text << in.rdbuf();
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string t = text.str();
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  CHECK_THROWS_WITH_AS(
      (void)parse_study(with("to = \"1200\"", "to = \"300\""), "s.toml"),
      doctest::Contains("study.what_if.to: must be above study.what_if.from (400)"), parse_error);
  CHECK_THROWS_WITH_AS((void)parse_study(with("points = 9", "points = 1"), "s.toml"),
                       doctest::Contains("study.what_if.points: must be a whole number from 2"),
                       parse_error);
  CHECK_THROWS_WITH_AS(
      (void)run_study(parse_study(
          with("input = \"llama-service.average_tokens_per_s\"", "input = \"nope\""), shipped)),
      doctest::Contains("study.what_if: what-if: 'nope' is an input of no option of the study"),
      input_error);
}

TEST_CASE("a study without grants ranks and decides by list total, as before") {
  const study_result r =
      run_study(TRNCOST_TESTS_DIR "/../examples/studies/weekday-peak-fixed-fleets.toml");
  CHECK_FALSE(r.cash);
  REQUIRE(r.decided_for);
  CHECK(*r.decided_for == r.comparison.groups[0].ranked[0].name);
  const std::string md = render_study(r, "md");
  CHECK(md.find("## Ranking by cash paid after credits") == std::string::npos);
  const std::string json = render_study(r, "json");
  CHECK(json.find("cash_ranking") == std::string::npos);
  CHECK(audit_study(json, "plain.json").ok);
}

}  // namespace trncost_tests::cli_study_credits_test
