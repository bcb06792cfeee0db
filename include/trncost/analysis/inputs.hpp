// What analysis varies in a model: its leaf inputs. A model's input nodes often hold derived values
// (training time = tokens / measured throughput); analysis follows their derivations down to the
// leaves (the measured throughput, the quoted price, the assumption) and recomputes everything
// above a leaf it changes, exactly as the derivation did. Derivations trncost did not compute
// itself (opaque ones) are leaves.
#ifndef TRNCOST_ANALYSIS_INPUTS_HPP
#define TRNCOST_ANALYSIS_INPUTS_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/model.hpp"

namespace trncost::analysis {

/// The repetitions behind a value observed several times: the per-run values of a median of
/// measured runs (a phase's seconds, a throughput, from run logs), in their order; nothing for any
/// other provenance (a single measurement, a derivation, an assumption...).
inline std::optional<std::vector<decimal>> repetitions_of(const provenance& p) {
  const auto* how = std::get_if<derived>(&p);
  if (how == nullptr || how->op.kind != op_kind::median || how->inputs.empty()) return std::nullopt;
  std::vector<decimal> values;
  values.reserve(how->inputs.size());
  for (const auto& in : how->inputs) {
    if (!in || !in->known || !std::holds_alternative<measured>(in->origin)) return std::nullopt;
    values.push_back(decimal::parse(in->value));
  }
  return values;
}

/// The kind of variation an input allows: observed inputs (measured, or the median of measured
/// repetitions) are varied by default; everything else (assumptions, third-party figures,
/// quotes, documented facts, choices) only when asked.
inline bool is_observed(const provenance& p) {
  return std::holds_alternative<measured>(p) || repetitions_of(p).has_value();
}

/// The leaves of a model and the plan that recomputes its input nodes from them.
class model_inputs {
 public:
  struct leaf {
    std::string name;
    input_ref record;
    decimal baseline{};
  };

  /// One step of the plan: slot `dst` = op over slots a (and b), the derivation's own operation.
  struct step {
    operation op{};
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    std::string name;  ///< the derivation's, for errors
  };

  explicit model_inputs(const model& m);

  [[nodiscard]] const model& source() const noexcept { return *m_; }
  [[nodiscard]] const std::vector<leaf>& leaves() const noexcept { return leaves_; }
  /// Slots: leaves first-come, then derivations, each after its operands.
  [[nodiscard]] std::size_t slot_count() const noexcept { return slot_is_leaf_.size(); }
  [[nodiscard]] const std::vector<step>& steps() const noexcept { return steps_; }
  [[nodiscard]] const std::vector<std::uint32_t>& step_slots() const noexcept { return step_dst_; }
  [[nodiscard]] std::uint32_t leaf_slot(std::size_t leaf_index) const {
    return leaf_slot_[leaf_index];
  }
  /// The model's input nodes, each with the slot that computes it.
  struct node_slot {
    std::uint32_t node;
    std::uint32_t slot;
  };
  [[nodiscard]] const std::vector<node_slot>& node_slots() const noexcept { return node_slots_; }

  /// The leaf named `name`; input_error when no leaf or several different ones have that name.
  [[nodiscard]] std::size_t find(std::string_view name) const;

  /// Every slot's value with leaf values `leaf_values` (one per leaf), recomputed as the
  /// derivations did: products and quotients rounded half-even at the 18th digit, charges rounded
  /// once; a conversion that was exact and no longer is rounds half-even.
  void compute(const std::vector<decimal>& leaf_values, std::vector<decimal>& slots) const;

  /// The baseline value of every leaf.
  [[nodiscard]] std::vector<decimal> baseline() const;

 private:
  /// Whether a derivation is recomputed from its operands: an operation of one or two operands
  /// over known values. A median of runs is varied as one input (its leaf), as are opaque ones.
  static bool recomputable(const derived& how);

  std::uint32_t visit(const input_ref& r);

  const model* m_;
  std::vector<leaf> leaves_;
  std::vector<std::uint32_t> leaf_slot_;
  std::vector<unsigned char> slot_is_leaf_;
  std::vector<step> steps_;
  std::vector<std::uint32_t> step_dst_;
  std::vector<node_slot> node_slots_;
  std::map<const source_record*, std::uint32_t> memo_;
};

/// Evaluates a model's total with some leaves changed: the evaluator of the model, fed from the
/// recomputed plan. Reused across calls (no allocation after the first).
class leaf_evaluator {
 public:
  explicit leaf_evaluator(const model_inputs& in)
      : in_(&in), e_(in.source()), values_(in.baseline()) {}

  /// Sets leaf `i` (index in leaves()) for the next total(); reset() restores every baseline.
  void set(std::size_t i, decimal v) { values_.at(i) = v; }
  void reset() { values_ = in_->baseline(); }

  decimal total();
  [[nodiscard]] const evaluator& state() const noexcept { return e_; }

 private:
  const model_inputs* in_;
  evaluator e_;
  std::vector<decimal> values_;
  std::vector<decimal> slots_;
};

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/inputs.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_INPUTS_HPP
