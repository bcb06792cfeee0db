// Measures derived from a run record, each a sourced value ready for the model: useful throughput
// (training phases only, in the unit the caller picks), goodput with badput by phase, MFU, time to
// target quality (MLPerf's clock), and extrapolation from a reference run to a full job (derived,
// never measured).
#ifndef TRNCOST_MEASURE_DERIVED_HPP
#define TRNCOST_MEASURE_DERIVED_HPP

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../provenance/sourced.hpp"
#include "run.hpp"
#include "units.hpp"

namespace trncost::measure {

/// The total seconds a run spent in phase `p` (every stretch of it).
inline quantity<units::second_t> phase_seconds(const run_record& r, phase p) {
  decimal total{};
  for (const auto& x : r.phases) {
    if (x.ph == p) total = total + x.duration.value();
  }
  return quantity<units::second_t>::from_value(total);
}

/// The run's billed time per instance: the sum of all its phases (instances are billed from setup
/// to the end, whatever they did).
inline quantity<units::second_t> billed_seconds(const run_record& r) {
  decimal total{};
  for (const auto& x : r.phases) total = total + x.duration.value();
  return quantity<units::second_t>::from_value(total);
}

/// The run's instance-seconds: instances x billed seconds.
inline quantity<units::instance_second_t> instance_seconds(const run_record& r) {
  return quantity<units::instance_second_t>::from_value(r.instances.value() *
                                                        billed_seconds(r).value());
}

/// `measured` provenance for a figure read from this run's log: the run id, the method, and the
/// period from the first phase's start to the run's end (when the log gives them).
inline measured run_provenance(const run_record& r, std::string method) {
  measured m{.run_id = r.id, .method = std::move(method)};
  for (const auto& x : r.phases) {
    if (x.start) {
      m.from = *x.start;
      break;
    }
  }
  m.to = m.from;
  if (r.ended && *r.ended > m.to) m.to = *r.ended;
  return m;
}

/// a / b as a quantity of `Unit` (same dimension as the quotient), named `name`, derived from both.
template <class Unit, class A, class B>
sourced<quantity<Unit>> ratio_as(std::string name, const sourced<A>& a, const sourced<B>& b) {
  const auto q = a / b;
  return sourced<quantity<Unit>>(std::move(name), quantity<Unit>(q.value()), q.origin());
}

/// Which counter of a phase a throughput unit counts: tokens/s, samples/s (sequences for a
/// language model), steps/s.
template <class RateUnit>
struct counter_of;
template <>
struct counter_of<units::tokens_per_second_t> {
  using unit = units::token_t;
  static constexpr std::string_view column = "tokens";
  static const auto& get(const phase_interval& p) { return p.tokens; }
};
template <>
struct counter_of<units::samples_per_second_t> {
  using unit = units::sample_t;
  static constexpr std::string_view column = "samples";
  static const auto& get(const phase_interval& p) { return p.samples; }
};
template <>
struct counter_of<units::steps_per_second_t> {
  using unit = units::step_t;
  static constexpr std::string_view column = "steps";
  static const auto& get(const phase_interval& p) { return p.steps; }
};

/// The work the run's training phases processed, in `RateUnit`'s counter (work lost in failed_work
/// stretches is not counted). Throws input_error when a training stretch lacks the counter.
template <class RateUnit>
quantity<typename counter_of<RateUnit>::unit> training_work(const run_record& r) {
  using C = counter_of<RateUnit>;
  decimal total{};
  bool any = false;
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    const auto& x = r.phases[i];
    if (x.ph != phase::training) continue;
    any = true;
    const auto& count = C::get(x);
    if (!count) {
      throw input_error(detail::where(x.origin, r, "phase", i) + std::string(C::column) +
                        ": a training phase does not say how many " + std::string(C::column) +
                        " it processed");
    }
    total = total + count->value();
  }
  if (!any) throw input_error("run '" + r.id + "' has no training phase");
  return quantity<typename C::unit>::from_value(total);
}

/// Useful throughput: what the training phases processed / the time they took, in `RateUnit`
/// (units::tokens_per_second_t, samples_per_second_t or steps_per_second_t). Measured on the run.
template <class RateUnit>
sourced<quantity<RateUnit>> useful_throughput(const run_record& r) {
  using C = counter_of<RateUnit>;
  const auto work = training_work<RateUnit>(r);
  const auto secs = phase_seconds(r, phase::training);
  if (secs.value() <= decimal{}) {
    throw input_error("run '" + r.id + "': the training phases last 0 s; no throughput");
  }
  return sourced(
      "useful_throughput", quantity<RateUnit>::from_value(work.value() / secs.value()),
      provenance{run_provenance(r, std::string(C::column) + " counted in training phases (" +
                                       work.value().to_string() + ") / their seconds (" +
                                       secs.value().to_string() + "), from the run log")});
}

