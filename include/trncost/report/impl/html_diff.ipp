// The definitions of report/html_diff.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_HTML_DIFF_IPP
#define TRNCOST_REPORT_IMPL_HTML_DIFF_IPP

#include "../html_diff.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string diff_line_name(const line_change& l) {
  return std::string(to_string(l.cat)) + ": " + line_text(l) + " (" + l.component +
         (l.ph ? ", " + std::string(to_string(*l.ph)) : std::string()) + ")";
}

TRNCOST_DECL std::string diff_lines_chart(const estimate_diff& d, std::string_view suffix) {
  // A side's text as the comment's, to the cent: its amount, "unpriced" or "absent".
  const auto side = [](bool present, const std::optional<decimal>& v) {
    return !present ? std::string("absent") : v ? usd(*v) : std::string("unpriced");
  };
  // A bar is drawn from zero: an amount below it (never a line's) is drawn as none.
  const auto length = [](const std::optional<decimal>& v) {
    return v && !v->is_negative() ? *v : decimal{};
  };
  std::vector<bar_group> groups;
  for (const auto& l : d.lines) {
    if (!line_moved(l)) continue;
    const std::string_view colour = l.change.is_zero()       ? useful_colour
                                    : l.change.is_negative() ? std::string_view("#1f77b4")
                                                             : overhead_colour;
    const std::string name = html_escape(diff_line_name(l));
    const auto data = [&](std::string_view side_name, const std::optional<decimal>& v) {
      return "data-line=\"" + name + "\" data-" + std::string(side_name) + "=\"" +
             (v ? v->to_string() : std::string()) + "\"";
    };
    groups.push_back(
        {diff_line_name(l),
         {{"before", side(l.in_before, l.before), length(l.before), "#9e9e9e",
           data("before", l.before)},
          {"after", side(l.in_after, l.after) + " (" + signed_usd(l.change) + ")", length(l.after),
           colour, data("after", l.after) + " data-change=\"" + l.change.to_string() + "\""}}});
  }
  if (groups.empty()) return {};
  return grouped_bar_chart("chart-lines" + std::string(suffix), "Lines before and after (USD)",
                           groups, {"diff-before", "diff-after"});
}

