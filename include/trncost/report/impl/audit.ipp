// The definitions of report/audit.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_IPP

#include "../audit.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL bool parse_whole(std::string_view s, std::int64_t& out) {
  if (s.empty()) return false;
  std::size_t i = 0;
  bool neg = false;
  if (s[0] == '-') {
    neg = true;
    i = 1;
  }
  if (i == s.size()) return false;
  std::int64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) return false;
    v = v * 10 + (s[i] - '0');
  }
  out = neg ? -v : v;
  return true;
}

}  // namespace io::detail

namespace io {

TRNCOST_DECL int report_version(const detail::json_value& root, std::string_view file) {
  const detail::report_reader r(file);
  if (!root.is_object()) r.fail_at("", "a report is a JSON object");
  const auto v = static_cast<int>(r.signed_whole(root, "", "schema_version"));
  if (v > report::newest_schema_version) {
    r.fail_at("schema_version", "the report has schema version " + std::to_string(v) +
                                    ", newer than version " +
                                    std::to_string(report::newest_schema_version) +
                                    " that this trncost reads; upgrade trncost to audit it");
  }
  return v;
}

TRNCOST_DECL report::document read_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_json_text(json_text, file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL report::document read_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_json_stream(in, file);
  (void)report_version(root, file);
  return detail::report_reader(file).read(root);
}

TRNCOST_DECL full_report read_full_report(std::string_view json_text, std::string_view file) {
  const auto root = detail::parse_json_text(json_text, file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL full_report read_full_report(std::istream& in, std::string_view file) {
  const auto root = detail::parse_json_stream(in, file);
  (void)report_version(root, file);
  const detail::report_reader r(file);
  full_report out{r.read(root), {}};
  out.extras = r.read_extras(root, out.doc.version);
  return out;
}

TRNCOST_DECL audit_result check(const full_report& r) {
  auto result = report::check(r.doc);
  if (!result.ok) return result;
  const auto extra = report::check(r.extras);
  if (!extra.ok) return extra;
  return result;
}

TRNCOST_DECL audit_result audit(std::string_view json_text, std::string_view file) {
  return check(read_full_report(json_text, file));
}

TRNCOST_DECL audit_result audit(std::istream& in, std::string_view file) {
  return check(read_full_report(in, file));
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_AUDIT_IPP
