// Feeding the model: a set of runs of one configuration becomes the inputs the cost model needs:
// the phase durations and useful throughput of a typical run (medians over the completed runs),
// the instance count, and the interruption rate, restart time and work lost per interruption over
// every run (failed ones included: they are where interruptions show).
#ifndef TRNCOST_MEASURE_FEED_HPP
#define TRNCOST_MEASURE_FEED_HPP

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "repetitions.hpp"

namespace trncost::measure {

/// The model's inputs from runs, each sourced (medians and rates are derived from per-run
/// measurements, which stay reachable through their provenance).
template <class RateUnit>
struct model_feed {
  /// Median seconds per run of setup, compilation, evaluation, checkpointing and waiting over the
  /// completed runs (a phase no completed run has is left out). Training time is not here: it
  /// comes from the job's work and `throughput` (extrapolate()).
  std::vector<std::pair<phase, sourced<quantity<units::second_t>>>> phase_seconds;
  /// Median useful throughput of the completed runs.
  sourced<quantity<RateUnit>> throughput;
  /// The runs' instance count (every run must use the same).
  sourced<quantity<units::instance_t>> instances;
  /// Interruptions (incidents) over the instance-hours of every run.
  sourced<quantity<units::interruptions_per_instance_hour_t>> interruption_rate;
  /// Restart seconds and work lost per interruption; empty when no run was interrupted.
  std::optional<sourced<quantity<units::seconds_per_interruption_t>>> restart_time;
  std::optional<sourced<quantity<units::seconds_per_interruption_t>>> work_lost;
  /// The runs it was computed from, with those kept out of the medians and why.
  std::vector<std::string> runs;
  std::vector<exclusion> excluded_from_medians;

