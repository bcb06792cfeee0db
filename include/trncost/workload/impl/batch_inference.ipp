// The definitions of workload/batch_inference.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_BATCH_INFERENCE_IPP
#define TRNCOST_WORKLOAD_IMPL_BATCH_INFERENCE_IPP

#include "../batch_inference.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL batch_inference_plan add_batch_inference(model& m, const batch_inference_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a batch inference workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.instances, name);
  trncost::detail::require_positive(in.tokens, name);
  trncost::detail::require_positive(in.throughput_per_instance, name);
  if (in.setup) trncost::detail::require_non_negative(*in.setup, name);
  std::optional<batch_inference_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto instances = trncost::detail::add_input(b, in.instances);
    const auto tokens = trncost::detail::add_input(b, in.tokens);
    const node<units::tokens_per_second_t> rate =
        instances * trncost::detail::add_input(b, in.throughput_per_instance);
    const node<units::second_t> processing = tokens / rate;
    std::vector<std::pair<phase, node<units::second_t>>> phases;
    if (in.setup) phases.emplace_back(phase::setup, trncost::detail::add_input(b, *in.setup));
    phases.emplace_back(phase::batch_inference, processing);
    detail::bill_phases(
        b, price, instances, phases,
        " on " + trncost::detail::value_or_name(in.instances) + " x " + in.instance_type);
    plan.emplace(batch_inference_plan{processing, tokens});
    node<units::second_t> billed = phases.front().second;
    if (phases.size() > 1) billed = billed + phases[1].second;
    detail::add_timeline(b.target(), name, billed, std::nullopt);
  });
  m.deliver(work_kind::tokens_processed, plan->work);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_BATCH_INFERENCE_IPP
