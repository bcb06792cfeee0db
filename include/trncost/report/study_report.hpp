// A study's report in the format asked for by name ("md", "json", "html", "csv"): the one entry
// point the command line needs, over the study writers (markdown_study.hpp, json_study.hpp,
// html_study.hpp, focus_csv_study.hpp).
#ifndef TRNCOST_REPORT_STUDY_REPORT_HPP
#define TRNCOST_REPORT_STUDY_REPORT_HPP

#include <string>
#include <string_view>

#include "../config.hpp"
#include "focus_csv_study.hpp"
#include "formats.hpp"
#include "html_study.hpp"
#include "json_study.hpp"
#include "markdown_study.hpp"

namespace trncost::report {

/// The study as `format`, a name of report/formats.hpp's table that studies are written in ("md",
/// "json", "html" or "csv", FOCUS with an x_Option column); input_error naming them for any other.
[[nodiscard]] TRNCOST_DECL std::string render_study(const study_result& r, std::string_view format);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/study_report.ipp"
#endif

#endif  // TRNCOST_REPORT_STUDY_REPORT_HPP
