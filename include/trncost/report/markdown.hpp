// The estimate as Markdown for a pull request or a budget review: the status and its reasons first,
// then the totals by category and phase, useful vs overhead, the findings, the assumptions, the
// lines and the sources with their dates. Amounts in the summaries are rounded to cents for
// reading; the lines table gives each amount exactly (the JSON report is the one to audit).
#ifndef TRNCOST_REPORT_MARKDOWN_HPP
#define TRNCOST_REPORT_MARKDOWN_HPP

#include <charconv>
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../model/estimate.hpp"
#include "../version.hpp"
#include "../workload/serving_sizing.hpp"

namespace trncost::io {

namespace detail {

/// Where an input comes from and when, for a sources table: {kind, source, date}.
struct source_row {
  std::string kind;
  std::string source;
  std::string date;
};

TRNCOST_DECL source_row source_of(const provenance& p);

/// A table cell: pipes escaped, line breaks as spaces.
TRNCOST_DECL std::string md_cell(std::string_view s);

TRNCOST_DECL std::string usd(decimal d);

/// The line's amount for a table: exact, or "unpriced" (never 0).
TRNCOST_DECL std::string exact_or_unpriced(const std::optional<decimal>& d);

/// Inputs that make the estimate provisional, or that nobody knows yet.
TRNCOST_DECL bool is_assumed(const source_record& r);

TRNCOST_DECL std::string status_sentence(const estimate& est);

/// One archived run as text cells (docs/reports.md#the-archived-protocol); "not given" for what
/// its log does not state, never an empty cell.
struct protocol_row {
  std::string run, model, code_version, dataset, parameters, software_stack;
};

TRNCOST_DECL std::vector<protocol_row> protocol_rows(const estimate& est);

/// "Made by trncost 0.1.0 for the as-of date 2026-11-30; a quote is fresh for 30 days."
TRNCOST_DECL std::string protocol_sentence(const estimate& est);

/// The sizing of each always-on service (workload/serving_sizing.hpp) as table cells: the service,
/// the demand it is sized for, the usable capacity per instance, the instances needed, the capacity
/// and the headroom left at that demand. Shared by the Markdown and the HTML report.
struct sizing_row {
  std::string service, demand, usable, instances, capacity, headroom;
};

TRNCOST_DECL std::vector<sizing_row> sizing_rows(const estimate& est);

inline constexpr std::string_view sizing_sentence =
    "Instances needed = ceil(demand / usable capacity per instance), usable = throughput per "
    "instance x target utilisation; capacity = instances x throughput; headroom = capacity - "
    "demand, what the fleet can still serve at the demand it is sized for (the peak when given). "
    "Every instance is billed for the whole period: the time the average demand leaves unused is "
    "the idle capacity line.";

inline constexpr std::string_view no_runs_sentence =
    "No run log is archived: the measurements name their runs under Sources.";

}  // namespace detail

/// The estimate as Markdown text.
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est,
                                                       std::string_view title = "Cost estimate");

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_markdown(const estimate& est, std::ostream& out,
                                 std::string_view title = "Cost estimate");

}  // namespace trncost::io

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/markdown.ipp"
#endif

#endif  // TRNCOST_REPORT_MARKDOWN_HPP
