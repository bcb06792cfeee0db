// The one table of the formats trncost writes its reports in, and which report kinds each one
// renders: the command's `--format`, Python's `render()` and `python -m trncost` read it, so a
// format's name, file extension and media type are written here only (docs/architecture.md,
// "Adding a format").
#ifndef TRNCOST_REPORT_FORMATS_HPP
#define TRNCOST_REPORT_FORMATS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trncost::report {

/// A format a report is written in.
enum class format : std::uint8_t { json, focus_csv, markdown, html, text, svg };

/// What is reported: an estimate (one scenario), a study (several options of one job), a plan
/// (workloads over time on grants), a diff (two estimates or two studies), a reconciliation (an
/// estimate against a bill), an estimate's JSON report rendered again from the report alone, or a
/// what-if (a study's decision over a range of one input).
enum class report_kind : std::uint8_t {
  estimate,
  study,
  plan,
  diff,
  reconciliation,
  rendered_estimate,
  what_if
};

/// A report kind's names: its name ("plan", as Python's trncost.formats() lists kinds) and the
/// same with its article, as messages write it ("a plan").
struct report_kind_row {
  report_kind kind;
  std::string_view name;
  std::string_view with_article;
};

/// Every report kind, in the enumeration's order.
inline constexpr std::array<report_kind_row, 7> report_kinds{{
    {report_kind::estimate, "estimate", "an estimate"},
    {report_kind::study, "study", "a study"},
    {report_kind::plan, "plan", "a plan"},
    {report_kind::diff, "diff", "a diff"},
    {report_kind::reconciliation, "reconciliation", "a reconciliation"},
    {report_kind::rendered_estimate, "rendered estimate", "a rendered report"},
    {report_kind::what_if, "what-if", "a what-if"},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < report_kinds.size(); ++i) {
        if (static_cast<std::size_t>(report_kinds[i].kind) != i) return false;
      }
      return true;
    }(),
    "report_kinds lists the kinds in the enumeration's order: to_string() indexes it");

/// The bit of `k` in a format's `kinds`.
[[nodiscard]] constexpr unsigned kind_bit(report_kind k) noexcept {
  return 1U << static_cast<unsigned>(k);
}

/// One row of the table: the format, the name `--format` takes, the extension of a file written in
/// it, its media type, what it is in a few words, and the report kinds written in it.
struct format_row {
  format id;
  std::string_view name;
  std::string_view extension;
  std::string_view media_type;
  std::string_view what;
  unsigned kinds;
};

inline constexpr std::array<format_row, 6> formats{{
    {format::json, "json", ".json", "application/json",
     "JSON, the report itself (its kind's schema, docs/*.schema.json), which trncost audit and "
     "tools/verify_report.py recompute",
     kind_bit(report_kind::estimate) | kind_bit(report_kind::study) | kind_bit(report_kind::plan) |
         kind_bit(report_kind::reconciliation)},
    {format::focus_csv, "csv", ".csv", "text/csv",
     "FOCUS 1.x CSV, one row per line (a study's with an x_Option column)",
     kind_bit(report_kind::estimate) | kind_bit(report_kind::study)},
    {format::markdown, "md", ".md", "text/markdown", "Markdown, for a pull request or a wiki",
     kind_bit(report_kind::estimate) | kind_bit(report_kind::study) | kind_bit(report_kind::plan) |
         kind_bit(report_kind::diff) | kind_bit(report_kind::reconciliation) |
         kind_bit(report_kind::rendered_estimate) | kind_bit(report_kind::what_if)},
    {format::html, "html", ".html", "text/html", "one self-contained HTML page with its charts",
     kind_bit(report_kind::estimate) | kind_bit(report_kind::study) | kind_bit(report_kind::plan) |
         kind_bit(report_kind::diff) | kind_bit(report_kind::reconciliation) |
         kind_bit(report_kind::rendered_estimate)},
    {format::text, "text", ".txt", "text/plain", "plain text, for a terminal",
     kind_bit(report_kind::diff)},
    {format::svg, "svg", ".svg", "image/svg+xml", "one SVG chart", kind_bit(report_kind::what_if)},
}};

/// The name of a report kind ("estimate", "study", ..., "rendered estimate", "what-if").
[[nodiscard]] constexpr std::string_view to_string(report_kind k) noexcept {
  return report_kinds[static_cast<std::size_t>(k)].name;  // the table is in enumeration order
}

/// The row of a format.
[[nodiscard]] constexpr const format_row& row_of(format f) noexcept {
  for (const auto& r : formats) {
    if (r.id == f) return r;
  }
  return formats[0];  // every enumerator has a row (tests/reports/formats_test.cpp)
}

/// The name `--format` takes for `f` ("json", "csv", "md", "html", "text").
[[nodiscard]] constexpr std::string_view to_string(format f) noexcept { return row_of(f).name; }

/// Whether a `kind` report is written in `f`.
[[nodiscard]] constexpr bool renders(format f, report_kind kind) noexcept {
  return (row_of(f).kinds & kind_bit(kind)) != 0;
}

/// The format named `name` in which a `kind` report is written; nullopt for a name the table does
/// not hold or a format the kind is not written in.
[[nodiscard]] constexpr std::optional<format> format_named(std::string_view name,
                                                           report_kind kind) noexcept {
  for (const auto& r : formats) {
    if (r.name == name && (r.kinds & kind_bit(kind)) != 0) return r.id;
  }
  return std::nullopt;
}

/// The format a file name's extension says, when a `kind` report is written in it (".html" for a
/// plan: html); nullopt otherwise.
[[nodiscard]] constexpr std::optional<format> format_of_path(std::string_view path,
                                                             report_kind kind) noexcept {
  for (const auto& r : formats) {
    if (path.size() > r.extension.size() && path.ends_with(r.extension) &&
        (r.kinds & kind_bit(kind)) != 0) {
      return r.id;
    }
  }
  return std::nullopt;
}

/// The names of the formats a `kind` report is written in, in the table's order, joined by ", "
/// ("json, csv, md, html"): what a message lists.
[[nodiscard]] inline std::string format_names(report_kind kind) {
  std::string out;
  for (const auto& r : formats) {
    if ((r.kinds & kind_bit(kind)) == 0) continue;
    if (!out.empty()) out += ", ";
    out += r.name;
  }
  return out;
}

/// The refusal of a format name for a `kind` report: 'unknown format "x"; the formats of a study
/// are json, csv, md, html', or '"csv" is not a format of a plan; the formats of a plan are json,
/// md, html' for a name the table holds.
[[nodiscard]] inline std::string format_refusal(std::string_view name, report_kind kind) {
  const std::string of(report_kinds[static_cast<std::size_t>(kind)].with_article);
  const std::string list = "the formats of " + of + " are " + format_names(kind);
  for (const auto& r : formats) {
    if (r.name == name)
      return "\"" + std::string(name) + "\" is not a format of " + of + "; " + list;
  }
  return "unknown format \"" + std::string(name) + "\"; " + list;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_FORMATS_HPP
