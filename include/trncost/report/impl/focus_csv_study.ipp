// The definitions of report/focus_csv_study.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_FOCUS_CSV_STUDY_IPP
#define TRNCOST_REPORT_IMPL_FOCUS_CSV_STUDY_IPP

#include "../focus_csv_study.hpp"

namespace trncost {

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(const study_result& r) {
  std::string out;
  {
    detail::csv_row header(out);
    for (const auto c : focus_study_columns) header.text(c);
    header.end();
  }
  for (const auto& o : r.options) {
    const auto doc = report::from_estimate(o.est);
    detail::write_usage_rows(out, doc, true, &o.name);
    if (o.extras.burn_down) detail::write_credit_rows(out, doc, *o.extras.burn_down, &o.name);
  }
  return out;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_FOCUS_CSV_STUDY_IPP
