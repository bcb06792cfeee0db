// Autoscaled serving: a demand profile over the day or week, replicas per period sized as SkyPilot
// Serve (min_replicas, max_replicas, target_qps_per_replica) and Kubernetes' HPA
// (ceil(load / target)) size them, clamped to the bounds; each scale-up's start-up time billed.
//
//   replicas_i   = min(max(ceil(load_i / target per replica), min replicas), max replicas)
//   serving      = repeats x sum_i replicas_i x hours_i                              (phase
//   serving) added_i      = replicas_i - min(replicas_i, replicas_{i-1})  (the profile is a cycle:
//   the
//                  first period follows the last)
//   start-up     = repeats x sum_i added_i x start-up time                           (phase
//   scale-up) work         = repeats x sum_i load_i x hours_i                (tokens or requests
//   served)
#ifndef TRNCOST_WORKLOAD_AUTOSCALED_SERVING_HPP
#define TRNCOST_WORKLOAD_AUTOSCALED_SERVING_HPP

#include <optional>
#include <string>
#include <vector>

#include "common.hpp"

namespace trncost::workload {

/// One period of a demand profile: its label ("weekdays 09-18"), its length in one cycle, its load.
template <class Rate>
struct demand_period {
  std::string label;
  sourced<quantity<units::hour_t>> hours;
  sourced<quantity<Rate>> load;
};

template <class Rate>
struct autoscaled_serving_inputs {
  using per_instance_t = typename rate_traits<Rate>::per_instance;
  std::string name;
  std::string instance_type;
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  std::vector<demand_period<Rate>> profile;            ///< one cycle (a day or a week), in order
  input_of<quantity<units::dimensionless_t>> repeats;  ///< cycles in the period (13 weeks)
  /// The load one replica is sized for (SkyPilot's target_qps_per_replica, the HPA's target).
  sourced<quantity<per_instance_t>> target_per_replica;
  sourced<quantity<units::instance_t>> min_replicas;
  sourced<quantity<units::instance_t>> max_replicas;
  /// Launch to ready of one added replica (measured), billed before it serves.
  input_of<quantity<units::second_t>> startup_time;
};

using token_autoscaled_inputs = autoscaled_serving_inputs<units::tokens_per_second_t>;
using request_autoscaled_inputs = autoscaled_serving_inputs<units::requests_per_second_t>;

template <class Rate>
struct autoscaled_serving_plan {
  std::vector<node<units::instance_t>> replicas;  ///< per period of the profile
  std::vector<node<units::instance_t>> added;     ///< scale-ups entering each period
  node<typename rate_traits<Rate>::count_unit> work;
};

/// Adds an autoscaled service to `m` (category compute) and says it delivers what it serves.
/// Throws input_error for an empty profile, bounds out of order, or a period whose load exceeds
/// max replicas x target per replica (demand the fleet could not serve).
template <class Rate>
autoscaled_serving_plan<Rate> add_autoscaled_serving(model& m,
                                                     const autoscaled_serving_inputs<Rate>& in) {
  using count_unit = typename rate_traits<Rate>::count_unit;
  const std::string& name = in.name;
  if (name.empty()) throw input_error("an autoscaled serving workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  if (in.profile.empty()) throw input_error("workload '" + name + "': the demand profile is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.repeats, name);
  trncost::detail::require_positive(in.target_per_replica, name);
  trncost::detail::require_non_negative(in.min_replicas, name);
  trncost::detail::require_positive(in.max_replicas, name);
  trncost::detail::require_non_negative(in.startup_time, name);
  const decimal lo = in.min_replicas.value().value();
  const decimal hi = in.max_replicas.value().value();
  if (hi < lo) {
    throw input_error("workload '" + name + "': max replicas (" + hi.to_string() +
                      ") is below min replicas (" + lo.to_string() + ")");
  }
  const decimal target = in.target_per_replica.value().value();
  for (const auto& p : in.profile) {
    trncost::detail::require_non_negative(p.hours, name);
    trncost::detail::require_non_negative(p.load, name);
    if (hi * target < p.load.value().value()) {
      throw input_error("workload '" + name + "': period '" + p.label + "' has a load of " +
                        p.load.value().value().to_string() + ", above max replicas x target (" +
                        (hi * target).to_string() +
                        "): raise max replicas or the demand goes "
                        "unserved");
    }
  }
  std::optional<autoscaled_serving_plan<Rate>> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    // The fleet's hours, bought as its price was quoted (BoxUsage:, SpotUsage:) when the price
    // is read from an offer file; by hand, the option is not known and the type alone names them.
    b.bills(::trncost::detail::ec2_instance_identity(
        in.instance_type, ::trncost::detail::offer_file_option(in.price)));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto repeats = trncost::detail::add_input(b, in.repeats);
    const auto per_replica = b.input(in.target_per_replica);
    const auto low = b.input(in.min_replicas);
    const auto high = b.input(in.max_replicas);
    const auto startup = trncost::detail::add_input(b, in.startup_time);
    const std::string on = " on " + in.instance_type;
    std::vector<node<units::instance_t>> replicas;
    std::optional<node<count_unit>> work;
    for (const auto& p : in.profile) {
      const node<units::instance_t> needed = b.input(p.load) / per_replica;
      const auto r = min(max(ceil_to(needed, make(units::instance, 1)), low), high);
      replicas.push_back(r);
      const auto period = convert<units::second_t>(b.input(p.hours));
      const node<units::instance_second_t> per_cycle = r * period;
      b.line({phase::serving, "serving, " + p.label + on}, price, repeats * per_cycle);
      const node<count_unit> served = b.input(p.load) * period;
      work = work ? *work + served : served;
    }
    std::vector<node<units::instance_t>> added;
    for (std::size_t i = 0; i < replicas.size(); ++i) {
      const auto& before = replicas[i == 0 ? replicas.size() - 1 : i - 1];
      const auto up = replicas[i] - min(replicas[i], before);
      added.push_back(up);
      const node<units::instance_second_t> per_cycle = up * startup;
      b.line({phase::scale_up, "start-up of replicas added for " + in.profile[i].label + on}, price,
             repeats * per_cycle);
    }
    const node<count_unit> total_work = repeats * *work;
    plan.emplace(autoscaled_serving_plan<Rate>{replicas, added, total_work});
  });
  m.deliver(rate_traits<Rate>::served, plan->work);
  return *plan;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_AUTOSCALED_SERVING_HPP
