// A hyperparameter or evaluation sweep: trials of a measured length, some stopped early, run a few
// at a time on a cluster kept up between them, then the winner re-run in full.
//
//   stopped       = trials x fraction stopped early
//   trial time    = instances per trial x ((trials - stopped) x time per trial
//                                          + stopped x (time per trial x fraction of the trial
//                                          run))
//                                                                                    (phase trials)
//   waves         = ceil(trials / parallel trials)
//   cluster time  = instances per trial x parallel trials x waves x time per trial   (kept up)
//   idle          = cluster time - trial time: slots left empty by early stops and a partial last
//                   wave                                                            (phase waiting)
//   between waves = cluster x (waves - 1) x the gap between waves, when one is given: the cluster
//                   kept up while the next wave is chosen                           (phase waiting)
//   re-run        = re-run instances x re-run time                                   (phase
//   training) work delivered = the trials
#ifndef TRNCOST_WORKLOAD_SWEEP_HPP
#define TRNCOST_WORKLOAD_SWEEP_HPP

#include <optional>
#include <string>

#include "../config.hpp"
#include "common.hpp"

namespace trncost::workload {

struct sweep_inputs {
  std::string name;           ///< the component: "lr-sweep"
  std::string instance_type;  ///< "trn1.32xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::job_t>> trials;
  sourced<quantity<units::second_t>> time_per_trial;  ///< a full trial (measured)
  sourced<quantity<units::instances_per_job_t>> instances_per_trial;
  sourced<quantity<units::job_t>> parallel_trials;  ///< trials run at once
  sourced<fraction> stopped_early;  ///< the share of trials stopped early (0 for none)
  /// The share of a trial a stopped one ran; only when some trials stop early (stopped_early > 0).
  std::optional<sourced<fraction>> stopped_trial_run;
  /// true: the cluster of parallel trials stays up for every wave, its empty slots billed (idle);
  /// false: each trial launches its own instances.
  bool cluster_kept_up = true;
  /// The winner's full re-run (instances and time), when there is one.
  std::optional<sourced<quantity<units::instance_t>>> rerun_instances{};
  std::optional<sourced<quantity<units::second_t>>> rerun_time{};
  /// The time between two waves (results read, the next wave chosen) while a kept-up cluster
  /// waits; none: the next wave starts at once.
  std::optional<sourced<quantity<units::second_t>>> wave_gap{};
};

struct sweep_plan {
  node<units::instance_second_t> trial_time;           ///< the instance time trials ran
  std::optional<node<units::instance_second_t>> idle;  ///< cluster kept up: its empty slots
  std::optional<node<units::dimensionless_t>> waves;
  node<units::job_t> work;  ///< the trials
};

/// Adds a sweep to `m` (category compute) and says it delivers the trials.
TRNCOST_DECL sweep_plan add_sweep(model& m, const sweep_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/sweep.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_SWEEP_HPP
