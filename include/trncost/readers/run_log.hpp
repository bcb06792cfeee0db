// Run logs in CSV and in JSON Lines: one row (or line) per phase or event, so a training script
// can append as it goes. Rows of a run are grouped by run_id (runs may interleave); every run ends
// with an `end` row, so a log cut short is an error, never a partial run taken as whole. The format
// is described in docs/measure.md.
#ifndef TRNCOST_READERS_RUN_LOG_HPP
#define TRNCOST_READERS_RUN_LOG_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fstream>
#include <functional>
#include <istream>
#include <iterator>
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

namespace trncost::readers {

namespace detail {

/// The columns of a run log (CSV header names, JSON member names).
inline constexpr std::string_view run_log_columns[] = {
    "run_id", "event",  "name",    "start",       "duration_s", "value",
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
  void add(const run_log_row& row);

  /// The runs, each validated; throws for a run with no end row or a quality target set apart
  /// from its metric.
  std::vector<measure::run_record> finish();

 private:
  struct partial {
    measure::run_record record;
    std::optional<std::string> end_origin;
    std::optional<std::string> metric;
    std::optional<decimal> target;
    std::optional<std::string> target_origin;
    bool higher_is_better = false;
    bool instances_seen = false;
    /// Each run field given so far: its value as read (numbers and dates in one spelling, so
    /// "2" and "2.0" are one value) and the row that gave it.
    std::map<std::string, std::pair<std::string, std::string>, std::less<>> given;
  };

  /// The value of run field `key` in one spelling, to compare a field given twice.
  static std::string canonical_value(const run_log_row& row, const std::string& key);

  static std::optional<quantity<units::gibibyte_t>> gib(const run_log_row& row) {
    return quantity<units::gibibyte_t>::from_value(number(row, c_value));
  }

  static void set_meta(partial& p, const run_log_row& row, const std::string& key);

  std::vector<partial> runs_;
  std::map<std::string, std::size_t, std::less<>> index_;
};

}  // namespace detail

/// Reads a CSV run log (header row with at least run_id, event, name, start, duration_s, value;
/// optional steps, tokens, samples, work_lost_s, note). `file` names the input in errors.
TRNCOST_DECL std::vector<measure::run_record> read_run_log_csv(std::istream& in, std::string file);

/// Reads a JSON Lines run log: one object per line with the CSV columns as members (strings, or
/// numbers for the numeric ones); blank lines are skipped. A line cut short is an error at its
/// line.
TRNCOST_DECL std::vector<measure::run_record> read_run_log_json(std::istream& in, std::string file);

/// Reads a run log file: JSON Lines when its name ends in .jsonl or .json, CSV otherwise.
TRNCOST_DECL std::vector<measure::run_record> read_run_log(const std::string& path);

/// Appends the runs of another log to `runs`. A run id already there is refused (parse_error
/// naming both places, "b.csv:2: run_id: run 'r1' is also logged in a.csv:2 ..."): one run in two
/// logs, or one log read twice, would count its time, incidents and cost twice.
TRNCOST_DECL void append_runs(std::vector<measure::run_record>& runs,
                              std::vector<measure::run_record> more);

/// Reads several run logs (read_run_log each) into one set of runs; a run id in two of them is
/// refused (append_runs).
TRNCOST_DECL std::vector<measure::run_record> read_run_logs(const std::vector<std::string>& paths);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/run_log.ipp"
#endif

#endif  // TRNCOST_READERS_RUN_LOG_HPP
