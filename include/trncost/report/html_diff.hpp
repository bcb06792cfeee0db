// The change between two reports as one self-contained HTML page (no script, no font, no link):
// the totals and statuses before and after, a chart of each line that moved (its amount before
// beside its amount after, on one scale), then the Markdown comment's tables: why the total moved,
// the lines that moved and the inputs that changed. It renders an estimate_diff (report/diff.hpp)
// and computes nothing itself.
#ifndef TRNCOST_REPORT_HTML_DIFF_HPP
#define TRNCOST_REPORT_HTML_DIFF_HPP

#include <string>
#include <string_view>

#include "../config.hpp"
#include "diff.hpp"
#include "html.hpp"
#include "markdown_diff.hpp"

namespace trncost::report {

namespace detail {

/// A line's name on the page: "category: description (component, phase)", the phase left out when
/// the line has none.
TRNCOST_DECL std::string diff_line_name(const line_change& l);

/// The chart of the lines that moved (`svg id="chart-lines"`, `suffix` appended to the id): per
/// line its name on a line of its own, then its amount before (grey, `diff-before`) and after
/// (`diff-after`: red when it rose, blue when it fell), on one scale; an absent or unpriced side is
/// a bar of no length that says so. Empty when no line moved.
TRNCOST_DECL std::string diff_lines_chart(const estimate_diff& d, std::string_view suffix = {});

/// One diff's part of a page, from its status to its last table: its headings at `level` (2 on the
/// diff's own page, 3 under a study's option) and `suffix` appended to each id (empty on its own
/// page, "-N" under a study's option N, so that no id repeats).
TRNCOST_DECL std::string diff_html_body(const estimate_diff& d, int level, std::string_view suffix);

/// The head of a diff's page (the shared one of report/html.hpp, with the diff's own rules).
TRNCOST_DECL std::string diff_page_head(std::string_view title);

}  // namespace detail

/// The diff as one self-contained HTML page. `before` and `after` name the two reports (file
/// names). As in the Markdown comment, lines that did not move and inputs that did not change are
/// left out; when nothing moved the page says so in one sentence.
[[nodiscard]] TRNCOST_DECL std::string render_diff_html(const estimate_diff& d,
                                                        std::string_view before,
                                                        std::string_view after);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/html_diff.ipp"
#endif

#endif  // TRNCOST_REPORT_HTML_DIFF_HPP
