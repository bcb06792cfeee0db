// Training to a target quality, and the same at frontier scale. Training to a target wraps what
// the model already has (instance_time with its phases, failures): tokens to the target over the
// measured throughput. Frontier scale extrapolates a measured throughput to more nodes with a
// measured scaling efficiency; the extrapolated throughput is a derivation, never a measurement.
//
//   training to a target:  training time = tokens to target / throughput           (phase training)
//                          work delivered = runs that reach the target (usually 1 job)
//   frontier scale:        throughput    = reference throughput x (nodes / reference nodes)
//                                          x scaling efficiency                     (derived)
//                          training time = token budget / throughput                (phase training)
//                          work delivered = the token budget (tokens trained)
#ifndef TRNCOST_WORKLOAD_TRAINING_HPP
#define TRNCOST_WORKLOAD_TRAINING_HPP

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"

namespace trncost::workload {

struct training_to_target_inputs {
  std::string name;           ///< the component: "fine-tune"
  std::string instance_type;  ///< "trn1.32xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>> instances;
  sourced<quantity<units::token_t>> tokens_to_target;  ///< tokens to reach the target quality
  sourced<quantity<units::tokens_per_second_t>> throughput;  ///< useful throughput (measured)
  /// The other phases of the job (setup, compilation, evaluation, checkpointing, waiting).
  std::vector<phase_time> other_phases{};
  /// The runs this budget buys that reach the target (1 job; 2 when a repeat is planned).
  sourced<quantity<units::job_t>> runs;
};

/// The training time of a run to the target: tokens / throughput, in seconds (derived).
inline sourced<quantity<units::second_t>> training_time(const training_to_target_inputs& in) {
  return convert<units::second_t>("train_s", in.tokens_to_target / in.throughput);
}

/// Adds the job's instance time (an instance_time component: every phase, the billing minimum) to
/// `m` and says it delivers `runs` runs to the target. Failures are added as a failures component
/// beside it, as for any job.
inline sourced<quantity<units::second_t>> add_training_to_target(model& m,
                                                                 const training_to_target_inputs& in) {
  if (in.name.empty()) throw input_error("a training workload needs a name");
  trncost::detail::require_positive(in.tokens_to_target, in.name);
  trncost::detail::require_positive(in.throughput, in.name);
  trncost::detail::require_positive(in.runs, in.name);
  auto train = training_time(in);
  std::vector<phase_time> phases;
  bool trained = false;
  for (const auto& p : in.other_phases) {
    if (p.ph == phase::training) {
      throw input_error("workload '" + in.name + "': the training phase follows from "
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

struct frontier_inputs {
  std::string name;           ///< the component: "pretrain-70b"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>> reference_nodes;   ///< the nodes the throughput was measured on
  sourced<quantity<units::tokens_per_second_t>> reference_throughput;  ///< measured there
  sourced<quantity<units::instance_t>> nodes;             ///< the nodes of the full run
  /// Throughput at `nodes` over linear scaling from the reference (measured at or near that scale).
  sourced<fraction> scaling_efficiency;
  sourced<quantity<units::token_t>> token_budget;
};

struct frontier_plan {
  node<units::tokens_per_second_t> throughput;  ///< extrapolated: derived, never measured
  node<units::second_t> training;               ///< token budget / throughput
  node<units::token_t> work;
};

/// Adds a frontier-scale training run to `m` (category compute) and says it delivers the tokens
/// trained. Throws input_error for fewer nodes than the reference or an efficiency outside (0, 1].
inline frontier_plan add_frontier_training(model& m, const frontier_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a frontier training workload needs a name");
  if (in.instance_type.empty()) throw input_error("workload '" + name + "': the instance type is empty");
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

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_TRAINING_HPP
