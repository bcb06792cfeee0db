// Tests for the HTML report (report/html.hpp) as text: self-contained, the charts' bars sized from
// the amounts, no empty box for an analysis the report lacks, escaping. tests/html/check_html.sh
// opens it in Chromium.
#include <doctest/doctest.h>

#include <sstream>
#include <string_view>
#include <trncost/report/html.hpp>

#include "../support/text.hpp"
#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_html_test {

using namespace trncost;
using reports_test::small_estimate;
using trncost_support::check_holds_each;

TEST_CASE("the HTML report is one self-contained file") {
  const auto html = report::render_html(small_estimate(), "Small job");
  CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
  CHECK(html.find("<title>Small job</title>") != std::string::npos);
  for (const char* external : {"<script", "<link", "<img", "src=", "url(", "@import", "https://"}) {
    CAPTURE(external);
    CHECK(html.find(external) == std::string::npos);
  }
  // The only URL is the SVG namespace, which is a name, not a fetch.
  CHECK(html.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  std::ostringstream out;
  report::write_html(small_estimate(), out, "Small job");
  CHECK(out.str() == html);
}

TEST_CASE("the HTML charts draw one bar per category and per phase - sized from the amounts") {
  const auto html = report::render_html(small_estimate());
  const std::string_view drawn[] = {
      "<body data-status=\"verified\">",
      "<strong>Total: 43.80 USD</strong>",
      // Categories with lines or declared none: compute 43.358333333333333319 (the largest: 300
      // px), storage 0.438356164383561644 -> 0.438356164383561644 / 43.358333333333333319 * 300 =
      // 3.03 px.
      // One expected text over several lines, not a missing comma.
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
      "<rect class=\"bar\" data-category=\"compute\" data-amount=\"43.358333333333333319\" "
      "x=\"190\" y=\"34\" width=\"300.00\"",
      "data-category=\"storage\" data-amount=\"0.438356164383561644\" x=\"190\" "
      "y=\"64\" width=\"3.03\"",
      "data-category=\"transfer\" data-amount=\"0\"",
      // Phases: training 1.433..., evaluation 0.358..., waiting 41.566... (the largest of the phase
      // chart is the overhead total 41.566666666666666667 = waiting: 300 px each).
      "data-phase=\"waiting\" data-kind=\"overhead\" data-amount=\"41.566666666666666667\" "
      "x=\"190\" y=\"94\" width=\"300.00\"",
      "data-kind=\"useful-total\" data-amount=\"1.791666666666666652\"",
  };
  check_holds_each(html, drawn);
  // No analysis: no empty box where a chart would go (a section appears when it has content).
  for (const char* absent :
       {"placeholder", "chart-tornado", "chart-comparison", "chart-burndown"}) {
    CAPTURE(absent);
    CHECK(html.find(absent) == std::string::npos);
  }
}

TEST_CASE("text_width bounds a text's width per character - fit_text shortens to a width") {
  using report::detail::fit_text;
  using report::detail::text_width;
  // e s t i m a t e d: 66 + 66 + 48 + 36 + 102 + 66 + 48 + 66 + 66 = 564 hundredths of an em; at
  // 13 px, 73.32 px, rounded up.
  CHECK(text_width("estimated", 13) == 74);
  CHECK(text_width("Mi", 10) == 14);        // 102 + 36 = 138: 13.8 px
  CHECK(text_width("\xc3\xa9", 10) == 10);  // one character outside ASCII (two bytes): one em
  CHECK(text_width("", 13) == 0);
  CHECK(fit_text("estimated", 74, 13) == "estimated");
  // "estimat..." is 432 + 108 = 540 (70.2 px, 71) and fits in 73; "estimate..." (79) does not.
  CHECK(fit_text("estimated", 73, 13) == "estimat...");
  // A name told apart by its end keeps its end: "...nsfer[1].gib" is 3 x 36 (the dots) + n 66 +
  // s 66 + f 48 + e 66 + r 48 + [ 48 + 1 66 + ] 48 + . 36 + g 66 + i 36 + b 66 = 768 hundredths
  // of an em, 99.84 px at 13 px: 100 px hold it, and one more character ("a", 66) would not.
  CHECK(text_width("...nsfer[1].gib", 13) == 100);
  CHECK(fit_text("data-movement.transfer[1].gib", 100, 13, report::detail::keep::end) ==
        "...nsfer[1].gib");
  // A character outside ASCII is never cut in the middle.
  CHECK(fit_text("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 25, 10) == "\xc3\xa9...");
}

TEST_CASE("a bar chart is as wide as its labels - a label too long is shortened with a title") {
  using report::detail::bar;
  // 30 letters a: 30 x 66 = 1980 hundredths of an em, 257.4 px at 13 px: the label column is
  // 258 + 16 = 274 px, the bars start there, the chart is 274 + 300 + 10 + 120 = 704 px wide.
  const std::string thirty(30, 'a');
  const std::string wide = report::detail::bar_chart(
      "c", "T", {bar{thirty, "1 USD", decimal(1), "#000", "data-x=\"1\""}});
  CHECK(wide.find("width=\"704\" height=\"70\" viewBox=\"0 0 704 70\"") != std::string::npos);
  CHECK(wide.find("<text x=\"266\" y=\"49\" text-anchor=\"end\">" + thirty + "</text>") !=
        std::string::npos);
  CHECK(wide.find("x=\"274\" y=\"34\" width=\"300.00\"") != std::string::npos);
  // 40 letters (344 px and 16) pass the 316 px the label column may take: shortened to the 308 px
  // before the bar, the whole label in the text's title.
  const std::string forty(40, 'a');
  const std::string cut = report::detail::bar_chart(
      "c", "T", {bar{forty, "1 USD", decimal(1), "#000", "data-x=\"1\""}});
  CHECK(cut.find("viewBox=\"0 0 746 70\"") != std::string::npos);
  CHECK(cut.find("<text x=\"308\" y=\"49\" text-anchor=\"end\"><title>" + forty + "</title>" +
                 report::detail::fit_text(forty, 308, 13) + "</text>") != std::string::npos);
  CHECK(report::detail::text_width(report::detail::fit_text(forty, 308, 13), 13) <= 308);
}

TEST_CASE("the HTML report shows reasons - unpriced lines and missing categories") {
  const auto html =
      report::render_html(small_estimate({.unknown_storage_price = true, .declare_logs = false}));
  const std::string_view shown[] = {
      "<section class=\"status status-incomplete\"",
      // One expected text over several lines, not a missing comma.
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
      "<li><strong>incomplete</strong> (rule: every-category-accounted): category "
      "&#39;logs&#39; has no component and is not declared none</li>",
      "(1 unpriced line not included)",
      "<td>logs</td><td class=\"num\"><strong>missing</strong></td>",
      "<td class=\"num\">unpriced</td>",
  };
  check_holds_each(html, shown);
}

TEST_CASE("text is escaped in HTML") {
  CHECK(report::detail::html_escape("<a href=\"x\">Tom & Jerry's</a>") ==
        "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  CHECK(report::detail::bar_length(decimal(1), decimal(3), 300) == "100.00");
  CHECK(report::detail::bar_length(decimal(1), decimal(0), 300) == "0");
}

TEST_CASE("the HTML report lists migration uncertainties") {
  const auto html = report::render_html(small_estimate({.open_uncertainty = true}));
  CHECK(html.find("<ul id=\"uncertainties\">\n<li><strong>open</strong>: "
                  "aten::_upsample_bicubic2d_aa in the vision tower (owner ml-platform)") !=
        std::string::npos);
}

TEST_CASE("the HTML report has the archived protocol in a section of its own") {
  const std::string html = report::render_html(small_estimate());
  CHECK(html.find("<h2>Protocol</h2>\n<p id=\"protocol-made\">Made by trncost " +
                  std::string(trncost::version) +
                  " for the as-of date 2026-11-30; a quote is fresh for 30 days.</p>\n"
                  "<p id=\"protocol-runs\">No run log is archived") != std::string::npos);
  auto m = reports_test::small_model();
  m.archive_run({"ft-r1", "model <a>", "git:1", "ft-v4", {}, {{"torch", "2.8.0"}}});
  const std::string with_run = report::render_html(m.evaluate(reports_test::as_of));
  CHECK(with_run.find("<tr><td><code>ft-r1</code></td><td>model &lt;a&gt;</td><td>git:1</td>"
                      "<td>ft-v4</td><td>not given</td><td>torch 2.8.0</td></tr>\n</table>\n"
                      "</body>") != std::string::npos);
}

}  // namespace trncost_tests::reports_html_test
