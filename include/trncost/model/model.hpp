// The cost model: a graph of named sourced inputs and derivations, and the priced lines that the
// components add to it; built once, then evaluated deterministically as one flat pass.
#ifndef TRNCOST_MODEL_MODEL_HPP
#define TRNCOST_MODEL_MODEL_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/amount.hpp"
#include "category.hpp"
#include "identity.hpp"
#include "run_protocol.hpp"
#include "work.hpp"

namespace trncost {

/// Something a migration may hit that no cost line can price (compat/uncertainty.hpp has the
/// helpers). It is listed apart from the costs and never becomes a duration; an open one keeps the
/// estimate from verified.
struct migration_uncertainty {
  enum class kind { custom_operator, unsupported_operation, porting_work, other };
  enum class state { open, resolved };
  std::string subject{};  ///< "aten::_upsample_bicubic2d_aa in the vision tower"
  kind what = kind::other;
  state status = state::open;
  std::string owner{};   ///< who closes it
  std::string detail{};  ///< why it is uncertain (open) or how it was settled (resolved)
};

class model;

namespace detail {

/// One node of the graph: a leaf (an input or a rule constant; its operation is opaque) or a
/// derivation of operands a (and b) by one operation of the vocabulary (provenance/operation.hpp).
/// Operands always come before the node that uses them, so evaluating the nodes in order is a
/// topological pass.
struct node_rec {
  operation op{};         // derived nodes: what they compute, with the exact arguments
  bool constant = false;  // a leaf that a billing rule fixes (rule_constant)
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::string name;      // an input's name, or the formula of a derivation
  std::string unit;      // symbol of the node's unit
  input_ref record;      // inputs: the sourced record; constants: the rule as a record
  bool unknown = false;  // an input whose value nobody knows (yet)
  std::string unknown_reason;
};

/// One priced line: amount = round(price * quantity * num / (10^18 * den)), the one rounding step.
struct line_rec {
  std::uint32_t price = 0;
  std::uint32_t quantity = 0;
  std::uint64_t num = 1;
  std::uint64_t den = 1;
  category cat = category::compute;
  std::string component;
  std::optional<trncost::phase> ph;
  std::string description;
  std::string factor_note;  // e.g. "/ 3600 (s to h)" or "/ 730 h/mo (730-hour month ...)"
  line_identity identity;   // what the line is: service, region, type, purchase option
};

/// A figure of a workload (model::add_figure): a node the report prints beside the costs.
struct figure_rec {
  std::string workload;
  std::string what;
  std::uint32_t node = 0;
};

struct model_data {
  std::vector<node_rec> nodes;
  std::vector<decimal> baseline;  // input and constant values; 0 for derived nodes
  std::vector<line_rec> lines;
  std::map<const source_record*, std::uint32_t> input_ids;
  std::map<category, std::vector<std::string>> components;
  std::map<category, declared_none> declared;
  std::vector<migration_uncertainty> uncertainties;
  std::vector<run_protocol> runs;                           // archived, in the order first given
  std::optional<std::pair<work_kind, std::uint32_t>> work;  // what the model delivers, a node
  std::vector<figure_rec> figures;                          // model::add_figure, in order
  std::string region;  // the region its lines are billed in, unless a line names its own
};

/// A leaf: an input or a rule constant.
constexpr bool is_leaf(const node_rec& n) noexcept { return n.op.kind == op_kind::opaque; }
/// An input (a leaf that evaluator::set() may change).
constexpr bool is_input(const node_rec& n) noexcept { return is_leaf(n) && !n.constant; }
/// A derivation of one operand (scale, band, ceil_to, convert).
constexpr bool is_unary(const node_rec& n) noexcept { return arity(n.op.kind) == 1; }

/// A node's name inside a formula: a derivation parenthesised, a leaf by the rule of sourced
/// arithmetic (operand(name): bare when one word), so a record reached as a model leaf and as a
/// sourced operand gets one formula, hence one derivation in a report, whatever its name holds
/// ("fine * tune - 2.train_s").
TRNCOST_DECL std::string operand(const node_rec& n);

}  // namespace detail

/// A typed handle to a node of a model: the unit is checked at compile time, the value lives in the
/// model. Arithmetic on handles adds derivation nodes to the same model.
template <class Unit>
class node {
 public:
  using unit_type = Unit;
  node(detail::model_data* m, std::uint32_t id) : m_(m), id_(id) {}
  [[nodiscard]] std::uint32_t id() const noexcept { return id_; }
  [[nodiscard]] const std::string& name() const { return m_->nodes[id_].name; }
  [[nodiscard]] detail::model_data* data() const noexcept { return m_; }

