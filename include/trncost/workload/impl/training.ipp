// The definitions of workload/training.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_TRAINING_IPP
#define TRNCOST_WORKLOAD_IMPL_TRAINING_IPP

#include "../../catalog/builtin.hpp"
#include "../../catalog/instance_spec.hpp"
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
  if (const auto* n = in.nodes.known(), *r = in.reference_nodes.known();
      n != nullptr && r != nullptr && n->value().value() < r->value().value()) {
    throw input_error("workload '" + name + "': '" + n->name() + "' (" +
                      n->value().value().to_string() + ") is below the reference '" + r->name() +
                      "' (" + r->value().value().to_string() +
                      "): frontier scale extrapolates up, measure at the smaller size instead");
  }
  std::optional<frontier_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto nodes = trncost::detail::add_input(b, in.nodes);
    const node<units::dimensionless_t> scale =
        nodes / trncost::detail::add_input(b, in.reference_nodes);
    const node<units::tokens_per_second_t> linear =
        trncost::detail::add_input(b, in.reference_throughput) * scale;
    const node<units::tokens_per_second_t> throughput =
        linear * trncost::detail::add_input(b, in.scaling_efficiency);
    const auto tokens = trncost::detail::add_input(b, in.token_budget);
    const node<units::second_t> training = tokens / throughput;
    detail::bill_phases(b, price, nodes, {{phase::training, training}},
                        " on " + trncost::detail::value_or_name(in.nodes) + " x " +
                            in.instance_type + " (throughput extrapolated)");
    plan.emplace(frontier_plan{throughput, training, tokens});
  });
  std::optional<node<units::second_t>> stopped;
  if (in.interrupted) {
    stopped = detail::add_interruptions(m, name, in.instance_type, in.price, in.nodes,
                                        plan->training, *in.interrupted);
  }
  detail::add_timeline(m, name, plan->training, stopped);
  m.add_figure(name, "tokens trained", plan->work);
  m.deliver(work_kind::tokens_trained, plan->work);
  return *plan;
}

TRNCOST_DECL sourced<quantity<units::flops_per_token_t>> six_flops_per_parameter_token() {
  return sourced<quantity<units::flops_per_token_t>>(
      "training_flops_per_parameter_token", make(units::flops_per_token, 6),
      documented{"Kaplan et al., Scaling Laws for Neural Language Models (2020), section 2.1: "
                 "training compute C = 6 N D FLOP for N parameters and D tokens (forward and "
                 "backward passes of a dense transformer)",
                 date{2020, 1, 23}});
}

TRNCOST_DECL const sourced<quantity<units::flops_per_second_t>>& node_peak(
    const instance_spec& spec, bool fp8) {
  if (fp8 && !spec.peak_fp8) {
    throw input_error("instance type '" + spec.name +
                      "' has no 8-bit floating-point peak in the catalog; size it at its BF16 "
                      "peak");
  }
  return fp8 ? *spec.peak_fp8 : spec.peak_bf16;
}

TRNCOST_DECL frontier_compute_plan add_frontier_from_compute(model& m,
                                                             const frontier_compute_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a frontier training workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.nodes, name);
  trncost::detail::require_positive(in.parameters, name);
  trncost::detail::require_positive(in.token_budget, name);
  trncost::detail::require_positive(in.peak, name);
  trncost::detail::require_positive(in.flops_per_parameter_token, name);
  detail::require_fraction(in.mfu, name);
  std::optional<frontier_compute_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto nodes = trncost::detail::add_input(b, in.nodes);
    const auto tokens = trncost::detail::add_input(b, in.token_budget);
    // FLOP per token (6 x 400e9 = 2.4e12) fits the decimal; its product with the tokens
    // (3.6e25 FLOP) does not, so the product is taken in EFLOP: 2.4e-6 EFLOP/token, exact for
    // any whole number of FLOP.
    const node<units::flops_per_token_t> per_token =
        b.input(in.flops_per_parameter_token) * trncost::detail::add_input(b, in.parameters);
    const node<units::exaflop_t> compute = convert<units::exaflops_per_token_t>(per_token) * tokens;
    // The catalog's peak is one whole instance's: per node, it is that figure over one instance.
    const auto one_node = b.rule_constant(
        in.instance_type + ".one_node", make(units::instance, 1),
        documented{"trncost's catalog: an instance_spec's peak is that of one whole instance "
                   "(catalog/instance_spec.hpp)",
                   builtin_catalog_consulted});
    const node<units::exaflops_per_second_per_instance_t> peak =
        convert<units::exaflops_per_second_t>(b.input(in.peak)) / one_node;
    const node<units::exaflops_per_second_t> achieved =
        nodes * peak * trncost::detail::add_input(b, in.mfu);
    const node<units::second_t> training = convert<units::second_t>(compute / achieved);
    detail::bill_phases(b, price, nodes, {{phase::training, training}},
                        " on " + trncost::detail::value_or_name(in.nodes) + " x " +
                            in.instance_type + " (sized from 6 x parameters x tokens at the MFU)");
    plan.emplace(frontier_compute_plan{compute, training, tokens});
  });
  std::optional<node<units::second_t>> stopped;
  if (in.interrupted) {
    stopped = detail::add_interruptions(m, name, in.instance_type, in.price, in.nodes,
                                        plan->training, *in.interrupted);
  }
  detail::add_timeline(m, name, plan->training, stopped);
  m.add_figure(name, "compute", plan->compute);
  m.add_figure(name, "tokens trained", plan->work);
  m.deliver(work_kind::tokens_trained, plan->work);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_TRAINING_IPP
