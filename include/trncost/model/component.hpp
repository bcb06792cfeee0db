// The cost_component concept: how built-in and user components add their lines to a model.
#ifndef TRNCOST_MODEL_COMPONENT_HPP
#define TRNCOST_MODEL_COMPONENT_HPP

#include <concepts>
#include <string>
#include <string_view>
#include <utility>

#include "model.hpp"

namespace trncost {

/// What a component sees while it adds itself to a model: inputs, rule constants and lines, with
/// its own name and category filled in on every line.
class component_builder {
 public:
  component_builder(model& m, std::string component, category c)
      : m_(&m), component_(std::move(component)), category_(c) {}

  template <exact_quantity Q>
  node<typename Q::unit_type> input(const sourced<Q>& s) {
    return m_->input(s);
  }
  template <class Unit>
  node<Unit> unknown(std::string name, std::string reason) {
    return m_->template unknown<Unit>(std::move(name), std::move(reason));
  }
  template <class Unit>
  node<Unit> rule_constant(std::string name, const quantity<Unit>& value, provenance source) {
    return m_->rule_constant(std::move(name), value, std::move(source));
  }
  /// What the lines this component adds next are: the AWS service that bills them, their instance
  /// or usage type, the purchase option (model/identity.hpp). A line whose meta gives no identity
  /// takes this one; the region, when empty, is the model's.
  void bills(line_identity identity) { identity_ = std::move(identity); }
  [[nodiscard]] const line_identity& billed_as() const noexcept { return identity_; }

  template <class P, class Q>
  void line(line_meta meta, const node<P>& price, const node<Q>& quantity_node) {
    if (meta.identity.empty()) meta.identity = identity_;
    m_->add_line(category_, component_, std::move(meta), price, quantity_node);
  }
  template <class P, class Q>
  void line(line_meta meta, const node<P>& price, const node<Q>& quantity_node,
            month_convention convention) {
    if (meta.identity.empty()) meta.identity = identity_;
    m_->add_line(category_, component_, std::move(meta), price, quantity_node, convention);
  }

  [[nodiscard]] const std::string& component() const noexcept { return component_; }
  [[nodiscard]] category cost_category() const noexcept { return category_; }
  [[nodiscard]] model& target() noexcept { return *m_; }

 private:
  model* m_;
  std::string component_;
  category category_;
  line_identity identity_{};
};

/// A cost component: it has a name, belongs to one category of the formula, and adds its priced
/// lines to a model through a component_builder. Built-in components (instance time, storage,
/// transfer, logging, data preparation, failures) and a user's own (an FSx for Lustre file system,
/// an on-premise power bill) take part in estimates, totals and status the same way.
///
/// A user's component declares `void build(component_builder&) const`. The built-in components
/// declare it as a member template constrained to `component_builder` (the only builder there is):
/// the body of a template is compiled only where it is used, so a translation unit that includes
/// `model.hpp` (every component) but adds only instance time does not compile the storage, transfer
/// or logging lines, each of which costs Boost.Units a unit reduction per new product of units
/// (the compile times are measured in benchmarks/README.md).
template <class C>
concept cost_component = requires(const C& c, component_builder& b) {
  { c.name() } -> std::convertible_to<std::string_view>;
  { c.cost_category() } -> std::same_as<category>;
  c.build(b);
};

template <class C>
void model::add(const C& component) {
  static_assert(cost_component<C>,
                "trncost: model::add() takes a cost component: a type with name(), "
                "cost_category() and build(component_builder&); see "
                "docs/troubleshooting.md#not-a-component");
  if constexpr (cost_component<C>) {
    const std::string name(component.name());
    if (name.empty()) throw input_error("a cost component needs a name");
    auto& names = d_->components[component.cost_category()];
    for (const auto& n : names) {
      if (n == name) {
        throw input_error("component '" + name + "' is already in the model (category " +
                          std::string(to_string(component.cost_category())) + ")");
      }
    }
    names.push_back(name);
    component_builder b(*this, name, component.cost_category());
    component.build(b);
  }
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENT_HPP
