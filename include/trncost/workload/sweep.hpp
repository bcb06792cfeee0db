// A hyperparameter or evaluation sweep: trials of a measured length, some stopped early, run a few
// at a time on a cluster kept up between them, then the winner re-run in full.
//
//   stopped       = trials x fraction stopped early
//   trial time    = instances per trial x ((trials - stopped) x time per trial
//                                          + stopped x (time per trial x fraction of the trial run))
//                                                                                    (phase trials)
//   waves         = ceil(trials / parallel trials)
//   cluster time  = instances per trial x parallel trials x waves x time per trial   (kept up)
//   idle          = cluster time - trial time: slots left empty by early stops and a partial last
//                   wave                                                            (phase waiting)
//   re-run        = re-run instances x re-run time                                   (phase training)
//   work delivered = the trials
#ifndef TRNCOST_WORKLOAD_SWEEP_HPP
#define TRNCOST_WORKLOAD_SWEEP_HPP

#include <optional>
#include <string>

#include "common.hpp"

namespace trncost::workload {

struct sweep_inputs {
  std::string name;           ///< the component: "lr-sweep"
  std::string instance_type;  ///< "trn1.32xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::job_t>> trials;
  sourced<quantity<units::second_t>> time_per_trial;  ///< a full trial (measured)
  sourced<quantity<units::instances_per_job_t>> instances_per_trial;
  sourced<quantity<units::job_t>> parallel_trials;    ///< trials run at once
  sourced<fraction> stopped_early;       ///< the share of trials stopped early (0 for none)
  sourced<fraction> stopped_trial_run;   ///< the share of a trial a stopped one ran
  /// true: the cluster of parallel trials stays up for every wave, its empty slots billed (idle);
  /// false: each trial launches its own instances.
  bool cluster_kept_up = true;
  /// The winner's full re-run (instances and time), when there is one.
  std::optional<sourced<quantity<units::instance_t>>> rerun_instances{};
  std::optional<sourced<quantity<units::second_t>>> rerun_time{};
};

struct sweep_plan {
  node<units::instance_second_t> trial_time;  ///< the instance time trials ran
  std::optional<node<units::instance_second_t>> idle;  ///< cluster kept up: its empty slots
  std::optional<node<units::dimensionless_t>> waves;
  node<units::job_t> work;                    ///< the trials
};

/// Adds a sweep to `m` (category compute) and says it delivers the trials.
inline sweep_plan add_sweep(model& m, const sweep_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a sweep workload needs a name");
  if (in.instance_type.empty()) throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.trials, name);
  trncost::detail::require_positive(in.time_per_trial, name);
  trncost::detail::require_positive(in.instances_per_trial, name);
  trncost::detail::require_positive(in.parallel_trials, name);
  detail::require_fraction(in.stopped_early, name, true);
  detail::require_fraction(in.stopped_trial_run, name);
  if (in.rerun_instances.has_value() != in.rerun_time.has_value()) {
    throw input_error("workload '" + name + "': the winner's re-run needs both its instances and "
                      "its time");
  }
  if (in.parallel_trials.value().value() > in.trials.value().value()) {
    throw input_error("workload '" + name + "': '" + in.parallel_trials.name() + "' (" +
                      in.parallel_trials.value().value().to_string() + ") exceeds the trials '" +
                      in.trials.name() + "' (" + in.trials.value().value().to_string() + ")");
  }
  std::optional<sweep_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    const auto price = trncost::detail::add_input(b, in.price);
    const auto trials = b.input(in.trials);
    const auto time = b.input(in.time_per_trial);
    const auto per_trial = b.input(in.instances_per_trial);
    const node<units::job_t> stopped = trials * b.input(in.stopped_early);
    const node<units::second_t> stopped_time = time * b.input(in.stopped_trial_run);
    const node<units::instance_second_t> full_part = per_trial * ((trials - stopped) * time);
    const node<units::instance_second_t> stopped_part = per_trial * (stopped * stopped_time);
    const auto trial_time = full_part + stopped_part;
    const std::string on = " on " + in.instance_type;
    b.line({phase::trials, "trials run to the end" + on}, price, full_part);
    b.line({phase::trials, "trials stopped early" + on}, price, stopped_part);
    sweep_plan p{trial_time, std::nullopt, std::nullopt, trials};
    if (in.cluster_kept_up) {
      const auto parallel = b.input(in.parallel_trials);
      const node<units::dimensionless_t> ratio = trials / parallel;
      const auto waves = ceil_to(ratio, make(units::dimensionless, 1));
      const node<units::instance_t> cluster = per_trial * parallel;
      const node<units::instance_second_t> kept = cluster * (waves * time);
      const auto idle = kept - trial_time;
      b.line({phase::waiting, "cluster idle between trials" + on}, price, idle);
      p.idle = idle;
      p.waves = waves;
    }
    if (in.rerun_instances) {
      b.line({phase::training, "the winner's re-run" + on}, price,
             b.input(*in.rerun_instances) * b.input(*in.rerun_time));
    }
    plan.emplace(p);
  });
  m.deliver(work_kind::trials, plan->work);
  return *plan;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_SWEEP_HPP
