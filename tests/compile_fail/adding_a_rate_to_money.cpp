// expect: trncost: cannot add, subtract or compare money \(USD\) and a price \(USD per unit\)
// Money plus a rate (USD per instance-hour) must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money subtotal = usd("100");
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 2);
#ifdef TRNCOST_FAIL
  const auto total = subtotal + rate;
#else
  const auto total = subtotal + amount(rate, usage);
#endif
  (void)total;
  (void)usage;
}
