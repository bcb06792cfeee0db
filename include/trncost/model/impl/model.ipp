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

TRNCOST_DECL std::uint32_t push_derived(model_data* m, operation op, std::uint32_t a,
                                        std::uint32_t b, std::string name, std::string unit) {
  node_rec rec;
  rec.op = op;
  rec.a = a;
  rec.b = b;
  rec.name = std::move(name);
  rec.unit = std::move(unit);
  m->nodes.push_back(std::move(rec));
  m->baseline.push_back(decimal{});
  return static_cast<std::uint32_t>(m->nodes.size() - 1);
}

TRNCOST_DECL std::uint32_t push_binary(op_kind kind, std::string_view symbol, model_data* ma,
                                       std::uint32_t a, const model_data* mb, std::uint32_t b,
                                       std::string unit) {
  if (ma != mb) throw input_error("nodes of two different models cannot be combined");
  const auto& nodes = ma->nodes;
  // max(a, b) and min(a, b) by their names; a + b by their operands (parenthesised derivations).
  std::string name = kind == op_kind::max || kind == op_kind::min
                         ? std::string(symbol) + "(" + nodes[a].name + ", " + nodes[b].name + ")"
                         : operand(nodes[a]) + " " + std::string(symbol) + " " + operand(nodes[b]);
  operation op;
  op.kind = kind;
  return push_derived(ma, op, a, b, std::move(name), std::move(unit));
}

TRNCOST_DECL std::uint32_t push_scale(model_data* m, std::int64_t k, std::uint32_t a,
                                      std::string unit) {
  return push_derived(m, operation{.kind = op_kind::scale, .factor = k}, a, 0,
                      std::to_string(k) + " * " + operand(m->nodes[a]), std::move(unit));
}

TRNCOST_DECL std::uint32_t push_convert(model_data* m, std::uint32_t a, std::uint64_t num,
                                        std::uint64_t den, std::string unit) {
  return push_derived(
      m, operation{.kind = op_kind::convert, .num = num, .den = den}, a, 0,
      operand(m->nodes[a]) + (num != 1 ? " * " + std::to_string(num) : " / " + std::to_string(den)),
      std::move(unit));
}

TRNCOST_DECL std::uint32_t push_band(model_data* m, std::uint32_t a, decimal lo,
                                     std::optional<decimal> hi, std::string unit) {
  operation op{.kind = op_kind::band, .lower = lo};
  if (hi) op.upper = *hi;
  std::string name = "band(" + m->nodes[a].name + ", " + lo.to_string() + ", " +
                     (hi ? hi->to_string() : std::string("inf")) + ")";
  return push_derived(m, op, a, 0, std::move(name), std::move(unit));
}

TRNCOST_DECL std::uint32_t push_ceil_to(model_data* m, std::uint32_t a, decimal step,
                                        std::string unit) {
  if (step <= decimal{}) throw input_error("ceil_to: the step must be positive");
  return push_derived(m, operation{.kind = op_kind::ceil_to, .step = step}, a, 0,
                      "ceil_to(" + m->nodes[a].name + ", " + step.to_string() + ")",
                      std::move(unit));
}

}  // namespace detail

TRNCOST_DECL model::model() : d_(std::make_unique<detail::model_data>()) {}
TRNCOST_DECL model::model(model&&) noexcept = default;
TRNCOST_DECL auto model::operator=(model&&) noexcept -> model& = default;
TRNCOST_DECL model::~model() = default;

TRNCOST_DECL auto model::push_input(const std::string& name, const input_ref& record, decimal value,
                                    std::string (*unit)()) -> std::uint32_t {
  const auto it = d_->input_ids.find(record.get());
  if (it != d_->input_ids.end()) return it->second;
  detail::node_rec rec;
  rec.name = name;
  rec.record = record;
  rec.unit = unit();
  d_->nodes.push_back(std::move(rec));
  d_->baseline.push_back(value);
  const auto id = static_cast<std::uint32_t>(d_->nodes.size() - 1);
  d_->input_ids.emplace(record.get(), id);
  return id;
}

TRNCOST_DECL auto model::push_unknown(std::string name, std::string reason, std::string unit)
    -> std::uint32_t {
  if (name.empty()) throw input_error("an unknown input needs a name");
  if (reason.empty()) throw input_error("unknown input '" + name + "' needs a reason");
  detail::node_rec rec;
  rec.name = std::move(name);
  rec.unknown = true;
  rec.unknown_reason = std::move(reason);
  rec.unit = std::move(unit);
  d_->nodes.push_back(std::move(rec));
  d_->baseline.push_back(decimal{});
  return static_cast<std::uint32_t>(d_->nodes.size() - 1);
}

