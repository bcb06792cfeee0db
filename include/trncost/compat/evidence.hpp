// Compatibility evidence from the TorchNeuron model-support dataset: its rows, the set of them with
// duplicate and conflict checks, and the lookup of a model on a target stack, whose outcome says
// what the evidence proves and what it does not. Parsing the exports lives in
// readers/model_support.hpp.
#ifndef TRNCOST_COMPAT_EVIDENCE_HPP
#define TRNCOST_COMPAT_EVIDENCE_HPP

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "stack.hpp"

namespace trncost::compat {

/// The public dataset's name on the Hugging Face Hub.
inline constexpr std::string_view model_support_dataset = "aws-neuron/torch-neuronx-model-support";

/// Which export of the dataset the rows come from, and when the user read it.
struct dataset_ref {
  std::string dataset{std::string(model_support_dataset)};
  std::string file{};  ///< the export read, e.g. "model-support-2026-11.csv"
  date consulted{};    ///< the day the export was made or read
};

/// What a row's `result` says, as far as trncost can tell. Values it does not know are `other`,
/// with the text kept verbatim in the row: never mapped to a guess.
enum class test_result { passed, failed, excluded, other };

constexpr std::string_view to_string(test_result r) noexcept {
  switch (r) {
    case test_result::passed:
      return "passed";
    case test_result::failed:
      return "failed";
    case test_result::excluded:
      return "excluded";
    case test_result::other:
      return "other";
  }
  return "other";
}

/// The result values trncost recognises: "passed"/"pass", "failed"/"fail", "excluded" (exact,
/// case-sensitive). Anything else is test_result::other.
[[nodiscard]] constexpr test_result classify_result(std::string_view text) noexcept {
  if (text == "passed" || text == "pass") return test_result::passed;
  if (text == "failed" || text == "fail") return test_result::failed;
  if (text == "excluded") return test_result::excluded;
  return test_result::other;
}

/// One row of the dataset, as read. Optional columns a file lacks, and empty cells, are empty
/// optionals or strings (never zero).
struct evidence_row {
  std::string model_id{};
  std::string runner{};
  std::string result{};  ///< verbatim
  test_result kind = test_result::other;
  std::string notes{};
  std::string error{};
  std::string exclusion{};               ///< why the model was excluded (newer files only)
  std::optional<std::int64_t> tp{};      ///< NeuronCores the model was sharded over
  std::optional<std::int64_t> wall_s{};  ///< whole run, compilation included
  std::optional<decimal> hbm_peak_gb{};
  std::optional<decimal> hbm_capacity_gb{};
  std::string cpu_match{};  ///< verbatim: token match against the CPU run (one core)
  std::string english{};    ///< verbatim: the English-fluency judge (sharded runs)
  /// The stack the test ran with, shared by the rows of that stack (an evidence set interns it);
  /// null when the row gives no version. Read it with tested().
  std::shared_ptr<const software_stack> stack{};
  timestamp tested_at{};
  std::string tested_at_text{};  ///< verbatim, as the export wrote it
  std::string run_py{};
  std::uint64_t line = 0;  ///< line (CSV: where the record starts) in the export

  /// The tested stack (an empty one when the row gives none).
  [[nodiscard]] const software_stack& tested() const noexcept {
    static const software_stack none{};
    return stack ? *stack : none;
  }
};

/// The provenance of a row: documented by the dataset's publisher, naming the dataset, the export
/// file, the line, the model and tested_at, and the day the user consulted it.
[[nodiscard]] TRNCOST_DECL provenance row_provenance(const evidence_row& row,
                                                     const dataset_ref& src);

/// The NeuronCores a passing run was sharded over, as a sourced value; input_error when the row
/// has no tp.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::neuron_core_t>> tp_of(const evidence_row& row,
                                                                         const dataset_ref& src);

/// The peak accelerator memory of the run (GB, as the column's name says); input_error when absent.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::gigabyte_t>> hbm_peak_of(const evidence_row& row,
                                                                            const dataset_ref& src);

/// A row's wall_s: the whole test (compilation, loading, 32 tokens). Deliberately not a
/// sourced<quantity<second_t>>, so it cannot be passed where a run's duration is expected; the one
/// use trncost allows is as an upper bound of the one-off compilation time.
class wall_time_including_compilation {
 public:
  wall_time_including_compilation(const evidence_row& row, const dataset_ref& src)
      : seconds_(checked(row, src)) {}

