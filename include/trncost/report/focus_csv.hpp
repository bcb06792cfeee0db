// The estimate as a FOCUS 1.x cost-and-usage CSV (FinOps Open Cost and Usage Specification): one row
// per line item with FOCUS column names, plus x_-prefixed columns for what FOCUS has no column for
// (provenance, phase, formula, the exact factor). Numbers are plain decimals; NULL marks a value that
// does not exist (an unpriced line's cost is NULL, never 0). See docs/reports.md#focus-csv.
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

#include "../credits/burn_down.hpp"
#include "../model/aws_service.hpp"
#include "../model/estimate.hpp"

namespace trncost::io {

/// The columns, in order: FOCUS names first, then the x_ columns.
inline constexpr std::array<std::string_view, 41> focus_columns{
    // FOCUS 1.x
    "BilledCost", "EffectiveCost", "ListCost", "ListUnitPrice", "PricingQuantity", "PricingUnit",
    "PricingCategory", "ConsumedQuantity", "ConsumedUnit", "BillingCurrency", "ChargeCategory",
    "ChargeDescription", "ChargeFrequency", "ProviderName", "PublisherName", "RegionId",
    "ServiceName", "ServiceCategory", "SkuId", "SkuPriceId",
    // trncost's own
    "x_EstimateStatus", "x_AsOf", "x_Category", "x_Component", "x_Phase", "x_Overhead", "x_Priced",
    "x_Formula", "x_PriceName", "x_PriceValue", "x_PriceUnit", "x_PriceProvenance",
    "x_QuantityName", "x_QuantityValue", "x_QuantityUnit", "x_QuantityProvenance", "x_FactorNum",
    "x_FactorDen", "x_Rounding", "x_Inputs", "x_Line"};

namespace detail {

/// FOCUS ServiceCategory for each category of the cost formula.
constexpr std::string_view focus_service_category(category c) noexcept {
  switch (c) {
    case category::compute: return "Compute";
    case category::storage: return "Storage";
    case category::transfer: return "Networking";
    case category::logs: return "Management and Governance";
    case category::data_preparation: return "Analytics";
    case category::failures_restarts: return "Compute";
  }
  return "Other";
}

/// FOCUS ServiceName of an AWS offer code, as AWS's own FOCUS export writes it (model/aws_service.hpp).
inline std::string focus_service_name(std::string_view offer_code) {
  if (const auto s = find_aws_service(offer_code); s && s->code == offer_code) {
    return std::string(s->focus_name);
  }
  return std::string(offer_code);
}

/// The quote a price rests on: the record itself, or the first quoted leaf it derives from.
inline const quoted* price_quote(const input_ref& r) {
  if (const auto* q = std::get_if<quoted>(&r->origin)) return q;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) {
      if (const auto* q = price_quote(in)) return q;
    }
  }
  return nullptr;
}

constexpr std::string_view focus_pricing_category(purchase_option p) noexcept {
  switch (p) {
    case purchase_option::on_demand: return "Standard";
    case purchase_option::spot: return "Dynamic";
    case purchase_option::reserved:
    case purchase_option::savings_plan:
    case purchase_option::capacity_block: return "Committed";
  }
  return "Other";
}

/// A text field, always quoted (quotes doubled), as the FOCUS sample writes text.
inline void csv_text(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

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

inline std::optional<decimal> known_value(const input_ref& r) {
  if (!r->known) return std::nullopt;
  return decimal::parse(r->value);
}

}  // namespace detail

