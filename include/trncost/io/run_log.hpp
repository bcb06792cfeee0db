// Run logs in CSV and in JSON Lines: one row (or line) per phase or event, so a training script
// can append as it goes. Rows of a run are grouped by run_id (runs may interleave); every run ends
// with an `end` row, so a log cut short is an error, never a partial run taken as whole. The format
// is described in docs/measure.md.
#ifndef TRNCOST_IO_RUN_LOG_HPP
#define TRNCOST_IO_RUN_LOG_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../measure/run.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"

namespace trncost::io {

namespace detail {

/// The columns of a run log (CSV header names, JSON member names).
inline constexpr std::string_view run_log_columns[] = {
    "run_id", "event", "name",    "start",       "duration_s", "value",
    "steps",  "tokens", "samples", "work_lost_s", "note"};
/// The columns a CSV run log must have; the others are optional.
inline constexpr std::size_t run_log_required_columns = 6;

/// One row of a run log; an empty field is an absent one.
struct run_log_row {
  std::string origin;  ///< "runs.csv:7"
  std::array<std::string, std::size(run_log_columns)> field{};
  [[nodiscard]] const std::string& get(std::size_t i) const { return field[i]; }
};

enum column : std::size_t {
  c_run_id,
  c_event,
  c_name,
  c_start,
  c_duration,
  c_value,
  c_steps,
  c_tokens,
  c_samples,
  c_work_lost,
  c_note
};

[[noreturn]] TRNCOST_DECL void row_fail(const run_log_row& r, std::string_view field,
                                        std::string_view rule);

/// The text after "trncost: " in a nested error's message.
TRNCOST_DECL std::string bare(const std::exception& e);

TRNCOST_DECL const std::string& need(const run_log_row& r, column c, std::string_view what);

TRNCOST_DECL decimal number(const run_log_row& r, column c);

TRNCOST_DECL timestamp time_of(const run_log_row& r, column c);

template <class Unit>
std::optional<quantity<Unit>> optional_quantity(const run_log_row& r, column c) {
  if (r.get(c).empty()) return std::nullopt;
  return quantity<Unit>::from_value(number(r, c));
}

TRNCOST_DECL std::optional<purchase_option> parse_option(std::string_view s);

/// Builds run records from rows, in the order runs first appear.
class run_log_assembler {
 public:
  void add(const run_log_row& row) {
    const std::string& id = need(row, c_run_id, "every row names its run");
    const std::string& event = need(row, c_event, "every row says what it records");
    auto it = index_.find(id);
    if (it == index_.end()) {
      it = index_.emplace(id, runs_.size()).first;
      runs_.push_back(partial{});
      runs_.back().record.id = id;
      runs_.back().record.origin = row.origin;
    }
    partial& p = runs_[it->second];
    if (p.end_origin) {
      row_fail(row, "event",
               "run '" + id + "' already ended (" + *p.end_origin + "); a row after its end row");
    }
    measure::run_record& r = p.record;
    const std::string& name = row.get(c_name);
    if (event == "run") {
      set_meta(p, row, need(row, c_name, "a run row names the field it sets"));
    } else if (event == "phase") {
      const auto ph = measure::parse_phase(need(row, c_name, "a phase row names its phase"));
      if (!ph) {
        row_fail(row, "name",
                 "'" + name + "' is not a phase (setup, compilation, training, evaluation, "
                 "checkpointing, waiting, failed_work, restart, serving, idle_capacity, trials, "
                 "batch_inference, scale_up)");
      }
      need(row, c_duration, "a phase row needs its duration");
      measure::phase_interval x{.ph = *ph,
                                .duration = quantity<units::second_t>::from_value(
                                    number(row, c_duration)),
                                .steps = optional_quantity<units::step_t>(row, c_steps),
                                .tokens = optional_quantity<units::token_t>(row, c_tokens),
                                .samples = optional_quantity<units::sample_t>(row, c_samples),
                                .origin = row.origin};
      if (!row.get(c_start).empty()) x.start = time_of(row, c_start);
      r.phases.push_back(std::move(x));
    } else if (event == "incident") {
      need(row, c_name, "an incident row names its kind");
      need(row, c_start, "an incident row says when it happened");
      need(row, c_duration, "an incident row says how long it lasted (0 if not known apart)");
      need(row, c_work_lost, "an incident row says how much work was lost");
      r.incidents.push_back(
          {.kind = name,
           .start = time_of(row, c_start),
           .duration = quantity<units::second_t>::from_value(number(row, c_duration)),
           .work_lost = quantity<units::second_t>::from_value(number(row, c_work_lost)),
           .origin = row.origin});
    } else if (event == "quality") {
      need(row, c_name, "a quality row names its metric");
      need(row, c_start, "a quality row says when the metric was evaluated");
      need(row, c_value, "a quality row gives the metric's value");
      r.quality.push_back({.metric = name,
                           .at = time_of(row, c_start),
                           .value = number(row, c_value),
                           .origin = row.origin});
    } else if (event == "utilization") {
      need(row, c_name, "a utilization row names its instrument");
      need(row, c_value, "a utilization row gives the percentage");
      need(row, c_duration, "a utilization row gives the collection period");
      need(row, c_note, "a utilization row says how the figure was obtained");
      r.utilization.push_back(
          {.instrument = name,
           .method = row.get(c_note),
           .period = quantity<units::second_t>::from_value(number(row, c_duration)),
           .percent = number(row, c_value),
           .origin = row.origin});
    } else if (event == "end") {
      const auto o = measure::parse_run_outcome(need(row, c_name, "an end row gives the outcome"));
      if (!o) row_fail(row, "name", "'" + name + "' is not an outcome (completed, failed, stopped)");
      r.outcome = *o;
      if (!row.get(c_start).empty()) r.ended = time_of(row, c_start);
      p.end_origin = row.origin;
    } else {
      row_fail(row, "event",
               "'" + event + "' is not an event (run, phase, incident, quality, utilization, end)");
    }
  }

