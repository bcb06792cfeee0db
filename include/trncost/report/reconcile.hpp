// The bill against the estimate: an estimate's report held against a bill (a FOCUS 1.x export or
// an AWS Cost and Usage Report, readers/bill.hpp), row by row through each line's identity (the
// rate code of its quoted price, else its service, region and usage or instance type). Each line
// gets what was estimated, what was billed, the difference and why (usage that differed, a price
// that changed, a line with no bill row, usage the estimate does not have); credits, refunds,
// discounts, tax and fees have their own rows, and rows the filters leave out are counted with
// their money. Nothing is hidden: the estimate's total, the bill's usage and the rows left out add
// up to what was read. docs/reports.md#reconciliation describes the report and its JSON.
#ifndef TRNCOST_REPORT_RECONCILE_HPP
#define TRNCOST_REPORT_RECONCILE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../model/identity.hpp"
#include "../provenance/provenance.hpp"
#include "../readers/bill.hpp"
#include "report.hpp"

namespace trncost::report {

/// Which of a bill's costs a usage row is compared at.
enum class cost_basis : std::uint8_t {
  /// The cost of the usage after commitments, amortised (FOCUS EffectiveCost; a CUR's unblended
  /// cost, or its Savings Plans or reservation effective cost for covered usage): what an estimate
  /// priced at on-demand, Savings Plans or reserved rates predicts.
  effective,
  /// What the invoice says for the row (FOCUS BilledCost, lineItem/UnblendedCost).
  billed,
};

/// "effective", "billed".
[[nodiscard]] TRNCOST_DECL std::string_view to_string(cost_basis b) noexcept;

/// Which rows of the bill are the estimated work's. A row outside them is left out, and counted.
struct reconcile_options {
  std::optional<timestamp> from{};      ///< rows whose charge period starts at or after it
  std::optional<timestamp> to{};        ///< rows whose charge period starts before it
  std::vector<std::string> accounts{};  ///< usage accounts kept; empty: every account
  /// Regions kept, the others left out; empty: every region, a usage row of a region the estimate
  /// has no line in shown as its own row, not in the estimate (another region). A row with no
  /// region (a global charge) is always kept.
  std::vector<std::string> regions{};
  std::vector<std::pair<std::string, std::string>> tags{};  ///< every tag must hold (key, value)
  cost_basis basis = cost_basis::effective;
};

/// One resource behind a row of the reconciliation: an instance, a volume, a bucket, as the bill's
/// resource id names it, with what its rows billed. A difference is traced to what caused it here:
/// an instance stopped for a day bills fewer hours than the others, a third one appears.
struct reconcile_resource {
  std::string id;          ///< the bill's resource id; empty for rows that name none
  std::uint64_t rows = 0;  ///< its bill rows
  decimal billed{};        ///< their cost at the reconciliation's basis
  /// Their quantity in the row's unit, when the row gives its billed quantity.
  std::optional<decimal> quantity{};
  timestamp from{};  ///< the first of its rows' charge periods begins
  timestamp to{};    ///< the last one ends
};

/// One identity: the estimate's lines that have it and the bill's usage rows that match it.
struct reconcile_row {
  line_identity identity;               ///< what the row is: the estimate's identity, or the bill's
  std::vector<std::string> rate_codes;  ///< the rate codes of its lines' quoted prices
  std::vector<std::string> lines;       ///< the estimate's lines: "job/training (compute)"
  bool in_estimate = false;
  bool unpriced = false;  ///< a line of it is unpriced in the estimate
  decimal estimated{};    ///< the priced lines' sum
  std::uint64_t bill_rows = 0;
  decimal billed{};      ///< the matched rows' cost at the chosen basis
  decimal difference{};  ///< billed - estimated
  /// The unit both count in ("Hrs", "GB-Mo"), when they do: then the quantities and the split of
  /// the difference into usage and price are given (usage + price = difference, exactly).
  std::string unit;
  std::optional<decimal> estimated_quantity{};
  std::optional<decimal> billed_quantity{};
  std::optional<decimal> usage_effect{};  ///< (billed - estimated quantity) x estimated rate
  std::optional<decimal> price_effect{};  ///< the rest: billed quantity x (billed - estimated rate)
  std::string why;
  /// The bill as a measurement of this identity, for the next estimate: what it billed
  /// (billed_quantity in `unit`, billed) was measured by the bill over the rows' charge period
  /// (run_id "bill <file>", the method naming the rows). Empty when no row matched.
  std::optional<measured> billed_as{};
  /// The resources its bill rows are the use of, every one, largest billed first (then by id):
  /// their rows, amounts and quantities add up to the row's.
  std::vector<reconcile_resource> resources;
};

/// Rows of the bill counted together: one kind of charge, or one reason rows were left out.
struct reconcile_total {
  std::string what;
  std::uint64_t rows = 0;
  decimal amount{};
};

/// The estimate against the bill.
struct reconciliation {
  std::string estimate;  ///< the estimate's name (its file)
  std::string bill;      ///< the bill's file
  readers::bill_layout layout = readers::bill_layout::focus;
  std::string currency;
  cost_basis basis = cost_basis::effective;
  reconcile_options options;
  /// The regions given (the only ones kept), or the estimate's (every region kept).
  std::vector<std::string> regions;
  /// The estimate's identities in the order of their first line, then the bill's usage the
  /// estimate does not have, largest first.
  std::vector<reconcile_row> rows;
  std::vector<reconcile_total> other_charges;  ///< at their billed cost, by kind and bill word
  std::vector<reconcile_total> left_out;       ///< by reason, at their billed cost
  decimal estimated{};                         ///< the estimate's priced lines
  decimal billed_usage{};                      ///< the usage rows kept, at the basis
  decimal difference{};                        ///< billed_usage - estimated
  decimal other{};                             ///< other_charges' sum
  decimal invoiced{};  ///< the billed cost of every row kept (what the invoice says for them)
  std::uint64_t rows_read = 0;
  std::uint64_t rows_kept = 0;
  std::uint64_t unpriced_lines = 0;
};

/// Reads every row of `bill` and holds it against `estimate` (named `estimate_name`). Throws
/// input_error when the bill's currency is not the estimate's, and what the bill reader throws.
[[nodiscard]] TRNCOST_DECL reconciliation reconcile(const document& estimate,
                                                    std::string_view estimate_name,
                                                    readers::bill_reader& bill,
                                                    const reconcile_options& options = {});

/// What check_reconciliation() found.
struct reconciliation_check {
  bool ok = true;
  std::string first_mismatch;  ///< "rows[2].difference: the document says 1.00, recomputed 2.00"
  std::size_t rows = 0;        ///< rows checked
};

/// Re-checks a reconciliation's JSON (schema trncost.reconciliation) from the document alone, as
/// `trncost audit` does and, sharing no code, tools/verify_report.py: each row's difference is
/// billed - estimated, its usage and price effects add up to it and follow from its quantities,
/// the rows add up to the totals, a row not in the estimate estimates nothing, and every row read
/// is kept or left out. parse_error for text that is not such a document.
[[nodiscard]] TRNCOST_DECL reconciliation_check check_reconciliation(std::string_view json_text,
                                                                     std::string_view file);

/// Whether `json_text` is a reconciliation (its schema member says so).
[[nodiscard]] TRNCOST_DECL bool is_reconciliation(std::string_view json_text);

}  // namespace trncost::report

namespace trncost::report {

/// The reconciliation as Markdown: the totals, one table of identities (estimated, billed,
/// difference, why), the other charges and the rows left out.
[[nodiscard]] TRNCOST_DECL std::string render_reconciliation_markdown(
    const report::reconciliation& r);

/// The reconciliation as one self-contained HTML page (no network): the totals, a chart of what
/// each identity billed against its estimate, and the tables of the Markdown.
[[nodiscard]] TRNCOST_DECL std::string render_reconciliation_html(const report::reconciliation& r);

/// The reconciliation as JSON (schema trncost.reconciliation, version 1; docs/reports.md):
/// amounts as exact decimal strings.
[[nodiscard]] TRNCOST_DECL std::string render_reconciliation_json(const report::reconciliation& r);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/reconcile.ipp"
#endif

#endif  // TRNCOST_REPORT_RECONCILE_HPP
