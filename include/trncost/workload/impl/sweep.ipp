// The definitions of workload/sweep.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_SWEEP_IPP
#define TRNCOST_WORKLOAD_IMPL_SWEEP_IPP

#include "../sweep.hpp"

namespace trncost {

namespace workload {

TRNCOST_DECL sweep_plan add_sweep(model& m, const sweep_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a sweep workload needs a name");
  if (in.instance_type.empty())
    throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.trials, name);
  trncost::detail::require_positive(in.time_per_trial, name);
  trncost::detail::require_positive(in.instances_per_trial, name);
  trncost::detail::require_positive(in.parallel_trials, name);
  detail::require_fraction(in.stopped_early, name, true);
  if (in.stopped_trial_run) {
    detail::require_fraction(*in.stopped_trial_run, name);
  } else if (!in.stopped_early.value().value().is_zero()) {
    throw input_error("workload '" + name + "': '" + in.stopped_early.name() + "' is " +
                      in.stopped_early.value().value().to_string() +
                      ": trials stop early, so the share of a trial a stopped one runs is needed");
  }
  if (in.wave_gap) {
    trncost::detail::require_non_negative(*in.wave_gap, name);
    if (!in.cluster_kept_up) {
      throw input_error("workload '" + name +
                        "': a gap between waves is billed only while a "
                        "cluster is kept up; each trial here launches its own instances");
    }
  }
  if (in.rerun_instances.has_value() != in.rerun_time.has_value()) {
    throw input_error("workload '" + name +
                      "': the winner's re-run needs both its instances and "
                      "its time");
  }
  if (in.parallel_trials.value().value() > in.trials.value().value()) {
    throw input_error("workload '" + name + "': '" + in.parallel_trials.name() + "' (" +
                      in.parallel_trials.value().value().to_string() + ") exceeds the trials '" +
                      in.trials.name() + "' (" + in.trials.value().value().to_string() + ")");
  }
  std::optional<sweep_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    b.bills(::trncost::detail::ec2_instance_identity(in.instance_type, std::nullopt));
    const auto price = trncost::detail::add_input(b, in.price);
    const auto trials = b.input(in.trials);
    const auto time = b.input(in.time_per_trial);
    const auto per_trial = b.input(in.instances_per_trial);
    const std::string on = " on " + in.instance_type;
    // Without early stops (no stopped_trial_run), every trial runs to the end: one line.
    std::optional<node<units::instance_second_t>> stopped_part;
    node<units::instance_second_t> full_part = per_trial * (trials * time);
    if (in.stopped_trial_run) {
      const node<units::job_t> stopped = trials * b.input(in.stopped_early);
      const node<units::second_t> stopped_time = time * b.input(*in.stopped_trial_run);
      full_part = per_trial * ((trials - stopped) * time);
      stopped_part = per_trial * (stopped * stopped_time);
    }
    const auto trial_time = stopped_part ? full_part + *stopped_part : full_part;
    b.line({phase::trials, "trials run to the end" + on}, price, full_part);
    if (stopped_part) b.line({phase::trials, "trials stopped early" + on}, price, *stopped_part);
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
      if (in.wave_gap) {
        // (waves - 1) gaps: cluster x waves x gap - cluster x gap.
        const auto gap = b.input(*in.wave_gap);
        const node<units::instance_second_t> gaps = cluster * (waves * gap) - cluster * gap;
        b.line({phase::waiting, "cluster kept up between waves" + on}, price, gaps);
      }
    }
    if (in.rerun_instances) {
      b.line({phase::training, "the winner's re-run" + on}, price,
             b.input(*in.rerun_instances) * b.input(*in.rerun_time));
    }
    // Its wall-clock time: the waves of parallel trials one after the other (a wave lasts as long
    // as a trial run to the end), the gaps between them, then the winner's re-run.
    const auto waves =
        p.waves ? *p.waves
                : ceil_to(node<units::dimensionless_t>(trials / b.input(in.parallel_trials)),
                          make(units::dimensionless, 1));
    node<units::second_t> wall = waves * time;
    if (in.cluster_kept_up && in.wave_gap) {
      const auto gap = b.input(*in.wave_gap);
      wall = wall + (waves * gap - gap);
    }
    if (in.rerun_instances) wall = wall + b.input(*in.rerun_time);
    b.target().add_figure(name, std::string(figure_wall_clock_time), wall);
    plan.emplace(p);
  });
  m.deliver(work_kind::trials, plan->work);
  return *plan;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_SWEEP_IPP
