// model/model.hpp alone is enough to add a component and evaluate: model::add() and
// model::evaluate(), declared there, must be defined by what it includes (they once lived only in
// component.hpp and estimate.hpp: this unit compiled, then failed to link).
#include <string>
#include <string_view>
#include <trncost/model/model.hpp>

namespace model_alone {

/// The smallest user component: one line, price x quantity.
struct one_line {
  trncost::sourced<trncost::quantity<trncost::units::usd_per_hour_t>> price;
  trncost::sourced<trncost::quantity<trncost::units::hour_t>> hours;

  [[nodiscard]] std::string_view name() const { return "one line"; }
  [[nodiscard]] trncost::category cost_category() const { return trncost::category::compute; }
  void build(trncost::component_builder& b) const {
    b.line({std::nullopt, "instance time"}, b.input(price), b.input(hours));
  }
};

}  // namespace model_alone

/// The total of 2.5 USD/h for 4 h, every other category declared empty: "10" (2.5 x 4 = 10
/// exactly).
std::string headers_model_alone_total() {
  using namespace trncost;
  const auto as_of = parse_date("2026-11-30");
  model m;
  m.add(model_alone::one_line{
      sourced("price", make(units::usd_per_hour, "2.5"), assumption{"a round figure"}),
      sourced("hours", make(units::hour, 4), assumption{"a round figure"})});
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"not part of this test"});
  }
  return m.evaluate(as_of).total.to_string();
}
