// The definitions of report/study_report.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP
#define TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP

#include "../study_report.hpp"

namespace trncost {

namespace io {

[[nodiscard]] TRNCOST_DECL std::string render_study(const study_result& r,
                                                    std::string_view format) {
  if (format == "md") return render_markdown(r);
  if (format == "json") return render_json(r);
  if (format == "html") return render_html(r);
  if (format == "csv") return render_focus_csv(r);
  throw input_error("a study is written as md, json, html or csv; \"" + std::string(format) +
                    "\" is not one of them");
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_STUDY_REPORT_IPP
