// The definitions of report/study_diff.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_STUDY_DIFF_IPP
#define TRNCOST_REPORT_IMPL_STUDY_DIFF_IPP

#include "../../error.hpp"
#include "../formats.hpp"
#include "../study_diff.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string decided_text(const study_report_view& v) {
  return (v.decided_for ? "'" + *v.decided_for + "'" : std::string("no option")) + " (" +
         std::string(analysis::to_string(v.decision.outcome)) + ")";
}

TRNCOST_DECL const report::document* find_option(const study_report_view& v,
                                                 const std::string& name) {
  const report::document* d = nullptr;
  for (const auto& [n, doc] : v.options) {
    if (n == name) d = &doc;
  }
  return d;
}

TRNCOST_DECL std::vector<std::string> option_names(const study_report_view& a,
                                                   const study_report_view& b) {
  std::vector<std::string> names;
  for (const auto& [n, doc] : a.options) names.push_back(n);
  for (const auto& [n, doc] : b.options) {
    if (find_option(a, n) == nullptr) names.push_back(n);
  }
  return names;
}

TRNCOST_DECL std::string render_study_diff_html(const study_report_view& a,
                                                const study_report_view& b, std::string_view before,
                                                std::string_view after) {
  std::string h =
      diff_page_head("trncost: " + std::string(before) + " -> " + std::string(after) +
                     " (studies, option by option)") +
      "<body>\n<h1>Why the studies moved, option by option</h1>\n<p>Before: <code>" +
      html_escape(before) + "</code>. After: <code>" + html_escape(after) +
      "</code>.</p>\n<p id=\"decided\"><strong>Decided for: " + html_escape(decided_text(a)) +
      " -> " + html_escape(decided_text(b)) + "</strong></p>\n";
  const auto names = option_names(a, b);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    h += "<section class=\"option\" id=\"option-" + std::to_string(i) + "\"><h2>Option '" +
         html_escape(name) + "'</h2>\n";
    const report::document* x = find_option(a, name);
    const report::document* y = find_option(b, name);
    if (x == nullptr || y == nullptr) {
      const report::document& only = x != nullptr ? *x : *y;
      h += "<p class=\"only\">Only in <code>" + html_escape(x != nullptr ? before : after) +
           "</code> (total " + usd(only.totals.total) + " USD).</p>\n";
    } else {
      h += diff_html_body(trncost::report::diff(*x, *y), 3, "-" + std::to_string(i));
    }
    h += "</section>\n";
  }
  return h + "</body>\n</html>\n";
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_study_diff(const study_report_view& a,
                                                         const study_report_view& b,
                                                         std::string_view before,
                                                         std::string_view after,
                                                         std::string_view format) {
  if (!report::format_named(format, report::report_kind::diff)) {
    throw input_error(report::format_refusal(format, report::report_kind::diff));
  }
  if (format == "html") return detail::render_study_diff_html(a, b, before, after);
  const bool md = format == "md";
  const auto decided = detail::decided_text;
  std::string out = md ? "### trncost: " + std::string(before) + " -> " + std::string(after) +
                             " (studies, option by option)\n\n**Decided for: " + decided(a) +
                             " -> " + decided(b) + "**\n"
                       : "study " + std::string(before) + " -> " + std::string(after) +
                             "\ndecided for: " + decided(a) + " -> " + decided(b) + "\n";
  const auto find = detail::find_option;
  for (const auto& name : detail::option_names(a, b)) {
    const report::document* x = find(a, name);
    const report::document* y = find(b, name);
    if (x == nullptr || y == nullptr) {
      const report::document& only = x != nullptr ? *x : *y;
      const std::string side =
          x != nullptr ? "only in " + std::string(before) : "only in " + std::string(after);
      out += md ? "\n#### Option '" + detail::md_cell(name) + "': " + side + " (total " +
                      detail::usd(only.totals.total) + " USD)\n"
                : "\noption '" + name + "': " + side + " (total " +
                      only.totals.total.to_fixed(decimal_places{2}) + " USD)\n";
      continue;
    }
    const estimate_diff d = trncost::report::diff(*x, *y);
    if (md) {
      std::string body = render_diff_markdown(d, std::string(before) + " '" + name + "'",
                                              std::string(after) + " '" + name + "'");
      // The option's comment one heading level down, under the study's.
      std::string down;
      bool line_start = true;
      for (const char c : body) {
        if (line_start && c == '#') down += '#';
        down += c;
        line_start = c == '\n';
      }
      out += "\n" + down;
      if (!out.ends_with('\n')) out += '\n';
    } else {
      out += "\noption '" + name + "':\n" + explain(d);
      if (!out.ends_with('\n')) out += '\n';
    }
  }
  return out;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_STUDY_DIFF_IPP
