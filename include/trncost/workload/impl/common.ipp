// The definitions of workload/common.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_COMMON_IPP
#define TRNCOST_WORKLOAD_IMPL_COMMON_IPP

#include "../common.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL sourced<quantity<units::hour_t>> service_period(std::string name, date from, date to,
                                                             provenance why) {
  if (!from.ok() || !to.ok()) {
    throw input_error("service period '" + name + "': a date is not a calendar date");
  }
  const auto days = days_between(from, to);
  if (days <= 0) {
    throw input_error("service period '" + name + "': it ends (" + trncost::to_string(to) +
                      ") on or before it starts (" + trncost::to_string(from) + ")");
  }
  return sourced<quantity<units::hour_t>>(
      std::move(name), make(units::hour, static_cast<std::int64_t>(days) * 24), std::move(why));
}

}  // namespace workload

namespace workload::detail {

TRNCOST_DECL void bill_phases(component_builder& b,
                              const node<units::usd_per_instance_hour_t>& price,
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

TRNCOST_DECL node<units::second_t> add_interruptions(
    model& m, const std::string& name, const std::string& instance_type,
    const input_of<quantity<units::usd_per_instance_hour_t>>& price,
    const input_of<quantity<units::instance_t>>& instances, const node<units::second_t>& exposed,
    const interruptions& in) {
  const std::string component = name + " interruptions";
  trncost::detail::require_non_negative(in.rate, component);
  trncost::detail::require_non_negative(in.restart_time, component);
  trncost::detail::require_non_negative(in.work_lost, component);
  std::optional<node<units::second_t>> stopped;
  add_built(m, component, category::failures_restarts, [&](component_builder& b) {
    // The lost time is instance time of the workload's own instances, billed as they are.
    b.bills(::trncost::detail::ec2_instance_identity(instance_type, std::nullopt));
    const auto unit_price = trncost::detail::add_input(b, price);
    const auto count = trncost::detail::add_input(b, instances);
    const node<units::instance_second_t> exposure = count * exposed;
    const auto expected = b.input(in.rate) * exposure;
    stopped.emplace(
        convert<units::second_t>(expected * (b.input(in.restart_time) + b.input(in.work_lost))));
    const std::string on =
        " on " + trncost::detail::value_or_name(instances) + " x " + instance_type;
    b.line({phase::restarts, "restarts after expected interruptions" + on}, unit_price,
           count * (expected * b.input(in.restart_time)));
    b.line({phase::failed_work, "work lost since the last checkpoint" + on}, unit_price,
           count * (expected * b.input(in.work_lost)));
  });
  return *stopped;
}

TRNCOST_DECL void add_timeline(model& m, const std::string& name,
                               const node<units::second_t>& billed,
                               const std::optional<node<units::second_t>>& interrupted) {
  m.add_figure(name, std::string(figure_billed_time), billed);
  m.add_figure(name, std::string(figure_wall_clock_time),
               interrupted ? billed + *interrupted : billed);
}

TRNCOST_DECL void require_fraction(const sourced<fraction>& f, std::string_view workload,
                                   bool zero_allowed) {
  const decimal v = f.value().value();
  const bool low = zero_allowed ? v.is_negative() : !(decimal{} < v);
  if (low || decimal(1) < v) {
    throw input_error("workload '" + std::string(workload) + "': '" + f.name() + "' is " +
                      v.to_string() + "; it must be a fraction " +
                      (zero_allowed ? "from 0" : "above 0") + " to 1 (0.4 for 40 %)");
  }
}

}  // namespace workload::detail

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_COMMON_IPP
