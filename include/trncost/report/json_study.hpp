// A study (io/study.hpp) as JSON, schema "trncost.study": each option's whole report (schema
// trncost.report, version 2, with its tornado, Monte Carlo band, decision and burn-down), the
// comparison per unit of work and the study's decision. report/audit_study.hpp audits it: every
// option's report as the report audit does, then the comparison against the options' totals.
#ifndef TRNCOST_REPORT_JSON_STUDY_HPP
#define TRNCOST_REPORT_JSON_STUDY_HPP

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "json_extras.hpp"
#include "study_result.hpp"

namespace trncost::io {

/// The study report's schema name and version.
inline constexpr std::string_view study_schema_name = "trncost.study";
inline constexpr int study_schema_version = 1;

/// The study as JSON: title, work unit, every option's report, the comparison and the decision.
[[nodiscard]] inline std::string render_json(const study_result& r) {
  detail::json_writer w;
  w.begin_object();
  w.member("schema", study_schema_name);
  w.member("schema_version", static_cast<std::int64_t>(study_schema_version));
  w.member("title", r.title);
  w.member("study_file", r.file);
  w.member("work_unit", r.work_unit);
  w.key("options");
  w.begin_array();
  for (const auto& x : r.options) {
    w.begin_object();
    w.member("name", x.name);
    w.member("title", x.title);
    w.member("work", x.work);
    w.key("report");
    w.begin_object();
    report::document d = report::from_estimate(x.est);
    // Version 2 for the extras, 3 when the option says the work it delivers (from_estimate).
    if (d.version < report::extras_schema_version) d.version = report::extras_schema_version;
    detail::write_document_members(w, d);
    detail::write_extras(w, x.extras);
    w.end_object();
    w.end_object();
  }
  w.end_array();
  w.key("decided_for");
  if (r.decided_for) {
    w.string(*r.decided_for);
  } else {
    w.null();
  }
  w.key("analysis");
  w.begin_object();
  detail::write_comparison(w, r.comparison);
  detail::write_decision(w, r.decision);
  w.end_object();
  w.end_object();
  return w.take();
}

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
inline void write_json(const study_result& r, std::ostream& out) {
  const std::string text = render_json(r);
  out << text;
}

}  // namespace trncost::io

#endif  // TRNCOST_REPORT_JSON_STUDY_HPP
