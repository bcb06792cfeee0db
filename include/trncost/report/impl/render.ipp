// The bodies of report/render.hpp's functions: included by the header, or compiled once by
// <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_RENDER_IPP
#define TRNCOST_REPORT_IMPL_RENDER_IPP

#include <string>
#include <string_view>

#include "../../config.hpp"
#include "../../error.hpp"
#include "../audit.hpp"
#include "../audit_plan.hpp"
#include "../audit_study.hpp"
#include "../formats.hpp"
#include "../html_extras.hpp"
#include "../markdown_extras.hpp"
#include "../reconcile.hpp"
#include "../render.hpp"

namespace trncost::report {

TRNCOST_DECL rendered_report render_report(std::string_view json_text, std::string_view format,
                                           std::string_view title, std::string_view file) {
  const std::string where(file);
  if (!report::format_named(format, report::report_kind::rendered_estimate)) {
    throw input_error(where + ": " +
                      report::format_refusal(format, report::report_kind::rendered_estimate) +
                      " (its JSON is the report itself)");
  }
  if (report::is_reconciliation(json_text)) {
    throw input_error(where +
                      ": is a reconciliation report, not an estimate's; trncost reconcile "
                      "ESTIMATE BILL.csv --format " +
                      std::string(format) + " renders it");
  }
  if (report::is_plan_document(json_text)) {
    throw input_error(where + ": is a plan's report, not an estimate's; trncost estimate " +
                      "PLAN.toml --format " + std::string(format) + " renders the plan");
  }
  if (is_study_report(json_text)) {
    throw input_error(where + ": is a study report, not an estimate's; trncost estimate " +
                      "STUDY.toml --format " + std::string(format) + " renders the study");
  }
  const full_report r = read_full_report(json_text, file);
  rendered_report out{check(r), {}};
  if (!out.audit.ok) return out;  // never shown as if it were right
  out.text = format == "md" ? render_markdown(r.doc, r.extras, title)
                            : render_html(r.doc, r.extras, title);
  return out;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_IMPL_RENDER_IPP
