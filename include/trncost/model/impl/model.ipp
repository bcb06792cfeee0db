// The definitions of model/model.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_IMPL_MODEL_IPP
#define TRNCOST_MODEL_IMPL_MODEL_IPP

#include "../model.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL std::string operand(const node_rec& n) {
  return is_leaf(n) ? operand(n.name) : "(" + n.name + ")";
}

TRNCOST_DECL input_ref node_record(const model_data& d, const evaluator& e, std::uint32_t id) {
  const auto& n = d.nodes.at(id);
  if (n.record) return n.record;
  const std::string value = e.known(id) ? e.value(id).to_string() : std::string("unknown");
  if (is_input(n)) {  // an unknown input
    return std::make_shared<const source_record>(
        source_record{n.name, value, n.unit, assumption{n.unknown_reason}, false});
  }
  derived how{n.name, {node_record(d, e, n.a)}, n.op};
  if (!is_unary(n)) {
    how.inputs.push_back(node_record(d, e, n.b));
  }
  return std::make_shared<const source_record>(
      source_record{n.name, value, n.unit, how, e.known(id)});
}

TRNCOST_DECL std::vector<input_ref> node_inputs(const model_data& d, const evaluator& e,
                                                std::uint32_t id) {
  std::vector<input_ref> out;
  std::vector<unsigned char> seen(d.nodes.size(), 0);
  std::vector<std::uint32_t> stack{id};
  while (!stack.empty()) {
    const auto cur = stack.back();
    stack.pop_back();
    if (seen[cur] != 0) continue;
    seen[cur] = 1;
    const auto& n = d.nodes[cur];
    if (is_leaf(n)) {
      out.push_back(node_record(d, e, cur));
      continue;
    }
    if (!is_unary(n)) stack.push_back(n.b);
    stack.push_back(n.a);
  }
  return out;
}

}  // namespace detail

TRNCOST_DECL input_ref model::record(std::uint32_t id) const {
  evaluator e(*this);
  e.run();
  return detail::node_record(*d_, e, id);
}

TRNCOST_DECL std::vector<input_ref> model::inputs_of(std::uint32_t id) const {
  evaluator e(*this);
  e.run();
  return detail::node_inputs(*d_, e, id);
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_MODEL_IPP
