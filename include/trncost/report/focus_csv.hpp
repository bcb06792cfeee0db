// The estimate as a FOCUS 1.x cost-and-usage CSV (FinOps Open Cost and Usage Specification): one
// row per line item with FOCUS column names, plus x_-prefixed columns for what FOCUS has no column
// for (provenance, phase, formula, the exact factor). Numbers are plain decimals; NULL marks a
// value that does not exist (an unpriced line's cost is NULL, never 0). See
// docs/reports.md#focus-csv.
#ifndef TRNCOST_REPORT_FOCUS_CSV_HPP
#define TRNCOST_REPORT_FOCUS_CSV_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>

#include "../config.hpp"
#include "../credits/burn_down.hpp"
#include "../model/aws_service.hpp"
#include "../model/estimate.hpp"
#include "report.hpp"

namespace trncost::report {

/// The columns, in order: FOCUS names first, then the x_ columns.
inline constexpr std::array<std::string_view, 45> focus_columns{
    // FOCUS 1.x
    "BilledCost", "EffectiveCost", "ListCost", "ListUnitPrice", "PricingQuantity", "PricingUnit",
    "PricingCategory", "ConsumedQuantity", "ConsumedUnit", "BillingCurrency", "ChargeCategory",
    "ChargeDescription", "ChargeFrequency", "ProviderName", "PublisherName", "RegionId",
    "ServiceName", "ServiceCategory", "SkuId", "SkuPriceId", "ResourceType",
    // trncost's own: the line's identity first (its service code, usage type, purchase option)
    "x_ServiceCode", "x_UsageType", "x_PurchaseOption", "x_EstimateStatus", "x_AsOf", "x_Category",
    "x_Component", "x_Phase", "x_Overhead", "x_Priced", "x_Formula", "x_PriceName", "x_PriceValue",
    "x_PriceUnit", "x_PriceProvenance", "x_QuantityName", "x_QuantityValue", "x_QuantityUnit",
    "x_QuantityProvenance", "x_FactorNum", "x_FactorDen", "x_Rounding", "x_Inputs", "x_Line"};

namespace detail {

/// FOCUS ServiceCategory of a line: its service's (identity.hpp), or by category of the formula
/// for a line no known AWS service bills.
constexpr std::string_view focus_service_category(category c) noexcept;
constexpr std::string_view focus_service_category(const line_identity& id, category c) noexcept {
  if (const auto s = find_aws_service(id.service); s && s->code == id.service) return s->category;
  return focus_service_category(c);
}

/// FOCUS ServiceCategory for each category of the cost formula.
constexpr std::string_view focus_service_category(category c) noexcept {
  switch (c) {
    case category::compute:
      return "Compute";
    case category::storage:
      return "Storage";
    case category::transfer:
      return "Networking";
    case category::logs:
      return "Management and Governance";
    case category::data_preparation:
      return "Analytics";
    case category::failures_restarts:
      return "Compute";
  }
  return "Other";
}

/// FOCUS ServiceName of an AWS offer code, as AWS's own FOCUS export writes it
/// (model/aws_service.hpp).
TRNCOST_DECL std::string focus_service_name(std::string_view offer_code);

/// The quote a price rests on: the document's input `name` itself, or the first quoted input its
/// derivation rests on (operands in order); null when none is quoted.
TRNCOST_DECL const quoted* price_quote(const report::value_index& values, std::string_view name);

/// Where a value comes from, in words: the input's provenance (describe), or "derived: FORMULA
/// from a = 1 unit, b = 2 unit" for a derivation, its operands as the document holds them.
TRNCOST_DECL std::string describe_value(const report::value_index& values,
                                        const report::named_value& v);

constexpr std::string_view focus_pricing_category(purchase_option p) noexcept {
  switch (p) {
    case purchase_option::on_demand:
      return "Standard";
    case purchase_option::spot:
      return "Dynamic";
    case purchase_option::reserved:
    case purchase_option::savings_plan:
    case purchase_option::capacity_block:
      return "Committed";
  }
  return "Other";
}

/// A text field, always quoted (quotes doubled), as the FOCUS sample writes text.
TRNCOST_DECL void csv_text(std::string& out, std::string_view s);

class csv_row {
 public:
  explicit csv_row(std::string& out) : out_(&out) {}
  void text(std::string_view s) {
    sep();
    csv_text(*out_, s);
  }
  void text_or_null(std::string_view s) {
    if (s.empty()) {
      null();
    } else {
      text(s);
    }
  }
  void number(const decimal& d) {
    sep();
    *out_ += d.to_string();
  }
  void number(const std::optional<decimal>& d) {
    if (d) {
      number(*d);
    } else {
      null();
    }
  }
  void whole(std::uint64_t v) {
    sep();
    *out_ += std::to_string(v);
  }
  void null() {
    sep();
    *out_ += "NULL";
  }
  void end() { *out_ += '\n'; }

