// The audit of a study report (schema trncost.study, report/json_study.hpp) from its JSON text
// alone: every option's report is audited as a report is (report/audit.hpp: derivations, lines,
// totals, status, its analysis and credits sections); then the study's comparison is checked
// against those recomputed totals and the options' work (cost per unit of work, ranks, ratios),
// every option is ranked or set apart exactly once, only an option whose decision says it reached
// the target is ranked, and the study's decision is the first-ranked option's.
#ifndef TRNCOST_REPORT_AUDIT_STUDY_HPP
#define TRNCOST_REPORT_AUDIT_STUDY_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "audit.hpp"
#include "json_study.hpp"

namespace trncost::report {

/// Whether a JSON text declares the study schema (a report that is not JSON is not a study).
[[nodiscard]] TRNCOST_DECL bool is_study_report(std::string_view json_text);

/// Audits a study report; the counts are summed over the options' reports. A report that cannot be
/// read (bad JSON, a missing field, a newer schema) throws parse_error.
[[nodiscard]] TRNCOST_DECL audit_result audit_study(std::string_view json_text,
                                                    std::string_view file = "study report");

/// A study report read back for a comparison with another (trncost diff): each option's report
/// document by name, in the report's order, the option decided for and the study's decision.
struct study_report_view {
  std::vector<std::pair<std::string, report::document>> options;
  std::optional<std::string> decided_for;
  analysis::decision decision;
};

/// Reads a study report (audit it first: this reads, it does not check). A report that cannot be
/// read throws parse_error naming the file and the member.
[[nodiscard]] TRNCOST_DECL study_report_view read_study_report(std::string_view json_text,
                                                               std::string_view file);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/audit_study.ipp"
#endif

#endif  // TRNCOST_REPORT_AUDIT_STUDY_HPP
