// Tests for the analysis charts of the HTML report (report/html.hpp): the tornado, comparison and
// credit burn-down charts appear when given (and only then), with coordinates computed by hand
// below; without them the report is byte-identical to the estimate's alone.
// tests/html/check_html.sh opens the same report in headless Chromium.
#include <doctest/doctest.h>

#include <sstream>
#include <string_view>
#include <trncost/report/html_extras.hpp>

#include "../support/text.hpp"
#include "extras_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_html_extras_test {

using namespace trncost;

using extras_test::has;
using trncost_support::check_holds_each;

TEST_CASE("html: no extra keeps the report byte-identical and draws no empty box") {
  const auto est = small::small_estimate();
  const auto plain = report::render_html(est, "T");
  CHECK(report::render_html(est, report::extras{}, "T") == plain);
  // A section appears only when it has content: no placeholder, no empty chart.
  CHECK_FALSE(has(plain, "class=\"placeholder\""));
  CHECK_FALSE(has(plain, "id=\"chart-tornado\""));
}

TEST_CASE("html: tornado, comparison, burn-down charts and the decision drawn from the extras") {
  const extras_test::bundle b;
  const auto h = report::render_html(b.est, b.x, "T");
  for (const char* id : {"chart-tornado", "chart-comparison", "chart-burndown"}) {
    CAPTURE(id);
    CHECK(has(h, std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"") + id + "\""));
    CHECK_FALSE(has(h, std::string("<figure class=\"placeholder\" id=\"") + id + "\""));
  }
  // What the charts, the credits table and the decision draw.
  const std::string_view drawn[] = {
      // Tornado: baseline 208 at x 360, reach 22.222222222222222222 (throughput at 900) = 160 px.
      // Throughput at 1100: 189.818181818181818182 - 208 = -18.181818181818181818;
      // 18.181818181818181818 * 160 / 22.222222222222222222 = 130.909... -> width 130.91, x 229.09.
      // One expected text over several lines, not a missing comma.
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
      "data-input=\"throughput\" data-group=\"observed\" data-side=\"low\" "
      "data-swing=\"40.40404040404040404\" x=\"360\" y=\"34\" width=\"160.00\"",
      "data-input=\"throughput\" data-group=\"observed\" data-side=\"high\" "
      "data-swing=\"40.40404040404040404\" x=\"229.09\" y=\"34\" width=\"130.91\"",
      // tokens at 32.4M: 188 - 208 = -20 -> 20 * 160 / 22.22... = 144.00, second row (y 30 + 28 +
      // 4).
      "data-input=\"tokens\" data-group=\"observed\" data-side=\"low\" data-swing=\"40\" "
      "x=\"216.00\" y=\"62\" width=\"144.00\"",
      // Comparison: gpu 168 (rank 1) and trn1 208 (rank 2, full 260 px); gpu 260 * 168 / 208 = 210.
      "data-option=\"gpu\" data-rank=\"1\" data-cost=\"168\" x=\"190\" y=\"62\" "
      "width=\"210.00\"",
      "data-option=\"trn1\" data-rank=\"2\" data-cost=\"208\" x=\"190\" y=\"90\" "
      "width=\"260.00\"",
      "<rect class=\"option-apart\" data-option=\"trn2\"",
      "#2 trn1</text>",
      // Burn-down: the scale is the 6,000 USD of both grants over 200 px. January: credits 900 ->
      // 30.00 px, cash 50 -> 1.666... -> 1.67 px; the bar starts 31 / 10 = 3.1 days in: 90 days
      // (Jan 1 to Apr 1), 70 + 3.1 * 520 / 90 = 87.91.
      "<rect class=\"bar burn-credits\" data-period=\"2026-01-01\" data-amount=\"900\" "
      "x=\"87.91\" y=\"210.00\" width=\"",
      "data-period=\"2026-01-01\" data-amount=\"50\" x=\"87.91\" y=\"208.33\"",
      "height=\"30.00\"",
      // Balance 6,000 at Jan 1 (y 40), 5,100 at Feb 1: 70 + 31 * 520 / 90 = 249.11, y 240 - 170 =
      // 70.
      "<polyline class=\"burn-balance\" points=\"70.00,40.00 249.11,70.00 ",
      // B still pays after March: the runway, projected to Aug 14, is named at the chart's right
      // edge (x = 70 + 520), not drawn on its time axis; in the row under the periods' dates (the
      // axis at y 240, the dates at 256, the runway at 276), clear of the chart's title.
      "<text class=\"runway-projected\" data-runway=\"2026-08-14\" x=\"590\" y=\"276\" "
      "text-anchor=\"end\">runway ends 2026-08-14 (projected past the spend window)",
      "<tr><td>A</td><td>1000.00</td><td>2026-02-28</td><td>1000.00</td><td>0.00</td>"
      "<td>2026-02-04</td><td>0.00</td></tr>",
      "<tr><td>B</td><td>5000.00</td><td>2026-12-30</td><td>1500.00</td><td>3500.00</td>"
      "<td>2026-08-14</td><td>0.00</td></tr>",
      "<section id=\"decision\"><h2>Decision: compare another option</h2>",
      "<li><strong>compare</strong>: step input &#39;kept_hours&#39; is not measured",
  };
  check_holds_each(h, drawn);
  // B's runway, past the spend window, has no line on the time axis.
  CHECK_FALSE(has(h, "class=\"runway\""));
  std::ostringstream out;
  report::write_html(b.est, b.x, out, "T");
  CHECK(out.str() == h);
}