 private:
  void sep() {
    if (!first_) *out_ += ',';
    first_ = false;
  }
  std::string* out_;
  bool first_ = true;
};

/// A value of the document as a number, or empty when it is unknown.
TRNCOST_DECL std::optional<decimal> known_value(const report::named_value& v);

}  // namespace detail

/// The columns of a CSV that also holds credit lines: focus_columns with ChargePeriodStart and
/// ChargePeriodEnd after ChargeFrequency, and x_CreditGrant last.
inline constexpr std::array<std::string_view, 48> focus_credit_columns = [] {
  std::array<std::string_view, 48> out{};
  std::size_t k = 0;
  for (const auto c : focus_columns) {
    out[k++] = c;
    if (c == "ChargeFrequency") {
      out[k++] = "ChargePeriodStart";
      out[k++] = "ChargePeriodEnd";
    }
  }
  out[k] = "x_CreditGrant";
  return out;
}();

namespace detail {

/// A FOCUS timestamp of a day's start, as AWS's FOCUS export writes it: "2026-01-01 00:00:00".
TRNCOST_DECL std::string focus_day_start(date d);

/// A row per line of `doc`. `option`, when given, fills a last column, x_Option (a study's CSV,
/// report/focus_csv_study.hpp).
TRNCOST_DECL void write_usage_rows(std::string& out, const report::document& doc, bool with_credits,
                                   const std::string* option = nullptr);

/// The burn-down's credit lines as FOCUS rows: ChargeCategory Credit, a negative BilledCost (and
/// EffectiveCost and ListCost, as AWS's export writes a credit), ChargeFrequency One-Time, the
/// charge period the credit applies to, and the grant in x_CreditGrant. x_Line continues the count.
TRNCOST_DECL void write_credit_rows(std::string& out, const report::document& doc,
                                    const credits::burn_down_result& b,
                                    const std::string* option = nullptr);

}  // namespace detail

/// A report document as FOCUS CSV text: a header of focus_columns, then one row per line item;
/// with a burn-down, its credit lines follow (ChargeCategory Credit) under the
/// focus_credit_columns header. Every estimate writer renders the document (report.hpp).
[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(
    const report::document& doc,
    const std::optional<credits::burn_down_result>& burn_down = std::nullopt);

/// The estimate as FOCUS CSV text: render_focus_csv(report::from_estimate(est)).
[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(const estimate& est);

/// The estimate's rows followed by the burn-down's credit lines (ChargeCategory Credit), under the
/// focus_credit_columns header. Without a burn-down this is exactly render_focus_csv(est).
[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(
    const estimate& est, const std::optional<credits::burn_down_result>& burn_down);

/// Renders the whole CSV first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_focus_csv(const estimate& est,
                                  const std::optional<credits::burn_down_result>& burn_down,
                                  std::ostream& out);

/// Renders the whole CSV first, then writes it: nothing reaches `out` if rendering fails.
TRNCOST_DECL void write_focus_csv(const estimate& est, std::ostream& out);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/focus_csv.ipp"
#endif

#endif  // TRNCOST_REPORT_FOCUS_CSV_HPP
