// A run record: what one training run did, phase by phase, as its run log tells it
// (docs/domain.md#run-records): configuration, phases as intervals or durations, counters, quality,
// incidents, utilization samples with their method, and data volumes. validate() checks the rules a
// record must keep (ordered, non-overlapping intervals; non-negative durations; a quality target
// names its metric; utilization within 0-100 %), naming where each element came from.
#ifndef TRNCOST_MEASURE_RUN_HPP
#define TRNCOST_MEASURE_RUN_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/category.hpp"
#include "../model/run_protocol.hpp"
#include "../provenance/provenance.hpp"
#include "../units/units.hpp"

namespace trncost::measure {

/// How a run ended. A failed or stopped run stays in the record and counts in cost.
enum class run_outcome {
  completed,  ///< ran to its end (whether or not it reached the quality target)
  failed,     ///< ended by an error
  stopped,    ///< stopped on purpose before its end (diverged, cancelled)
};

constexpr std::string_view to_string(run_outcome o) noexcept {
  switch (o) {
    case run_outcome::completed:
      return "completed";
    case run_outcome::failed:
      return "failed";
    case run_outcome::stopped:
      return "stopped";
  }
  return "unknown";
}

/// "completed", "failed" or "stopped"; nullopt otherwise.
constexpr std::optional<run_outcome> parse_run_outcome(std::string_view s) noexcept {
  if (s == "completed") return run_outcome::completed;
  if (s == "failed") return run_outcome::failed;
  if (s == "stopped") return run_outcome::stopped;
  return std::nullopt;
}

/// The identifier a run log writes for a phase: setup, compilation, training, evaluation,
/// checkpointing, waiting, failed_work, restart, serving, idle_capacity, trials, batch_inference,
/// scale_up.
constexpr std::string_view log_name(phase p) noexcept {
  switch (p) {
    case phase::setup:
      return "setup";
    case phase::compilation:
      return "compilation";
    case phase::warm_up:
      return "warm_up";
    case phase::training:
      return "training";
    case phase::evaluation:
      return "evaluation";
    case phase::checkpointing:
      return "checkpointing";
    case phase::waiting:
      return "waiting";
    case phase::failed_work:
      return "failed_work";
    case phase::restarts:
      return "restart";
    case phase::serving:
      return "serving";
    case phase::idle_capacity:
      return "idle_capacity";
    case phase::trials:
      return "trials";
    case phase::batch_inference:
      return "batch_inference";
    case phase::scale_up:
      return "scale_up";
  }
  return "unknown";
}

/// The phase a run log names (log_name()); nullopt for anything else.
constexpr std::optional<phase> parse_phase(std::string_view s) noexcept {
  for (phase p : all_phases) {
    if (log_name(p) == s) return p;
  }
  return std::nullopt;
}

/// One stretch of a run in one phase: an interval when `start` is known, a duration otherwise.
/// Counters say what the stretch processed (tokens in a failed_work stretch are lost work).
struct phase_interval {
  phase ph = phase::setup;
  std::optional<timestamp> start{};
  quantity<units::second_t> duration{};
  std::optional<quantity<units::step_t>> steps{};
  std::optional<quantity<units::token_t>> tokens{};
  std::optional<quantity<units::sample_t>> samples{};
  std::string origin{};  ///< where it was read ("runs.csv:7"); empty when built in code
};

/// Something that interrupted the run: its kind ("node_failure"), when, how long the instances were
/// down or restarting, and the work lost since the last checkpoint.
struct incident {
  std::string kind{};
  timestamp start{};
  quantity<units::second_t> duration{};
  quantity<units::second_t> work_lost{};
  std::string origin{};
};

/// The quality the run must reach: a metric, a target and which way is better.
struct quality_target {
  std::string metric{};
  decimal target{};
  bool higher_is_better = false;  ///< false for a loss, true for an accuracy
  std::string origin{};

