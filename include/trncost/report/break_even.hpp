// Hosting against a hosted API: the average demand at which a self-hosted service costs what the
// API costs (docs/scenario.md, "Hosting or calling an API"). Both options state the same demand
// (a study's shared serving component); the break-even is found on their report documents, by
// recomputing each total with the demand replaced (report::recompute, the audit's own evaluator),
// so a reader recomputes it from the JSON alone.
//
//   API total(d)      = A0 + a x d          (linear in the average demand d: every token is billed)
//   hosted total(d)   = a step function     (instances = ceil(peak(d) / usable), peak(d) = d x
//   peak/average) break-even        = the least d with hosted total(d) <= API total(d): the fixed
//   point of
//                       d <- (hosted total(d) - A0) / a from d = 0, which climbs one fleet size at
//                       a time and stops where both totals are equal
//
// A fixed fleet (serving's `instances`) costs the same at every demand it carries; above that it
// grows as the demand needs (its instances are max(fleet, ceil(peak / usable))), so its break-even
// is that of the fleet a team would have at that demand.
#ifndef TRNCOST_REPORT_BREAK_EVEN_HPP
#define TRNCOST_REPORT_BREAK_EVEN_HPP

#include <optional>
#include <string>

#include "../config.hpp"
#include "report.hpp"

namespace trncost::report {

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
};

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
