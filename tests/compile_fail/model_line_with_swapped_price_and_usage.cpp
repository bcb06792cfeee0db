// expect: trncost: a line is a price \(money per unit\) times a quantity of that unit, price first
// A model line is price x quantity, price first: a swapped pair is refused with our sentence.
#include <trncost/model.hpp>

int main() {
  using namespace trncost;
  model m;
  const auto price = m.input(sourced("price", make(units::usd_per_instance_hour, "21.50"),
                                     assumption{"list"}));
  const auto usage = m.input(sourced("usage", make(units::instance_hour, 10), assumption{"plan"}));
#ifdef TRNCOST_FAIL
  m.add_line(category::compute, "job", {phase::training, "training"}, usage, price);
#else
  m.add_line(category::compute, "job", {phase::training, "training"}, price, usage);
#endif
}
