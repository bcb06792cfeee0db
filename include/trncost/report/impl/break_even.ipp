// The definitions of report/break_even.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_BREAK_EVEN_IPP
#define TRNCOST_REPORT_IMPL_BREAK_EVEN_IPP

#include <map>
#include <string>

#include "../break_even.hpp"

namespace trncost {

namespace report::detail {

/// A known input of `doc` by name, or none.
TRNCOST_DECL std::optional<decimal> known_input(const document& doc, const std::string& name) {
  for (const auto& in : doc.inputs) {
    if (in.name == name) {
      if (!in.known) return std::nullopt;
      return decimal::parse(in.value);
    }
  }
  return std::nullopt;
}

TRNCOST_DECL bool has_input(const document& doc, const std::string& name) {
  for (const auto& in : doc.inputs) {
    if (in.name == name) return true;
  }
  return false;
}

/// The peak in the baseline's shape at average demand `d`: round(round(peak x d) / baseline).
TRNCOST_DECL std::optional<decimal> peak_at(const std::optional<decimal>& peak0, decimal baseline,
                                            decimal d) {
  if (!peak0) return std::nullopt;
  return *peak0 * d / baseline;
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL std::string reading(const break_even& b) {
  const auto shown = [](decimal d) { return d.to_fixed(decimal_places{2}) + " token/s"; };
  if (!b.demand) {
    return "hosting never costs less than the API: its cost grows at least as fast with the demand";
  }
  if (!(b.baseline < *b.demand)) {
    return "the API costs less below " + shown(*b.demand) + " on average, hosting no more at it; " +
           "the stated demand (" + shown(b.baseline) + ") is above it";
  }
  return "the API costs less below " + shown(*b.demand) + " on average (" +
         (*b.demand / b.baseline).to_fixed(decimal_places{2}) +
         " x the stated demand), hosting no more at it";
}

TRNCOST_DECL decimal total_at_demand(const document& doc, const std::string& component,
                                     decimal average, const std::optional<decimal>& peak) {
  std::map<std::string, std::optional<decimal>, std::less<>> overrides;
  overrides[average_input(component)] = average;
  if (peak && detail::has_input(doc, peak_input(component)))
    overrides[peak_input(component)] = peak;
  return recompute(doc, overrides).total;
}

TRNCOST_DECL break_even find_break_even(const std::string& hosted, const document& hosted_doc,
                                        const std::string& api, const document& api_doc,
                                        const std::string& component) {
  const std::string avg = average_input(component);
  const auto baseline = detail::known_input(hosted_doc, avg);
  if (!baseline || !detail::known_input(api_doc, avg)) {
    throw input_error("break-even of '" + hosted + "' against '" + api + "': '" + avg +
                      "' is not a known input of both options; they must share the demand");
  }
  break_even b{hosted, api, component, *baseline, std::nullopt, std::nullopt, {}, {}};
  const auto peak0 = detail::known_input(hosted_doc, peak_input(component));
  const auto hosted_at = [&](decimal d) {
    return total_at_demand(hosted_doc, component, d, detail::peak_at(peak0, *baseline, d));
  };
  const auto api_at = [&](decimal d) { return total_at_demand(api_doc, component, d, {}); };
  const decimal a0 = api_at(decimal{});
  const decimal slope = api_at(decimal{1}) - a0;
  // Every token billed: the API's total grows by the same amount per token/s (within the 18th-digit
  // rounding of its lines).
  if (abs(api_at(decimal{2}) - a0 - slope * 2) > decimal::parse("0.000000001")) {
    throw input_error("break-even of '" + hosted + "' against '" + api +
                      "': the API option's "
                      "total is not linear in its demand '" +
                      avg + "'");
  }
  b.hosted_total = hosted_at(*baseline);
  b.api_total = api_at(*baseline);
  if (!(decimal{} < slope)) return b;  // the API costs no more with more demand: never
  // d <- (hosted(d) - A0) / a climbs one fleet size a step. A fleet whose tokens cost more than the
  // API's at full use climbs for ever: after 200 steps, if hosting still costs more at 10^9
  // token/s, there is none; otherwise the climb goes on (a break-even beyond 200 fleet sizes).
  // From a millionth of a token/s, not 0: at no demand a fleet sized from it has no instance and
  // both cost nothing, which is no break-even.
  decimal d = decimal::parse("0.000001");
  const decimal ceiling = decimal::parse("1000000000");
  for (int step = 0; step < 100'000 && d < ceiling; ++step) {
    if (step == 200 && api_at(ceiling) < hosted_at(ceiling)) break;
    const decimal h = hosted_at(d);
    decimal next = (h - a0) / slope;
    if (next < d) next = d;  // hosting costs less already: the break-even is at most here
    const decimal h_next = hosted_at(next);
    if (h_next == h || next == d) {
      b.demand = next;
      b.peak = detail::peak_at(peak0, *baseline, next);
      b.hosted_total = h_next;
      b.api_total = api_at(next);
      return b;
    }
    d = next;
  }
  return b;
}

TRNCOST_DECL check_result check_break_even(const break_even& b, const document& hosted_doc,
                                           const document& api_doc) {
  const std::string at = "break-even '" + b.hosted + "' against '" + b.api + "'";
  const auto baseline = detail::known_input(hosted_doc, average_input(b.component));
  if (!baseline || *baseline != b.baseline) {
    return detail::mismatch(at + ": baseline " + b.baseline.to_string() +
                            " is not the hosted "
                            "option's input '" +
                            average_input(b.component) + "'");
  }
  const auto peak0 = detail::known_input(hosted_doc, peak_input(b.component));
  const decimal d = b.demand ? *b.demand : b.baseline;
  const auto peak = b.demand ? detail::peak_at(peak0, b.baseline, d) : peak0;
  if (b.demand && peak != b.peak) {
    return detail::mismatch(at + ": peak " + (b.peak ? b.peak->to_string() : "null") +
                            ", recomputed " + (peak ? peak->to_string() : "null") +
                            " (peak x demand / baseline)");
  }
  const decimal h = total_at_demand(hosted_doc, b.component, d, peak);
  const decimal a = total_at_demand(api_doc, b.component, d, {});
  if (h != b.hosted_total || a != b.api_total) {
    return detail::mismatch(at + ": totals at " + d.to_string() + " token/s: the report says " +
                            b.hosted_total.to_string() + " and " + b.api_total.to_string() +
                            ", recomputed " + h.to_string() + " and " + a.to_string());
  }
  if (b.demand && a + decimal::parse("0.000000001") < h) {
    return detail::mismatch(at + ": at " + d.to_string() + " token/s the hosted option costs " +
                            h.to_string() + " and the API " + a.to_string() +
                            "; at a break-even hosting costs no more than the API");
  }
  if (!b.demand && !(a < h)) {
    return detail::mismatch(at + ": no break-even, but hosting costs " + h.to_string() +
                            " against the API's " + a.to_string() + " at the baseline");
  }
  return {};
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_BREAK_EVEN_IPP