/// Goodput and its complement by phase, each a share of the billed time.
struct goodput_report {
  /// Training time / billed time.
  sourced<quantity<units::dimensionless_t>> goodput;
  /// Every other phase's share of the billed time, in phase order; phases absent from the run are
  /// left out. (Evaluation and checkpointing are here too: the cost model counts them as useful
  /// instance time, goodput does not, as in the badput buckets used in practice.)
  std::vector<std::pair<phase, sourced<quantity<units::dimensionless_t>>>> badput;
};

/// Goodput = training seconds / billed seconds, with a badput share per other phase.
inline goodput_report goodput(const run_record& r) {
  const auto billed = billed_seconds(r);
  if (billed.value() <= decimal{}) {
    throw input_error("run '" + r.id + "': the phases last 0 s; no goodput");
  }
  const sourced billed_s("billed_s", billed,
                         provenance{run_provenance(r, "sum of all phase durations in the run log")});
  const auto share = [&](phase p) {
    const sourced part(std::string(log_name(p)) + "_s", phase_seconds(r, p),
                       provenance{run_provenance(r, "sum of the run log's " +
                                                        std::string(log_name(p)) + " phases")});
    return ratio_as<units::dimensionless_t>(p == phase::training
                                                ? std::string("goodput")
                                                : "badput_" + std::string(log_name(p)),
                                            part, billed_s);
  };
  goodput_report out{share(phase::training), {}};
  for (phase p : all_phases) {
    if (p == phase::training) continue;
    const bool present =
        std::any_of(r.phases.begin(), r.phases.end(), [&](const auto& x) { return x.ph == p; });
    if (present) out.badput.emplace_back(p, share(p));
  }
  return out;
}

/// Model FLOPs utilization: model FLOPs per token x useful token throughput / (the instance's peak
/// x the run's instances). Derived from the measured throughput and the two given figures.
inline sourced<quantity<units::dimensionless_t>> mfu(
    const run_record& r, const sourced<quantity<units::flops_per_token_t>>& model_flops_per_token,
    const sourced<quantity<units::flops_per_second_t>>& peak_per_instance) {
  const auto throughput = useful_throughput<units::tokens_per_second_t>(r);
  const auto achieved = model_flops_per_token * throughput;
  // The instance count as a plain number: the peak is per instance.
  const sourced instances("instances",
                          quantity<units::dimensionless_t>::from_value(r.instances.value()),
                          provenance{run_provenance(r, "instance_count from the run log")});
  const auto peak = peak_per_instance * instances;
  return ratio_as<units::dimensionless_t>("mfu", achieved, peak);
}

/// MLPerf's time to quality: from the first data touch (the run log's first_data_touch, or the start
/// of its first training phase) to the first evaluation that reaches the target. Nullopt when the
/// run never reached it; input_error when the run has no target or no timestamps to measure with.
inline std::optional<sourced<quantity<units::second_t>>> time_to_quality(const run_record& r) {
  if (!r.target) throw input_error("run '" + r.id + "' has no quality target");
  std::optional<timestamp> start = r.first_data_touch;
  if (!start) {
    for (const auto& x : r.phases) {
      if (x.ph == phase::training && x.start) {
        start = x.start;
        break;
      }
    }
  }
  if (!start) {
    throw input_error("run '" + r.id +
                      "': no first_data_touch and no timed training phase to start the clock");
  }
  const quality_observation* first = nullptr;
  for (const auto& q : r.quality) {
    if (q.metric != r.target->metric || !r.target->reached_by(q.value)) continue;
    if (first == nullptr || q.at < first->at) first = &q;
  }
  if (first == nullptr) return std::nullopt;
  if (first->at < *start) {
    throw input_error((first->origin.empty() ? "run '" + r.id + "'" : first->origin) +
                      ": the target is reached before the first data touch");
  }
  const decimal secs = seconds_since_epoch(first->at) - seconds_since_epoch(*start);
  measured how{.run_id = r.id,
               .method = "MLPerf-style time to quality: from the first data touch to the first " +
                         r.target->metric + (r.target->higher_is_better ? " >= " : " <= ") +
                         r.target->target.to_string() + " (" + first->value.to_string() + ")",
               .from = *start,
               .to = first->at};
  return sourced("time_to_quality", quantity<units::second_t>::from_value(secs), provenance{how});
}

/// Extrapolation from a reference run to a full job: work to do / measured rate, in seconds,
/// derived (never measured) from both, named `name`.
template <class Work, class Rate>
sourced<quantity<units::second_t>> extrapolate(std::string name, const sourced<Work>& work,
                                               const sourced<Rate>& rate) {
  return convert<units::second_t>(std::move(name), work / rate);
}

}  // namespace trncost::measure

#endif  // TRNCOST_MEASURE_DERIVED_HPP