TRNCOST_DECL std::string diff_html_body(const estimate_diff& d, int level,
                                        std::string_view suffix) {
  const std::string hn = std::to_string(level);
  const auto id = [&](std::string_view name) {
    return "id=\"" + std::string(name) + std::string(suffix) + "\"";
  };
  const std::string status_before(to_string(d.status_before));
  const std::string status_after(to_string(d.status_after));
  std::string h = "<p " + id("status") + " class=\"status status-" + status_after +
                  "\"><strong>Total: " + usd(d.total_before) + " -> " + usd(d.total_after) +
                  " USD (" + signed_usd(d.total_change) + ")</strong>, status " +
                  (d.status_before != d.status_after
                       ? "<strong>" + status_before + " -> " + status_after + "</strong>"
                       : status_after + " (unchanged)") +
                  ".</p>\n";
  const auto change_class = [](decimal v) {
    return v.is_zero() ? "num" : v.is_negative() ? "num under" : "num over";
  };
  h += "<table " + id("totals") +
       ">\n<tr><th></th><th>before</th><th>after</th><th>change</th></tr>\n"
       "<tr><th>total USD</th><td class=\"num\" data-before=\"" +
       d.total_before.to_string() + "\">" + usd(d.total_before) +
       "</td><td class=\"num\" data-after=\"" + d.total_after.to_string() + "\">" +
       usd(d.total_after) + "</td><td class=\"" + change_class(d.total_change) +
       "\" data-change=\"" + d.total_change.to_string() + "\">" + signed_usd(d.total_change) +
       "</td></tr>\n<tr><th>status</th><td>" + status_before + "</td><td>" + status_after +
       "</td><td>" + (d.status_before != d.status_after ? "changed" : "unchanged") +
       "</td></tr>\n</table>\n";

  const bool lines_moved = std::any_of(d.lines.begin(), d.lines.end(), line_moved);
  if (d.attribution.empty() && !lines_moved && d.inputs.empty()) {
    return h + "<p " + id("nothing-moved") +
           ">Nothing moved: the same lines, amounts and inputs on both sides.</p>\n";
  }
  if (lines_moved) {
    h += "<section class=\"charts\" " + id("charts") + ">\n<figure " + id("figure-lines") + ">" +
         diff_lines_chart(d, suffix) +
         "<figcaption>Grey: before. After: red when the line rose, blue when it fell; the change "
         "in brackets. An absent or unpriced side has no bar.</figcaption></figure>\n</section>\n";
  }
  if (!d.attribution.empty()) {
    // Largest effect first, as explain() and the comment order them; exact effects in data-effect.
    h += "<h" + hn + ">Why the total moved</h" + hn + ">\n<table " + id("attribution") +
         ">\n<tr><th>effect (USD)</th><th>input</th><th>before</th><th>after</th></tr>\n";
    for (const auto& st : largest_first(d.attribution)) {
      h += "<tr data-effect=\"" + st.effect.to_string() + "\"><td class=\"" +
           change_class(st.effect) + "\">" + signed_usd(st.effect) + "</td>" +
           (st.input.empty()
                ? std::string("<td colspan=\"3\">lines, formulas or inputs added or removed</td>")
                : "<td><code>" + html_escape(st.input) + "</code></td><td>" + html_escape(st.from) +
                      "</td><td>" + html_escape(st.to) + "</td>") +
           "</tr>\n";
    }
    h += "</table>\n";
  }
  if (lines_moved) {
    h += "<h" + hn + ">Lines that moved</h" + hn + ">\n<table " + id("lines") +
         ">\n<tr><th>category</th><th>component</th><th>phase</th><th>line</th><th>before (USD)"
         "</th><th>after (USD)</th><th>change (USD)</th></tr>\n";
    for (const auto& l : d.lines) {
      if (!line_moved(l)) continue;
      h += "<tr><td>" + std::string(to_string(l.cat)) + "</td><td>" + html_escape(l.component) +
           "</td><td>" + (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + "</td><td>" +
           html_escape(line_text(l)) + "</td><td class=\"num\">" +
           line_side(l.in_before, l.before) + "</td><td class=\"num\">" +
           line_side(l.in_after, l.after) + "</td><td class=\"" + change_class(l.change) + "\">" +
           l.change.to_string() + "</td></tr>\n";
    }
    h += "</table>\n";
  }
  if (!d.inputs.empty()) {
    h += "<h" + hn + ">Inputs that changed</h" + hn + ">\n<table " + id("inputs") +
         ">\n<tr><th>input</th><th>before</th><th>after</th><th>source before</th><th>source "
         "after</th></tr>\n";
    for (const auto& in : d.inputs) {
      h += "<tr><td><code>" + html_escape(in.name) + "</code></td><td>" +
           html_escape(in.before.value_or("absent")) + "</td><td>" +
           html_escape(in.after.value_or("absent")) + "</td><td>" + html_escape(in.before_source) +
           "</td><td>" + html_escape(in.after_source) + "</td></tr>\n";
    }
    h += "</table>\n";
  }
  return h;
}

TRNCOST_DECL std::string diff_page_head(std::string_view title) {
  return html_page_head(title, ".status{padding:12px 16px;border-radius:6px}\n",
                        "td.over{color:#c62828}td.under{color:#1f77b4}\n");
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_diff_html(const estimate_diff& d,
                                                        std::string_view before,
                                                        std::string_view after) {
  using detail::html_escape;
  return detail::diff_page_head("trncost: " + std::string(before) + " -> " + std::string(after)) +
         "<body>\n<h1>Why the total moved</h1>\n<p>Before: <code>" + html_escape(before) +
         "</code>. After: <code>" + html_escape(after) + "</code>.</p>\n" +
         detail::diff_html_body(d, 2, "") + "</body>\n</html>\n";
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_HTML_DIFF_IPP
