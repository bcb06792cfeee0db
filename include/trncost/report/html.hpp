// The estimate as one self-contained HTML file: inline CSS, inline SVG charts (cost by category,
// useful vs overhead by phase), the status and its reasons, the totals, findings, assumptions,
// lines and sources. No script, no font, no image, no link: it opens offline and prints as it
// shows. The layout keeps a place for the analysis charts added later (tornado, comparison, credit
// burn-down).
#ifndef TRNCOST_REPORT_HTML_HPP
#define TRNCOST_REPORT_HTML_HPP

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "markdown.hpp"

namespace trncost::io {

namespace detail {

/// Text for HTML content and attribute values: & < > " ' escaped.
TRNCOST_DECL std::string html_escape(std::string_view s);

/// The head every page of trncost's starts with, through `</head>`: the title, and the style
/// sheet the pages share with the page's own `.status` rule and extra rules (each ends in "\n").
TRNCOST_DECL std::string html_page_head(std::string_view title, std::string_view status_rule,
                                        std::string_view extra_rules);

/// The colour of each category's bar (also the legend of the tables).
constexpr std::string_view category_colour(category c) noexcept {
  switch (c) {
    case category::compute:
      return "#1f77b4";
    case category::storage:
      return "#ff7f0e";
    case category::transfer:
      return "#9467bd";
    case category::logs:
      return "#8c564b";
    case category::data_preparation:
      return "#17becf";
    case category::failures_restarts:
      return "#e377c2";
  }
  return "#7f7f7f";
}
inline constexpr std::string_view useful_colour = "#2e7d32";
inline constexpr std::string_view overhead_colour = "#c62828";

/// A bar's length in px: part / whole * full, to two decimals (drawing only, never money).
TRNCOST_DECL std::string bar_length(decimal part, decimal whole, int full);

struct bar {
  std::string label;
  std::string value_text;
  decimal amount;
  std::string_view colour;
  std::string data;  ///< data-* attributes of the bar
};

/// A horizontal bar chart as inline SVG.
TRNCOST_DECL std::string bar_chart(std::string_view id, std::string_view title,
                                   const std::vector<bar>& bars);

/// A drawing coordinate: base + part / whole * full, to two decimals (drawing only, never money).
TRNCOST_DECL std::string coord(int base, decimal part, decimal whole, int full);

TRNCOST_DECL std::string svg_open(std::string_view id, std::string_view title, int height);

TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text);

}  // namespace detail

namespace detail {

/// The analysis parts of the page: a figure each and the decision section, each empty when there is
/// nothing to show (a page shows no empty box). html_extras.hpp fills them from an analysis.
struct html_analysis_parts {
  std::string tornado{};
  std::string comparison{};
  std::string burn_down{};
  std::string decision{};     ///< a whole <section>, or nothing
  std::string monte_carlo{};  ///< a whole <section>, or nothing
};

/// The page around a report document, with `parts` where the analysis charts and the decision go.
TRNCOST_DECL std::string render_html_page(const report::document& doc,
                                          const html_analysis_parts& parts, std::string_view title);

}  // namespace detail

/// A report document as one self-contained HTML page (no analysis charts; html_extras.hpp renders
/// them from an analysis): an estimate's (report::from_estimate) or one read back from its JSON.
[[nodiscard]] TRNCOST_DECL std::string render_html(const report::document& doc,
                                                   std::string_view title = "Cost estimate");

/// The estimate as one self-contained HTML page: render_html(report::from_estimate(est), title).
[[nodiscard]] TRNCOST_DECL std::string render_html(const estimate& est,
                                                   std::string_view title = "Cost estimate");

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_html(const estimate& est, std::ostream& out,
                             std::string_view title = "Cost estimate");

}  // namespace trncost::io

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/html.ipp"
#endif

#endif  // TRNCOST_REPORT_HTML_HPP
