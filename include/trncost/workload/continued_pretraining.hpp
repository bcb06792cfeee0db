// Continued pre-training: a token budget at the cluster's measured throughput, with checkpoints
// at a fixed cadence.
//
//   training time   = token budget / throughput                               (phase training)
//   checkpoints     = ceil(training time / checkpoint interval)
//   checkpointing   = checkpoints x time per checkpoint                      (phase checkpointing)
//                     (with no interval: the checkpoint time as given, one figure for the run)
//   billed          = instances x (setup + training + checkpointing), at least 60 s per launch
//   work delivered  = the token budget (tokens trained)
// Any input may be unknown: the lines it feeds are unpriced, with its reason.
#ifndef TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP
#define TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP

#include <optional>
#include <string>

#include "../config.hpp"
#include "common.hpp"

namespace trncost::workload {

struct continued_pretraining_inputs {
  std::string name;           ///< the component: "domain-cpt"
  std::string instance_type;  ///< "trn2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  input_of<quantity<units::instance_t>> instances;
  input_of<quantity<units::token_t>> token_budget;
  /// Useful throughput of the whole cluster of `instances` (measured on a reference run).
  input_of<quantity<units::tokens_per_second_t>> throughput;
  /// Training time between checkpoints; none when no cadence is given, and `checkpoint_time` is
  /// then the checkpoint time of the whole run (a scenario gives trncost's default of 0 s, said
  /// as such in the report).
  std::optional<input_of<quantity<units::second_t>>> checkpoint_interval;
  input_of<quantity<units::second_t>> checkpoint_time;  ///< time one checkpoint holds the cluster
  std::optional<input_of<quantity<units::second_t>>> setup{};
  /// Interruptions over the whole job (setup, training, checkpointing), priced as failures.
  std::optional<interruptions> interrupted{};
};

struct continued_pretraining_plan {
  node<units::second_t> training;  ///< token budget / throughput
  /// ceil(training / interval); none without a checkpoint interval.
  std::optional<node<units::dimensionless_t>> checkpoints;
  node<units::second_t> checkpointing;  ///< checkpoints x time per checkpoint
  node<units::token_t> work;            ///< the token budget
};

/// Adds a continued pre-training job to `m` (category compute) and says it delivers the tokens
/// trained; with `interrupted`, its interruptions as a failures component beside it.
TRNCOST_DECL continued_pretraining_plan
add_continued_pretraining(model& m, const continued_pretraining_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/continued_pretraining.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_CONTINUED_PRETRAINING_HPP
