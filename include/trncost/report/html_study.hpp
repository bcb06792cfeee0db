// A study (scenario/study.hpp) as one self-contained HTML page: the decision with every reason, the
// comparison (chart and table per unit of work), credits beside cash per option, each option's
// credit runway, then per option its status and total, tornado, Monte Carlo band, the burn-down of
// its own grants with their outcomes, and its credits beside its cash per period. A section
// appears only when it has content.
#ifndef TRNCOST_REPORT_HTML_STUDY_HPP
#define TRNCOST_REPORT_HTML_STUDY_HPP

#include <ostream>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "html_extras.hpp"
#include "markdown_extras.hpp"
#include "markdown_study.hpp"
#include "study_result.hpp"

namespace trncost::report {

namespace detail {

TRNCOST_DECL std::string html_study_comparison(const study_result& r);

/// The ranking by cash paid after credits, when the study has grants: its table, and each ranked
/// option's credits beside its cash on one scale (`chart-cash`, bars `cash-credits`, `cash-paid`).
TRNCOST_DECL std::string html_study_cash(const study_result& r);

TRNCOST_DECL std::string html_study_break_even(const study_result& r);

TRNCOST_DECL std::string html_study_regions(const study_result& r);

TRNCOST_DECL std::string html_study_runway(const study_result& r);

TRNCOST_DECL std::string html_study_option(const study_option_result& x, std::size_t i);

}  // namespace detail

/// The study as one self-contained HTML page.
[[nodiscard]] TRNCOST_DECL std::string render_html(const study_result& r);

/// Renders the whole page first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_html(const study_result& r, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/html_study.ipp"
#endif

#endif  // TRNCOST_REPORT_HTML_STUDY_HPP
