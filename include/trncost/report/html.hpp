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

namespace trncost::report {

namespace detail {

/// Text for HTML content and attribute values: & < > " ' escaped.
TRNCOST_DECL std::string html_escape(std::string_view s);

/// The head every page of trncost's starts with, through `</head>`: the title, and the style
/// sheet the pages share with the page's own `.status` rule and extra rules (each ends in "\n").
/// The shared sheet keeps a page inside its window, from a phone's to a wide screen's: a chart is
/// scaled down whole to the width it has (its viewBox), to 480 px at the least (its text stays
/// readable; narrower, its figure scrolls), a table wider than the page scrolls in its own box,
/// long code wraps; printed, a table's cells wrap to the paper's width and a chart or a table row
/// is not split across pages.
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

/// A horizontal bar chart as inline SVG: the label column and the value column as wide as their
/// longest text (text_width), at least 190 and 120 px; a label wider than 300 px is shortened
/// (fit_text).
TRNCOST_DECL std::string bar_chart(std::string_view id, std::string_view title,
                                   const std::vector<bar>& bars);

/// One thing compared on two or more bars (an identity's estimated and billed cost): its label on
/// a line of its own, then a bar each, named by its own short label.
struct bar_group {
  std::string label;
  std::vector<bar> bars;
};

/// Bars in groups as inline SVG, every bar of every group on one scale (the largest 300 px): each
/// group's label on its own line over the chart's width (shortened when longer, fit_text), each
/// bar with its label before it and its value after it; the chart as wide as its widest bar row,
/// at least 620 px. `bar_class` names each bar's class after "bar" (one per bar of a group, in
/// order).
TRNCOST_DECL std::string grouped_bar_chart(std::string_view id, std::string_view title,
                                           const std::vector<bar_group>& groups,
                                           const std::vector<std::string_view>& bar_class);

/// How wide `text` is drawn at `font_px` in a sans-serif font, in px, never less than a browser
/// draws it in the fonts trncost's pages are checked with (a per-character bound: narrow, digits,
/// lower and upper case, wide letters; a character outside ASCII as a wide one). Drawing only.
TRNCOST_DECL int text_width(std::string_view text, int font_px);

/// Which part of a text too long for its place is kept: its start ("a long lab...") or its end
/// ("...abel[1].gib", for names told apart by their end).
enum class keep { start, end };

/// `text` as drawn in at most `max_px` at `font_px`: itself when it fits, otherwise cut at a
/// character, "..." marking the cut (the whole text goes in the element's <title>: svg_text).
TRNCOST_DECL std::string fit_text(std::string_view text, int max_px, int font_px,
                                  keep part = keep::start);

/// A drawing coordinate: base + part / whole * full, to two decimals (drawing only, never money).
TRNCOST_DECL std::string coord(int base, decimal part, decimal whole, int full);

/// An SVG chart's opening and its title, `width` x `height` px (its viewBox the same: a page
/// narrower than the chart shows it scaled down whole, never cut).
TRNCOST_DECL std::string svg_open(std::string_view id, std::string_view title, int height,
                                  int width = 620);

TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text);

/// A text of at most `max_px` at the chart's 13 px: shortened by fit_text when longer, with the
/// whole text in a <title> the reader sees on pointing at it. An empty `anchor` writes none
/// (start).
TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text,
                                  int max_px, keep part = keep::start);

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
  std::string scenarios{};    ///< a whole <section>, or nothing
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

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/html.ipp"
#endif

#endif  // TRNCOST_REPORT_HTML_HPP