/// The columns of a CSV that also holds credit lines: focus_columns with ChargePeriodStart and
/// ChargePeriodEnd after ChargeFrequency, and x_CreditGrant last.
inline constexpr std::array<std::string_view, 44> focus_credit_columns = [] {
  std::array<std::string_view, 44> out{};
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
inline std::string focus_day_start(date d) { return to_string(d) + " 00:00:00"; }

/// `option`, when given, fills a last column, x_Option (a study's CSV, report/focus_csv_study.hpp).
inline void write_usage_rows(std::string& out, const estimate& est, bool with_credits,
                             const std::string* option = nullptr) {
  for (std::size_t i = 0; i < est.lines.size(); ++i) {
    const auto& l = est.lines[i];
    detail::csv_row row(out);
    const auto price = detail::known_value(l.price);
    const auto qty = detail::known_value(l.quantity);
    // PricingQuantity is the quantity in the price's unit: quantity * num / den (one rounding).
    std::optional<decimal> pricing_qty;
    if (qty) {
      decimal::rep raw = 0;
      if (!trncost::detail::mul_div(qty->raw(), 1, l.num, l.den, 1, rounding::half_even, raw)) {
        throw overflow_error("line '" + l.description + "': pricing quantity overflows");
      }
      pricing_qty = decimal::from_raw(raw);
    }
    const auto* q = detail::price_quote(l.price);
    const std::string offer = q != nullptr ? offer_code_of(*q) : std::string();
    std::string pricing_unit = l.price->unit;
    if (pricing_unit.rfind("USD/", 0) == 0) pricing_unit.erase(0, 4);

    row.number(l.amount);  // BilledCost: the estimated charge (nothing is billed yet)
    row.number(l.amount);  // EffectiveCost
    row.number(l.amount);  // ListCost
    row.number(price);     // ListUnitPrice
    row.number(pricing_qty);
    row.text(pricing_unit);
    if (q != nullptr) {
      row.text(detail::focus_pricing_category(q->option));
    } else {
      row.text("Other");
    }
    row.number(qty);  // ConsumedQuantity, in its own unit
    row.text(l.quantity->unit);
    row.text("USD");
    row.text("Usage");
    row.text(l.description);
    row.text("Usage-Based");
    if (with_credits) {  // ChargePeriodStart, ChargePeriodEnd: an estimate's line has no dated period
      row.null();
      row.null();
    }
    row.text(offer.empty() ? std::string_view() : std::string_view("AWS"));
    row.text_or_null(offer.empty() ? std::string_view() : std::string_view("Amazon Web Services, Inc."));
    row.text_or_null(q != nullptr ? std::string_view(q->region) : std::string_view());
    row.text_or_null(detail::focus_service_name(offer));
    row.text(detail::focus_service_category(l.cat));
    row.text_or_null(q != nullptr ? std::string_view(q->sku) : std::string_view());
    row.text_or_null(q != nullptr ? std::string_view(q->rate_code) : std::string_view());

    row.text(to_string(est.status));
    row.text(to_string(est.as_of));
    row.text(to_string(l.cat));
    row.text(l.component);
    if (l.ph) {
      row.text(to_string(*l.ph));
      row.text(is_overhead(*l.ph) ? "overhead" : "useful");
    } else {
      row.null();
      row.null();
    }
    row.text(l.amount ? "true" : "false");
    row.text(l.formula);
    row.text(l.price->name);
    row.text(l.price->value);
    row.text(l.price->unit);
    row.text(describe(l.price->origin));
    row.text(l.quantity->name);
    row.text(l.quantity->value);
    row.text(l.quantity->unit);
    row.text(describe(l.quantity->origin));
    row.whole(l.num);
    row.whole(l.den);
    row.text("half-even at 18 fractional digits");
    std::string inputs;
    for (const auto& in : l.inputs) inputs += (inputs.empty() ? "" : "; ") + in->name;
    row.text(inputs);
    row.whole(i);
    if (with_credits) row.null();  // x_CreditGrant
    if (option != nullptr) row.text(*option);  // x_Option
    row.end();
  }
}

/// The burn-down's credit lines as FOCUS rows: ChargeCategory Credit, a negative BilledCost (and
/// EffectiveCost and ListCost, as AWS's export writes a credit), ChargeFrequency One-Time, the
/// charge period the credit applies to, and the grant in x_CreditGrant. x_Line continues the count.
inline void write_credit_rows(std::string& out, const estimate& est,
                              const credits::burn_down_result& b,
                              const std::string* option = nullptr) {
  std::size_t line = est.lines.size();
  for (const auto& c : b.credit_lines) {
    csv_row row(out);
    row.number(c.amount);  // BilledCost
    row.number(c.amount);  // EffectiveCost
    row.number(c.amount);  // ListCost
    row.null();            // ListUnitPrice
    row.null();            // PricingQuantity
    row.null();            // PricingUnit
    row.text("Other");     // PricingCategory
    row.null();            // ConsumedQuantity
    row.null();            // ConsumedUnit
    row.text("USD");
    row.text("Credit");
    row.text("credit from grant '" + c.grant + "' for " + std::string(to_string(c.cat)));
    row.text("One-Time");
    row.text(focus_day_start(c.start));
    row.text(focus_day_start(c.end));
    row.text("AWS");
    row.text("Amazon Web Services, Inc.");
    row.null();  // RegionId
    row.text_or_null(c.service ? focus_service_name(*c.service) : std::string());  // ServiceName
    row.text(focus_service_category(c.cat));
    row.null();  // SkuId
    row.null();  // SkuPriceId

    row.text(to_string(est.status));
    row.text(to_string(est.as_of));
    row.text(to_string(c.cat));
    row.null();  // x_Component
    row.null();  // x_Phase
    row.null();  // x_Overhead
    row.text("true");
    row.text("credit line of the burn-down: the grant's balance paying this category");
    for (int k = 0; k < 8; ++k) row.null();  // x_Price*, x_Quantity*
    row.null();  // x_FactorNum
    row.null();  // x_FactorDen
    row.null();  // x_Rounding
    row.null();  // x_Inputs
    row.whole(line++);
    row.text(c.grant);
    if (option != nullptr) row.text(*option);  // x_Option
    row.end();
  }
}

}  // namespace detail

/// The estimate as FOCUS CSV text: a header of focus_columns, then one row per line item.
[[nodiscard]] inline std::string render_focus_csv(const estimate& est) {
  std::string out;
  {
    detail::csv_row header(out);
    for (const auto c : focus_columns) header.text(c);
    header.end();
  }
  detail::write_usage_rows(out, est, false);
  return out;
}

/// The estimate's rows followed by the burn-down's credit lines (ChargeCategory Credit), under the
/// focus_credit_columns header. Without a burn-down this is exactly render_focus_csv(est).
[[nodiscard]] inline std::string render_focus_csv(
    const estimate& est, const std::optional<credits::burn_down_result>& burn_down) {
  if (!burn_down) return render_focus_csv(est);
  std::string out;
  {
    detail::csv_row header(out);
    for (const auto c : focus_credit_columns) header.text(c);
    header.end();
  }
  detail::write_usage_rows(out, est, true);
  detail::write_credit_rows(out, est, *burn_down);
  return out;
}

/// Renders the whole CSV first, then writes it: nothing reaches `out` if rendering fails.
inline void write_focus_csv(const estimate& est,
                            const std::optional<credits::burn_down_result>& burn_down,
                            std::ostream& out) {
  const std::string text = render_focus_csv(est, burn_down);
  out << text;
}

/// Renders the whole CSV first, then writes it: nothing reaches `out` if rendering fails.
inline void write_focus_csv(const estimate& est, std::ostream& out) {
  const std::string text = render_focus_csv(est);
  out << text;
}

}  // namespace trncost::io

#endif  // TRNCOST_REPORT_FOCUS_CSV_HPP
