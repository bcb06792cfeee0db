// The definitions of analysis/unit_economics.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_UNIT_ECONOMICS_IPP
#define TRNCOST_ANALYSIS_IMPL_UNIT_ECONOMICS_IPP

#include "../unit_economics.hpp"

namespace trncost {

namespace analysis::detail {

TRNCOST_DECL void require_fraction(const sourced<fraction>& u, std::string_view what) {
  const decimal v = u.value().value();
  if (!(decimal{} < v) || decimal(1) < v) {
    throw input_error(std::string(what) + " '" + u.name() + "' is " + v.to_string() +
                      ": it must be above 0 and at most 1 (a fraction, 0.4 for 40 %)");
  }
}

}  // namespace analysis::detail

namespace analysis {

TRNCOST_DECL sourced<usd_per_job> cost_per_completed_run(
    const sourced<money>& all_attempts, const sourced<quantity<units::job_t>>& completed) {
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

TRNCOST_DECL sourced<usd_per_million_tokens> cost_per_million_tokens(
    const sourced<quantity<units::instance_t>>& instances,
    const sourced<quantity<units::usd_per_instance_hour_t>>& price,
    const sourced<quantity<units::tokens_per_second_t>>& throughput,
    const sourced<fraction>& utilization) {
  if (!(decimal{} < instances.value().value())) {
    throw input_error("cost per million tokens: '" + instances.name() +
                      "' must be at least one "
                      "instance, not " +
                      instances.value().value().to_string());
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
  return detail::derive_named(
      "cost_per_million_tokens", v,
      instances.name() + " * " + price.name() + " * 1000000 / (" + throughput.name() + " * " +
          utilization.name() + " * 3600)",
      {instances.record(), price.record(), throughput.record(), utilization.record()});
}

TRNCOST_DECL idle_cost_result idle_cost(const sourced<money>& billed,
                                        const sourced<money>& useful) {
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
  auto share =
      detail::derive_named("idle_share", fraction::from_value((b - u) / b),
                           "(" + billed.name() + " - " + useful.name() + ") / " + billed.name(),
                           {billed.record(), useful.record()});
  return {std::move(idle), std::move(share)};
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_UNIT_ECONOMICS_IPP
