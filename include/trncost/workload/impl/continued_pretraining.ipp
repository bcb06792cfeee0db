// The definitions of workload/continued_pretraining.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_CONTINUED_PRETRAINING_IPP
#define TRNCOST_WORKLOAD_IMPL_CONTINUED_PRETRAINING_IPP

#include "../continued_pretraining.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL continued_pretraining_plan
add_continued_pretraining(model& m, const continued_pretraining_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a continued pre-training workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.instances, name);
  trncost::detail::require_positive(in.token_budget, name);
  trncost::detail::require_positive(in.throughput, name);
  if (in.checkpoint_interval) trncost::detail::require_positive(*in.checkpoint_interval, name);
  trncost::detail::require_non_negative(in.checkpoint_time, name);
  if (in.setup) trncost::detail::require_non_negative(*in.setup, name);
  std::optional<continued_pretraining_plan> plan;
  std::optional<node<units::second_t>> billed;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto instances = trncost::detail::add_input(b, in.instances);
    const auto tokens = trncost::detail::add_input(b, in.token_budget);
    const node<units::second_t> training = tokens / trncost::detail::add_input(b, in.throughput);
    std::optional<node<units::dimensionless_t>> checkpoints;
    const auto checkpoint = trncost::detail::add_input(b, in.checkpoint_time);
    node<units::second_t> checkpointing = checkpoint;
    if (in.checkpoint_interval) {
      const node<units::dimensionless_t> intervals =
          training / trncost::detail::add_input(b, *in.checkpoint_interval);
      checkpoints = ceil_to(intervals, make(units::dimensionless, 1));
      checkpointing = *checkpoints * checkpoint;
    }
    std::vector<std::pair<phase, node<units::second_t>>> phases;
    if (in.setup) phases.emplace_back(phase::setup, trncost::detail::add_input(b, *in.setup));
    phases.emplace_back(phase::training, training);
    phases.emplace_back(phase::checkpointing, checkpointing);
    detail::bill_phases(
        b, price, instances, phases,
        " on " + trncost::detail::value_or_name(in.instances) + " x " + in.instance_type);
    plan.emplace(continued_pretraining_plan{training, checkpoints, checkpointing, tokens});
    billed = in.setup ? phases[0].second + training + checkpointing : training + checkpointing;
  });
  std::optional<node<units::second_t>> stopped;
  if (in.interrupted) {
    stopped = detail::add_interruptions(m, name, in.instance_type, in.price, in.instances, *billed,
                                        *in.interrupted);
  }
  detail::add_timeline(m, name, *billed, stopped);
  m.add_figure(name, "tokens trained", plan->work);
  m.deliver(work_kind::tokens_trained, plan->work);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_CONTINUED_PRETRAINING_IPP
