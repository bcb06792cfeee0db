// An estimate's JSON report rendered again from the report alone, as Markdown or HTML: read with
// its analysis and credits sections, audited, and rendered only when it recomputes (`trncost
// render`, Python's `trncost.render_report`). Reads JSON, so it needs RapidJSON as the audit does.
#ifndef TRNCOST_REPORT_RENDER_HPP
#define TRNCOST_REPORT_RENDER_HPP

#include <string>
#include <string_view>

#include "../config.hpp"
#include "audit.hpp"

namespace trncost::report {

/// What rendering a JSON report gave: the audit's verdict and, when the report recomputes, its
/// text; a report that does not recompute is never rendered (`text` empty).
struct rendered_report {
  audit_result audit;
  std::string text;
};

/// The estimate's report `json_text` (read from `file`) as `format`, "md" or "html", under `title`.
/// Throws input_error naming the file for a study report and a reconciliation report (each renders
/// from its own command), and for another format; parse_error for a report that cannot be read.
[[nodiscard]] TRNCOST_DECL rendered_report render_report(std::string_view json_text,
                                                         std::string_view format,
                                                         std::string_view title,
                                                         std::string_view file = "report");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/render.ipp"
#endif

#endif  // TRNCOST_REPORT_RENDER_HPP
