// Tests for the credit parts of the HTML pages (report/html_extras.hpp) a study's option and an
// estimate share: the burn-down with a line per grant when there are several, credits beside cash
// per period, the periods' table. Every coordinate is worked out by hand in the comments.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/report/html_extras.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_html_credits_test {

using namespace trncost;

namespace {

/// Two grants and two periods of 10 days, then a projected one:
///   grant A 100 USD, grant B 50 USD (applied in that order);
///   2027-01-01 to 01-11: spend 80, A pays 80: A 20, B 50 after, cash 0;
///   2027-01-11 to 01-21: spend 120, A pays 20 and B 50: credits 70, cash 50, both 0 after;
///   2027-01-21 to 01-31 (projected): spend 120, all cash.
credits::burn_down_result two_grants() {
  credits::burn_down_result b;
  b.grants.push_back({.name = "A", .amount = decimal(100), .last_valid_day = date(2027, 12, 31)});
  b.grants.push_back({.name = "B", .amount = decimal(50), .last_valid_day = date(2027, 12, 31)});
  b.periods.push_back({.start = date(2027, 1, 1),
                       .end = date(2027, 1, 11),
                       .spend = decimal(80),
                       .credits_used = decimal(80),
                       .uncovered = decimal(0),
                       .balance_after = {decimal(20), decimal(50)}});
  b.periods.push_back({.start = date(2027, 1, 11),
                       .end = date(2027, 1, 21),
                       .spend = decimal(120),
                       .credits_used = decimal(70),
                       .uncovered = decimal(50),
                       .balance_after = {decimal(0), decimal(0)}});
  b.projection.periods.push_back({.start = date(2027, 1, 21),
                                  .end = date(2027, 1, 31),
                                  .spend = decimal(120),
                                  .credits_used = decimal(0),
                                  .uncovered = decimal(120),
                                  .balance_after = {decimal(0), decimal(0)}});
  b.total_spend = decimal(200);
  b.total_credits = decimal(150);
  b.total_uncovered = decimal(50);
  b.runway = date(2027, 1, 21);
  return b;
}

/// The opening tag of the first element holding `marker`, or "" when none does.
std::string tag_with(const std::string& page, std::string_view marker) {
  const auto at = page.find(marker);
  if (at == std::string::npos) return {};
  const auto open = page.rfind('<', at);
  return page.substr(open, page.find('>', at) + 1 - open);
}

std::size_t count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("each grant of a burn-down has a colour of its own, the palette repeating after six") {
  CHECK(report::detail::grant_colour(0) == "#00838f");
  CHECK(report::detail::grant_colour(1) == "#ef6c00");
  CHECK(report::detail::grant_colour(6) == report::detail::grant_colour(0));
  CHECK(report::detail::grant_colour(5) != report::detail::grant_colour(4));
}

TEST_CASE("a burn-down with several grants draws each grant's balance as its own line") {
  const std::string svg = report::detail::burn_down_chart(two_grants());
  // 40 px of plot top, 200 px high: its axis at y 240; 80 px under it and 20 px per grant row of
  // the legend: 240 + 80 + 2 x 20 = 360 px high.
  CHECK(svg.find("height=\"360\" viewBox=\"0 0 620 360\"") != std::string::npos);
  // x: 70 + days x 520 / 20 (the schedule's 20 days; the projection is not on the axis): day 0 at
  // 70.00, day 10 at 330.00, day 20 at 590.00. y: 240 - USD x 200 / 150 (the grants' 150 is above
  // the largest spend, 120): A 100 -> 106.67, 20 -> 213.33, 0 -> 240.00; B 50 -> 173.33.
  CHECK(tag_with(svg, "data-grant=\"A\"")
            .find("points=\"70.00,106.67 330.00,213.33 "
                  "590.00,240.00\"") != std::string::npos);
  CHECK(tag_with(svg, "data-grant=\"B\"")
            .find("points=\"70.00,173.33 330.00,173.33 "
                  "590.00,240.00\"") != std::string::npos);
  CHECK(tag_with(svg, "data-grant=\"B\"").find("stroke=\"#ef6c00\"") != std::string::npos);
  CHECK(svg.find("<title>balance of A</title></polyline>") != std::string::npos);
  // Named in the legend, a row each under the first one (y 302 + 20 and + 40, text 10 below).
  CHECK(svg.find("<text x=\"100\" y=\"332\">balance of A</text>") != std::string::npos);
  CHECK(svg.find("<text x=\"100\" y=\"352\">balance of B</text>") != std::string::npos);
  // The total balance line as before: 150 -> 70 -> 0 is y 40.00, 146.67, 240.00.
  CHECK(svg.find("<polyline class=\"burn-balance\" points=\"70.00,40.00 330.00,146.67 "
                 "590.00,240.00\"") != std::string::npos);

  // One grant: its line is the total's; no line of its own, no legend row, 320 px high.
  auto one = two_grants();
  one.grants.pop_back();
  for (auto& p : one.periods) p.balance_after.pop_back();
  const std::string single = report::detail::burn_down_chart(one);
  CHECK(single.find("burn-grant") == std::string::npos);
  CHECK(single.find("height=\"320\"") != std::string::npos);
}

TEST_CASE("credits beside cash per period, projected ones included, on one scale") {
  const std::string svg = report::detail::credits_cash_chart(two_grants());
  CHECK(svg.find("id=\"chart-periods\"") != std::string::npos);
  // Three periods, two bars each; the largest amount is the projected cash, 120: 300 px. The
  // first period's credits 80 x 300 / 120 = 200 px; the second's 70 -> 175 px and its cash 50 ->
  // 125 px; no credits in the projection: no length.
  CHECK(count(svg, "class=\"bar period-credits\"") == 3);
  CHECK(count(svg, "class=\"bar period-cash\"") == 3);
  CHECK(tag_with(svg, "data-period=\"2027-01-01\" data-amount=\"80\"").find("width=\"200.00\"") !=
        std::string::npos);
  CHECK(tag_with(svg, "data-period=\"2027-01-11\" data-amount=\"70\"").find("width=\"175.00\"") !=
        std::string::npos);
  const std::string cash = tag_with(svg, "data-period=\"2027-01-11\" data-amount=\"50\"");
  CHECK(cash.find("class=\"bar period-cash\"") != std::string::npos);
  CHECK(cash.find("width=\"125.00\"") != std::string::npos);
  CHECK(tag_with(svg, "data-period=\"2027-01-21\" data-amount=\"120\"").find("width=\"300.00\"") !=
        std::string::npos);
  CHECK(tag_with(svg, "data-period=\"2027-01-21\" data-amount=\"0\"").find("width=\"0.00\"") !=
        std::string::npos);
  CHECK(svg.find(">2027-01-01 to 2027-01-11 (spend 80.00)</text>") != std::string::npos);
  CHECK(svg.find(">2027-01-21 to 2027-01-31 (projected) (spend 120.00)</text>") !=
        std::string::npos);
  CHECK(report::detail::credits_cash_chart(credits::burn_down_result{}).empty());
}

TEST_CASE("the periods' table gives spend, credits, cash and the balance after, as the Markdown") {
  const std::string t = report::detail::periods_table(two_grants());
  CHECK(t.starts_with("<table class=\"periods\">"));
  // The balance after the first period: A's 20 + B's 50 = 70.
  CHECK(t.find("<tr data-period=\"2027-01-01\"><td>2027-01-01 to 2027-01-11</td><td "
               "class=\"num\">80.00</td><td class=\"num\">80.00</td><td class=\"num\">0.00</td>"
               "<td class=\"num\">70.00</td></tr>") != std::string::npos);
  CHECK(t.find("<td>2027-01-11 to 2027-01-21</td><td class=\"num\">120.00</td><td "
               "class=\"num\">70.00</td><td class=\"num\">50.00</td><td class=\"num\">0.00</td>") !=
        std::string::npos);
  CHECK(t.find("<td>2027-01-21 to 2027-01-31 (projected)</td>") != std::string::npos);
}

}  // namespace trncost_tests::reports_html_credits_test