  /// The median seconds of phase `p`; input_error when the runs have no such phase.
  [[nodiscard]] const sourced<quantity<units::second_t>>& seconds(phase p) const {
    for (const auto& [q, s] : phase_seconds) {
      if (q == p) return s;
    }
    throw input_error("the runs have no " + std::string(log_name(p)) + " phase");
  }
};

namespace detail {

TRNCOST_DECL std::string join_ids(const std::vector<std::string>& ids);

/// The median of per-run sourced values as one derived value whose inputs are the per-run values;
/// its formula names the runs kept out of it and why ("median of setup_s over 3 runs; kept out:
/// r4 (failed)"), so every report that shows the derivation says which runs it leaves out.
template <class Q>
sourced<Q> median_of(std::string name, const std::vector<sourced<Q>>& per_run,
                     const std::vector<exclusion>& kept_out = {}) {
  std::vector<std::pair<std::string, decimal>> values;
  std::string formula = "median of " + name + " over " + std::to_string(per_run.size()) + " runs";
  for (std::size_t i = 0; i < kept_out.size(); ++i) {
    const auto& x = kept_out[i];
    formula += (i == 0 ? "; kept out: " : ", ") + x.run_id + " (" +
               (x.label.empty() ? x.reason : x.label) + ")";
  }
  derived how{std::move(formula), {}, operation{.kind = op_kind::median}};
  for (const auto& s : per_run) {
    values.emplace_back(s.name(), s.value().value());
    how.inputs.push_back(s.record());
  }
  const decimal m = summarize(std::move(values)).median;
  return sourced<Q>(std::move(name), Q::from_value(m), provenance{std::move(how)});
}

/// A sum over all runs, measured: the run ids joined, the method, the earliest start to the latest
/// end.
TRNCOST_DECL measured over_runs(const std::vector<run_record>& runs, std::string method);

}  // namespace detail

/// Turns runs of one configuration into model inputs. Throws input_error when there is no completed
/// run or the runs differ in instance count.
template <class RateUnit>
model_feed<RateUnit> feed_model(const std::vector<run_record>& runs) {
  if (runs.empty()) throw input_error("no run to feed the model with");
  std::vector<const run_record*> completed;
  std::vector<std::string> ids;
  std::vector<exclusion> excluded;
  for (const auto& r : runs) {
    ids.push_back(r.id);
    // One configuration: what the model is fed must be what one line of it bills (a log that
    // does not say where it ran is not compared).
    const auto differ = [](const std::string& a, const std::string& b) {
      return !a.empty() && !b.empty() && a != b;
    };
    if (differ(r.instance_type, runs.front().instance_type) ||
        differ(r.region, runs.front().region)) {
      throw input_error("run '" + r.id + "' ran on " + r.instance_type + " in " + r.region +
                        ", run '" + runs.front().id + "' on " + runs.front().instance_type +
                        " in " + runs.front().region +
                        "; feed the model one configuration at a time");
    }
    if (r.instances != runs.front().instances) {
      throw input_error("run '" + r.id + "' uses " + r.instances.value().to_string() +
                        " instances, run '" + runs.front().id + "' " +
                        runs.front().instances.value().to_string() +
                        "; feed the model one configuration at a time");
    }
    if (r.outcome == run_outcome::completed) {
      completed.push_back(&r);
    } else {
      excluded.push_back({r.id,
                          std::string(to_string(r.outcome)) +
                              ": kept out of the medians, counted in the interruption rate",
                          std::string(to_string(r.outcome))});
    }
  }
  if (completed.empty()) throw input_error("no completed run: no typical phase durations");

  std::vector<std::pair<phase, sourced<quantity<units::second_t>>>> phases;
  for (phase p : {phase::setup, phase::compilation, phase::warm_up, phase::evaluation,
                  phase::checkpointing, phase::waiting}) {
    std::vector<sourced<quantity<units::second_t>>> per_run;
    bool any = false;
    for (const auto* r : completed) {
      any = any || std::any_of(r->phases.begin(), r->phases.end(),
                               [&](const auto& x) { return x.ph == p; });
    }
    if (!any) continue;
    for (const auto* r : completed) {
      per_run.emplace_back(
          r->id + "." + std::string(log_name(p)) + "_s", phase_seconds(*r, p),
          provenance{
              run_provenance(*r, "sum of the run log's " + std::string(log_name(p)) + " phases")});
    }
    phases.emplace_back(p, detail::median_of(std::string(log_name(p)) + "_s", per_run, excluded));
  }

  std::vector<sourced<quantity<RateUnit>>> thr;
  for (const auto* r : completed)
    thr.push_back(useful_throughput<RateUnit>(*r).named(r->id + ".useful_throughput"));

  decimal interruptions{}, restart_s{}, lost_s{}, inst_s{};
  for (const auto& r : runs) {
    interruptions = interruptions + decimal(static_cast<std::int64_t>(r.incidents.size()));
    for (const auto& x : r.incidents) lost_s = lost_s + x.work_lost.value();
    restart_s = restart_s + phase_seconds(r, phase::restarts).value();
    inst_s = inst_s + instance_seconds(r).value();
  }
  const sourced seen("interruptions_seen",
                     quantity<units::interruption_t>::from_value(interruptions),
                     provenance{detail::over_runs(runs, "incidents in the run logs, all runs")});
  const sourced exposure(
      "instance_seconds_seen", quantity<units::instance_second_t>::from_value(inst_s),
      provenance{detail::over_runs(runs, "instances x phase seconds in the run logs, all runs")});
  model_feed<RateUnit> out{
      std::move(phases),
      detail::median_of("useful_throughput", thr, excluded),
      sourced("instances", runs.front().instances,
              provenance{detail::over_runs(runs, "instance_count in the run logs")}),
      convert<units::interruptions_per_instance_hour_t>("interruption_rate", seen / exposure),
      std::nullopt,
      std::nullopt,
      std::move(ids),
      std::move(excluded)};
  if (!interruptions.is_zero()) {
    const sourced restarts("restart_seconds_seen", quantity<units::second_t>::from_value(restart_s),
                           provenance{detail::over_runs(runs, "restart phases in the run logs")});
    const sourced lost(
        "work_lost_seen", quantity<units::second_t>::from_value(lost_s),
        provenance{detail::over_runs(runs, "work_lost_s of the run logs' incidents")});
    out.restart_time = (restarts / seen).named("restart_time");
    out.work_lost = (lost / seen).named("work_lost");
  }
  return out;
}

namespace detail {

/// "ft-1, ft-2 on trn1.32xlarge in us-east-1": the runs the measured leaves under `r` were taken
/// on.
TRNCOST_DECL std::string runs_measured(const input_ref& r);

}  // namespace detail

/// A run measurement used for an instance type it was not taken on (the interruption figures of
/// trn1 runs standing in for a trn2 job that saw none): the same value, as the assumption it is,
/// whose rationale names the runs, their instance type and `instance_type`. The rule
/// identity-consistent refuses the measurement itself on a line of another instance type
/// (docs/model.md#what-a-line-is); this says what is assumed, and the estimate is provisional.
template <class Q>
sourced<Q> assumed_on(const sourced<Q>& s, const std::string& instance_type) {
  return sourced<Q>(
      s.name(), s.value(),
      provenance{assumption{"measured on " + detail::runs_measured(s.record()) + " (" +
                            describe(s.origin()) + "), assumed to hold on " + instance_type}});
}

}  // namespace trncost::measure

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/feed.ipp"
#endif

#endif  // TRNCOST_MEASURE_FEED_HPP
