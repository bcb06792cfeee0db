// Training to a target quality, and the same at frontier scale. Training to a target wraps what
// the model already has (instance_time with its phases, failures): tokens to the target over the
// measured throughput. Frontier scale extrapolates a measured throughput to more nodes with a
// measured scaling efficiency; the extrapolated throughput is a derivation, never a measurement.
//
//   training to a target:  training time = tokens to target / throughput           (phase training)
//                          work delivered = runs that reach the target (usually 1 job)
//   frontier scale:        throughput    = reference throughput x (nodes / reference nodes)
//                                          x scaling efficiency                     (derived)
//                          training time = token budget / throughput                (phase
//                          training) work delivered = the token budget (tokens trained)
#ifndef TRNCOST_WORKLOAD_TRAINING_HPP
#define TRNCOST_WORKLOAD_TRAINING_HPP

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "common.hpp"

namespace trncost::workload {

struct training_to_target_inputs {
  std::string name;           ///< the component: "fine-tune"
  std::string instance_type;  ///< "trn1.32xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>> instances;
  sourced<quantity<units::token_t>> tokens_to_target;        ///< tokens to reach the target quality
  sourced<quantity<units::tokens_per_second_t>> throughput;  ///< useful throughput (measured)
  /// The other phases of the job (setup, compilation, evaluation, checkpointing, waiting).
  std::vector<phase_time> other_phases{};
  /// The runs this budget buys that reach the target (1 job; 2 when a repeat is planned).
  sourced<quantity<units::job_t>> runs;
};

/// The training time of a run to the target: tokens / throughput, in seconds (derived).
TRNCOST_DECL sourced<quantity<units::second_t>> training_time(const training_to_target_inputs& in);

/// Adds the job's instance time (an instance_time component: every phase, the billing minimum) to
/// `m` and says it delivers `runs` runs to the target. Failures are added as a failures component
/// beside it, as for any job.
TRNCOST_DECL sourced<quantity<units::second_t>> add_training_to_target(
    model& m, const training_to_target_inputs& in);

struct frontier_inputs {
  std::string name;           ///< the component: "pretrain-70b"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>>
      reference_nodes;  ///< the nodes the throughput was measured on
  sourced<quantity<units::tokens_per_second_t>> reference_throughput;  ///< measured there
  sourced<quantity<units::instance_t>> nodes;  ///< the nodes of the full run
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
TRNCOST_DECL frontier_plan add_frontier_training(model& m, const frontier_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/training.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_TRAINING_HPP
