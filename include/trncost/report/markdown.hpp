// The estimate as Markdown for a pull request or a budget review: the status and its reasons first,
// then the totals by category and phase, useful vs overhead, the findings, the assumptions, the
// lines and the sources with their dates. Amounts in the summaries are rounded to cents for
// reading; the lines table gives each amount exactly (the JSON report is the one to audit).
// Markdown and HTML render a report::document, the one the JSON report serializes: an estimate is
// made a document first (report::from_estimate), and a JSON report read back renders the same
// text, so no format can show what another does not hold.
#ifndef TRNCOST_REPORT_MARKDOWN_HPP
#define TRNCOST_REPORT_MARKDOWN_HPP

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
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
#include "report.hpp"

namespace trncost::report {

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
TRNCOST_DECL bool is_assumed(const report::input_entry& in);

/// Inputs given rather than known: a choice, a forecast or trncost's default (never lowering the
/// status; listed under "Given").
TRNCOST_DECL bool is_given(const report::input_entry& in);

/// "It holds for the stated forecast of `demand`." (empty without a forecast): the condition a
/// status carries when the estimate rests on forecasts.
TRNCOST_DECL std::string forecast_sentence(const report::document& doc);

/// What a status means, for the first paragraph of a report; `freshness_days` is the window in
/// which a quote is fresh.
TRNCOST_DECL std::string status_sentence(estimate_status status, std::int64_t freshness_days);
TRNCOST_DECL std::string status_sentence(const estimate& est);

/// One archived run as text cells (docs/reports.md#the-archived-protocol); "not given" for what
/// its log does not state, never an empty cell.
struct protocol_row {
  std::string run, model, code_version, dataset, parameters, software_stack;
};

TRNCOST_DECL std::vector<protocol_row> protocol_rows(const std::vector<run_protocol>& runs);

/// The medians a report derives over runs (op_kind::median), each with its value and unit and its
/// formula, which names the runs kept out of it and why; in the report's order.
struct median_row {
  std::string name, value, formula;
};

TRNCOST_DECL std::vector<median_row> median_rows(const report::document& doc);

/// "Made by trncost 0.1.0 for the as-of date 2026-11-30; a quote is fresh for 30 days."
TRNCOST_DECL std::string protocol_sentence(const report::document& doc);

/// The phases of instance time that are overhead (or useful), by name, or "none".
TRNCOST_DECL std::string phases_named(const report::document& doc, bool overhead);

/// What bills the line ("AmazonEC2, us-east-1, BoxUsage:trn1.32xlarge, on-demand"); "not stated"
/// for a report older than line identities.
TRNCOST_DECL std::string billed_as(const report::line_entry& line);

/// How a category is accounted for in `doc` (missing when the document does not say).
TRNCOST_DECL report::coverage coverage_of(const report::document& doc, category c);

/// The amount of a category in the document's totals, when it has one.
TRNCOST_DECL std::optional<decimal> category_amount(const report::document& doc, category c);

/// A cost per unit of work as people read it: 4 decimals, or 4 significant digits when it is below
/// 0.1 (0.02499 per 1M tokens, not 0.0250), at most 18.
TRNCOST_DECL std::string unit_cost_digits(decimal cost);

/// A cost per unit of work for a table: unit_cost_digits() and the unit, or "none (see the
/// findings)".
TRNCOST_DECL std::string unit_cost_text(const std::optional<decimal>& cost, std::string_view unit);

/// A workload's figure as people read it: its exact value and unit, and a time in seconds also in
/// hours and days to 4 decimals ("578565.33 s (160.7126 h, 6.6964 days)"); "unknown" when it is.
TRNCOST_DECL std::string figure_text(std::string_view value, std::string_view unit, bool known);

/// The sizing of each always-on service (workload/serving_sizing.hpp) as table cells: the service,
/// the demand it is sized for, the usable capacity per instance, the instances needed, the capacity
/// and the headroom left at that demand. Shared by the Markdown and the HTML report.
struct sizing_row {
  std::string service, demand, usable, instances, capacity, headroom;
};

TRNCOST_DECL std::vector<sizing_row> sizing_rows(const report::document& doc,
                                                 const report::value_index& values);

inline constexpr std::string_view sizing_sentence =
    "Instances needed = ceil(demand / usable capacity per instance), usable = throughput per "
    "instance x target utilisation; capacity = instances x throughput; headroom = capacity - "
    "demand, what the fleet can still serve at the demand it is sized for (the peak when given). "
    "Every instance is billed for the whole period: the time the average demand leaves unused is "
    "the idle capacity line.";

inline constexpr std::string_view no_runs_sentence =
    "No run log is archived: the measurements name their runs under Sources.";

}  // namespace detail

/// A report document as Markdown text: an estimate's (report::from_estimate) or one read back
/// from its JSON (report::read_report, report/audit.hpp).
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const report::document& doc,
                                                       std::string_view title = "Cost estimate");

/// The estimate as Markdown text: render_markdown(report::from_estimate(est), title).
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est,
                                                       std::string_view title = "Cost estimate");

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_markdown(const estimate& est, std::ostream& out,
                                 std::string_view title = "Cost estimate");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/markdown.ipp"
#endif

#endif  // TRNCOST_REPORT_MARKDOWN_HPP
