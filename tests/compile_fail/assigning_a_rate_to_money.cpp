// expect: trncost: cannot assign or convert a price \(USD per unit\) to money or back
// A price (USD per instance-hour) is not an amount: assigning it to money must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 48);
  money total = usd("0");
#ifdef TRNCOST_FAIL
  total = rate;
#else
  total = amount(rate, usage);
#endif
  (void)total;
  (void)usage;
}
