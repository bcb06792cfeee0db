// The definitions of report/focus_csv.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_FOCUS_CSV_IPP
#define TRNCOST_REPORT_IMPL_FOCUS_CSV_IPP

#include "../focus_csv.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string focus_service_name(std::string_view offer_code) {
  if (const auto s = find_aws_service(offer_code); s && s->code == offer_code) {
    return std::string(s->focus_name);
  }
  return std::string(offer_code);
}

TRNCOST_DECL const quoted* price_quote(const report::value_index& values, std::string_view name) {
  const auto it = values.find(name);
  if (it == values.end()) return nullptr;
  if (const auto* in = it->second.input) return std::get_if<quoted>(&in->origin);
  if (const auto* d = it->second.derivation) {
    for (const auto& operand : d->operands) {
      if (const auto* q = price_quote(values, operand)) return q;
    }
  }
  return nullptr;
}

TRNCOST_DECL std::string describe_value(const report::value_index& values,
                                        const report::named_value& v) {
  if (v.input != nullptr) return describe(v.input->origin);
  if (v.derivation == nullptr) return {};
  std::string s = "derived: " + v.derivation->formula + " from ";
  for (std::size_t i = 0; i < v.derivation->operands.size(); ++i) {
    const auto& operand = values.at(v.derivation->operands[i]);
    if (i != 0) s += ", ";
    s.append(operand.name).append(" = ").append(operand.value);
    if (!operand.unit.empty()) s.append(" ").append(operand.unit);
  }
  return s;
}

TRNCOST_DECL void csv_text(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

TRNCOST_DECL std::optional<decimal> known_value(const report::named_value& v) {
  if (!v.known) return std::nullopt;
  return decimal::parse(v.value);
}

TRNCOST_DECL std::string focus_day_start(date d) { return to_string(d) + " 00:00:00"; }

TRNCOST_DECL void write_usage_rows(std::string& out, const report::document& doc, bool with_credits,
                                   const std::string* option) {
  const auto values = report::index_values(doc);
  const auto named = [&](const std::string& name, std::string_view line) -> const auto& {
    const auto it = values.find(name);
    if (it == values.end()) {
      throw input_error("line '" + std::string(line) + "': '" + name +
                        "' is no input or derivation of the report");
    }
    return it->second;
  };
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    const auto& price_value = named(l.price, l.description);
    const auto& quantity_value = named(l.quantity, l.description);
    detail::csv_row row(out);
    const auto price = detail::known_value(price_value);
    const auto qty = detail::known_value(quantity_value);
    // PricingQuantity is the quantity in the price's unit: quantity * num / den (one rounding).
    std::optional<decimal> pricing_qty;
    if (qty) {
      decimal::rep raw = 0;
      if (!trncost::detail::mul_div(qty->raw(), 1, l.num, l.den, 1, rounding::half_even, raw)) {
        throw overflow_error("line '" + l.description + "': pricing quantity overflows");
      }
      pricing_qty = decimal::from_raw(raw);
    }
    const auto* q = detail::price_quote(values, l.price);
    // What the line is comes from its identity, never from its price's quote (none stated: a
    // report older than line identities).
    const line_identity id = l.identity.value_or(line_identity{});
    const std::string& offer = id.service;
    std::string pricing_unit(price_value.unit);
    if (pricing_unit.rfind("USD/", 0) == 0) pricing_unit.erase(0, 4);

    row.number(l.amount);  // BilledCost: the estimated charge (nothing is billed yet)
    row.number(l.amount);  // EffectiveCost
    row.number(l.amount);  // ListCost
    row.number(price);     // ListUnitPrice
    row.number(pricing_qty);
    row.text(pricing_unit);
    if (id.purchase) {
      row.text(detail::focus_pricing_category(*id.purchase));
    } else if (q != nullptr) {
      row.text(detail::focus_pricing_category(q->option));
    } else {
      row.text("Other");
    }
    row.number(qty);  // ConsumedQuantity, in its own unit
    row.text(quantity_value.unit);
    row.text("USD");
    row.text("Usage");
    row.text(l.description);
    row.text("Usage-Based");
    if (with_credits) {  // ChargePeriodStart, ChargePeriodEnd: an estimate's line has no dated
                         // period
      row.null();
      row.null();
    }
    row.text(offer.empty() ? std::string_view() : std::string_view("AWS"));
    row.text_or_null(offer.empty() ? std::string_view()
                                   : std::string_view("Amazon Web Services, Inc."));
    row.text_or_null(id.region);
    row.text_or_null(detail::focus_service_name(offer));
    row.text(detail::focus_service_category(id, l.cat));
    row.text_or_null(q != nullptr ? std::string_view(q->sku) : std::string_view());
    row.text_or_null(q != nullptr ? std::string_view(q->rate_code) : std::string_view());
    row.text_or_null(id.instance_type);  // ResourceType

    row.text_or_null(id.price_offer());  // x_ServiceCode: the offer, as AWS's export writes it
    row.text_or_null(id.usage_type);     // x_UsageType
    row.text_or_null(id.purchase ? to_string(*id.purchase) : std::string_view());
    row.text(to_string(doc.status));
    row.text(to_string(doc.as_of));
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
    row.text(l.price);
    row.text(price_value.value);
    row.text(price_value.unit);
    row.text(detail::describe_value(values, price_value));
    row.text(l.quantity);
    row.text(quantity_value.value);
    row.text(quantity_value.unit);
    row.text(detail::describe_value(values, quantity_value));
    row.whole(l.num);
    row.whole(l.den);
    row.text("half-even at 18 fractional digits");
    std::string inputs;
    for (const auto& in : l.inputs) inputs += (inputs.empty() ? "" : "; ") + in;
    row.text(inputs);
    row.whole(i);
    if (with_credits) row.null();              // x_CreditGrant
    if (option != nullptr) row.text(*option);  // x_Option
    row.end();
  }
}

