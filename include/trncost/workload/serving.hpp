// Always-on serving: a fleet sized for its demand and billed over the whole period, busy or not.
//
// clang-format off
//   usable per instance = throughput per instance (measured at a latency target) x target utilisation
//   sizing demand       = peak, or average
//   instances           = ceil(sizing demand / usable per instance)
//                         (or a fixed fleet: max(fleet, that), refused when the fleet's usable
//                         capacity is below the sizing demand, so that it is the fleet as written)
//   capacity            = instances x throughput per instance
//   headroom            = capacity - sizing demand
//   billed              = instances x period        (every instance, the whole period)
//   busy                = average demand / throughput per instance x period   (phase serving)
//   idle                = billed - busy             (phase idle capacity)
//   work delivered      = average demand x period   (tokens or requests served; or, given exactly,
//                         the served count, and busy = served / throughput per instance)
// clang-format on
// serving_sizing.hpp reads the demand, usable capacity, instances and headroom back from the
// estimate's idle-capacity line for the reports: it follows the shape of the nodes made here.
#ifndef TRNCOST_WORKLOAD_SERVING_HPP
#define TRNCOST_WORKLOAD_SERVING_HPP

#include <optional>
#include <string>
#include <utility>

#include "common.hpp"
#include "serving_sizing.hpp"

namespace trncost::workload {

/// What an always-on service needs, every figure sourced. `Rate` is units::tokens_per_second_t or
/// units::requests_per_second_t: the demand and the throughput count the same thing.
template <class Rate>
struct serving_inputs {
  using per_instance_t = typename rate_traits<Rate>::per_instance;
  std::string name;           ///< the component: "qwen3-32b-service"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::hour_t>> period;  ///< hours, or service_period(from, to)
  sourced<quantity<Rate>> average_demand;
  std::optional<sourced<quantity<Rate>>> peak_demand{};  ///< sizes the fleet when given
  /// What one instance serves at the latency target (a benchmark at a stated concurrency).
  sourced<quantity<per_instance_t>> throughput_per_instance;
  /// "p99 TTFT <= 2 s, ITL <= 50 ms": the operating point's condition, named in the lines; empty
  /// when the throughput was not stated at one (the lines then name none).
  std::string latency_target;
  /// The share of an instance's throughput the fleet may use at the sizing demand (0.9 for 90 %).
  sourced<fraction> target_utilisation;
  /// A fleet of fixed size instead of one sized from the demand ("3 x trn2.48xlarge, as run").
  std::optional<sourced<quantity<units::instance_t>>> fleet{};
  /// The tokens (or requests) served over the period when they are known exactly (a weekly
  /// profile's windows, each rate x its hours): the work, and busy = served / throughput, follow
  /// from it instead of average x period, which would round; the average is then served / period.
  std::optional<sourced<quantity<typename rate_traits<Rate>::count_unit>>> served{};
};

using token_serving_inputs = serving_inputs<units::tokens_per_second_t>;
using request_serving_inputs = serving_inputs<units::requests_per_second_t>;

/// The nodes an always-on service added to its model (values and records through the model).
template <class Rate>
struct serving_plan {
  node<units::instance_t> instances;                  ///< ceil(sizing demand / usable per instance)
  node<Rate> capacity;                                ///< instances x throughput per instance
  node<Rate> headroom;                                ///< capacity - sizing demand
  node<units::instance_second_t> billed;              ///< instances x period
  node<units::instance_second_t> busy;                ///< average demand / throughput x period
  node<units::instance_second_t> idle;                ///< billed - busy
  node<typename rate_traits<Rate>::count_unit> work;  ///< average demand x period
};

/// Adds an always-on service to `m` (category compute; phases serving and idle capacity), says
/// that the model delivers the tokens (or requests) served, and returns the nodes it made.
/// Throws input_error for a period under the 60-second billing minimum, a peak under the average,
/// a utilisation outside (0, 1], a throughput that is not positive, or a fixed fleet whose usable
/// capacity (fleet x throughput x utilisation) is below the sizing demand.
template <class Rate>
serving_plan<Rate> add_serving(model& m, const serving_inputs<Rate>& in) {
  using count_unit = typename rate_traits<Rate>::count_unit;
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a serving workload needs a name");
  if (in.instance_type.empty()) {
    throw input_error("workload '" + name + "': the instance type is empty");
  }
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.average_demand, name);
  trncost::detail::require_positive(in.throughput_per_instance, name);
  detail::require_fraction(in.target_utilisation, name);
  // Always-on instances launch once: the period must cover the 60-second per-second minimum, so
  // the minimum never adds a line.
  if (in.period.value().value() * 3600 < decimal(60)) {
    throw input_error("workload '" + name + "': the period '" + in.period.name() + "' is " +
                      in.period.value().value().to_string() +
                      " h, under the 60-second billing minimum of a launch");
  }
  if (in.peak_demand) {
    if (in.peak_demand->value().value() < in.average_demand.value().value()) {
      throw input_error("workload '" + name + "': the peak demand '" + in.peak_demand->name() +
                        "' (" + in.peak_demand->value().value().to_string() +
                        ") is below the average demand '" + in.average_demand.name() + "' (" +
                        in.average_demand.value().value().to_string() + ")");
    }
  }
  if (in.fleet) {
    trncost::detail::require_positive(*in.fleet, name);
    const auto& sizing = in.peak_demand ? *in.peak_demand : in.average_demand;
    const decimal usable = in.fleet->value().value() * in.throughput_per_instance.value().value() *
                           in.target_utilisation.value().value();
    if (usable < sizing.value().value()) {
      throw input_error("workload '" + name + "': the fleet '" + in.fleet->name() + "' of " +
                        in.fleet->value().value().to_string() + " x " + in.instance_type +
                        " serves " + usable.to_string() + " " + units::symbol<Rate>() + " at " +
                        in.target_utilisation.value().value().to_string() +
                        " utilisation, below the " + (in.peak_demand ? "peak" : "average") +
                        " demand '" + sizing.name() + "' (" + sizing.value().value().to_string() +
                        "); add instances, or leave the fleet out to size it from the demand");
    }
  }
  std::optional<serving_plan<Rate>> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    // The fleet's hours, bought as its price was quoted (BoxUsage:, SpotUsage:) when the price
    // is read from an offer file; by hand, the option is not known and the type alone names them.
    b.bills(::trncost::detail::ec2_instance_identity(
        in.instance_type, ::trncost::detail::offer_file_option(in.price)));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto average = b.input(in.average_demand);
    const auto sizing = in.peak_demand ? b.input(*in.peak_demand) : average;
    const auto throughput = b.input(in.throughput_per_instance);
    const auto utilisation = b.input(in.target_utilisation);
    const node<typename rate_traits<Rate>::per_instance> usable = throughput * utilisation;
    const node<units::instance_t> needed = sizing / usable;
    // A fixed fleet is the fleet (it carries the demand: checked above); written as the larger of
    // it and the fleet the demand needs, so that a what-if at a higher demand (a break-even against
    // an API, analysis) adds the instances that demand would need.
    const node<units::instance_t> sized = ceil_to(needed, make(units::instance, 1));
    const node<units::instance_t> instances = in.fleet ? max(b.input(*in.fleet), sized) : sized;
    const node<Rate> capacity = instances * throughput;
    const auto headroom = capacity - sizing;
    const auto period = convert<units::second_t>(b.input(in.period));
    const node<units::instance_second_t> billed = instances * period;
    const std::optional<node<count_unit>> served =
        in.served ? std::optional(b.input(*in.served)) : std::nullopt;
    const node<units::instance_second_t> busy = [&]() -> node<units::instance_second_t> {
      if (served) return *served / throughput;
      const node<units::instance_t> busy_instances = average / throughput;
      return busy_instances * period;
    }();
    const auto idle = billed - busy;
    // The latency target, when one is said, names the lines; none is invented when it is not.
    const std::string on = " on " + in.instance_type +
                           (in.latency_target.empty() ? "" : " (" + in.latency_target + ")");
    b.line({phase::serving, "serving the average demand" + on}, price, busy);
    b.line({phase::idle_capacity, "idle capacity: instances billed beyond the average demand" + on},
           price, idle);
    const node<count_unit> work = served ? *served : average * period;
    b.target().add_figure(b.component(), std::string(figure_wall_clock_time), period);
    plan.emplace(serving_plan<Rate>{instances, capacity, headroom, billed, busy, idle, work});
  });
  m.deliver(rate_traits<Rate>::served, plan->work);
  return *plan;
}

