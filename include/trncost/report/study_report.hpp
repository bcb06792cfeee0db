// A study's report in the format asked for by name ("md", "json", "html", "csv"): the one entry
// point the command line needs, over the study writers (markdown_study.hpp, json_study.hpp,
// html_study.hpp, focus_csv_study.hpp).
#ifndef TRNCOST_REPORT_STUDY_REPORT_HPP
#define TRNCOST_REPORT_STUDY_REPORT_HPP

#include <string>
#include <string_view>

#include "focus_csv_study.hpp"
#include "html_study.hpp"
#include "json_study.hpp"
#include "markdown_study.hpp"

namespace trncost::io {

/// The study as `format` ("md", "json", "html" or "csv", FOCUS with an x_Option column); input_error
/// naming the formats for any other.
[[nodiscard]] inline std::string render_study(const study_result& r, std::string_view format) {
  if (format == "md") return render_markdown(r);
  if (format == "json") return render_json(r);
  if (format == "html") return render_html(r);
  if (format == "csv") return render_focus_csv(r);
  throw input_error("a study is written as md, json, html or csv; \"" + std::string(format) +
                    "\" is not one of them");
}

}  // namespace trncost::io

#endif  // TRNCOST_REPORT_STUDY_REPORT_HPP