 private:
  detail::model_data* m_;
  std::uint32_t id_;
};

namespace detail {

// The typed handles below are thin: each template works out what depends on its units (the
// symbol, an exact factor) and hands the rest to one of these functions, so that a host building a
// model compiles the graph's bookkeeping once (in <trncost/src.hpp> when built separately), not
// once per unit.

/// Appends a derived node of unit `unit`, computed by `op` from `a` (and `b`); returns its id.
TRNCOST_DECL std::uint32_t push_derived(model_data* m, operation op, std::uint32_t a,
                                        std::uint32_t b, std::string name, std::string unit);

/// `a symbol b` (a + b, a * b...), or max(a, b) and min(a, b); both nodes of one model.
TRNCOST_DECL std::uint32_t push_binary(op_kind kind, std::string_view symbol, model_data* ma,
                                       std::uint32_t a, const model_data* mb, std::uint32_t b,
                                       std::string unit);

/// k * a, a converted by num/den, band(a, lo, hi), ceil_to(a, step).
TRNCOST_DECL std::uint32_t push_scale(model_data* m, std::int64_t k, std::uint32_t a,
                                      std::string unit);
TRNCOST_DECL std::uint32_t push_convert(model_data* m, std::uint32_t a, std::uint64_t num,
                                        std::uint64_t den, std::string unit);
TRNCOST_DECL std::uint32_t push_band(model_data* m, std::uint32_t a, decimal lo,
                                     std::optional<decimal> hi, std::string unit);
TRNCOST_DECL std::uint32_t push_ceil_to(model_data* m, std::uint32_t a, decimal step,
                                        std::string unit);

template <class R, class A, class B>
node<R> binary(op_kind kind, std::string_view symbol, const node<A>& a, const node<B>& b) {
  return node<R>(a.data(),
                 push_binary(kind, symbol, a.data(), a.id(), b.data(), b.id(), units::symbol<R>()));
}

}  // namespace detail

template <class Unit>
node<Unit> operator+(const node<Unit>& a, const node<Unit>& b) {
  return detail::binary<Unit>(op_kind::add, "+", a, b);
}
template <class Unit>
node<Unit> operator-(const node<Unit>& a, const node<Unit>& b) {
  return detail::binary<Unit>(op_kind::sub, "-", a, b);
}
/// Product (rounded half-even at the 18th digit, as decimal multiplication is).
template <class A, class B>
node<units::times<A, B>> operator*(const node<A>& a, const node<B>& b) {
  return detail::binary<units::times<A, B>>(op_kind::mul, "*", a, b);
}
template <class A, class B>
node<units::per<A, B>> operator/(const node<A>& a, const node<B>& b) {
  return detail::binary<units::per<A, B>>(op_kind::div, "/", a, b);
}
template <class Unit>
node<Unit> max(const node<Unit>& a, const node<Unit>& b) {
  return detail::binary<Unit>(op_kind::max, "max", a, b);
}
template <class Unit>
node<Unit> min(const node<Unit>& a, const node<Unit>& b) {
  return detail::binary<Unit>(op_kind::min, "min", a, b);
}
/// An exact whole-number multiple (inter-AZ traffic is charged on both sides: 2 * gb).
template <class Unit>
node<Unit> operator*(std::int64_t k, const node<Unit>& a) {
  return node<Unit>(a.data(), detail::push_scale(a.data(), k, a.id(), units::symbol<Unit>()));
}

/// The same value in another unit of its dimension, by the exact factor between them (hours to
/// seconds multiplies by 3600; seconds to hours divides by 3600, rounding once at the 18th digit).
template <class To, class From>
node<To> convert(const node<From>& a) {
  constexpr auto f = detail::exact_factor_of<From, To>();
  static_assert(f.ok(),
                "trncost: no exact conversion between these units; see "
                "docs/troubleshooting.md#no-exact-conversion");
  return node<To>(a.data(),
                  detail::push_convert(a.data(), a.id(), f.num, f.den, units::symbol<To>()));
}

/// The part of `a` inside the band [lo, hi) (or [lo, inf) when `hi` is empty): what a tier of a
/// tiered price applies to, min(max(a - lo, 0), hi - lo).
template <class Unit>
node<Unit> band(const node<Unit>& a, const quantity<Unit>& lo, std::optional<quantity<Unit>> hi) {
  return node<Unit>(a.data(),
                    detail::push_band(a.data(), a.id(), lo.value(),
                                      hi ? std::optional<decimal>(hi->value()) : std::nullopt,
                                      units::symbol<Unit>()));
}

/// `a` rounded up to a whole number of `step` (billing in whole hours: ceil_to(t, 3600 s)).
template <class Unit>
node<Unit> ceil_to(const node<Unit>& a, const quantity<Unit>& step) {
  return node<Unit>(a.data(),
                    detail::push_ceil_to(a.data(), a.id(), step.value(), units::symbol<Unit>()));
}

/// What a line needs besides its price and quantity.
struct line_meta {
  std::optional<trncost::phase> ph{};  ///< instance-time lines only
  std::string description{};
  /// What the line is; left empty, the component's (component_builder::bills()) is used, and an
  /// empty region is the model's.
  line_identity identity{};
};

class evaluator;
struct estimate;
struct estimate_options;

/// The timeline every workload states as figures (model::add_figure), in seconds: the time each
/// of its instances is billed for (its phases), and the wall-clock time from its start to its end
/// (the billed time with the restarts and the work lost to interruptions; a service's period).
inline constexpr std::string_view figure_billed_time = "billed time per instance";
inline constexpr std::string_view figure_wall_clock_time = "wall-clock time";

/// A model: inputs, derivations and priced lines, grouped by component and category.
class model {
 public:
  TRNCOST_DECL model();
  TRNCOST_DECL model(model&&) noexcept;
  TRNCOST_DECL model& operator=(model&&) noexcept;
  TRNCOST_DECL ~model();
  model(const model&) = delete;
  model& operator=(const model&) = delete;