TRNCOST_DECL void write_credit_rows(std::string& out, const report::document& doc,
                                    const credits::burn_down_result& b, const std::string* option) {
  std::size_t line = doc.lines.size();
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
    row.null();                                                                    // RegionId
    row.text_or_null(c.service ? focus_service_name(*c.service) : std::string());  // ServiceName
    row.text(focus_service_category(c.cat));
    row.null();  // SkuId
    row.null();  // SkuPriceId
    row.null();  // ResourceType

    row.text_or_null(c.service ? std::string_view(*c.service)
                               : std::string_view());  // x_ServiceCode
    row.null();                                        // x_UsageType
    row.null();                                        // x_PurchaseOption
    row.text(to_string(doc.status));
    row.text(to_string(doc.as_of));
    row.text(to_string(c.cat));
    row.null();  // x_Component
    row.null();  // x_Phase
    row.null();  // x_Overhead
    row.text("true");
    row.text("credit line of the burn-down: the grant's balance paying this category");
    for (int k = 0; k < 8; ++k) row.null();  // x_Price*, x_Quantity*
    row.null();                              // x_FactorNum
    row.null();                              // x_FactorDen
    row.null();                              // x_Rounding
    row.null();                              // x_Inputs
    row.whole(line++);
    row.text(c.grant);
    if (option != nullptr) row.text(*option);  // x_Option
    row.end();
  }
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(
    const report::document& doc, const std::optional<credits::burn_down_result>& burn_down) {
  std::string out;
  {
    detail::csv_row header(out);
    if (burn_down) {
      for (const auto c : focus_credit_columns) header.text(c);
    } else {
      for (const auto c : focus_columns) header.text(c);
    }
    header.end();
  }
  detail::write_usage_rows(out, doc, burn_down.has_value());
  if (burn_down) detail::write_credit_rows(out, doc, *burn_down);
  return out;
}

[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(const estimate& est) {
  return render_focus_csv(report::from_estimate(est));
}

[[nodiscard]] TRNCOST_DECL std::string render_focus_csv(
    const estimate& est, const std::optional<credits::burn_down_result>& burn_down) {
  return render_focus_csv(report::from_estimate(est), burn_down);
}

TRNCOST_DECL void write_focus_csv(const estimate& est,
                                  const std::optional<credits::burn_down_result>& burn_down,
                                  std::ostream& out) {
  const std::string text = render_focus_csv(est, burn_down);
  out << text;
}

TRNCOST_DECL void write_focus_csv(const estimate& est, std::ostream& out) {
  const std::string text = render_focus_csv(est);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_FOCUS_CSV_IPP
