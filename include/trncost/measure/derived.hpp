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

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "run.hpp"
#include "units.hpp"

namespace trncost::measure {

/// The total seconds a run spent in phase `p` (every stretch of it).
TRNCOST_DECL quantity<units::second_t> phase_seconds(const run_record& r, phase p);

/// The run's billed time per instance: the sum of all its phases (instances are billed from setup
/// to the end, whatever they did).
TRNCOST_DECL quantity<units::second_t> billed_seconds(const run_record& r);

/// The run's instance-seconds: instances x billed seconds.
TRNCOST_DECL quantity<units::instance_second_t> instance_seconds(const run_record& r);

/// `measured` provenance for a figure read from this run's log: the run id, the method, and the
/// period from the first phase's start to the run's end (when the log gives them).
TRNCOST_DECL measured run_provenance(const run_record& r, std::string method);

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
TRNCOST_DECL goodput_report goodput(const run_record& r);

/// Model FLOPs utilization: model FLOPs per token x useful token throughput / (the instance's peak
/// x the run's instances). Derived from the measured throughput and the two given figures.
TRNCOST_DECL sourced<quantity<units::dimensionless_t>> mfu(
    const run_record& r, const sourced<quantity<units::flops_per_token_t>>& model_flops_per_token,
    const sourced<quantity<units::flops_per_second_t>>& peak_per_instance);

/// MLPerf's time to quality: from the first data touch (the run log's first_data_touch, or the
/// start of its first training phase) to the first evaluation that reaches the target. Nullopt when
/// the run never reached it; input_error when the run has no target or no timestamps to measure
/// with.
TRNCOST_DECL std::optional<sourced<quantity<units::second_t>>> time_to_quality(const run_record& r);

/// Extrapolation from a reference run to a full job: work to do / measured rate, in seconds,
/// derived (never measured) from both, named `name`.
template <class Work, class Rate>
sourced<quantity<units::second_t>> extrapolate(std::string name, const sourced<Work>& work,
                                               const sourced<Rate>& rate) {
  return convert<units::second_t>(std::move(name), work / rate);
}

}  // namespace trncost::measure

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/derived.ipp"
#endif

#endif  // TRNCOST_MEASURE_DERIVED_HPP