TEST_CASE("html: the runway is marked where the credits stop") {
  // C: 1,000 USD, Jan 1 to Feb 14 (its last valid day), 2026, compute 300 a month in January and
  // February: C stops the day after, Feb 15, the runway. x = 70 + 45 days * 520 / 59 days = 466.61.
  report::extras x;
  x.burn_down = extras_test::expiring_grant();  // C: 1,000 USD to Feb 14; 300 a month (fixture)
  REQUIRE(x.burn_down->runway == extras_test::d(2026, 2, 15));
  const auto h = report::render_html(small::small_estimate(), x);
  CHECK(has(h, "<line class=\"runway\" data-runway=\"2026-02-15\" x1=\"466.61\""));
  // Its date at the line's foot, under the axis: 45 of 59 days is in the last third, so the text
  // ends at the line rather than running past the chart's right edge.
  CHECK(has(h, "<text x=\"466.61\" y=\"276\" text-anchor=\"end\">runway ends 2026-02-15</text>"));
  CHECK_FALSE(has(h, "id=\"chart-tornado\""));  // not given: not drawn at all
}

TEST_CASE("html: a burn-down's dates do not meet - 30 daily periods, a date every 6 days") {
  // 30 periods of a day, January 1 to 31, 2026: 520 / 30 = 17.33 px a day; a date is 88 px
  // (text_width of "0000-00-00": 8 digits x 66 + 2 x 48 = 624 hundredths of an em, 81.12 px at 13
  // px, rounded up, and 6). Day k's bar starts (k + 0.1) x 17.33 px in. Day 0 at 1.73 is drawn,
  // its date ends at 89.73: day 5 (88.40) would meet it, day 6 (105.73) is next; then day 12
  // (209.73; day 11 at 192.40 < 193.73), 18 (313.73) and 24 (417.73; day 23 at 400.40 < 401.73);
  // day 29 (504.40) starts before day 24's date ends (505.73). Five dates.
  credits::spend_schedule s;
  for (unsigned day = 1; day <= 30; ++day) {
    s.add({extras_test::d(2026, 1, day),
           extras_test::d(2026, 1, day + 1),
           {extras_test::ec2_instances(10)}});
  }
  const auto b = credits::burn_down({extras_test::ec2_grant("G", "1000", extras_test::d(2026, 1, 1),
                                                            extras_test::d(2026, 12, 31))},
                                    s);
  const std::string svg = report::detail::burn_down_chart(b);
  std::size_t dates = 0;
  for (auto at = svg.find("\" y=\"256\">2026-"); at != std::string::npos;
       at = svg.find("\" y=\"256\">2026-", at + 1)) {
    ++dates;
  }
  CHECK(dates == 5);
  for (const char* day : {"2026-01-01", "2026-01-07", "2026-01-13", "2026-01-19", "2026-01-25"}) {
    CAPTURE(day);
    CHECK(has(svg, std::string("y=\"256\">") + day + "</text>"));
  }
}

}  // namespace trncost_tests::reports_html_extras_test
