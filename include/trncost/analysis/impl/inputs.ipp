// The definitions of analysis/inputs.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_INPUTS_IPP
#define TRNCOST_ANALYSIS_IMPL_INPUTS_IPP

#include "../inputs.hpp"

namespace trncost {

namespace analysis {

TRNCOST_DECL model_inputs::model_inputs(const model& m) : m_(&m) {
  const auto& d = m.data();
  for (std::uint32_t id = 0; id < d.nodes.size(); ++id) {
    const auto& n = d.nodes[id];
    if (!trncost::detail::is_input(n) || n.unknown || !n.record) continue;
    node_slots_.push_back({id, visit(n.record)});
  }
}

TRNCOST_DECL auto model_inputs::find(std::string_view name) const -> std::size_t {
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

TRNCOST_DECL auto model_inputs::compute(const std::vector<decimal>& leaf_values,
                                        std::vector<decimal>& slots) const -> void {
  slots.assign(slot_count(), decimal{});
  for (std::size_t i = 0; i < leaves_.size(); ++i) slots[leaf_slot_[i]] = leaf_values[i];
  for (std::size_t s = 0; s < steps_.size(); ++s) {
    const auto& st = steps_[s];
    slots[step_dst_[s]] = apply(st.op, slots[st.a], slots[st.b], st.name);
  }
}

TRNCOST_DECL auto model_inputs::baseline() const -> std::vector<decimal> {
  std::vector<decimal> out;
  out.reserve(leaves_.size());
  for (const auto& l : leaves_) out.push_back(l.baseline);
  return out;
}

TRNCOST_DECL auto model_inputs::recomputable(const derived& how) -> bool {
  const std::size_t n = arity(how.op.kind);
  if (n == 0 || how.inputs.size() != n) return false;
  for (const auto& in : how.inputs) {
    if (!in || !in->known) return false;
  }
  return true;
}

TRNCOST_DECL auto model_inputs::visit(const input_ref& r) -> std::uint32_t {
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

TRNCOST_DECL auto leaf_evaluator::total() -> decimal {
  in_->compute(values_, slots_);
  for (const auto& ns : in_->node_slots()) e_.set(ns.node, slots_[ns.slot]);
  return e_.run();
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_INPUTS_IPP
