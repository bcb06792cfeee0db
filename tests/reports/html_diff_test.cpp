// Tests for the diff as one HTML page (report/html_diff.hpp): the totals, the chart of the lines
// that moved with bars on one scale, the comment's tables, labels that fit, and nothing fetched.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/report/html_diff.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_html_diff_test {

using namespace trncost;
using reports_test::small_estimate;

/// The opening tag of the first element holding `marker` (an attribute), or "" when none does.
std::string tag_with(const std::string& page, std::string_view marker) {
  const auto at = page.find(marker);
  if (at == std::string::npos) return {};
  const auto open = page.rfind('<', at);
  return page.substr(open, page.find('>', at) + 1 - open);
}

/// A diff written by hand, so that every figure on the page can be worked out on paper:
///   training (compute, job, phase training): 100 -> 150.5, change +50.5
///   checkpoints (storage, ckpt): 20 -> absent, change -20
///   egress (transfer, net): absent -> 4.25, change +4.25
///   logs (logs, cw): 5 -> 5, did not move
///   total: 100 + 20 + 5 = 125 -> 150.5 + 4.25 + 5 = 159.75, change +34.75
///   attribution: nodes 2 -> 3 gives +50.5; what substitution does not explain, 34.75 - 50.5 =
///   -15.75 (the checkpoints gone, the egress added).
report::estimate_diff hand_diff() {
  report::estimate_diff d;
  d.total_before = decimal("125");
  d.total_after = decimal("159.75");
  d.total_change = decimal("34.75");
  d.status_before = estimate_status::verified;
  d.status_after = estimate_status::provisional;
  d.lines.push_back({category::compute,
                     "job",
                     phase::training,
                     "training",
                     true,
                     true,
                     decimal("100"),
                     decimal("150.5"),
                     decimal("50.5"),
                     {}});
  d.lines.push_back({category::storage,
                     "ckpt",
                     std::nullopt,
                     "checkpoints",
                     true,
                     false,
                     decimal("20"),
                     std::nullopt,
                     decimal("-20"),
                     {}});
  d.lines.push_back({category::logs,
                     "cw",
                     std::nullopt,
                     "logs",
                     true,
                     true,
                     decimal("5"),
                     decimal("5"),
                     decimal("0"),
                     {}});
  d.lines.push_back({category::transfer,
                     "net",
                     std::nullopt,
                     "egress",
                     false,
                     true,
                     std::nullopt,
                     decimal("4.25"),
                     decimal("4.25"),
                     {}});
  d.inputs.push_back({"nodes", "2 instance", "3 instance", "measured: run r1", "measured: run r2"});
  d.attribution.push_back({"", "", "", decimal("-15.75")});
  d.attribution.push_back({"nodes", "2 instance", "3 instance", decimal("50.5")});
  return d;
}

TEST_CASE("a line moved when one side lacks it or its amounts differ") {
  const auto d = hand_diff();
  CHECK(report::detail::line_moved(d.lines[0]));
  CHECK(report::detail::line_moved(d.lines[1]));
  CHECK_FALSE(report::detail::line_moved(d.lines[2]));
  CHECK(report::detail::line_moved(d.lines[3]));
}

TEST_CASE("the attribution is ordered by the size of each effect, ties kept in order") {
  // |-15.75| < |50.5|; the two 1s keep their order.
  const auto steps = report::detail::largest_first({{"", "", "", decimal("-15.75")},
                                                    {"a", "1", "2", decimal("1")},
                                                    {"nodes", "2", "3", decimal("50.5")},
                                                    {"b", "1", "2", decimal("-1")}});
  REQUIRE(steps.size() == 4);
  CHECK(steps[0].input == "nodes");
  CHECK(steps[1].input.empty());
  CHECK(steps[2].input == "a");
  CHECK(steps[3].input == "b");
}

TEST_CASE("a line's name on the page gives its category, description, component and phase") {
  const auto d = hand_diff();
  CHECK(report::detail::diff_line_name(d.lines[0]) == "compute: training (job, training)");
  CHECK(report::detail::diff_line_name(d.lines[1]) == "storage: checkpoints (ckpt)");
}

