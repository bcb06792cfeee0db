// The definitions of workload/training.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_TRAINING_IPP
#define TRNCOST_WORKLOAD_IMPL_TRAINING_IPP

#include "../training.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL sourced<quantity<units::second_t>> training_time(const training_to_target_inputs& in) {
  return convert<units::second_t>("train_s", in.tokens_to_target / in.throughput);
}

TRNCOST_DECL sourced<quantity<units::second_t>> add_training_to_target(
    model& m, const training_to_target_inputs& in) {
  if (in.name.empty()) throw input_error("a training workload needs a name");
  trncost::detail::require_positive(in.tokens_to_target, in.name);
  trncost::detail::require_positive(in.throughput, in.name);
  trncost::detail::require_positive(in.runs, in.name);
  auto train = training_time(in);
  std::vector<phase_time> phases;
  bool trained = false;
  for (const auto& p : in.other_phases) {
    if (p.ph == phase::training) {
      throw input_error("workload '" + in.name +
                        "': the training phase follows from "
                        "tokens_to_target / throughput; give only the other phases");
    }
    // Keep the order of a run: setup and compilation before training.
    if (!trained && p.ph != phase::setup && p.ph != phase::compilation) {
      phases.push_back({phase::training, train});
      trained = true;
    }
    phases.push_back(p);
  }
  if (!trained) phases.push_back({phase::training, train});
  m.add(instance_time(in.name, in.instance_type, in.instances, in.price, std::move(phases)));
  m.deliver(work_kind::runs_to_target, in.runs);
  return train;
}

TRNCOST_DECL frontier_plan add_frontier_training(model& m, const frontier_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a frontier training workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.reference_nodes, name);
  trncost::detail::require_positive(in.reference_throughput, name);
  trncost::detail::require_positive(in.token_budget, name);
  detail::require_fraction(in.scaling_efficiency, name);
  if (in.nodes.value().value() < in.reference_nodes.value().value()) {
    throw input_error("workload '" + name + "': '" + in.nodes.name() + "' (" +
                      in.nodes.value().value().to_string() + ") is below the reference '" +
                      in.reference_nodes.name() + "' (" +
                      in.reference_nodes.value().value().to_string() +
                      "): frontier scale extrapolates up, measure at the smaller size instead");
  }
  std::optional<frontier_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto nodes = b.input(in.nodes);
    const node<units::dimensionless_t> scale = nodes / b.input(in.reference_nodes);
    const node<units::tokens_per_second_t> linear = b.input(in.reference_throughput) * scale;
    const node<units::tokens_per_second_t> throughput = linear * b.input(in.scaling_efficiency);
    const auto tokens = b.input(in.token_budget);
    const node<units::second_t> training = tokens / throughput;
    detail::bill_phases(b, price, nodes, {{phase::training, training}},
                        " on " + in.nodes.value().value().to_string() + " x " + in.instance_type +
                            " (throughput extrapolated)");
    plan.emplace(frontier_plan{throughput, training, tokens});
  });
  m.deliver(work_kind::tokens_trained, plan->work);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_TRAINING_IPP