  /// A sourced input; the same sourced value added twice is one node.
  template <exact_quantity Q>
  node<typename Q::unit_type> input(const sourced<Q>& s) {
    using unit = typename Q::unit_type;
    return node<unit>(d_.get(),
                      push_input(s.name(), s.record(), s.value().value(), &units::symbol<unit>));
  }

  /// An input nobody knows yet (a price with no official row): lines that depend on it are
  /// unpriced, kept out of the totals and never counted as zero.
  template <class Unit>
  node<Unit> unknown(std::string name, std::string reason) {
    return node<Unit>(d_.get(),
                      push_unknown(std::move(name), std::move(reason), units::symbol<Unit>()));
  }

  /// A constant that a billing rule fixes (AWS's 60-second minimum): not an input to measure or
  /// quote, but named, with where the rule is written (usually `documented`).
  template <class Unit>
  node<Unit> rule_constant(std::string name, const quantity<Unit>& value, provenance source) {
    return node<Unit>(d_.get(), push_constant(std::move(name), value.value(), units::symbol<Unit>(),
                                              std::move(source)));
  }

  /// A cost category that is legitimately empty, with the reason; without a component or such a
  /// declaration a category makes the estimate incomplete.
  void declare_none(category c, declared_none why);

  /// The region the model's lines are billed in ("us-east-1"): a line whose identity names a
  /// service and no region takes it, and every price and run-log measurement a line uses must agree
  /// with it (docs/model.md#identity-consistent). Throws input_error for a string that is not an
  /// AWS region code.
  void set_region(std::string region);
  [[nodiscard]] const std::string& region() const noexcept { return d_->region; }

  /// Records a migration uncertainty (kept apart from the lines). Throws input_error for an empty
  /// subject, owner or detail.
  void add_uncertainty(migration_uncertainty u);

  /// Archives the protocol of a run the model's measurements come from (kept apart from the lines,
  /// copied to every estimate). The same run given again is kept once; a run id given twice with a
  /// different protocol, or an empty run id, is refused (input_error).
  void archive_run(run_protocol r);

  /// Adds a priced line: amount = price x quantity with the exact unit factor and one rounding.
  template <class P, class Q>
  void add_line(category c, std::string component, line_meta meta, const node<P>& price,
                const node<Q>& quantity_node) {
    using product = detail::product_unit_t<P, Q>;
    // Named, so clang's first line shows `price_times_usage` rather than both units expanded.
    constexpr bool price_times_usage = detail::is_money_unit<product> && detail::is_usage_unit<Q>;
    static_assert(price_times_usage,
                  "trncost: a line is a price (money per unit) times a quantity of that unit, "
                  "price first; see docs/troubleshooting.md#price-does-not-fit");
    constexpr auto f = detail::money_factor<product>();
    static_assert(f.ok(),
                  "trncost: the price's unit and the quantity's unit differ by a factor "
                  "that is not exact (GB vs GiB?); see "
                  "docs/troubleshooting.md#no-exact-conversion");
    push_line(c, std::move(component), std::move(meta), price.data(), price.id(),
              quantity_node.data(), quantity_node.id(), f.num, f.den, "");
  }