TEST_CASE("the lines chart draws each moved line before beside after, on one scale") {
  const std::string svg = report::detail::diff_lines_chart(hand_diff());
  REQUIRE(svg.starts_with("<svg "));
  CHECK(svg.find("id=\"chart-lines\"") != std::string::npos);
  // The largest bar is the training line after, 150.5: 300 px. Before, 100 x 300 / 150.5 =
  // 199.3355... px; the checkpoints 20 x 300 / 150.5 = 39.8671... px; the egress 4.25 x 300 /
  // 150.5 = 8.4717... px; an absent side no length.
  const std::string training_before = tag_with(svg, "data-before=\"100\"");
  CHECK(training_before.find("class=\"bar diff-before\"") != std::string::npos);
  CHECK(training_before.find("width=\"199.34\"") != std::string::npos);
  const std::string training_after = tag_with(svg, "data-after=\"150.5\"");
  CHECK(training_after.find("class=\"bar diff-after\"") != std::string::npos);
  CHECK(training_after.find("width=\"300.00\"") != std::string::npos);
  CHECK(training_after.find("data-change=\"50.5\"") != std::string::npos);
  CHECK(training_after.find("fill=\"#c62828\"") != std::string::npos);  // it rose: red
  CHECK(tag_with(svg, "data-before=\"20\"").find("width=\"39.87\"") != std::string::npos);
  const std::string checkpoints_after = tag_with(svg, "data-change=\"-20\"");
  CHECK(checkpoints_after.find("width=\"0.00\"") != std::string::npos);
  CHECK(checkpoints_after.find("fill=\"#1f77b4\"") != std::string::npos);  // it fell: blue
  CHECK(tag_with(svg, "data-after=\"4.25\"").find("width=\"8.47\"") != std::string::npos);
  // The values to the cent, the change in brackets; the logs did not move: no bar.
  CHECK(svg.find(">150.50 (+50.50)</text>") != std::string::npos);
  CHECK(svg.find(">absent (-20.00)</text>") != std::string::npos);
  CHECK(svg.find(">absent</text>") != std::string::npos);
  CHECK(svg.find("logs (cw)") == std::string::npos);
  // Three moved lines, two bars each.
  std::size_t bars = 0;
  for (auto at = svg.find("class=\"bar "); at != std::string::npos;
       at = svg.find("class=\"bar ", at + 1))
    ++bars;
  CHECK(bars == 6);
  CHECK(report::detail::diff_lines_chart(report::estimate_diff{}).empty());
}

TEST_CASE("a line's name too long for the chart is shortened, its whole text in a title") {
  auto d = hand_diff();
  const std::string longest(200, 'x');
  d.lines[0].description = longest;
  const std::string svg = report::detail::diff_lines_chart(d);
  const std::string name = "compute: " + longest + " (job, training)";
  CHECK(svg.find("<title>" + name + "</title>") != std::string::npos);
  CHECK(svg.find("...</text>") != std::string::npos);
  CHECK(svg.find(">" + name + "</text>") == std::string::npos);
}

