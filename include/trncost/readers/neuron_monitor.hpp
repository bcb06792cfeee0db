// neuron-monitor captures: one JSON report per line (neuron-monitor's standard output, redirected
// to a file). Each report's per-NeuronCore `neuroncore_utilization` (percent over the report's
// period) and `flops` (floating-point operations in the period) are averaged over the capture, with
// the method written into the provenance ("mean of R (report, core) readings pooled with equal
// weight over N reports, period P s, cores 0-31"). Reports with an `error` are counted and listed,
// never averaged in. Streams line by line with a SAX handler: memory holds one line and the
// per-core sums, whatever the capture's size.
#ifndef TRNCOST_READERS_NEURON_MONITOR_HPP
#define TRNCOST_READERS_NEURON_MONITOR_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../measure/run.hpp"
#include "../provenance/sourced.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"

namespace trncost::readers {

/// One NeuronCore over the capture.
struct neuron_core_summary {
  unsigned index = 0;
  std::size_t reports = 0;        ///< reports that gave this core's counters
  decimal utilization_percent{};  ///< mean over those reports
  /// Sum of its `flops` / sum of those reports' periods; empty when the capture has no `flops`.
  std::optional<decimal> flops_per_second{};
};

/// A report left out of the averages because it carries an error.
struct neuron_monitor_error {
  std::uint64_t line = 0;
  std::string message;
};

/// What a capture says, averaged.
struct neuron_monitor_summary {
  std::string file;
  std::string instance_type;     ///< from instance_info, when present
  std::size_t reports = 0;       ///< every report (line) read
  std::size_t reports_used = 0;  ///< averaged in
  std::size_t reports_with_error = 0;
  std::size_t reports_without_counters = 0;  ///< no runtime running: nothing to average
  /// The first 100 error reports (all are counted in reports_with_error).
  std::vector<neuron_monitor_error> errors;
  decimal mean_period_s{};                 ///< mean of the used reports' neuroncore_counters period
  std::vector<neuron_core_summary> cores;  ///< by index
  decimal utilization_percent{};           ///< mean over every (used report, core) value
  std::optional<decimal> flops_per_second{};  ///< sum over cores; empty without `flops`
  /// "mean of 704 (report, core) readings pooled with equal weight over 22 reports, period 1 s,
  /// cores 0-31": the utilization pools every report's every core, so a core seen in fewer
  /// reports weighs less.
  std::string method;

  /// The mean utilization as a measured input of run `run_id` over [from, to], the capture's
  /// period (required: a measured value has its period, and the reports carry none we read).
  [[nodiscard]] sourced<quantity<units::dimensionless_t>> utilization(std::string run_id,
                                                                      timestamp from,
                                                                      timestamp to) const;
  /// The achieved FLOP/s of all cores as a measured input; empty when the capture has no `flops`.
  [[nodiscard]] std::optional<sourced<quantity<units::flops_per_second_t>>> flops(
      std::string run_id, timestamp from, timestamp to) const;
  /// The utilization as a run record's sample.
  [[nodiscard]] measure::utilization_sample sample() const;

 private:
  [[nodiscard]] measured provenance_for(std::string run_id, timestamp from, timestamp to) const;
};

namespace detail {

/// SAX handler for one report: follows only the paths it needs, allocation-free once warm.
class neuron_monitor_handler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, neuron_monitor_handler> {
 public:
  enum class ctx : std::uint8_t {
    other,
    root,
    runtimes,
    runtime,
    report,
    counters,
    in_use,
    core,
    instance_info
  };
  struct core_value {
    unsigned index;
    decimal utilization;
    std::optional<decimal> flops;
    std::size_t runtime = 0;  ///< the neuron_runtime_data entry it was read from
  };

  void reset() {
    stack_.clear();
    key_.clear();
    cores_.clear();
    runtime_index_ = 0;
    error_.clear();
    has_counters_ = false;
    period_.reset();
    problem_.clear();
    problem_field_.clear();
  }

