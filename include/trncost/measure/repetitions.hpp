// Repetitions: several runs of one configuration summarised per measure (median, min, max, spread,
// and MLPerf's olympic mean on request). Runs that failed or missed the target stay in the set and
// are counted; a measure they cannot give is reported as missing for them, never silently dropped.
#ifndef TRNCOST_MEASURE_REPETITIONS_HPP
#define TRNCOST_MEASURE_REPETITIONS_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "derived.hpp"

namespace trncost::measure {

/// One measure over several runs. The values are exact decimals in the measure's unit.
struct spread_summary {
  std::vector<std::pair<std::string, decimal>> values{};  ///< (run id, value), in run order
  decimal median{};
  decimal min{};
  decimal max{};
  decimal spread{};  ///< max - min
  /// MLPerf's olympic mean: the mean after dropping the lowest and the highest value (needs >= 3).
  std::optional<decimal> olympic_mean{};
};

/// Summarises (run id, value) pairs; `olympic` asks for the olympic mean. Throws input_error for
/// an empty set or an olympic mean of fewer than 3 values. The median of an even count is the mean
/// of the two middle values.
TRNCOST_DECL spread_summary summarize(std::vector<std::pair<std::string, decimal>> values,
                                      bool olympic = false);

/// A run left out of a measure, and why ("failed", "did not reach the target").
struct exclusion {
  std::string run_id;
  std::string reason;
  /// What a median's derivation says of it in a word or two ("failed": the run's outcome); the
  /// reason when empty.
  std::string label{};
};

/// Several runs of one configuration, summarised.
struct repetition_report {
  std::size_t runs = 0;
  std::size_t completed = 0;
  std::size_t failed = 0;   ///< outcome failed
  std::size_t stopped = 0;  ///< outcome stopped
  std::size_t reached_target = 0;
  /// Instance-seconds of every run, failed ones included: what the repetitions cost.
  quantity<units::instance_second_t> instance_seconds{};
  /// Useful throughput of the completed runs (in the unit chosen), and who was left out.
  spread_summary throughput{};
  std::vector<exclusion> throughput_excluded{};
  /// Goodput of every run (failed runs too: their goodput is part of the picture).
  spread_summary goodput{};
  /// Time to quality of the runs that reached the target; the others are listed as excluded.
  std::optional<spread_summary> time_to_quality{};
  std::vector<exclusion> time_to_quality_excluded{};
};

/// Summarises a set of runs of one configuration; throughput in `RateUnit` (tokens/s...). With
/// `olympic`, each measure that has at least 3 values also gets its olympic mean.
template <class RateUnit>
repetition_report summarize_runs(const std::vector<run_record>& runs, bool olympic = false) {
  if (runs.empty()) throw input_error("no run to summarise");
  repetition_report out;
  out.runs = runs.size();
  std::vector<std::pair<std::string, decimal>> thr, good, ttq;
  decimal inst{};
  for (const auto& r : runs) {
    inst = inst + instance_seconds(r).value();
    switch (r.outcome) {
      case run_outcome::completed:
        ++out.completed;
        break;
      case run_outcome::failed:
        ++out.failed;
        break;
      case run_outcome::stopped:
        ++out.stopped;
        break;
    }
    good.emplace_back(r.id, goodput(r).goodput.value().value());
    if (r.outcome == run_outcome::completed) {
      thr.emplace_back(r.id, useful_throughput<RateUnit>(r).value().value());
    } else {
      out.throughput_excluded.push_back({r.id, std::string(to_string(r.outcome))});
    }
    if (r.target) {
      if (const auto t = time_to_quality(r)) {
        ++out.reached_target;
        ttq.emplace_back(r.id, t->value().value());
      } else {
        out.time_to_quality_excluded.push_back({r.id, "did not reach the target"});
      }
    }
  }
  out.instance_seconds = quantity<units::instance_second_t>::from_value(inst);
  if (thr.empty()) throw input_error("no completed run: no throughput to summarise");
  const bool olympic_thr = olympic && thr.size() >= 3;
  out.throughput = summarize(std::move(thr), olympic_thr);
  out.goodput = summarize(std::move(good), olympic && runs.size() >= 3);
  if (!ttq.empty()) out.time_to_quality = summarize(ttq, olympic && ttq.size() >= 3);
  return out;
}

}  // namespace trncost::measure

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/repetitions.ipp"
#endif

#endif  // TRNCOST_MEASURE_REPETITIONS_HPP