  /// The same for a per-month price against a quantity in hours, with the month's length named.
  template <class P, class Q>
  void add_line(category c, std::string component, line_meta meta, const node<P>& price,
                const node<Q>& quantity_node, month_convention convention) {
    using product = detail::product_unit_t<detail::product_unit_t<P, Q>,
                                           units::per<units::month_t, units::hour_t>>;
    static_assert(detail::is_money_unit<product> && detail::is_usage_unit<Q>,
                  "trncost: a per-month price needs a quantity in hours here, price first; see "
                  "docs/troubleshooting.md#price-does-not-fit");
    constexpr auto f = detail::money_factor<product>();
    static_assert(f.ok(),
                  "trncost: no exact factor between these units; see "
                  "docs/troubleshooting.md#no-exact-conversion");
    if (convention.hours_per_month == 0) {
      throw input_error(std::string("month convention '") + std::string(convention.name) +
                        "' has zero hours");
    }
    // A quantity in seconds (GiB-s) also divides by 3600: the note shows every factor.
    push_line(c, std::move(component), std::move(meta), price.data(), price.id(),
              quantity_node.data(), quantity_node.id(), f.num, f.den * convention.hours_per_month,
              (f.den != 1 ? "/ " + std::to_string(f.den) + " " : std::string()) + "/ " +
                  std::to_string(convention.hours_per_month) + " h/mo (" +
                  std::string(convention.name) + ")");
  }

  /// Says what work the model delivers (tokens served, runs to the target...): the estimate then
  /// divides its total, and its compute cost, by it. The node counts the work in its own unit
  /// (tokens, requests or jobs, as work_unit() says); a model delivers one kind of work.
  template <class Unit>
  void deliver(work_kind k, const node<Unit>& amount) {
    if (amount.data() != d_.get()) {
      throw input_error("the work delivered ('" + amount.name() + "') is a node of another model");
    }
    const std::string unit = units::symbol<Unit>();
    if (unit != work_unit(k)) {
      throw input_error("the work delivered ('" + amount.name() + "', " +
                        std::string(to_string(k)) + ") is counted in " + std::string(work_unit(k)) +
                        ", not in '" + unit + "'");
    }
    if (d_->work && (d_->work->first != k || d_->work->second != amount.id())) {
      throw input_error("the model already delivers " + std::string(to_string(d_->work->first)) +
                        " ('" + d_->nodes[d_->work->second].name +
                        "'); a model delivers one kind of work");
    }
    d_->work = std::make_pair(k, amount.id());
  }
  /// The same from a sourced count (tokens served measured over the period, runs completed).
  template <exact_quantity Q>
  void deliver(work_kind k, const sourced<Q>& amount) {
    deliver(k, input(amount));
  }
  /// What the model delivers (deliver()), when it does: its kind of work.
  [[nodiscard]] std::optional<work_kind> work_kind_delivered() const noexcept {
    if (!d_->work) return std::nullopt;
    return d_->work->first;
  }
  /// The node of the work delivered in `Unit` (units::token_t, request_t or job_t), so that a
  /// volume per unit of work (log ingestion per 1M tokens served, egress per run) derives from
  /// it; nothing when the model delivers no work or counts it in another unit.
  template <class Unit>
  [[nodiscard]] std::optional<node<Unit>> work() const {
    if (!d_->work || units::symbol<Unit>() != work_unit(d_->work->first)) return std::nullopt;
    return node<Unit>(d_.get(), d_->work->second);
  }

  /// Names a figure of a workload that its estimate and reports print beside the costs: its
  /// timeline (figure_billed_time, figure_wall_clock_time, figure_period), the compute or the
  /// tokens it works through. Not a cost: its derivation is in the report like a line's, and a
  /// component that follows the workload (storage kept for its run) can use the node. Throws
  /// input_error for an empty name, a node of another model or the same figure named twice.
  template <class Unit>
  void add_figure(std::string workload, std::string what, const node<Unit>& value) {
    push_figure(std::move(workload), std::move(what), value.data(), value.id());
  }
  /// The node of a figure add_figure() named, in its unit; nothing when the workload has no such
  /// figure. Throws input_error when the figure is in another unit.
  template <class Unit>
  [[nodiscard]] std::optional<node<Unit>> figure(std::string_view workload,
                                                 std::string_view what) const {
    const auto id = find_figure(workload, what, units::symbol<Unit>());
    if (!id) return std::nullopt;
    return node<Unit>(d_.get(), *id);
  }

  /// Adds a component (anything that satisfies trncost::cost_component; see component.hpp).
  template <class C>
  void add(const C& component);

  /// The value of a node at the model's inputs, or nothing when it depends on an unknown input.
  template <class Unit>
  [[nodiscard]] std::optional<quantity<Unit>> value(const node<Unit>& n) const;

  /// A node as a record: its name, value, unit and provenance (derived nodes get a `derived`
  /// provenance whose inputs are the records of their operands).
  [[nodiscard]] input_ref record(std::uint32_t id) const;
  template <class Unit>
  [[nodiscard]] input_ref record(const node<Unit>& n) const {
    return record(n.id());
  }
  /// The sourced inputs (and rule constants) a node depends on, in the order first reached.
  [[nodiscard]] std::vector<input_ref> inputs_of(std::uint32_t id) const;
  template <class Unit>
  [[nodiscard]] std::vector<input_ref> inputs_of(const node<Unit>& n) const {
    return inputs_of(n.id());
  }

  /// The estimate at an as-of date: line items, totals, computed status and findings.
  [[nodiscard]] estimate evaluate(date as_of, const estimate_options& options) const;
  [[nodiscard]] estimate evaluate(date as_of) const;

  [[nodiscard]] const detail::model_data& data() const noexcept { return *d_; }
  [[nodiscard]] detail::model_data& data() noexcept { return *d_; }

 private:
  // The non-template halves of input(), unknown(), rule_constant() and add_line(): ids in, ids out.
  TRNCOST_DECL std::uint32_t push_input(const std::string& name, const input_ref& record,
                                        decimal value, std::string (*unit)());
  TRNCOST_DECL std::uint32_t push_unknown(std::string name, std::string reason, std::string unit);
  TRNCOST_DECL std::uint32_t push_constant(std::string name, decimal value, std::string unit,
                                           provenance source);
  TRNCOST_DECL void push_figure(std::string workload, std::string what,
                                const detail::model_data* of, std::uint32_t id);
  TRNCOST_DECL std::optional<std::uint32_t> find_figure(std::string_view workload,
                                                        std::string_view what,
                                                        const std::string& unit) const;
  TRNCOST_DECL void push_line(category c, std::string component, line_meta meta,
                              const detail::model_data* price_model, std::uint32_t price,
                              const detail::model_data* quantity_model, std::uint32_t quantity,
                              std::uint64_t num, std::uint64_t den, std::string note);

  std::unique_ptr<detail::model_data> d_;
};

/// Evaluates a model as one flat pass over preallocated storage: no heap allocation per evaluation.
/// Analysis (sensitivity, Monte Carlo) overrides inputs with set() and runs it again.
class evaluator {
 public:
  explicit evaluator(const model& m);

  /// Overrides an input's value for the next run(); throws for a node that is not an input.
  template <class Unit>
  void set(const node<Unit>& n, const quantity<Unit>& v) {
    set(n.id(), v.value());
  }
  void set(std::uint32_t id, decimal v);
  /// Restores every input to its sourced value.
  void reset();

  /// Evaluates every derivation and line; returns the total of the priced lines.
  decimal run();

  [[nodiscard]] decimal value(std::uint32_t id) const { return values_[id]; }
  [[nodiscard]] bool known(std::uint32_t id) const { return known_[id] != 0; }
  [[nodiscard]] decimal amount(std::size_t line) const { return amounts_[line]; }
  [[nodiscard]] bool priced(std::size_t line) const { return priced_[line] != 0; }

 private:
  const detail::model_data* m_;
  std::vector<decimal> values_;
  std::vector<unsigned char> known_;
  std::vector<decimal> amounts_;
  std::vector<unsigned char> priced_;
};

template <class Unit>
std::optional<quantity<Unit>> model::value(const node<Unit>& n) const {
  evaluator e(*this);
  e.run();
  if (!e.known(n.id())) return std::nullopt;
  return quantity<Unit>::from_value(e.value(n.id()));
}

namespace detail {

/// A node as a record, with values from an evaluator that has run.
TRNCOST_DECL input_ref node_record(const model_data& d, const evaluator& e, std::uint32_t id);

/// The inputs and rule constants a node depends on, in the order first reached.
TRNCOST_DECL std::vector<input_ref> node_inputs(const model_data& d, const evaluator& e,
                                                std::uint32_t id);

}  // namespace detail

}  // namespace trncost

// model::add() and model::evaluate() are declared above and defined in these two headers, which
// include this one first: including model.hpp alone is enough to add components and evaluate.
#include "component.hpp"
#include "estimate.hpp"

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/model.ipp"
#endif

#endif  // TRNCOST_MODEL_MODEL_HPP
