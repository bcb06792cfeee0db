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

/// Whether the document sizes a fleet in whole instances (a ceil_to among its derivations).
TRNCOST_DECL bool is_stepwise(const document& doc) {
  for (const auto& d : doc.derivations) {
    if (d.op.kind == op_kind::ceil_to) return true;
  }
  return false;
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL std::optional<decimal> steady_credits(
    const std::optional<credits::burn_down_result>& b) {
  if (!b) return decimal{};
  decimal g{};
  for (const auto& x : b->grants) {
    if (!x.usable) continue;
    if (x.wasted_at_expiry) return std::nullopt;
    g += x.amount;
  }
  for (const auto& p : b->periods) {
    for (const auto& [why, amount] : p.uncovered_by_reason) {
      if (why != credits::uncovered_reason::balance_exhausted && !amount.is_zero()) {
        return std::nullopt;
      }
    }
  }
  return g;
}

TRNCOST_DECL std::vector<demand_window> find_windows(const document& hosted_doc,
                                                     const document& api_doc,
                                                     const std::string& component, decimal baseline,
                                                     decimal bound,
                                                     const break_even_credits& credits) {
  const auto peak0 = detail::known_input(hosted_doc, peak_input(component));
  const auto hosted_at = [&](decimal d) {
    return total_at_demand(hosted_doc, component, d, detail::peak_at(peak0, baseline, d));
  };
  const auto api_at = [&](decimal d) { return total_at_demand(api_doc, component, d, {}); };
  const decimal a0 = api_at(decimal{});
  const decimal slope = api_at(decimal{1}) - a0;
  std::vector<demand_window> out;
  if (!(decimal{} < slope)) return out;
  const decimal ulp = decimal::from_raw(1);
  // Each step of the fleet (b_prev, b] costs one amount H. By cash, hosting max(0, H - Ch) against
  // the API's max(0, a0 + slope x d - Ca): no more where H <= Ch, else from
  // x = (H - Ch + Ca - a0) / slope on.
  // From a millionth of a token/s, as the break-even: below, a fleet sized from the demand may
  // round to no instance at all, which is no window.
  const decimal start = decimal::parse("0.000001");
  decimal b_prev = start - ulp;
  decimal h = hosted_at(start);
  std::optional<decimal> width_prev;
  std::optional<decimal> rise_prev;
  bool last_ends_at_prev = false;  // the last window ends at b_prev
  // Past the bound the walk goes on (at most 300 fleet sizes) only to find where hosting holds
  // for good; the windows past the bound are then dropped but that last one.
  const auto trimmed = [&]() {
    std::vector<demand_window> kept;
    for (const auto& x : out) {
      if (!(bound < x.from) || !x.to) kept.push_back(x);
    }
    return kept;
  };
  for (int step = 0; step < 300; ++step) {
    // The end of the step: the largest d with hosted(d) == h (doubling, then halving on the
    // decimal's whole grid, so the end is exact).
    decimal eq = b_prev + ulp;
    decimal w = width_prev ? *width_prev : decimal{1};
    decimal ne = b_prev + w;
    if (width_prev && hosted_at(ne) == h && hosted_at(ne + ulp) != h) {
      eq = ne;  // the same width as the step before: its end found in two evaluations
      ne = ne + ulp;
    } else {
      while (hosted_at(ne) == h) {
        eq = ne;
        w = w * 2;
        ne = b_prev + w;
        if (decimal::parse("1000000000000") < ne) break;  // never steps: not a fleet
      }
      if (hosted_at(ne) == h) return trimmed();
      while (ulp < ne - eq) {
        const decimal mid = decimal::from_raw(eq.raw() + (ne.raw() - eq.raw()) / 2);
        (hosted_at(mid) == h ? eq : ne) = mid;
      }
    }
    const decimal b = eq;
    // Where in (b_prev, b] hosting costs no more.
    // A window that starts with the step starts on the grid just above its beginning.
    std::optional<decimal> from;
    if (!(credits.hosted < h)) {
      from = b_prev + ulp;
    } else {
      decimal x = (h - credits.hosted + credits.api - a0) / slope;
      // Rounded at the 18th digit: the least d on the grid where the API costs at least H.
      while (api_at(x) - credits.api < h - credits.hosted) x = x + ulp;
      while (b_prev + ulp < x && !(api_at(x - ulp) - credits.api < h - credits.hosted)) {
        x = x - ulp;
      }
      if (!(b < x)) from = b_prev < x ? x : b_prev + ulp;
    }
    const decimal width = b - b_prev;
    const decimal next_h = hosted_at(b + ulp);
    const decimal rise = next_h - h;
    if (from) {
      if (last_ends_at_prev && *from == b_prev + ulp && !out.empty()) {
        out.back().to = b;
        // Merged with the window before, the steps as wide and as dear as the one before, and
        // each step dearer by no more than the API over its width: every later step merges too.
        if (width_prev && rise_prev && *width_prev == width && *rise_prev == rise &&
            !(slope * width < rise)) {
          out.back().to.reset();
          return trimmed();
        }
      } else {
        out.push_back({*from, b});
      }
      last_ends_at_prev = true;
    } else {
      last_ends_at_prev = false;
    }
    width_prev = width;
    rise_prev = rise;
    b_prev = b;
    h = next_h;
  }
  return trimmed();
}

TRNCOST_DECL void add_windows(break_even& b, const document& hosted_doc, const document& api_doc,
                              const std::optional<break_even_credits>& credits) {
  const auto peak0 = detail::known_input(hosted_doc, peak_input(b.component));
  b.hosted_at_baseline = total_at_demand(hosted_doc, b.component, b.baseline, peak0);
  b.api_at_baseline = total_at_demand(api_doc, b.component, b.baseline, {});
  b.stepwise = detail::is_stepwise(hosted_doc);
  if (!b.stepwise) return;
  b.bound = b.baseline * 10;
  b.windows = find_windows(hosted_doc, api_doc, b.component, b.baseline, b.bound, {});
  if (credits) {
    b.credits = credits;
    b.windows_after_credits =
        find_windows(hosted_doc, api_doc, b.component, b.baseline, b.bound, *credits);
  }
}

TRNCOST_DECL std::string windows_text(const std::vector<demand_window>& w) {
  const auto shown = [](decimal d) { return d.to_fixed(decimal_places{2}); };
  if (w.empty()) return "none";
  std::string out;
  for (const auto& x : w) {
    out += out.empty() ? "" : (x.to ? ", " : " and ");
    out += x.to ? shown(x.from) + "-" + shown(*x.to) : "from " + shown(x.from) + " on";
  }
  return out;
}

namespace detail {

/// Where the stated demand falls: in a window, or between two, or beyond the last.
TRNCOST_DECL std::string placed(const std::vector<demand_window>& w, decimal d) {
  for (const auto& x : w) {
    if (!(d < x.from) && (!x.to || !(*x.to < d))) return "in the window";
  }
  return "in no window";
}

/// "at 800.00 token/s the API is cheaper by 6810.35 USD" (or hosting, or both cost the same).
TRNCOST_DECL std::string cheaper_at(decimal d, decimal hosted, decimal api, const char* what) {
  const std::string at = "at " + d.to_fixed(decimal_places{2}) + " token/s ";
  if (hosted == api) return at + "both cost the same" + what;
  return at + (api < hosted ? "the API" : "hosting") + " is cheaper by " +
         abs(hosted - api).to_fixed(decimal_places{2}) + " USD" + what;
}

}  // namespace detail

TRNCOST_DECL std::string reading(const break_even& b) {
  const auto shown = [](decimal d) { return d.to_fixed(decimal_places{2}) + " token/s"; };
  if (b.stepwise) {
    // Whole instances make windows, not a threshold.
    const auto in_windows = [&](const std::vector<demand_window>& w) {
      return w.empty() ? "hosting never costs less than the API up to " + shown(b.bound)
                       : "hosting costs no more than the API in windows of average demand "
                         "(token/s, listed up to " +
                             b.bound.to_fixed(decimal_places{2}) + "): " + windows_text(w);
    };
    std::string out = "by list total, " + in_windows(b.windows) + "; " +
                      detail::cheaper_at(b.baseline, b.hosted_at_baseline, b.api_at_baseline, "") +
                      " (" + detail::placed(b.windows, b.baseline) + ")";
    if (b.credits) {
      const decimal hc = b.hosted_at_baseline < b.credits->hosted
                             ? decimal{}
                             : b.hosted_at_baseline - b.credits->hosted;
      const decimal ac =
          b.api_at_baseline < b.credits->api ? decimal{} : b.api_at_baseline - b.credits->api;
      out += "; after credits (" + b.credits->hosted.to_fixed(decimal_places{2}) +
             " USD to hosting, " + b.credits->api.to_fixed(decimal_places{2}) +
             " USD to the API), " + in_windows(b.windows_after_credits) + "; " +
             detail::cheaper_at(b.baseline, hc, ac, " in cash") + " (" +
             detail::placed(b.windows_after_credits, b.baseline) + ")";
    }
    return out;
  }
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
