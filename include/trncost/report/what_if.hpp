// What-if over one input of a study: the input swept over a range (a demand, a price, a
// throughput, a utilisation), each option's total recomputed exactly at every point from its report
// document (report::recompute, the audit's own evaluator), and its cash after credits where its
// credits are the same at any demand (report::steady_credits). A table and an SVG chart, so nobody
// edits a study file nine times.
#ifndef TRNCOST_REPORT_WHAT_IF_HPP
#define TRNCOST_REPORT_WHAT_IF_HPP

#include <optional>
#include <string>
#include <vector>

#include "../config.hpp"
#include "break_even.hpp"
#include "study_result.hpp"
#include "what_if_result.hpp"

namespace trncost::report {

/// Sweeps `input` of every option of the study. input_error when no option has the input (the
/// message lists the inputs the options share), when from >= to, or points is below 2 or above
/// 1,001.
[[nodiscard]] TRNCOST_DECL what_if sweep(const report::study_result& r, const std::string& input,
                                         decimal from, decimal to, int points);

/// The sweep as a Markdown table (one row per point; per option its total, and its cash when
/// known).
[[nodiscard]] TRNCOST_DECL std::string render_what_if_markdown(const what_if& w);

/// The sweep as an SVG chart: per option a line of its total (solid) and of its cash (dashed).
[[nodiscard]] TRNCOST_DECL std::string what_if_svg(const what_if& w);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/what_if.ipp"
#endif

#endif  // TRNCOST_REPORT_WHAT_IF_HPP
