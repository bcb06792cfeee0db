// Hosting against a hosted API: the average demand at which a self-hosted service costs what the
// API costs (docs/scenario.md, "Hosting or calling an API"). Both options state the same demand
// (a study's shared serving component); the break-even is found on their report documents, by
// recomputing each total with the demand replaced (report::recompute, the audit's own evaluator),
// so a reader recomputes it from the JSON alone.
//
// clang-format off
//   API total(d)      = A0 + a x d          (linear in the average demand d: every token is billed)
//   hosted total(d)   = a step function     (instances = ceil(peak(d) / usable),
//                                            peak(d) = d x peak / average)
//   break-even        = the least d with hosted total(d) <= API total(d): the fixed point of
//                       d <- (hosted total(d) - A0) / a from d = 0, which climbs one fleet size at
//                       a time and stops where both totals are equal
// clang-format on
//
// A fixed fleet (serving's `instances`) costs the same at every demand it carries; above that it
// grows as the demand needs (its instances are max(fleet, ceil(peak / usable))), so its break-even
// is that of the fleet a team would have at that demand.
#ifndef TRNCOST_REPORT_BREAK_EVEN_HPP
#define TRNCOST_REPORT_BREAK_EVEN_HPP

#include <optional>
#include <string>
#include <vector>

#include "../config.hpp"
#include "../credits/burn_down.hpp"
#include "report.hpp"

namespace trncost::report {

/// A range of average demand where hosting costs no more than the API: [from, to], `to` empty when
/// it holds for good from `from`.
struct demand_window {
  decimal from{};
  std::optional<decimal> to{};
  friend bool operator==(const demand_window&, const demand_window&) = default;
};

/// The credits each option can count on whatever the demand: the amounts of the grants it can use,
/// when each is valid over the whole spend window (then the credits at any demand are
/// min(total, credits), and the cash max(0, total - credits)).
struct break_even_credits {
  decimal hosted{};
  decimal api{};
  friend bool operator==(const break_even_credits&, const break_even_credits&) = default;
};

/// One self-hosted option against one hosted-API option, at the demand they share.
struct break_even {
  std::string hosted;  ///< the self-hosted option's name
  std::string api;     ///< the hosted-API option's name
  /// The shared component whose demand is varied ("qwen3-32b-service"): its inputs
  /// `<component>.average_tokens_per_s` and, when the hosted option has one,
  /// `...peak_tokens_per_s`.
  std::string component;
  decimal baseline{};  ///< the average demand the study states (token/s)
  /// The break-even average demand (token/s); none when hosting never costs less (its cost grows
  /// at least as fast as the API's).
  std::optional<decimal> demand;
  std::optional<decimal> peak;  ///< the hosted option's peak at that demand (same peak / average)
  decimal hosted_total{};       ///< both totals at `demand` (at the baseline when there is none)
  decimal api_total{};
  /// For a fleet that grows in whole instances (its document sizes it with a ceil_to): the ranges
  /// of average demand up to `bound` where hosting costs no more than the API, by list total; the
  /// last one open (to empty) when it holds for good. Empty otherwise (a fleet sized continuously
  /// keeps the single threshold `demand`).
  bool stepwise = false;
  decimal bound{};  ///< 10 x the stated demand
  std::vector<demand_window> windows{};
  /// With credits: each option's cash max(0, total - credits) compared instead of its total.
  std::optional<break_even_credits> credits{};
  std::vector<demand_window> windows_after_credits{};
  /// Both totals at the stated demand (with credits: both cash amounts), for the reading.
  decimal hosted_at_baseline{};
  decimal api_at_baseline{};
};

/// The credits an option can count on at any demand: the sum of its usable grants' amounts, when
/// its burn-down shows them valid over the whole spend window and covering every charge (no usable
/// grant lost in the window, nothing left uncovered for a reason other than an exhausted balance);
/// none otherwise (the credits at another demand would need the burn-down run again). Zero without
/// a burn-down.
[[nodiscard]] TRNCOST_DECL std::optional<decimal> steady_credits(
    const std::optional<credits::burn_down_result>& b);

/// The windows of a stepwise fleet against the API up to `bound`, each option's credits (zero
/// without) taken off its total (cash max(0, total - credits)). The walk goes on past the bound
/// (at most 300 fleet sizes) to find where hosting holds for good: a window that runs into the
/// next step's, the steps as wide and as dear as the one before and each dearer by no more than
/// the API over its width, holds from its start on (an open window, kept even past the bound).
[[nodiscard]] TRNCOST_DECL std::vector<demand_window> find_windows(
    const document& hosted_doc, const document& api_doc, const std::string& component,
    decimal baseline, decimal bound, const break_even_credits& credits);

/// Sets `b.stepwise`, `bound`, `windows` (and, given credits, `credits` and
/// `windows_after_credits`) and the totals at the stated demand.
TRNCOST_DECL void add_windows(break_even& b, const document& hosted_doc, const document& api_doc,
                              const std::optional<break_even_credits>& credits);

/// The windows in words (token/s): "455.29-480.00, 910.58-960.00, ... and from 8650.54 on".
[[nodiscard]] TRNCOST_DECL std::string windows_text(const std::vector<demand_window>& w);

/// What a break-even says, in one sentence for the Markdown and HTML reports ("the API costs less
/// below 1234.56 token/s on average (2.06 x the stated demand), hosting no more at it").
[[nodiscard]] TRNCOST_DECL std::string reading(const break_even& b);

/// The input names of a component's demand.
[[nodiscard]] inline std::string average_input(const std::string& component) {
  return component + ".average_tokens_per_s";
}
[[nodiscard]] inline std::string peak_input(const std::string& component) {
  return component + ".peak_tokens_per_s";
}

/// `doc`'s total with the component's average demand set to `average` (and its peak, if the
/// document has one, to `peak`).
[[nodiscard]] TRNCOST_DECL decimal total_at_demand(const document& doc,
                                                   const std::string& component, decimal average,
                                                   const std::optional<decimal>& peak);

/// The break-even of a self-hosted option against a hosted API (hosted and api name the options).
/// input_error when the component's demand is not an input of both documents, or the API's total is
/// not linear in the demand.
[[nodiscard]] TRNCOST_DECL break_even find_break_even(const std::string& hosted,
                                                      const document& hosted_doc,
                                                      const std::string& api,
                                                      const document& api_doc,
                                                      const std::string& component);

/// Recomputes a break-even from the two documents: both totals at its demand, hosting no dearer
/// than the API there (within 10^-9 USD: the demand is rounded at the 18th digit; where the totals
/// cross inside a fleet size they are equal) and the peak in the baseline's shape; without a
/// break-even, the API cheaper at the stated demand.
[[nodiscard]] TRNCOST_DECL check_result check_break_even(const break_even& b,
                                                         const document& hosted_doc,
                                                         const document& api_doc);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/break_even.ipp"
#endif

#endif  // TRNCOST_REPORT_BREAK_EVEN_HPP