  /// The record of wall_s as the dataset gives it (for reports).
  [[nodiscard]] const input_ref& record() const noexcept { return seconds_.record(); }
  [[nodiscard]] const decimal& seconds() const noexcept { return seconds_.value().value(); }

  /// wall_s as an upper bound of the compilation time on the tested stack, derived from wall_s
  /// with a formula that says so.
  [[nodiscard]] sourced<quantity<units::second_t>> compile_upper_bound(std::string name) const;

 private:
  static sourced<quantity<units::second_t>> checked(const evidence_row& row,
                                                    const dataset_ref& src);
  sourced<quantity<units::second_t>> seconds_;
};

/// The six answers a lookup gives.
enum class evidence_outcome {
  passed_same_stack,
  passed_other_stack,
  failed_same_stack,
  failed_other_stack,
  excluded,
  no_evidence,
};

constexpr std::string_view to_string(evidence_outcome o) noexcept {
  switch (o) {
    case evidence_outcome::passed_same_stack:
      return "passed on the same stack";
    case evidence_outcome::passed_other_stack:
      return "passed on another stack";
    case evidence_outcome::failed_same_stack:
      return "failed on the same stack";
    case evidence_outcome::failed_other_stack:
      return "failed on another stack";
    case evidence_outcome::excluded:
      return "excluded";
    case evidence_outcome::no_evidence:
      return "no evidence";
  }
  return "no evidence";
}

/// What a row with this outcome proves, in one sentence.
[[nodiscard]] constexpr std::string_view proves(evidence_outcome o) noexcept {
  switch (o) {
    case evidence_outcome::passed_same_stack:
      return "on this exact stack the model loaded, was sharded over tp NeuronCores, generated 32 "
             "tokens and passed the output check (token match against a CPU run on one core, an "
             "English-fluency judge when sharded)";
    case evidence_outcome::passed_other_stack:
      return "the same 32-token test passed on another stack (differences listed): a hint, not a "
             "guarantee for this stack";
    case evidence_outcome::failed_same_stack:
      return "the 32-token test failed on this exact stack, with the error shown";
    case evidence_outcome::failed_other_stack:
      return "the 32-token test failed on another stack (differences listed)";
    case evidence_outcome::excluded:
      return "the test campaign left the model out, for the reason given";
    case evidence_outcome::no_evidence:
      return "nothing: the dataset holds no interpretable row for this model";
  }
  return "nothing";
}

/// What it does not prove, in one sentence.
[[nodiscard]] constexpr std::string_view does_not_prove(evidence_outcome o) noexcept {
  switch (o) {
    case evidence_outcome::passed_same_stack:
    case evidence_outcome::passed_other_stack:
      return "throughput, long generations, latency under your load or quality on your data; "
             "wall_s includes compilation and is not a run time";
    case evidence_outcome::failed_same_stack:
      return "that the model cannot run on Trainium (another tp, stack or fix may change it) or "
             "what the cause is";
    case evidence_outcome::failed_other_stack:
      return "that the model fails on this stack";
    case evidence_outcome::excluded:
      return "that the model is incompatible";
    case evidence_outcome::no_evidence:
      return "that the model is incompatible: absent is not incompatible (the campaign covers "
             "models that fit on up to four Trainium2 devices, chosen by priority)";
  }
  return "";
}

/// One row as evidence: the row, its provenance, and how its stack differs from the target.
struct evidence_piece {
  evidence_row row{};
  provenance origin{};
  std::vector<stack_difference> differences{};
};

/// The answer for one model on one target stack.
struct lookup_result {
  std::string model_id{};
  software_stack target{};
  evidence_outcome outcome = evidence_outcome::no_evidence;
  std::optional<evidence_piece> deciding{};  ///< the row the outcome rests on (none: no evidence)
  std::vector<evidence_piece> rows{};        ///< every row for the model, in file order
  std::vector<std::string> findings{};       ///< conflicts, results kept verbatim

  [[nodiscard]] std::string_view proves() const noexcept { return compat::proves(outcome); }
  [[nodiscard]] std::string_view does_not_prove() const noexcept {
    return compat::does_not_prove(outcome);
  }
};

namespace detail {

/// An open-addressing table of row indices keyed by a hash, equality decided by the caller against
/// the rows themselves: one allocation per growth instead of one per row (100,000 rows read in a
/// fraction of the time of a node-based map).
class row_index_table {
 public:
  static constexpr std::uint32_t none = 0xFFFFFFFFu;