/// A fixed fleet billed over a period, with no demand said: what a team that runs "2 x
/// inf2.48xlarge for a month" knows. Nothing is sized and nothing is delivered that nobody stated:
///   billed = instances x period        (phase serving; one line, every instance the whole period)
/// No idle capacity (idle is billed - busy, and busy needs a demand) and no work delivered, so no
/// cost per token: give the demand and the throughput (serving_inputs) for those.
struct fixed_fleet_inputs {
  std::string name;           ///< the component: "chat-fleet"
  std::string instance_type;  ///< "inf2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  input_of<quantity<units::instance_t>> instances;  ///< a whole number of instances
  input_of<quantity<units::hour_t>> period;         ///< hours, or service_period(from, to)
};

/// Adds a fixed fleet to `m` (category compute, phase serving) and returns its billed
/// instance-seconds. An unknown input leaves the line unpriced, with its reason. Throws
/// input_error for a fleet that is not a whole positive number of instances, a negative price or
/// a period under the 60-second billing minimum of a launch.
inline node<units::instance_second_t> add_fixed_fleet(model& m, const fixed_fleet_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a fixed fleet needs a name");
  if (in.instance_type.empty()) {
    throw input_error("workload '" + name + "': the instance type is empty");
  }
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.instances, name);
  if (const auto* n = in.instances.known();
      n != nullptr && n->value().value().round(decimal_places{0}) != n->value().value()) {
    throw input_error("workload '" + name + "': the fleet '" + n->name() + "' is " +
                      n->value().value().to_string() +
                      " instances; a fleet is a whole number of instances");
  }
  if (const auto* p = in.period.known(); p != nullptr && p->value().value() * 3600 < decimal(60)) {
    throw input_error("workload '" + name + "': the period '" + p->name() + "' is " +
                      p->value().value().to_string() +
                      " h, under the 60-second billing minimum of a launch");
  }
  std::optional<node<units::instance_second_t>> billed;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    // The fleet's hours, bought as its price was quoted (BoxUsage:, SpotUsage:) when the price
    // is read from an offer file; by hand, the option is not known and the type alone names them.
    b.bills(::trncost::detail::ec2_instance_identity(
        in.instance_type, ::trncost::detail::offer_file_option(in.price)));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto instances = trncost::detail::add_input(b, in.instances);
    const auto period = convert<units::second_t>(trncost::detail::add_input(b, in.period));
    billed = instances * period;
    b.line({phase::serving, "fleet of " + trncost::detail::value_or_name(in.instances) + " x " +
                                in.instance_type + ", billed over the whole period"},
           price, *billed);
  });
  return *billed;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_SERVING_HPP