TEST_CASE("the page gives the totals, the status change, the chart and the comment's tables") {
  const std::string h = report::render_diff_html(hand_diff(), "old.json", "new<1>.json");
  CHECK(h.starts_with("<!DOCTYPE html>"));
  CHECK(h.find("<title>trncost: old.json -&gt; new&lt;1&gt;.json</title>") != std::string::npos);
  CHECK(h.find("<strong>Total: 125.00 -> 159.75 USD (+34.75)</strong>, status "
               "<strong>verified -> provisional</strong>.") != std::string::npos);
  CHECK(tag_with(h, "data-before=\"125\"").find("<td") == 0);
  CHECK(tag_with(h, "data-after=\"159.75\"").find("<td") == 0);
  CHECK(h.find("data-change=\"34.75\">+34.75</td>") != std::string::npos);
  CHECK(h.find("id=\"chart-lines\"") != std::string::npos);
  // Why the total moved: nodes (+50.50) above the structural step (-15.75).
  const auto nodes = h.find(
      "<tr data-effect=\"50.5\"><td class=\"num over\">+50.50</td><td><code>"
      "nodes</code></td><td>2 instance</td><td>3 instance</td></tr>");
  const auto rest = h.find(
      "<tr data-effect=\"-15.75\"><td class=\"num under\">-15.75</td><td "
      "colspan=\"3\">lines, formulas or inputs added or removed</td></tr>");
  REQUIRE(nodes != std::string::npos);
  REQUIRE(rest != std::string::npos);
  CHECK(nodes < rest);
  // The lines that moved, exact, as in the comment; the logs line is left out.
  CHECK(h.find("<tr><td>compute</td><td>job</td><td>training</td><td>training</td><td "
               "class=\"num\">100</td><td class=\"num\">150.5</td><td class=\"num over\">50.5"
               "</td></tr>") != std::string::npos);
  CHECK(h.find("<td>checkpoints</td><td class=\"num\">20</td><td class=\"num\">absent</td>") !=
        std::string::npos);
  CHECK(h.find("<td>logs</td>") == std::string::npos);
  CHECK(h.find("<tr><td><code>nodes</code></td><td>2 instance</td><td>3 instance</td><td>"
               "measured: run r1</td><td>measured: run r2</td></tr>") != std::string::npos);
  // Self-contained: no script, no link, no image, nothing fetched.
  for (const char* absent : {"<script", "<link", "<img", "href=", "src=", "url(", "@import"}) {
    CHECK(h.find(absent) == std::string::npos);
  }
}

TEST_CASE("one diff's part of a page: its headings at the level given, every id with the suffix") {
  const std::string part = report::detail::diff_html_body(hand_diff(), 3, "-4");
  CHECK(part.starts_with("<p id=\"status-4\" class=\"status status-provisional\">"));
  for (const char* id : {"totals-4", "charts-4", "figure-lines-4", "chart-lines-4", "attribution-4",
                         "lines-4", "inputs-4"}) {
    CAPTURE(id);
    CHECK(part.find(std::string("id=\"") + id + "\"") != std::string::npos);
  }
  CHECK(part.find("<h3>Why the total moved</h3>") != std::string::npos);
  CHECK(part.find("<h2>") == std::string::npos);
  CHECK(part.find("<body") == std::string::npos);
  // The page is its own head, then the part at level 2 with no suffix.
  const std::string page = report::render_diff_html(hand_diff(), "a", "b");
  CHECK(page.find(report::detail::diff_html_body(hand_diff(), 2, "")) != std::string::npos);
  CHECK(page.starts_with(report::detail::diff_page_head("trncost: a -> b")));
  CHECK(report::detail::diff_page_head("t").find("td.over{color:#c62828}") != std::string::npos);
}

TEST_CASE(
    "the page of two estimates says what the comment says, and equal ones that nothing "
    "moved") {
  // small_estimate: 43.796689497716894963 -> 70.013356164383561621 USD at 23 USD/instance-h on
  // 3 nodes (diff_test.cpp works both out by hand).
  const auto d = report::diff(small_estimate(), small_estimate({.price = "23", .nodes = 3}));
  const std::string h = report::render_diff_html(d, "before.json", "after.json");
  CHECK(h.find("<strong>Total: 43.80 -> 70.01 USD (+26.22)</strong>, status verified "
               "(unchanged).") != std::string::npos);
  CHECK(tag_with(h, "data-after=\"2.3\"").find("diff-after") != std::string::npos);
  CHECK(h.find("<code>trn1_price</code>") != std::string::npos);

  const std::string same = report::render_diff_html(
      report::diff(small_estimate(), small_estimate()), "a.json", "a.json");
  CHECK(same.find("<p id=\"nothing-moved\">Nothing moved: the same lines, amounts and inputs on "
                  "both sides.</p>") != std::string::npos);
  CHECK(same.find("<svg") == std::string::npos);
  CHECK(same.find("<h2>") == std::string::npos);
}

}  // namespace trncost_tests::reports_html_diff_test