  /// The row stored under a key equal to the probe (`equal(index)` says whether row `index` has the
  /// same key), or `none`.
  template <class Equal>
  [[nodiscard]] std::uint32_t find(std::size_t hash, Equal equal) const {
    if (slots_.empty()) return none;
    for (std::size_t i = hash & mask(); slots_[i].row != none; i = (i + 1) & mask()) {
      if (slots_[i].hash == hash && equal(slots_[i].row)) return slots_[i].row;
    }
    return none;
  }
  /// Stores `row` under `hash` (the caller has checked that no equal key is stored).
  void insert(std::size_t hash, std::uint32_t row) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(hash, row);
    ++size_;
  }
  void clear() noexcept {
    slots_.clear();
    size_ = 0;
  }

 private:
  struct slot {
    std::size_t hash = 0;
    std::uint32_t row = none;
  };
  [[nodiscard]] std::size_t mask() const noexcept { return slots_.size() - 1; }
  void place(std::size_t hash, std::uint32_t row);
  void grow();
  std::vector<slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace detail

/// The rows of one dataset export, indexed by model, with duplicate and conflict findings.
class evidence_set {
 public:
  /// Throws input_error when the source names no file or no valid consulted date.
  explicit evidence_set(dataset_ref source);

  /// The shared copy of `s` for rows of that stack (the rows of an export share a few stacks).
  [[nodiscard]] std::shared_ptr<const software_stack> intern(const software_stack& s);

  /// Adds a row (its stack interned); a second row for the same model, tp and stack is reported
  /// as a finding naming both lines (a conflict when the results differ), and both rows are kept.
  /// A result trncost does not recognise is a finding too.
  void add(evidence_row row);

  /// A finding about the input as a whole (a reader's note on a missing optional column).
  void note(std::string finding) { findings_.push_back(std::move(finding)); }

  [[nodiscard]] const dataset_ref& source() const noexcept { return source_; }
  /// The rows in file order (a deque: references to rows stay valid as rows are added).
  [[nodiscard]] const std::deque<evidence_row>& rows() const noexcept { return rows_; }
  [[nodiscard]] const std::vector<std::string>& findings() const noexcept { return findings_; }
  [[nodiscard]] std::size_t size() const noexcept { return rows_.size(); }
  /// Rows whose result trncost does not recognise.
  [[nodiscard]] std::vector<const evidence_row*> uninterpreted() const;

  /// The evidence for `model_id` (exact match) on `target`. Same-stack passes and failures decide
  /// first (a pass and a failure on the same stack conflict: the failure decides and the conflict
  /// is a finding); then an exclusion; then the other-stack row with the fewest differences (the
  /// latest tested_at on a tie, a failure before a pass); otherwise no evidence.
  [[nodiscard]] lookup_result lookup(std::string_view model_id, const software_stack& target) const;

 private:
  /// Chains row `index` after the last row of the same model (rows of a model in file order).
  void index_model(const std::string& model_id, std::uint32_t index);

  static std::size_t stack_hash(const software_stack& st) noexcept;

  /// A row's identity for duplicate checks: its model, tp and (interned) stack.
  static std::size_t identity_hash(const evidence_row& r) noexcept;
  static bool same_identity(const evidence_row& a, const evidence_row& b) noexcept {
    return a.stack == b.stack && a.tp == b.tp && a.model_id == b.model_id;
  }

  [[nodiscard]] std::string where(const evidence_row& row) const {
    return source_.file + ":" + std::to_string(row.line);
  }

  dataset_ref source_;
  std::deque<evidence_row> rows_;
  std::vector<std::string> findings_;
  std::vector<std::shared_ptr<const software_stack>> stacks_;
  detail::row_index_table by_stack_;            ///< index into stacks_ by content
  detail::row_index_table by_identity_;         ///< first row of each (model, tp, stack)
  detail::row_index_table by_model_;            ///< first row of each model
  std::vector<std::uint32_t> next_same_model_;  ///< per row: the model's next row, or none
  std::vector<std::uint32_t> last_same_model_;  ///< per first row: the model's last row so far
};

}  // namespace trncost::compat

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/evidence.ipp"
#endif

#endif  // TRNCOST_COMPAT_EVIDENCE_HPP
