// The audit: reads a serialized JSON report (schema trncost.report) alone, recomputes every
// derivation, line and total exactly, and checks the status against the status rules, naming the
// first mismatch. A report whose structure is broken (a missing field, a newer schema version) is
// refused with trncost::parse_error naming the file and the field.
#ifndef TRNCOST_REPORT_AUDIT_HPP
#define TRNCOST_REPORT_AUDIT_HPP

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <istream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../readers/detail/json.hpp"
#include "extras.hpp"
#include "report.hpp"

namespace trncost::report {

namespace detail {

/// A JSON number's text as a whole number ("-12"; no sign but '-', no fraction, no exponent),
/// within a signed 64-bit integer's range (+/-(2^63 - 1)).
TRNCOST_DECL bool parse_whole(std::string_view s, std::int64_t& out);

/// Arrays and objects a report may nest (a study's option's credits' projection's charges are 9
/// deep); deeper is refused, naming where.
inline constexpr std::size_t report_max_depth = 64;

/// Reads a report's JSON text strictly, as tools/verify_report.py reads it (docs/reports.md,
/// "Reading a report"): UTF-8 without a byte-order mark, no member twice in one object, no string
/// holding a lone UTF-16 surrogate, at most report_max_depth levels of nesting. Each refusal is a
/// parse_error naming the file and the path of the value ("lines[3].amount"); a syntax error names
/// the byte.
TRNCOST_DECL readers::detail::json_value parse_report_json(std::string_view text,
                                                           std::string_view file);

/// The whole of a stream as text (a report is read whole before it is parsed).
TRNCOST_DECL std::string read_all(std::istream& in);

/// The text of a report's decimal ("-12.5"): '-' optional, ASCII digits, a fraction of 1 to 18
/// digits optional; no '+', no exponent, no blank. Empty when it is one, else why not.
TRNCOST_DECL std::string decimal_text_rule(std::string_view s);

/// "lines[3]" and "amount" -> "lines[3].amount"; "" and "schema" -> "schema".
inline std::string join_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

/// Reads a report's json_value tree into a report::document; every structural error names the
/// file and the field's path ("lines[3].amount").
class report_reader {
 public:
  explicit report_reader(std::string_view file) : file_(file) {}

  [[noreturn]] void fail_at(const std::string& path, std::string_view rule) const {
    readers::fail(readers::input_position::whole(file_), path, rule);
  }

  const readers::detail::json_value& member(const readers::detail::json_value& obj,
                                            const std::string& path, std::string_view key,
                                            readers::detail::json_value::kind want) const;
  /// Every object of a report is closed: the first member not in `members` (in the file's order)
  /// is refused, naming `what` the object is.
  void closed(const readers::detail::json_value& obj, const std::string& path,
              std::initializer_list<std::string_view> members, std::string_view what,
              const std::vector<std::string_view>& more = {}) const;
  std::string str(const readers::detail::json_value& obj, const std::string& path,
                  std::string_view key) const {
    return member(obj, path, key, readers::detail::json_value::kind::string).text();
  }
  std::optional<std::string> str_or_null(const readers::detail::json_value& obj,
                                         const std::string& path, std::string_view key) const;
  bool boolean(const readers::detail::json_value& obj, const std::string& path,
               std::string_view key) const {
    return member(obj, path, key, readers::detail::json_value::kind::boolean).boolean();
  }
  std::uint64_t whole(const readers::detail::json_value& obj, const std::string& path,
                      std::string_view key, bool allow_negative = false) const;
  std::int64_t signed_whole(const readers::detail::json_value& obj, const std::string& path,
                            std::string_view key) const {
    return static_cast<std::int64_t>(whole(obj, path, key, true));
  }
  decimal dec(const readers::detail::json_value& obj, const std::string& path,
              std::string_view key) const;
  std::optional<decimal> dec_or_null(const readers::detail::json_value& obj,
                                     const std::string& path, std::string_view key) const;
  date day(const readers::detail::json_value& obj, const std::string& path,
           std::string_view key) const;
  timestamp instant(const readers::detail::json_value& obj, const std::string& path,
                    std::string_view key) const;
  template <class T, class F>
  T named(const readers::detail::json_value& obj, const std::string& path, std::string_view key,
          F parse, std::string_view what) const {
    const auto text = str(obj, path, key);
    const auto v = parse(text);
    if (!v) fail_at(join_path(path, key), "'" + text + "' is not a known " + std::string(what));
    return *v;
  }
  const std::vector<readers::detail::json_value>& array(const readers::detail::json_value& obj,
                                                        const std::string& path,
                                                        std::string_view key) const {
    return member(obj, path, key, readers::detail::json_value::kind::array).items();
  }
  const readers::detail::json_value& object_at(
      const std::vector<readers::detail::json_value>& items, std::size_t i,
      const std::string& path) const;
  std::vector<std::string> strings(const readers::detail::json_value& obj, const std::string& path,
                                   std::string_view key) const;

