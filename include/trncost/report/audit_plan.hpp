// The audit of a plan's JSON (schema trncost.plan, docs/reports.md#plans): its periods, months,
// grants, workloads, services and totals recomputed from the inputs the document carries (each
// workload's charges of one occurrence and its occurrences' dates and length in seconds, each
// grant's amount, dates and coverage), as `trncost audit` does and, sharing no code,
// tools/verify_report.py. Every schema version up to credits::plan_schema_version is read.
#ifndef TRNCOST_REPORT_AUDIT_PLAN_HPP
#define TRNCOST_REPORT_AUDIT_PLAN_HPP

#include <cstddef>
#include <string>
#include <string_view>

#include "../config.hpp"

namespace trncost::report {

/// What check_plan() found.
struct plan_check {
  bool ok = true;
  std::string first_mismatch;  ///< "months[2].cash: the document says 1.00, recomputed 2.00 (...)"
  std::size_t workloads = 0;   ///< workloads checked
  std::size_t periods = 0;     ///< periods checked
};

/// Re-checks a plan's JSON from the document alone: each workload's cost per occurrence is its
/// charges' sum and its spend that times its occurrences, each occurrence's seconds end during its
/// last day; the plan's periods are cut again, the charges spread over them (by the second for an
/// occurrence ending during a day) and the grants applied, earliest last valid day first; each
/// period, month, grant, workload and service and the totals must say what that gives, the run-out
/// days included. The first mismatch is named by its member path. parse_error for text that is not
/// such a document (a member missing or of the wrong type, one the schema does not have).
[[nodiscard]] TRNCOST_DECL plan_check check_plan(std::string_view json_text, std::string_view file);

/// Whether `json_text` is a plan's document (its schema member says so).
[[nodiscard]] TRNCOST_DECL bool is_plan_document(std::string_view json_text);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/audit_plan.ipp"
#endif

#endif  // TRNCOST_REPORT_AUDIT_PLAN_HPP
