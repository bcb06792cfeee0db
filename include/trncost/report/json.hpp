// The JSON report (schema trncost.report, version 1; docs/reports.md): every input with its
// provenance, every derivation with its operation and operands, every line with its exact factor
// and rounding, the totals by category and phase, useful vs overhead, the status with its reasons
// and the findings. Written by hand in a fixed order, so identical estimates give byte-identical
// reports.
#ifndef TRNCOST_REPORT_JSON_HPP
#define TRNCOST_REPORT_JSON_HPP

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

// The report document (report.hpp) is only named here: render_json(est) builds one inside
// impl/json.ipp, and a program that builds its own document has included report.hpp to do so.
#include "../config.hpp"
#include "../fwd.hpp"
#include "../model/estimate.hpp"

namespace trncost::report {

namespace detail {

/// A JSON string literal: quotes, backslashes and control characters escaped; UTF-8 kept as is.
TRNCOST_DECL void append_json_string(std::string& out, std::string_view s);

/// A small pretty-printing JSON writer: two-space indentation, members in the order written.
class json_writer {
 public:
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k);
  void string(std::string_view s) {
    separate();
    append_json_string(out_, s);
  }
  void number(std::uint64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void number(std::int64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void boolean(bool b) {
    separate();
    out_ += b ? "true" : "false";
  }
  void null() {
    separate();
    out_ += "null";
  }
  // Shorthands for members.
  void member(std::string_view k, std::string_view v) {
    key(k);
    string(v);
  }
  void member(std::string_view k, const char* v) { member(k, std::string_view(v)); }
  void member(std::string_view k, const std::string& v) { member(k, std::string_view(v)); }
  void member(std::string_view k, std::uint64_t v) {
    key(k);
    number(v);
  }
  void member(std::string_view k, std::int64_t v) {
    key(k);
    number(v);
  }
  void member(std::string_view k, bool v) {
    key(k);
    boolean(v);
  }
  void member(std::string_view k, decimal v) { member(k, v.to_string()); }

  [[nodiscard]] std::string take() {
    out_ += '\n';
    return std::move(out_);
  }

 private:
  void separate();
  void open(char c) {
    separate();
    out_ += c;
    first_.push_back(true);
  }
  void close(char c);
  void newline() {
    out_ += '\n';
    out_.append(2 * first_.size(), ' ');
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

TRNCOST_DECL void write_provenance(json_writer& w, const provenance& p);

/// A line's "identity" member (schema version 5): each field a string, or null when empty.
TRNCOST_DECL void write_identity(json_writer& w, const line_identity& id);

TRNCOST_DECL void write_amount(json_writer& w, std::string_view k, const std::optional<decimal>& v);

/// The archived protocol: the trncost version, the as-of date, the freshness window and each run.
TRNCOST_DECL void write_protocol(json_writer& w, const report::document& doc);

/// The members of a report document (everything but the optional sections), in their fixed order.
TRNCOST_DECL void write_document_members(json_writer& w, const report::document& doc);

}  // namespace detail

/// The report document as JSON text (schema trncost.report, docs/reports.md).
[[nodiscard]] TRNCOST_DECL std::string render_json(const report::document& doc);

/// The estimate's report as JSON text. Throws input_error (before anything is written) when two
/// different inputs share a name or a derivation cannot be recomputed from the report.
[[nodiscard]] TRNCOST_DECL std::string render_json(const estimate& est);

/// Renders the whole report first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_json(const estimate& est, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/json.ipp"
#endif

#endif  // TRNCOST_REPORT_JSON_HPP
