// The definitions of report/study_report.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP
#define TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP

#include "../study_report.hpp"

namespace trncost {

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_study(const study_result& r,
                                                    std::string_view format) {
  const auto f = report::format_named(format, report::report_kind::study);
  if (!f) throw input_error(report::format_refusal(format, report::report_kind::study));
  switch (*f) {
    case report::format::markdown:
      return render_markdown(r);
    case report::format::json:
      return render_json(r);
    case report::format::html:
      return render_html(r);
    case report::format::focus_csv:
      return render_focus_csv(r);
    case report::format::text:
    case report::format::svg:
      break;
  }
  throw input_error(report::format_refusal(format, report::report_kind::study));
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP
