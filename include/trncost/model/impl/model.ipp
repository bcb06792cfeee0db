// The definitions of model/model.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
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

TRNCOST_DECL auto model::declare_none(category c, declared_none why) -> void {
  validate(provenance{why}, std::string(to_string(c)));
  d_->declared[c] = std::move(why);
}

TRNCOST_DECL auto model::add_uncertainty(migration_uncertainty u) -> void {
  if (u.subject.empty()) throw input_error("a migration uncertainty needs a subject");
  if (u.owner.empty()) {
    throw input_error("migration uncertainty '" + u.subject + "' needs an owner");
  }
  if (u.detail.empty()) {
    throw input_error("migration uncertainty '" + u.subject + "' needs a detail: why it is " +
                      (u.status == migration_uncertainty::state::open ? "open" : "resolved"));
  }
  d_->uncertainties.push_back(std::move(u));
}

TRNCOST_DECL auto model::archive_run(run_protocol r) -> void {
  if (r.run_id.empty()) throw input_error("an archived run needs its run id");
  for (const auto& have : d_->runs) {
    if (have.run_id != r.run_id) continue;
    if (have == r) return;
    throw input_error("run '" + r.run_id +
                      "' is archived twice with different protocols (model, code version, data "
                      "set, parameters or software stack differ)");
  }
  d_->runs.push_back(std::move(r));
}

TRNCOST_DECL evaluator::evaluator(const model& m)
    : m_(&m.data()),
      values_(m_->baseline),
      known_(m_->nodes.size(), 1),
      amounts_(m_->lines.size()),
      priced_(m_->lines.size(), 1) {
  for (std::size_t i = 0; i < m_->nodes.size(); ++i) {
    if (m_->nodes[i].unknown) known_[i] = 0;
  }
}

TRNCOST_DECL auto evaluator::set(std::uint32_t id, decimal v) -> void {
  if (id >= m_->nodes.size() || !detail::is_input(m_->nodes[id])) {
    throw input_error("only an input node can be set");
  }
  values_[id] = v;
  known_[id] = 1;
}

TRNCOST_DECL auto evaluator::reset() -> void {
  for (std::size_t i = 0; i < m_->nodes.size(); ++i) {
    const auto& n = m_->nodes[i];
    if (detail::is_leaf(n)) {
      values_[i] = m_->baseline[i];
      known_[i] = n.unknown ? 0 : 1;
    }
  }
}

TRNCOST_DECL auto evaluator::run() -> decimal {
  const auto& nodes = m_->nodes;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    if (detail::is_leaf(n)) continue;
    const bool k = known_[n.a] != 0 && (detail::is_unary(n) || known_[n.b] != 0);
    known_[i] = k ? 1 : 0;
    if (!k) continue;
    values_[i] = apply(n.op, values_[n.a], values_[n.b], n.name);
  }
  decimal total;
  const auto& lines = m_->lines;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& l = lines[i];
    priced_[i] = (known_[l.price] != 0 && known_[l.quantity] != 0) ? 1 : 0;
    if (priced_[i] == 0) continue;
    decimal::rep out = 0;
    if (!detail::mul_div(values_[l.price].raw(), values_[l.quantity].raw(), l.num, decimal::scale,
                         l.den, rounding::half_even, out)) {
      throw overflow_error("line '" + l.description + "' overflows the decimal range");
    }
    amounts_[i] = decimal::from_raw(out);
    total += amounts_[i];
  }
  return total;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_MODEL_IPP
