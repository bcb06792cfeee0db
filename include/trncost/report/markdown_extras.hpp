// The analysis and credits sections of the Markdown report (decision, tornado, scenarios, Monte
// Carlo, comparison, credit burn-down), after the estimate's own sections (markdown.hpp). A
// separate header so that an estimate-only report does not compile the analysis and credits layers.
#ifndef TRNCOST_REPORT_MARKDOWN_EXTRAS_HPP
#define TRNCOST_REPORT_MARKDOWN_EXTRAS_HPP

#include <charconv>
#include <ostream>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "extras.hpp"
#include "markdown.hpp"

namespace trncost::report {

namespace detail {

/// A Monte Carlo figure (a double) rounded to cents by std::to_chars: the same text everywhere.
TRNCOST_DECL std::string fixed2(double v);

TRNCOST_DECL void md_analysis(std::string& o, const report::extras& x);

TRNCOST_DECL std::string md_rate(const credits::spend_rate& r);

TRNCOST_DECL void md_credits(std::string& o, const credits::burn_down_result& b);

}  // namespace detail

/// A report document as Markdown, followed by a short section for each extra given (decision,
/// tornado, scenarios, Monte Carlo, comparison, credits): what a JSON report read back with
/// report::read_full_report holds. Without extras: exactly render_markdown(doc, title).
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const report::document& doc,
                                                       const report::extras& x,
                                                       std::string_view title = "Cost estimate");

/// The same for an estimate: render_markdown(report::from_estimate(est), x, title).
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est, const report::extras& x,
                                                       std::string_view title = "Cost estimate");

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_markdown(const estimate& est, const report::extras& x, std::ostream& out,
                                 std::string_view title = "Cost estimate");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/markdown_extras.ipp"
#endif

#endif  // TRNCOST_REPORT_MARKDOWN_EXTRAS_HPP
