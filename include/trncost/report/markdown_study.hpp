// A study (scenario/study.hpp) as Markdown: the decision with every reason, the comparison ranked
// per unit of work within each quality protocol, each option's credit runway, then each option's
// own report (estimate, tornado, Monte Carlo, credits) with its headings one level down. A section
// appears only when it has content.
#ifndef TRNCOST_REPORT_MARKDOWN_STUDY_HPP
#define TRNCOST_REPORT_MARKDOWN_STUDY_HPP

#include <ostream>
#include <set>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "markdown_extras.hpp"
#include "study_result.hpp"
#include "what_if.hpp"

namespace trncost::report {

namespace detail {

/// Cost per unit of work: four decimals, so that a cost per token does not print as 0.00.
TRNCOST_DECL std::string per_unit(decimal d);

/// Every Markdown heading of `text` one level down ("# x" becomes "## x").
TRNCOST_DECL std::string demote_headings(const std::string& text);

TRNCOST_DECL void md_study_decision(std::string& o, const study_result& r);

TRNCOST_DECL void md_study_comparison(std::string& o, const study_result& r);

/// The ranking by cash paid after credits, when the study has grants.
TRNCOST_DECL void md_study_cash(std::string& o, const study_result& r);

TRNCOST_DECL void md_study_break_even(std::string& o, const study_result& r);

TRNCOST_DECL std::string quote_dates(const estimate& est);

TRNCOST_DECL void md_study_regions(std::string& o, const study_result& r);

TRNCOST_DECL void md_study_runway(std::string& o, const study_result& r);

/// [study.what_if]: the input swept, a table of each option's total and cash.
TRNCOST_DECL void md_study_what_if(std::string& o, const study_result& r);

}  // namespace detail

/// The study as Markdown: decision, comparison, hosting against an API, runway, then every
/// option's report.
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const study_result& r);

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_markdown(const study_result& r, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/markdown_study.ipp"
#endif

#endif  // TRNCOST_REPORT_MARKDOWN_STUDY_HPP
