// What analysis varies in a model: its leaf inputs. A model's input nodes often hold derived values
// (training time = tokens / measured throughput); analysis follows their derivations down to the
// leaves (the measured throughput, the quoted price, the assumption) and recomputes everything above
// a leaf it changes, exactly as the derivation did. Derivations trncost did not compute itself
// (opaque ones) are leaves.
#ifndef TRNCOST_ANALYSIS_INPUTS_HPP
#define TRNCOST_ANALYSIS_INPUTS_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../error.hpp"
#include "../model/model.hpp"

namespace trncost::analysis {

/// The kind of variation an input allows: observed inputs (measured) are varied by default;
/// everything else (assumptions, third-party figures, quotes, documented facts) only when asked.
constexpr bool is_observed(const provenance& p) noexcept {
  return std::holds_alternative<measured>(p);
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

  explicit model_inputs(const model& m) : m_(&m) {
    const auto& d = m.data();
    for (std::uint32_t id = 0; id < d.nodes.size(); ++id) {
      const auto& n = d.nodes[id];
      if (!trncost::detail::is_input(n) || n.unknown || !n.record) continue;
      node_slots_.push_back({id, visit(n.record)});
    }
  }

  [[nodiscard]] const model& source() const noexcept { return *m_; }
  [[nodiscard]] const std::vector<leaf>& leaves() const noexcept { return leaves_; }
  /// Slots: leaves first-come, then derivations, each after its operands.
  [[nodiscard]] std::size_t slot_count() const noexcept { return slot_is_leaf_.size(); }
  [[nodiscard]] const std::vector<step>& steps() const noexcept { return steps_; }
  [[nodiscard]] const std::vector<std::uint32_t>& step_slots() const noexcept { return step_dst_; }
  [[nodiscard]] std::uint32_t leaf_slot(std::size_t leaf_index) const { return leaf_slot_[leaf_index]; }
  /// The model's input nodes, each with the slot that computes it.
  struct node_slot {
    std::uint32_t node;
    std::uint32_t slot;
  };
  [[nodiscard]] const std::vector<node_slot>& node_slots() const noexcept { return node_slots_; }

  /// The leaf named `name`; input_error when no leaf or several different ones have that name.
  [[nodiscard]] std::size_t find(std::string_view name) const {
    std::size_t found = leaves_.size();
    for (std::size_t i = 0; i < leaves_.size(); ++i) {
      if (leaves_[i].name != name) continue;
      if (found != leaves_.size()) {
        throw input_error("analysis: two different inputs of the model are named '" +
                          std::string(name) + "'; give them distinct names");
      }
      found = i;
    }
    if (found == leaves_.size()) {
      std::string known;
      for (const auto& l : leaves_) known += (known.empty() ? "" : ", ") + l.name;
      throw input_error("analysis: the model has no input named '" + std::string(name) +
                        "' (its inputs: " + known + ")");
    }
    return found;
  }

  /// Every slot's value with leaf values `leaf_values` (one per leaf), recomputed as the
  /// derivations did: products and quotients rounded half-even at the 18th digit, charges rounded
  /// once; a conversion that was exact and no longer is rounds half-even.
  void compute(const std::vector<decimal>& leaf_values, std::vector<decimal>& slots) const {
    slots.assign(slot_count(), decimal{});
    for (std::size_t i = 0; i < leaves_.size(); ++i) slots[leaf_slot_[i]] = leaf_values[i];
    for (std::size_t s = 0; s < steps_.size(); ++s) {
      const auto& st = steps_[s];
      slots[step_dst_[s]] = apply(st.op, slots[st.a], slots[st.b], st.name);
    }
  }

  /// The baseline value of every leaf.
  [[nodiscard]] std::vector<decimal> baseline() const {
    std::vector<decimal> out;
    out.reserve(leaves_.size());
    for (const auto& l : leaves_) out.push_back(l.baseline);
    return out;
  }

 private:
  /// Whether a derivation is recomputed from its operands: an operation of one or two operands
  /// over known values. A median of runs is varied as one input (its leaf), as are opaque ones.
  static bool recomputable(const derived& how) {
    const std::size_t n = arity(how.op.kind);
    if (n == 0 || how.inputs.size() != n) return false;
    for (const auto& in : how.inputs) {
      if (!in || !in->known) return false;
    }
    return true;
  }

  std::uint32_t visit(const input_ref& r) {
    if (auto it = memo_.find(r.get()); it != memo_.end()) return it->second;
    std::uint32_t slot = 0;
    const auto* how = std::get_if<derived>(&r->origin);
    if (how != nullptr && recomputable(*how)) {
      step st{how->op, 0, 0, "analysis: " + r->name};
      st.a = visit(how->inputs[0]);
      st.b = how->inputs.size() > 1 ? visit(how->inputs[1]) : st.a;
      slot = static_cast<std::uint32_t>(slot_is_leaf_.size());
      slot_is_leaf_.push_back(0);
      steps_.push_back(st);
      step_dst_.push_back(slot);
    } else {
      slot = static_cast<std::uint32_t>(slot_is_leaf_.size());
      slot_is_leaf_.push_back(1);
      leaves_.push_back({r->name, r, decimal::parse(r->value)});
      leaf_slot_.push_back(slot);
    }
    memo_.emplace(r.get(), slot);
    return slot;
  }

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

  decimal total() {
    in_->compute(values_, slots_);
    for (const auto& ns : in_->node_slots()) e_.set(ns.node, slots_[ns.slot]);
    return e_.run();
  }
  [[nodiscard]] const evaluator& state() const noexcept { return e_; }

 private:
  const model_inputs* in_;
  evaluator e_;
  std::vector<decimal> values_;
  std::vector<decimal> slots_;
};

}  // namespace trncost::analysis

#endif  // TRNCOST_ANALYSIS_INPUTS_HPP
