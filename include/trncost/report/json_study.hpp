// A study (scenario/study.hpp) as JSON, schema "trncost.study": each option's whole report (schema
// trncost.report, version 2, with its tornado, Monte Carlo band, decision and burn-down), the
// comparison per unit of work and the study's decision. report/audit_study.hpp audits it: every
// option's report as the report audit does, then the comparison against the options' totals.
#ifndef TRNCOST_REPORT_JSON_STUDY_HPP
#define TRNCOST_REPORT_JSON_STUDY_HPP

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "json_extras.hpp"
#include "study_result.hpp"

namespace trncost::report {

/// The study report's schema name and version.
inline constexpr std::string_view study_schema_name = "trncost.study";
inline constexpr int study_schema_version = 1;

/// The study as JSON: title, work unit, every option's report, the comparison and the decision.
[[nodiscard]] TRNCOST_DECL std::string render_json(const study_result& r);

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_json(const study_result& r, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/json_study.ipp"
#endif

#endif  // TRNCOST_REPORT_JSON_STUDY_HPP
