// The analysis and credits members of the JSON report (schema version 2: tornado, scenarios, Monte
// Carlo, comparison, decision, credit burn-down; docs/reports.md), written after the estimate's own
// members (json.hpp). A separate header so that an estimate-only report does not compile the
// analysis and credits layers.
#ifndef TRNCOST_REPORT_JSON_EXTRAS_HPP
#define TRNCOST_REPORT_JSON_EXTRAS_HPP

#include <charconv>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "extras.hpp"
#include "json.hpp"

namespace trncost::report {

namespace detail {

/// A Monte Carlo figure (a double, analysis only) as fixed-point text with 6 fractional digits,
/// written by std::to_chars: the same bytes on every compiler and standard library.
TRNCOST_DECL std::string fixed6(double v);

TRNCOST_DECL void write_date_or_null(json_writer& w, std::string_view k,
                                     const std::optional<date>& d);

TRNCOST_DECL void write_strings(json_writer& w, std::string_view k,
                                const std::vector<std::string>& v);

TRNCOST_DECL void write_tornado(json_writer& w, const analysis::tornado& t);

TRNCOST_DECL void write_scenarios(json_writer& w, const analysis::scenario_table& t);

TRNCOST_DECL void write_monte_carlo(json_writer& w, const analysis::monte_carlo_result& m);

TRNCOST_DECL void write_comparison(json_writer& w, const analysis::comparison& c);

TRNCOST_DECL void write_decision(json_writer& w, const analysis::decision& d);

TRNCOST_DECL void write_burn_periods(json_writer& w, std::string_view k,
                                     const std::vector<credits::period_burn>& periods);

TRNCOST_DECL void write_service_or_null(json_writer& w, const std::optional<std::string>& service);

TRNCOST_DECL void write_burn_down(json_writer& w, const credits::burn_down_result& b);

/// The "analysis" and "credits" sections, each only when something is in it.
TRNCOST_DECL void write_extras(json_writer& w, const report::extras& x);

}  // namespace detail

/// The report document with its analysis and credits sections. With nothing in `x` this is exactly
/// render_json(doc) (schema version 1, or 3 with work delivered); otherwise the report declares
/// schema version 2 (3 with work delivered).
[[nodiscard]] TRNCOST_DECL std::string render_json(const report::document& doc,
                                                   const report::extras& x);

/// The estimate's report with the analysis results and the burn-down in `x` (see above).
[[nodiscard]] TRNCOST_DECL std::string render_json(const estimate& est, const report::extras& x);

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_json(const estimate& est, const report::extras& x, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/json_extras.ipp"
#endif

#endif  // TRNCOST_REPORT_JSON_EXTRAS_HPP
