// expect: trncost: amount\(price, usage\) and charge\(name, price, usage\) take the price first
// amount(price, usage) keeps formulas reading "price * usage": amount(usage, price) must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 10);
#ifdef TRNCOST_FAIL
  const money cost = amount(usage, rate);
#else
  const money cost = amount(rate, usage);
#endif
  (void)cost;
}
