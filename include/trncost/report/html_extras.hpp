// The analysis charts of the HTML report (tornado, comparison, credit burn-down), the decision and
// the Monte Carlo band, added to the estimate-only page (html.hpp). A separate header so that an
// estimate-only report does not compile the analysis and credits layers.
#ifndef TRNCOST_REPORT_HTML_EXTRAS_HPP
#define TRNCOST_REPORT_HTML_EXTRAS_HPP

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "extras.hpp"
#include "html.hpp"
#include "markdown_extras.hpp"

namespace trncost::report {

namespace detail {

inline constexpr std::string_view low_colour = "#1565c0";   ///< tornado: the input at its low end
inline constexpr std::string_view high_colour = "#ef6c00";  ///< tornado: the input at its high end
inline constexpr std::string_view credit_colour = "#2e7d32";
inline constexpr std::string_view cash_colour = "#c62828";
inline constexpr std::string_view balance_colour = "#6a1b9a";

/// The colour of the `k`th grant's own balance line in a burn-down with several grants (a palette
/// of six, repeated).
constexpr std::string_view grant_colour(std::size_t k) noexcept {
  constexpr std::string_view palette[] = {"#00838f", "#ef6c00", "#5d4037",
                                          "#ad1457", "#1565c0", "#9e9d24"};
  return palette[k % 6];
}

/// The tornado: one row per input, largest swing on top; from the baseline total (the vertical
/// line), a bar to the total at the input's low end and one to the total at its high end. Observed
/// inputs first, then the assumptions apart under their own heading.
TRNCOST_DECL std::string tornado_chart(const analysis::tornado& t);

/// The comparison: per protocol group, the ranked options' costs (cheapest first, with rank and
/// ratio) and the options set apart (no bar: a dashed box and the reason).
TRNCOST_DECL std::string comparison_chart(const analysis::comparison& c);

/// The credit burn-down: per period, the spend as a bar split into credits used (bottom) and paid
/// in cash (top); the balance of all grants as a line over the period boundaries, and with several
/// grants each grant's own balance as a dashed line (`burn-grant`, `data-grant`) named in a legend
/// row of its own; the runway (the first day no credit pays) as a dashed vertical line, or named
/// at the right edge when it is projected past the spend window.
TRNCOST_DECL std::string burn_down_chart(const credits::burn_down_result& b);

/// Each grant's outcome: its last valid day, the day it runs out and what it loses at expiry (in
/// the spend window or projected after it at the schedule's rate).
TRNCOST_DECL std::string grants_table(const credits::burn_down_result& b);

/// Per period of the burn-down (the schedule's, then the projection's, "(projected)"), what the
/// grants paid beside what was paid in cash, on one scale (`svg id="chart-periods"`, bars
/// `period-credits` and `period-cash` with `data-period`, the period's first day, and
/// `data-amount` exact). Empty when the burn-down has no period.
TRNCOST_DECL std::string credits_cash_chart(const credits::burn_down_result& b);

/// The burn-down's periods as the Markdown's table (`table class="periods"`): spend, credits, cash
/// and the balance after each, the projected ones marked.
TRNCOST_DECL std::string periods_table(const credits::burn_down_result& b);

/// The decision as a <section>: the outcome, then every reason (suspend, compare, holds).
TRNCOST_DECL std::string decision_section(const analysis::decision& d, std::string_view about = {});

/// The Monte Carlo band as a table, the chance of exceeding the budget when one was given, and the
/// inputs drawn, each one that cannot move the total marked data-moves-total="false" (its text says
/// so too, analysis/monte_carlo.hpp). Shared by the estimate's page and the study's.
TRNCOST_DECL std::string monte_carlo_table(const analysis::monte_carlo_result& m);

/// The scenarios side by side: per scenario its total, its gap to the measured one, each override
/// (from and to, its effect alone, what it rests on) and the interaction.
TRNCOST_DECL std::string scenarios_table(const analysis::scenario_table& t);

}  // namespace detail

/// A report document as one self-contained HTML page, with the tornado, comparison and credit
/// burn-down charts (and the decision) of `x`, each only when present: what a JSON report read
/// back with report::read_full_report holds.
[[nodiscard]] TRNCOST_DECL std::string render_html(const report::document& doc,
                                                   const report::extras& x,
                                                   std::string_view title = "Cost estimate");

/// The same for an estimate: render_html(report::from_estimate(est), x, title).
[[nodiscard]] TRNCOST_DECL std::string render_html(const estimate& est, const report::extras& x,
                                                   std::string_view title = "Cost estimate");

/// The same with the analysis charts of `x`; nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_html(const estimate& est, const report::extras& x, std::ostream& out,
                             std::string_view title = "Cost estimate");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/html_extras.ipp"
#endif

#endif  // TRNCOST_REPORT_HTML_EXTRAS_HPP
