// Unit economics: the unit that matters is the cost per completed run or per million tokens served,
// not the hourly rate. Every result is a sourced value derived from its inputs, with its formula.
#ifndef TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP
#define TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../error.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::analysis {

using fraction = quantity<units::dimensionless_t>;
using usd_per_job = quantity<units::usd_per_job_t>;
using usd_per_million_tokens = quantity<units::usd_per_million_tokens_t>;

namespace detail {

using trncost::detail::derive_named;

inline void require_fraction(const sourced<fraction>& u, std::string_view what) {
  const decimal v = u.value().value();
  if (!(decimal{} < v) || decimal(1) < v) {
    throw input_error(std::string(what) + " '" + u.name() + "' is " + v.to_string() +
                      ": it must be above 0 and at most 1 (a fraction, 0.4 for 40 %)");
  }
}

}  // namespace detail

/// Cost per completed training run: what every attempt cost, failed ones included, divided by the
/// runs that completed. `all_attempts` must include the failed attempts' cost.
inline sourced<usd_per_job> cost_per_completed_run(const sourced<money>& all_attempts,
                                                   const sourced<quantity<units::job_t>>& completed) {
  if (!(decimal{} < completed.value().value())) {
    throw input_error("cost per completed run: '" + completed.name() + "' is " +
                      completed.value().value().to_string() + ": no run completed, so the " +
                      all_attempts.value().value().to_string() +
                      " USD bought no result (there is no cost per completed run)");
  }
  const auto v = usd_per_job::from_value(all_attempts.value().value() / completed.value().value());
  return detail::derive_named("cost_per_completed_run", v,
                        all_attempts.name() + " / " + completed.name(),
                        {all_attempts.record(), completed.record()});
}

/// Refused with one sentence: cost_per_completed_run of other units (instances for runs).
template <class Cost, class Runs>
  requires(!(std::is_same_v<Cost, money> && std::is_same_v<Runs, quantity<units::job_t>>))
refused cost_per_completed_run(const sourced<Cost>&, const sourced<Runs>&) {
  constexpr bool refused_call = trncost::detail::refuses<sizeof(Runs)>;
  static_assert(refused_call,
                "trncost: cost_per_completed_run(cost, completed) takes the cost of every attempt "
                "in USD (sourced<money>) and the completed runs in jobs (units::job), not "
                "instances or hours; see docs/troubleshooting.md#unit-economics-arguments");
  return {};
}

/// Cost per million tokens served by a fleet billed by the hour:
///   instances * price * 1,000,000 / (throughput * utilization * 3600)
/// where `throughput` is what the fleet serves when busy (tokens/s) and `utilization` the share of
/// billed time it is busy. The hourly bill is the same at 40 % and at 90 %; the unit cost is not.
inline sourced<usd_per_million_tokens> cost_per_million_tokens(
    const sourced<quantity<units::instance_t>>& instances,
    const sourced<quantity<units::usd_per_instance_hour_t>>& price,
    const sourced<quantity<units::tokens_per_second_t>>& throughput,
    const sourced<fraction>& utilization) {
  if (!(decimal{} < instances.value().value())) {
    throw input_error("cost per million tokens: '" + instances.name() + "' must be at least one "
                      "instance, not " + instances.value().value().to_string());
  }
  if (!(decimal{} < throughput.value().value())) {
    throw input_error("cost per million tokens: the throughput '" + throughput.name() + "' is " +
                      throughput.value().value().to_string() +
                      " token/s: a fleet that serves nothing has no cost per token");
  }
  detail::require_fraction(utilization, "cost per million tokens: the utilization");
  // USD/h over token/s: multiply by 1e6 tokens and divide by 3600 s/h; one rounding at the end.
  const decimal per_hour = instances.value().value() * price.value().value() * decimal(1'000'000);
  const decimal tokens_per_hour_scaled =
      throughput.value().value() * utilization.value().value() * decimal(3600);
  const auto v = usd_per_million_tokens::from_value(per_hour / tokens_per_hour_scaled);
  return detail::derive_named("cost_per_million_tokens", v,
                        instances.name() + " * " + price.name() + " * 1000000 / (" +
                            throughput.name() + " * " + utilization.name() + " * 3600)",
                        {instances.record(), price.record(), throughput.record(),
                         utilization.record()});
}

/// Refused with one sentence: cost_per_million_tokens with its arguments swapped or in other units.
template <class Instances, class Price, class Throughput, class Utilization>
  requires(!(std::is_same_v<Instances, quantity<units::instance_t>> &&
             std::is_same_v<Price, quantity<units::usd_per_instance_hour_t>> &&
             std::is_same_v<Throughput, quantity<units::tokens_per_second_t>> &&
             std::is_same_v<Utilization, fraction>))
refused cost_per_million_tokens(const sourced<Instances>&, const sourced<Price>&,
                                const sourced<Throughput>&, const sourced<Utilization>&) {
  constexpr bool refused_call = trncost::detail::refuses<sizeof(Price)>;
  static_assert(refused_call,
                "trncost: cost_per_million_tokens takes (instances, price in USD/instance-h, "
                "throughput in token/s, utilization as a fraction), in that order and those units; "
                "see docs/troubleshooting.md#unit-economics-arguments");
  return {};
}

/// Billed minus useful: what was paid for time that produced nothing, and its share of the bill.
struct idle_cost_result {
  sourced<money> idle;
  sourced<fraction> share;
};

inline idle_cost_result idle_cost(const sourced<money>& billed, const sourced<money>& useful) {
  const decimal b = billed.value().value();
  const decimal u = useful.value().value();
  if (u.is_negative() || b < u) {
    throw input_error("idle cost: the useful cost '" + useful.name() + "' (" + u.to_string() +
                      " USD) must be between 0 and the billed cost '" + billed.name() + "' (" +
                      b.to_string() + " USD)");
  }
  if (b.is_zero()) throw input_error("idle cost: the billed cost '" + billed.name() + "' is 0");
  auto idle = detail::derive_named("idle_cost", money::from_value(b - u),
                             billed.name() + " - " + useful.name(),
                             {billed.record(), useful.record()});
  auto share = detail::derive_named("idle_share", fraction::from_value((b - u) / b),
                              "(" + billed.name() + " - " + useful.name() + ") / " + billed.name(),
                              {billed.record(), useful.record()});
  return {std::move(idle), std::move(share)};
}

}  // namespace trncost::analysis

#endif  // TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP
