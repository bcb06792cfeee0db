// One audit for every document trncost writes: an estimate's report, a study's, a plan and a
// reconciliation, each recomputed from the document alone by its own checker, chosen by the schema
// the document declares. What `trncost audit` and Python's trncost.audit run, so that both accept
// and refuse the same documents with the same words.
#ifndef TRNCOST_REPORT_AUDIT_DOCUMENT_HPP
#define TRNCOST_REPORT_AUDIT_DOCUMENT_HPP

#include <cstddef>
#include <string>
#include <string_view>

#include "audit.hpp"
#include "audit_plan.hpp"
#include "audit_study.hpp"
#include "reconcile.hpp"

namespace trncost::report {

/// What audit_document() found.
struct document_audit {
  std::string kind;  ///< "estimate", "study", "plan" or "reconciliation"
  bool ok = true;
  std::string first_mismatch;  ///< when not ok: the first member that does not recompute
  /// When ok: what was recomputed, as the command says it ("20 inputs, 33 derivations, ...").
  std::string recomputed;
  std::size_t inputs = 0;  ///< an estimate's or a study's: the counts of what was recomputed
  std::size_t derivations = 0;
  std::size_t lines = 0;
};

/// Audits a JSON document of any kind trncost writes. parse_error (naming `file`) for text that is
/// no such document.
[[nodiscard]] inline document_audit audit_document(std::string_view json_text,
                                                   std::string_view file) {
  document_audit out;
  if (is_reconciliation(json_text)) {
    const auto r = check_reconciliation(json_text, file);
    out.kind = "reconciliation";
    out.ok = r.ok;
    out.first_mismatch = r.first_mismatch;
    out.recomputed = std::to_string(r.rows) +
                     " rows; each difference, its usage and price effects and the totals "
                     "recompute, and every row read is kept or left out";
    return out;
  }
  if (is_plan_document(json_text)) {
    const auto r = check_plan(json_text, file);
    out.kind = "plan";
    out.ok = r.ok;
    out.first_mismatch = r.first_mismatch;
    out.recomputed = std::to_string(r.workloads) + " workloads, " + std::to_string(r.periods) +
                     " periods; the schedule, the grants' burn-down, each workload's draw and the "
                     "totals recompute";
    return out;
  }
  const bool study = report::is_study_report(json_text);
  const auto r = study ? report::audit_study(json_text, file) : report::audit(json_text, file);
  out.kind = study ? "study" : "estimate";
  out.ok = r.ok;
  out.first_mismatch = r.first_mismatch;
  out.inputs = r.inputs;
  out.derivations = r.derivations;
  out.lines = r.lines;
  out.recomputed = std::to_string(r.inputs) + " inputs, " + std::to_string(r.derivations) +
                   " derivations, " + std::to_string(r.lines) +
                   " lines and the totals recomputed exactly; the status follows the rules" +
                   (study ? "; the comparison and the decision follow from the options" : "");
  return out;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_AUDIT_DOCUMENT_HPP