  /// An input's provenance, with the members of its kind in schema version `version`.
  provenance origin(const readers::detail::json_value& p, const std::string& path,
                    int version) const;

  report::document read(const readers::detail::json_value& root) const;

  /// A line's identity (version 5): every field a string or null, never "".
  line_identity identity(const readers::detail::json_value& line, const std::string& path) const;

  /// The archived protocol: kept as read; its as-of date and window must be the report's.
  void read_protocol(const readers::detail::json_value& root, report::document& doc) const;

  // ----- The optional sections (schema version 2).

  std::optional<std::size_t> index_or_null(const readers::detail::json_value& obj,
                                           const std::string& path, std::string_view key) const;
  std::optional<date> day_or_null(const readers::detail::json_value& obj, const std::string& path,
                                  std::string_view key) const;
  /// A Monte Carlo figure: fixed-point text, read as a decimal then as the double it stands for.
  double figure(const readers::detail::json_value& obj, const std::string& path,
                std::string_view key) const {
    return dec(obj, path, key).to_double();
  }
  template <class F>
  void each(const readers::detail::json_value& obj, const std::string& path, std::string_view key,
            F f) const {
    const auto& items = array(obj, path, key);
    const std::string base = path.empty() ? std::string(key) : path + "." + std::string(key);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string at = base + "[" + std::to_string(i) + "]";
      f(object_at(items, i, at), at);
    }
  }
  std::vector<std::optional<decimal>> decimals_or_null(const readers::detail::json_value& obj,
                                                       const std::string& path,
                                                       std::string_view key) const;

  analysis::tornado_bar bar(const readers::detail::json_value& e, const std::string& path) const;

  analysis::tornado tornado(const readers::detail::json_value& o, const std::string& path) const;

  analysis::scenario_table scenarios(const readers::detail::json_value& o,
                                     const std::string& path) const;

  analysis::monte_carlo_result monte_carlo(const readers::detail::json_value& o,
                                           const std::string& path) const;

  analysis::comparison comparison(const readers::detail::json_value& o,
                                  const std::string& path) const;

  analysis::decision decision(const readers::detail::json_value& o, const std::string& path) const;

  std::vector<credits::period_burn> burn_periods(const readers::detail::json_value& o,
                                                 const std::string& path,
                                                 std::string_view key) const;

  credits::burn_down_result burn_down(const readers::detail::json_value& o,
                                      const std::string& path) const;

  /// The "analysis" and "credits" sections, refused in a version 1 report (which has none).
  report::extras read_extras(const readers::detail::json_value& root, int version) const;

 private:
  std::string_view file_;
};

}  // namespace detail

/// The schema version a parsed report declares; throws parse_error when it is missing, not a whole
/// number, or newer than report::schema_version.
TRNCOST_DECL int report_version(const readers::detail::json_value& root,
                                std::string_view file = "report");

/// Reads a report's JSON text into a document (parse_error on a structural problem).
TRNCOST_DECL report::document read_report(std::string_view json_text,
                                          std::string_view file = "report");
TRNCOST_DECL report::document read_report(std::istream& in, std::string_view file = "report");

/// The audit's verdict.
/// A report with its optional analysis and credits sections.
struct full_report {
  report::document doc;
  report::extras extras;  ///< empty for a version 1 report
};

/// Reads a report's JSON text with its analysis and credits sections (parse_error on a structural
/// problem, a section in a version 1 report included).
TRNCOST_DECL full_report read_full_report(std::string_view json_text,
                                          std::string_view file = "report");
TRNCOST_DECL full_report read_full_report(std::istream& in, std::string_view file = "report");

using audit_result = report::check_result;

/// The document checked, then its analysis and credits sections.
TRNCOST_DECL audit_result check(const full_report& r);

/// Audits a report from its JSON text alone: recomputes every derivation, line and total and checks
/// the status against the status rules; the result names the first mismatch. A report that cannot
/// be read (bad JSON, a missing field, a newer schema) throws parse_error instead.
TRNCOST_DECL audit_result audit(std::string_view json_text, std::string_view file = "report");
TRNCOST_DECL audit_result audit(std::istream& in, std::string_view file = "report");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/audit.ipp"
#endif

#endif  // TRNCOST_REPORT_AUDIT_HPP