  bool StartObject() {
    ctx next = ctx::other;
    if (stack_.empty()) {
      next = ctx::root;
    } else {
      switch (stack_.back()) {
        case ctx::runtimes:
          next = ctx::runtime;
          break;
        case ctx::runtime:
          next = key_ == "report" ? ctx::report : ctx::other;
          break;
        case ctx::report:
          next = key_ == "neuroncore_counters" ? ctx::counters : ctx::other;
          break;
        case ctx::counters:
          next = key_ == "neuroncores_in_use" ? ctx::in_use : ctx::other;
          break;
        case ctx::in_use:
          next = start_core();
          break;
        case ctx::root:
          next = key_ == "instance_info" ? ctx::instance_info : ctx::other;
          break;
        default:
          break;
      }
    }
    if (next == ctx::counters) has_counters_ = true;
    stack_.push_back(next);
    return problem_.empty();
  }
  bool EndObject(rapidjson::SizeType) {
    if (stack_.back() == ctx::core && !have_util_) {
      problem_field_ = path("neuroncores_in_use." + std::to_string(cores_.back().index) +
                            ".neuroncore_utilization");
      problem_ = "is missing";
      return false;
    }
    if (stack_.back() == ctx::runtime) ++runtime_index_;
    stack_.pop_back();
    return true;
  }
  bool StartArray() {
    const bool runtimes =
        stack_.size() == 1 && stack_.back() == ctx::root && key_ == "neuron_runtime_data";
    stack_.push_back(runtimes ? ctx::runtimes : ctx::other);
    return true;
  }
  bool EndArray(rapidjson::SizeType) {
    stack_.pop_back();
    return true;
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    key_.assign(s, n);
    return true;
  }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    if (stack_.empty()) return true;
    const ctx c = stack_.back();
    if (key_ == "error" && n != 0 && (c == ctx::runtime || c == ctx::counters)) {
      if (error_.empty()) error_.assign(s, n);
    } else if (c == ctx::instance_info && key_ == "instance_type") {
      instance_type_.assign(s, n);
    } else if (c == ctx::core && (key_ == "neuroncore_utilization" || key_ == "flops")) {
      return wrong_type("a string");
    }
    return true;
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    if (stack_.empty()) return true;
    const ctx c = stack_.back();
    if (c == ctx::core) {
      const bool util = key_ == "neuroncore_utilization";
      if (!util && key_ != "flops") return true;
      decimal v;
      if (!measurement_decimal(std::string_view(s, n), v)) {
        return fail_value("'" + std::string(s, n) + "' is not a number trncost can read");
      }
      if (util) {
        if (v.is_negative() || v > decimal(100)) {
          return fail_value("utilization " + v.to_string() + " % is outside 0-100 %");
        }
        cores_.back().utilization = v;
        have_util_ = true;
      } else {
        if (v.is_negative()) return fail_value("flops " + v.to_string() + " is negative");
        cores_.back().flops = v;
      }
    } else if (c == ctx::counters && key_ == "period" && !period_) {
      decimal v;
      if (!measurement_decimal(std::string_view(s, n), v) || v <= decimal{}) {
        problem_field_ = path("period");
        problem_ =
            "the period must be a positive number of seconds, not '" + std::string(s, n) + "'";
        return false;
      }
      period_ = v;
    }
    return true;
  }
  bool Bool(bool) { return type_check("a boolean"); }
  bool Null() { return type_check("null"); }

  [[nodiscard]] const std::vector<core_value>& cores() const noexcept { return cores_; }
  [[nodiscard]] const std::string& error() const noexcept { return error_; }
  [[nodiscard]] bool has_counters() const noexcept { return has_counters_; }
  [[nodiscard]] const std::optional<decimal>& period() const noexcept { return period_; }
  [[nodiscard]] const std::string& instance_type() const noexcept { return instance_type_; }
  [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
  [[nodiscard]] const std::string& problem_field() const noexcept { return problem_field_; }

 private:
  ctx start_core() {
    unsigned idx = 0;
    if (key_.empty() || key_.size() > 4) return bad_core();
    for (char ch : key_) {
      if (ch < '0' || ch > '9') return bad_core();
      idx = idx * 10 + static_cast<unsigned>(ch - '0');
    }
    cores_.push_back({idx, decimal{}, std::nullopt, runtime_index_});
    have_util_ = false;
    return ctx::core;
  }
  ctx bad_core() {
    problem_field_ = path("neuroncores_in_use");
    problem_ = "'" + key_ + "' is not a NeuronCore index";
    return ctx::other;
  }
  bool type_check(std::string_view kind) {
    if (!stack_.empty() && stack_.back() == ctx::core &&
        (key_ == "neuroncore_utilization" || key_ == "flops")) {
      return wrong_type(kind);
    }
    return true;
  }
  bool wrong_type(std::string_view kind) {
    return fail_value("expected a number, not " + std::string(kind));
  }
  bool fail_value(std::string rule) {
    problem_field_ = path("neuroncores_in_use." + std::to_string(cores_.back().index) + "." + key_);
    problem_ = std::move(rule);
    return false;
  }
  [[nodiscard]] std::string path(const std::string& leaf) const {
    return "neuron_runtime_data[" + std::to_string(runtime_index_) +
           "].report.neuroncore_counters." + leaf;
  }

  std::vector<ctx> stack_;
  std::string key_;
  std::vector<core_value> cores_;
  bool have_util_ = false;  ///< whether the open core object gave its utilization
  std::size_t runtime_index_ = 0;
  std::string error_;
  bool has_counters_ = false;
  std::optional<decimal> period_;
  std::string instance_type_;
  std::string problem_;
  std::string problem_field_;
};

/// "0-31" for a contiguous set of indices, "0,2,5" otherwise.
TRNCOST_DECL std::string core_list(const std::vector<neuron_core_summary>& cores);

}  // namespace detail

/// Reads a neuron-monitor capture (one JSON report per line) and averages it. Throws parse_error
/// naming the file, the line and the field for a report cut short, invalid JSON, a utilization
/// outside 0-100 %, a non-numeric counter; and for a capture with no usable report.
TRNCOST_DECL neuron_monitor_summary read_neuron_monitor(std::istream& in, std::string file);

/// Reads a capture file.
TRNCOST_DECL neuron_monitor_summary read_neuron_monitor(const std::string& path);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/neuron_monitor.ipp"
#endif

#endif  // TRNCOST_READERS_NEURON_MONITOR_HPP