TRNCOST_DECL auto model::push_constant(std::string name, decimal value, std::string unit,
                                       provenance source) -> std::uint32_t {
  validate_value_origin(source, name);
  detail::node_rec rec;
  rec.constant = true;
  rec.name = name;
  rec.unit = unit;
  rec.record = std::make_shared<const source_record>(
      source_record{std::move(name), value.to_string(), std::move(unit), std::move(source)});
  d_->nodes.push_back(std::move(rec));
  d_->baseline.push_back(value);
  return static_cast<std::uint32_t>(d_->nodes.size() - 1);
}

TRNCOST_DECL auto model::push_figure(std::string workload, std::string what,
                                     const detail::model_data* of, std::uint32_t id) -> void {
  if (workload.empty() || what.empty()) {
    throw input_error("a figure of a workload needs the workload's name and what it is");
  }
  if (of != d_.get()) {
    throw input_error("figure '" + what + "' of workload '" + workload +
                      "' is a node of another model");
  }
  for (const auto& f : d_->figures) {
    if (f.workload == workload && f.what == what) {
      throw input_error("workload '" + workload + "' already has a figure '" + what + "'");
    }
  }
  d_->figures.push_back(detail::figure_rec{std::move(workload), std::move(what), id});
}

TRNCOST_DECL auto model::find_figure(std::string_view workload, std::string_view what,
                                     const std::string& unit) const
    -> std::optional<std::uint32_t> {
  for (const auto& f : d_->figures) {
    if (f.workload != workload || f.what != what) continue;
    if (d_->nodes[f.node].unit != unit) {
      throw input_error("figure '" + std::string(what) + "' of workload '" + std::string(workload) +
                        "' is in '" + d_->nodes[f.node].unit + "', not in '" + unit + "'");
    }
    return f.node;
  }
  return std::nullopt;
}

TRNCOST_DECL auto model::push_line(category c, std::string component, line_meta meta,
                                   const detail::model_data* price_model, std::uint32_t price,
                                   const detail::model_data* quantity_model, std::uint32_t quantity,
                                   std::uint64_t num, std::uint64_t den, std::string note) -> void {
  if (price_model != d_.get() || quantity_model != d_.get()) {
    throw input_error("line '" + meta.description + "' uses nodes of another model");
  }
  if (note.empty()) {
    if (num != 1) note = "* " + std::to_string(num);
    if (den != 1) note = "/ " + std::to_string(den);
  }
  d_->lines.push_back(detail::line_rec{price, quantity, num, den, c, std::move(component), meta.ph,
                                       std::move(meta.description), std::move(note),
                                       std::move(meta.identity)});
}

TRNCOST_DECL auto model::set_region(std::string region) -> void {
  if (!is_region_code(region)) {
    throw input_error("region '" + region +
                      "' is not an AWS region code (e.g. us-east-1, eu-west-1, us-east-1-mia-1)");
  }
  d_->region = std::move(region);
}

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
  std::size_t i = 0;
  try {
    for (; i < nodes.size(); ++i) {
      const auto& n = nodes[i];
      if (detail::is_leaf(n)) continue;
      const bool k = known_[n.a] != 0 && (detail::is_unary(n) || known_[n.b] != 0);
      known_[i] = k ? 1 : 0;
      if (!k) continue;
      values_[i] = apply(n.op, values_[n.a], values_[n.b], n.name);
    }
  } catch (const overflow_error& e) {
    // The arithmetic names its operands only; the derivation they belong to is named here.
    throw overflow_error("derivation '" + nodes[i].name + "' (" +
                         std::string(to_string(nodes[i].op.kind)) +
                         "): " + trncost::detail::bare_message(e));
  }
  decimal total;
  const auto& lines = m_->lines;
  for (std::size_t j = 0; j < lines.size(); ++j) {
    const auto& l = lines[j];
    priced_[j] = (known_[l.price] != 0 && known_[l.quantity] != 0) ? 1 : 0;
    if (priced_[j] == 0) continue;
    if (!detail::charged(values_[l.price], values_[l.quantity], l.num, l.den, amounts_[j])) {
      throw overflow_error("line '" + l.description + "' overflows the decimal range");
    }
    total += amounts_[j];
  }
  return total;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_MODEL_IPP