  /// The runs, each validated; throws for a run with no end row or a quality target set apart
  /// from its metric.
  std::vector<measure::run_record> finish() {
    std::vector<measure::run_record> out;
    out.reserve(runs_.size());
    for (auto& p : runs_) {
      auto& r = p.record;
      if (!p.end_origin) {
        throw parse_error(r.origin + ": run_id: run '" + r.id +
                          "' has no end row: the log is cut short or the run is still going");
      }
      if (p.target_origin) {
        if (!p.metric) {
          throw parse_error(*p.target_origin +
                            ": quality_metric: a quality target is given but no metric names "
                            "what it measures");
        }
        r.target = measure::quality_target{.metric = *p.metric,
                                           .target = *p.target,
                                           .higher_is_better = p.higher_is_better,
                                           .origin = *p.target_origin};
      } else if (p.metric) {
        throw parse_error(r.origin + ": quality_target: run '" + r.id +
                          "' names a quality metric but no target");
      }
      if (!p.instances_seen) {
        throw parse_error(r.origin + ": instance_count: run '" + r.id +
                          "' does not say how many instances it ran on");
      }
      measure::validate(r);
      out.push_back(std::move(r));
    }
    return out;
  }

 private:
  struct partial {
    measure::run_record record;
    std::optional<std::string> end_origin;
    std::optional<std::string> metric;
    std::optional<decimal> target;
    std::optional<std::string> target_origin;
    bool higher_is_better = false;
    bool instances_seen = false;
  };

  static std::optional<quantity<units::gibibyte_t>> gib(const run_log_row& row) {
    return quantity<units::gibibyte_t>::from_value(number(row, c_value));
  }

  static void set_meta(partial& p, const run_log_row& row, const std::string& key) {
    auto& r = p.record;
    const std::string& v = need(row, c_value, "a run row gives the value of '" + key + "'");
    if (key == "model_id") r.model_id = v;
    else if (key == "code_version") r.code_version = v;
    else if (key == "dataset_id") r.dataset_id = v;
    else if (key == "instance_type") r.instance_type = v;
    else if (key == "region") r.region = v;
    else if (key == "instance_count") {
      r.instances = quantity<units::instance_t>::from_value(number(row, c_value));
      p.instances_seen = true;
    } else if (key == "purchase_option") {
      r.option = parse_option(v);
      if (!r.option) {
        row_fail(row, "value",
                 "'" + v + "' is not a purchase option (on-demand, reserved, savings-plan, spot, "
                 "capacity-block)");
      }
    } else if (key == "price_consulted") {
      try {
        r.price_consulted = parse_date(v);
      } catch (const error& e) {
        row_fail(row, "value", bare(e));
      }
    } else if (key == "first_data_touch") {
      r.first_data_touch = time_of(row, c_value);
    } else if (key == "quality_metric") {
      p.metric = v;
    } else if (key == "quality_target") {
      p.target = number(row, c_value);
      p.target_origin = row.origin;
    } else if (key == "quality_direction") {
      if (v != "lower" && v != "higher") {
        row_fail(row, "value", "'" + v + "' is not a direction (lower, higher)");
      }
      p.higher_is_better = v == "higher";
    } else if (key == "data_read_gib") r.data.read = gib(row);
    else if (key == "data_written_gib") r.data.written = gib(row);
    else if (key == "storage_kept_gib") r.data.storage_kept = gib(row);
    else if (key == "log_volume_gib") r.data.logs = gib(row);
    else if (key.rfind("param.", 0) == 0 && key.size() > 6) r.parameters.emplace_back(key.substr(6), v);
    else if (key.rfind("stack.", 0) == 0 && key.size() > 6) {
      const std::string component = key.substr(6);
      for (const auto& [name, version] : r.software_stack) {
        if (name == component) {
          row_fail(row, "name", "'" + key + "' is given twice for run '" + r.id +
                                    "' (a run has one version of each component)");
        }
      }
      r.software_stack.emplace_back(component, v);
    } else {
      row_fail(row, "name",
               "'" + key + "' is not a run field (model_id, code_version, dataset_id, "
               "instance_type, instance_count, region, purchase_option, price_consulted, "
               "first_data_touch, quality_metric, quality_target, quality_direction, "
               "data_read_gib, data_written_gib, storage_kept_gib, log_volume_gib, param.<name>, "
               "stack.<component>)");
    }
  }

  std::vector<partial> runs_;
  std::map<std::string, std::size_t, std::less<>> index_;
};

}  // namespace detail

/// Reads a CSV run log (header row with at least run_id, event, name, start, duration_s, value;
/// optional steps, tokens, samples, work_lost_s, note). `file` names the input in errors.
TRNCOST_DECL std::vector<measure::run_record> read_run_log_csv(std::istream& in, std::string file);

/// Reads a JSON Lines run log: one object per line with the CSV columns as members (strings, or
/// numbers for the numeric ones); blank lines are skipped. A line cut short is an error at its line.
TRNCOST_DECL std::vector<measure::run_record> read_run_log_json(std::istream& in, std::string file);

/// Reads a run log file: JSON Lines when its name ends in .jsonl or .json, CSV otherwise.
TRNCOST_DECL std::vector<measure::run_record> read_run_log(const std::string& path);

}  // namespace trncost::io

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/run_log.ipp"
#endif

#endif  // TRNCOST_IO_RUN_LOG_HPP