  [[nodiscard]] bool reached_by(decimal value) const noexcept {
    return higher_is_better ? value >= target : value <= target;
  }
};

/// One evaluation of a quality metric during the run.
struct quality_observation {
  std::string metric{};
  timestamp at{};
  decimal value{};
  std::string origin{};
};

/// A utilization figure with the instrument, the method and the collection period that produced it.
struct utilization_sample {
  std::string instrument{};  ///< "neuron-monitor"
  std::string method{};      ///< "mean of 600 reports, period 1 s, cores 0-31"
  quantity<units::second_t> period{};
  decimal percent{};  ///< 0 to 100
  std::string origin{};
};

/// Data the run read, wrote and kept; empty where the log does not say.
struct data_volumes {
  std::optional<quantity<units::gibibyte_t>> read{};
  std::optional<quantity<units::gibibyte_t>> written{};
  std::optional<quantity<units::gibibyte_t>> storage_kept{};
  std::optional<quantity<units::gibibyte_t>> logs{};
};

/// Everything one run's log records.
struct run_record {
  std::string id{};
  std::string model_id{};
  std::string code_version{};
  std::string dataset_id{};
  std::vector<std::pair<std::string, std::string>> parameters{};  ///< training parameters, in order
  /// The software the run used, component and version as the log gives them ("neuronx-cc",
  /// "2.21.33363.0"), in order, each component once.
  std::vector<std::pair<std::string, std::string>> software_stack{};
  std::string instance_type{};
  quantity<units::instance_t> instances{};
  std::string region{};
  std::optional<purchase_option> option{};
  std::optional<date> price_consulted{};
  run_outcome outcome = run_outcome::completed;
  std::optional<timestamp> ended{};
  std::string ended_origin{};  ///< where the end row was read ("runs.csv:30"); empty in code
  /// When data was first touched (MLPerf's clock start); the first training phase's start
  /// otherwise.
  std::optional<timestamp> first_data_touch{};
  std::vector<phase_interval> phases{};
  std::optional<quality_target> target{};
  std::vector<quality_observation> quality{};
  std::vector<incident> incidents{};
  std::vector<utilization_sample> utilization{};
  data_volumes data{};
  std::string origin{};  ///< where the run's first row was read
};

/// What a run's log states about what ran: its id, model, code version, data set, parameters and
/// software stack, for model::archive_run.
[[nodiscard]] TRNCOST_DECL run_protocol protocol_of(const run_record& r);

/// A timestamp as exact seconds since 1970-01-01T00:00:00Z, for arithmetic with durations.
TRNCOST_DECL decimal seconds_since_epoch(timestamp t) noexcept;

namespace detail {

/// "runs.csv:7: " or "run 'ft-1': phase 3: ", the prefix of a validation message.
TRNCOST_DECL std::string where(const std::string& origin, const run_record& r,
                               std::string_view what, std::size_t index);

[[noreturn]] TRNCOST_DECL void fail_rule(const std::string& prefix, std::string_view field,
                                         std::string_view rule);

/// a + b (seconds); input_error at `prefix`, `field` when the sum leaves the decimal range.
TRNCOST_DECL decimal add_seconds(decimal a, decimal b, const std::string& prefix,
                                 std::string_view field);

/// The rules that tie a run's phases, incidents and end together in time (validate()).
TRNCOST_DECL void check_timeline(const run_record& r, const std::string& run_where);

}  // namespace detail

/// Checks the rules of a run record; throws trncost::input_error naming the element's origin (file
/// and line when it was read from a log), the field and the rule. Beyond each element's own rules,
/// the record must hold together in time: phases lie within the run (none ends after the `ended`
/// instant, and their durations together fit between the first timed phase's start and the end,
/// since phases do not overlap), an incident happens before the end, and the work an incident lost
/// fits in the time the run had run before it (and in the run's phase time).
TRNCOST_DECL void validate(const run_record& r);

}  // namespace trncost::measure

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/run.ipp"
#endif

#endif  // TRNCOST_MEASURE_RUN_HPP
