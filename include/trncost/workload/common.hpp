// What every workload shares: demand rates and what they count, the service period from dates,
// and a component made from a build step (how a workload adds its lines and hands back its nodes).
#ifndef TRNCOST_WORKLOAD_COMMON_HPP
#define TRNCOST_WORKLOAD_COMMON_HPP

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../model/component.hpp"
#include "../model/components/instance_time.hpp"
#include "../model/inputs.hpp"
#include "../model/model.hpp"

namespace trncost::workload {

using fraction = quantity<units::dimensionless_t>;

/// A demand rate and what it counts: tokens/s counts tokens, requests/s requests.
template <class Rate>
struct rate_traits;
template <>
struct rate_traits<units::tokens_per_second_t> {
  using count_unit = units::token_t;
  using per_instance = units::tokens_per_second_per_instance_t;
  static constexpr work_kind served = work_kind::tokens_served;
};
template <>
struct rate_traits<units::requests_per_second_t> {
  using count_unit = units::request_t;
  using per_instance = units::requests_per_second_per_instance_t;
  static constexpr work_kind served = work_kind::requests_served;
};

/// A period of service given as dates: from `from` (inclusive, 00:00 UTC) to `to` (exclusive),
/// in hours, with the provenance of the plan that fixes it (an assumption, a signed order...).
/// 2027-01-01 to 2027-04-01 is 90 days, 2,160 h.
inline sourced<quantity<units::hour_t>> service_period(std::string name, date from, date to,
                                                       provenance why) {
  if (!from.ok() || !to.ok()) {
    throw input_error("service period '" + name + "': a date is not a calendar date");
  }
  const auto days = (std::chrono::sys_days{to} - std::chrono::sys_days{from}).count();
  if (days <= 0) {
    throw input_error("service period '" + name + "': it ends (" + to_string(to) +
                      ") on or before it starts (" + to_string(from) + ")");
  }
  return sourced<quantity<units::hour_t>>(
      std::move(name), make(units::hour, static_cast<std::int64_t>(days) * 24), std::move(why));
}

namespace detail {

/// A cost component whose lines a build step adds (the step also keeps the nodes it made, so the
/// workload can hand them back).
template <class Build>
struct built_component {
  std::string name_;
  category category_;
  Build build_;
  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category_; }
  void build(component_builder& b) const { build_(b); }
};

template <class Build>
void add_built(model& m, std::string name, category c, Build build) {
  m.add(built_component<Build>{std::move(name), c, std::move(build)});
}

/// Instance-time lines of a job launched once: price x instances x each phase's seconds, and the
/// per-second billing minimum (60 s per launch, AWS's rule for Linux instances) as its own line:
/// max(minimum - total, 0) more seconds, as instance_time bills it.
inline void bill_phases(component_builder& b, const node<units::usd_per_instance_hour_t>& price,
                        const node<units::instance_t>& instances,
                        const std::vector<std::pair<phase, node<units::second_t>>>& phases,
                        const std::string& on) {
  const auto rule = billing_rule::per_second();
  node<units::second_t> total = phases.front().second;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    b.line({phases[i].first, std::string(to_string(phases[i].first)) + on}, price,
           instances * phases[i].second);
    if (i != 0) total = total + phases[i].second;
  }
  const auto minimum = b.rule_constant("billing_minimum", rule.minimum, rule.source);
  const auto zero = b.rule_constant("no_time", seconds(0), rule.source);
  b.line({std::nullopt, "per-second billing minimum" + on}, price,
         instances * max(minimum - total, zero));
}

/// Refuses a fraction outside (0, 1], naming the workload and the input.
inline void require_fraction(const sourced<fraction>& f, std::string_view workload,
                             bool zero_allowed = false) {
  const decimal v = f.value().value();
  const bool low = zero_allowed ? v.is_negative() : !(decimal{} < v);
  if (low || decimal(1) < v) {
    throw input_error("workload '" + std::string(workload) + "': '" + f.name() + "' is " +
                      v.to_string() + "; it must be a fraction " +
                      (zero_allowed ? "from 0" : "above 0") + " to 1 (0.4 for 40 %)");
  }
}

}  // namespace detail
}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_COMMON_HPP
