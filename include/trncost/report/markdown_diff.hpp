// The change between two reports as Markdown, for a pull-request comment: the total's change and
// the status change first, then the attribution of the total's change to the inputs that moved, the
// lines that moved (with their exact amounts) and every input whose value, unit or source changed.
// It renders an estimate_diff (report/diff.hpp) and computes nothing itself.
#ifndef TRNCOST_REPORT_MARKDOWN_DIFF_HPP
#define TRNCOST_REPORT_MARKDOWN_DIFF_HPP

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "diff.hpp"
#include "markdown.hpp"

namespace trncost::report {

namespace detail {

TRNCOST_DECL std::string signed_usd(decimal v);

/// A line's side for the table: its exact amount, "unpriced", or "absent".
TRNCOST_DECL std::string line_side(bool present, const std::optional<decimal>& amount);

/// Whether a line moved: one side only has it, or its amounts differ (the lines a comment and a
/// page show).
TRNCOST_DECL bool line_moved(const line_change& l);

/// What a line is, as a comment and a page name it: its description, and the after side's when
/// the line was matched by its role ("training on 2 x trn1.32xlarge (after: ... trn2.48xlarge)").
TRNCOST_DECL std::string line_text(const line_change& l);

/// The attribution's steps, largest effect in size first (ties in the diff's order), as explain()
/// orders them.
TRNCOST_DECL std::vector<attribution_step> largest_first(std::vector<attribution_step> steps);

}  // namespace detail

/// The diff as a Markdown comment. `before` and `after` name the two reports (file names).
/// Lines that did not move (same amount on both sides) and inputs that did not change are left out;
/// when nothing moved the comment says so in one sentence.
[[nodiscard]] TRNCOST_DECL std::string render_diff_markdown(const estimate_diff& d,
                                                            std::string_view before,
                                                            std::string_view after);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/markdown_diff.ipp"
#endif

#endif  // TRNCOST_REPORT_MARKDOWN_DIFF_HPP
