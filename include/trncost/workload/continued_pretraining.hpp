// Continued pre-training: a token budget at the cluster's measured throughput, with checkpoints
// at a fixed cadence.
//
//   training time   = token budget / throughput                                 (phase training)
//   checkpoints     = ceil(training time / checkpoint interval)
//   checkpointing   = checkpoints x time per checkpoint                          (phase checkpointing)
//   billed          = instances x (setup + training + checkpointing), at least 60 s per launch
//   work delivered  = the token budget (tokens trained)
#ifndef TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP
#define TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP

#include <optional>
#include <string>

#include "common.hpp"

namespace trncost::workload {

struct continued_pretraining_inputs {
  std::string name;           ///< the component: "domain-cpt"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>> instances;
  sourced<quantity<units::token_t>> token_budget;
  /// Useful throughput of the whole cluster of `instances` (measured on a reference run).
  sourced<quantity<units::tokens_per_second_t>> throughput;
  sourced<quantity<units::second_t>> checkpoint_interval;  ///< training time between checkpoints
  sourced<quantity<units::second_t>> checkpoint_time;      ///< time one checkpoint holds the cluster
  std::optional<sourced<quantity<units::second_t>>> setup{};
};

struct continued_pretraining_plan {
  node<units::second_t> training;       ///< token budget / throughput
  node<units::dimensionless_t> checkpoints;  ///< ceil(training / interval)
  node<units::second_t> checkpointing;  ///< checkpoints x time per checkpoint
  node<units::token_t> work;            ///< the token budget
};

/// Adds a continued pre-training job to `m` (category compute) and says it delivers the tokens
/// trained.
inline continued_pretraining_plan add_continued_pretraining(model& m,
                                                            const continued_pretraining_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a continued pre-training workload needs a name");
  if (in.instance_type.empty()) throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.instances, name);
  trncost::detail::require_positive(in.token_budget, name);
  trncost::detail::require_positive(in.throughput, name);
  trncost::detail::require_positive(in.checkpoint_interval, name);
  trncost::detail::require_non_negative(in.checkpoint_time, name);
  if (in.setup) trncost::detail::require_non_negative(*in.setup, name);
  std::optional<continued_pretraining_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    const auto price = trncost::detail::add_input(b, in.price);
    const auto instances = b.input(in.instances);
    const auto tokens = b.input(in.token_budget);
    const node<units::second_t> training = tokens / b.input(in.throughput);
    const node<units::dimensionless_t> intervals = training / b.input(in.checkpoint_interval);
    const auto checkpoints = ceil_to(intervals, make(units::dimensionless, 1));
    const node<units::second_t> checkpointing = checkpoints * b.input(in.checkpoint_time);
    std::vector<std::pair<phase, node<units::second_t>>> phases;
    if (in.setup) phases.emplace_back(phase::setup, b.input(*in.setup));
    phases.emplace_back(phase::training, training);
    phases.emplace_back(phase::checkpointing, checkpointing);
    detail::bill_phases(b, price, instances, phases,
                        " on " + in.instances.value().value().to_string() + " x " + in.instance_type);
    plan.emplace(continued_pretraining_plan{training, checkpoints, checkpointing, tokens});
  });
  m.deliver(work_kind::tokens_trained, plan->work);
  return *plan;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP
