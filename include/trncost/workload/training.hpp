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
//   frontier from compute: compute       = 6 x parameters x token budget, in EFLOP  (derived)
//                          training time = compute / (nodes x one node's peak x MFU)
// A frontier run's inputs may be unknown: the lines they feed are unpriced, with the reason.
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
  input_of<quantity<units::instance_t>>
      reference_nodes;  ///< the nodes the throughput was measured on
  input_of<quantity<units::tokens_per_second_t>> reference_throughput;  ///< measured there
  input_of<quantity<units::instance_t>> nodes;  ///< the nodes of the full run
  /// Throughput at `nodes` over linear scaling from the reference (measured at or near that scale).
  input_of<fraction> scaling_efficiency;
  input_of<quantity<units::token_t>> token_budget;
  /// Interruptions over the training, priced as failures beside it.
  std::optional<interruptions> interrupted{};
};

struct frontier_plan {
  node<units::tokens_per_second_t> throughput;  ///< extrapolated: derived, never measured
  node<units::second_t> training;               ///< token budget / throughput
  node<units::token_t> work;
};

/// Adds a frontier-scale training run to `m` (category compute) and says it delivers the tokens
/// trained. Throws input_error for fewer nodes than the reference or an efficiency outside (0, 1].
TRNCOST_DECL frontier_plan add_frontier_training(model& m, const frontier_inputs& in);

/// The training compute of a dense transformer per parameter and token trained (forward and
/// backward passes): 6 FLOP, the "C = 6ND" of the scaling-law literature, documented.
TRNCOST_DECL sourced<quantity<units::flops_per_token_t>> six_flops_per_parameter_token();

/// Frontier work sized from its compute, for a run no cluster has measured: compute = 6 x
/// parameters x tokens, at a model FLOPs utilisation (MFU) of the nodes' dense peak.
struct frontier_compute_inputs {
  std::string name;           ///< the component: "pretrain-400b"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  input_of<quantity<units::instance_t>> nodes;            ///< the nodes of the run
  input_of<quantity<units::dimensionless_t>> parameters;  ///< the model's parameters
  input_of<quantity<units::token_t>> token_budget;        ///< tokens to train
  input_of<fraction> mfu;                                 ///< achieved / peak FLOP/s, (0, 1]
  /// One node's dense peak: the catalog's figure for the whole instance (node_peak()).
  sourced<quantity<units::flops_per_second_t>> peak;
  /// Training FLOP per parameter and token (6 for a dense transformer).
  sourced<quantity<units::flops_per_token_t>> flops_per_parameter_token =
      six_flops_per_parameter_token();
  /// Interruptions over the training, priced as failures beside it.
  std::optional<interruptions> interrupted{};
};

struct frontier_compute_plan {
  node<units::exaflop_t> compute;  ///< 6 x parameters x tokens: derived, in EFLOP
  node<units::second_t> training;  ///< compute / (nodes x peak x MFU)
  node<units::token_t> work;
};

/// One node's dense peak: the catalog's figure for the whole instance, BF16 or, with `fp8`, the
/// 8-bit one (refused where the type has none).
TRNCOST_DECL const sourced<quantity<units::flops_per_second_t>>& node_peak(
    const instance_spec& spec, bool fp8 = false);

/// Adds a frontier run sized from its compute to `m` (category compute, billed as the instance
/// type's EC2 hours) and says it delivers the tokens trained. The compute is held in EFLOP, so
/// 6 x 400e9 x 15e12 = 3.6e25 FLOP is 36,000,000 EFLOP, exact. Throws input_error for an MFU
/// outside (0, 1] or a count that is not positive.
TRNCOST_DECL frontier_compute_plan add_frontier_from_compute(model& m,
                                                             const frontier_compute_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/training.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_TRAINING_HPP
