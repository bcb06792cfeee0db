// Reader for the CSV and JSON Lines exports of the TorchNeuron model-support dataset
// (aws-neuron/torch-neuronx-model-support, Parquet on the Hub; see docs/compat.md for the one-line
// conversion). Columns are found by name; optional columns may be absent; unknown `result` values
// are kept verbatim and reported; duplicate rows are findings naming both lines.
#ifndef TRNCOST_READERS_MODEL_SUPPORT_HPP
#define TRNCOST_READERS_MODEL_SUPPORT_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../compat/evidence.hpp"
#include "../config.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"

namespace trncost::readers {

/// The dataset's columns (docs/domain.md#model-support-dataset), in the dataset's order.
inline constexpr std::array<std::string_view, 24> model_support_columns{"model_id",
                                                                        "library",
                                                                        "tp",
                                                                        "runner",
                                                                        "result",
                                                                        "notes",
                                                                        "error",
                                                                        "exclusion",
                                                                        "wall_s",
                                                                        "hbm_peak_gb",
                                                                        "hbm_capacity_gb",
                                                                        "cpu_match",
                                                                        "english",
                                                                        "neuronx_cc",
                                                                        "library_version",
                                                                        "transformers",
                                                                        "accelerate",
                                                                        "torch_neuronx",
                                                                        "torch",
                                                                        "nki",
                                                                        "python",
                                                                        "neuron_driver",
                                                                        "tested_at",
                                                                        "run_py"};

/// The columns a row cannot do without: which model, its result, the NeuronCores it ran on, the
/// compiler it ran with, and when. Every other column is optional (files differ).
inline constexpr std::array<std::string_view, 5> model_support_required_columns{
    "model_id", "result", "tp", "neuronx_cc", "tested_at"};

namespace detail {

enum class ms_col : std::uint8_t {
  model_id,
  library,
  tp,
  runner,
  result,
  notes,
  error,
  exclusion,
  wall_s,
  hbm_peak_gb,
  hbm_capacity_gb,
  cpu_match,
  english,
  neuronx_cc,
  library_version,
  transformers,
  accelerate,
  torch_neuronx,
  torch,
  nki,
  python,
  neuron_driver,
  tested_at,
  run_py,
  count
};

TRNCOST_DECL std::optional<ms_col> find_ms_column(std::string_view name) noexcept;

TRNCOST_DECL bool is_required(ms_col c) noexcept;

[[noreturn]] TRNCOST_DECL void fail_cell(std::string_view file, std::uint64_t line, ms_col c,
                                         std::string_view rule);

/// A whole number, also as pandas writes an integer column that holds gaps ("4.0").
TRNCOST_DECL std::optional<std::int64_t> parse_whole(std::string_view text) noexcept;

TRNCOST_DECL bool digits(std::string_view t, std::size_t at, std::size_t n, int& out) noexcept;

/// tested_at as the exports write a UTC timestamp: "2026-10-02T08:15:00Z" or
/// "2026-10-02 08:15:00.123+00:00" (pandas), "2026-10-02 08:15:00.123+00" (DuckDB),
/// "2026-10-02T08:15:00.000Z" (pandas JSON, date_format="iso"); the time may be left out
/// (midnight) and fractions of a second are dropped; an offset is applied; no zone means UTC.
TRNCOST_DECL std::optional<timestamp> parse_tested_at(std::string_view t) noexcept;

/// Puts one cell's text into the row, checking it (an empty text is an empty cell).
TRNCOST_DECL void assign(compat::evidence_row& row, compat::software_stack& stack, ms_col c,
                         std::string_view v, std::string_view file, std::uint64_t line);

/// Empties a scratch stack, keeping its strings' capacity.
TRNCOST_DECL void clear(compat::software_stack& s) noexcept;

/// The checks every row gets once its cells are in: required values present, the result
/// classified (an empty result with an exclusion reason is an exclusion).
TRNCOST_DECL void finish_row(compat::evidence_row& row, const std::array<bool, 24>& seen,
                             std::string_view file, std::uint64_t line);

TRNCOST_DECL void note_missing_optional(compat::evidence_set& set,
                                        const std::array<bool, 24>& present,
                                        std::string_view where);

/// SAX handler for one JSON Lines record: a flat object whose members go straight into the row
/// (no tree is built). Arrays and objects as values are errors naming the line and the column.
class model_support_record_handler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, model_support_record_handler> {
 public:
  model_support_record_handler(compat::evidence_row& row, compat::software_stack& stack,
                               std::array<bool, 24>& seen, std::string_view file,
                               std::uint64_t line)
      : row_(&row), stack_(&stack), seen_(&seen), file_(file), line_(line) {}

  bool StartObject() {
    if (depth_ != 0) nested("an object");
    ++depth_;
    return true;
  }
  bool EndObject(rapidjson::SizeType) {
    --depth_;
    return true;
  }
  bool StartArray() {
    if (depth_ == 0)
      readers::fail(input_position::at_line(file_, line_), "", "a record must be a JSON object");
    nested("an array");
    return false;
  }
  bool EndArray(rapidjson::SizeType) { return true; }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    column_ = find_ms_column(std::string_view(s, n));
    if (column_) (*seen_)[static_cast<std::size_t>(*column_)] = true;
    return true;
  }
  bool String(const char* s, rapidjson::SizeType n, bool) { return value(std::string_view(s, n)); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    if (column_ == ms_col::tested_at) {
      fail_cell(file_, line_, ms_col::tested_at,
                "is a number (epoch milliseconds?); export with date_format=\"iso\"");
    }
    return value(std::string_view(s, n));
  }
  bool Bool(bool b) { return value(b ? "true" : "false"); }
  bool Null() { return value(""); }

 private:
  bool value(std::string_view v) {
    if (depth_ == 0)
      readers::fail(input_position::at_line(file_, line_), "", "a record must be a JSON object");
    if (column_) assign(*row_, *stack_, *column_, v, file_, line_);
    column_.reset();
    return true;
  }
  [[noreturn]] void nested(std::string_view what) {
    if (column_)
      fail_cell(file_, line_, *column_,
                "is " + std::string(what) + ", expected a string, a number or null");
    readers::fail(input_position::at_line(file_, line_), "", "a record must be a flat JSON object");
  }

  compat::evidence_row* row_;
  compat::software_stack* stack_;
  std::array<bool, 24>* seen_;
  std::string_view file_;
  std::uint64_t line_;
  std::optional<ms_col> column_;
  int depth_ = 0;
};

}  // namespace detail

/// Reads a CSV export (header row, RFC 4180). Throws parse_error naming the line and column for a
/// missing required column, an unparseable tp, wall_s, hbm value or tested_at, an empty model_id or
/// a record of the wrong width. Findings (in the set): absent optional columns, columns it does not
/// read, unknown results, duplicate and conflicting rows.
[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_csv(std::istream& in,
                                                                       compat::dataset_ref source);

/// Reads a JSON Lines export (one object per line; pandas `to_json(orient="records", lines=True,
/// date_format="iso")`). null is an empty cell; numbers and booleans are taken as their text. The
/// same errors and findings as the CSV reader, each naming the line.
[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_jsonl(
    std::istream& in, compat::dataset_ref source);

/// Reads an export file by its extension: .csv, or .jsonl / .json (JSON Lines). The file name in
/// messages is `path` as given.
[[nodiscard]] TRNCOST_DECL compat::evidence_set read_model_support_file(const std::string& path,
                                                                        date consulted);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/model_support.ipp"
#endif

#endif  // TRNCOST_READERS_MODEL_SUPPORT_HPP
