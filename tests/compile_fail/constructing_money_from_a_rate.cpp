// expect: trncost: cannot assign or convert a price \(USD per unit\) to money or back
// Even explicitly, money is not built from a price: a price becomes money times its usage.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 2);
#ifdef TRNCOST_FAIL
  const money total(rate);
#else
  const money total(amount(rate, usage));
#endif
  (void)total;
  (void)usage;
}
