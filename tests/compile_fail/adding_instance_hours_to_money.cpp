// expect: trncost: cannot add, subtract or compare money \(USD\) and a usage
// Usage is not money until it is priced: USD + instance-hours must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money budget = usd("1000");
  const auto usage = make(units::instance_hour, 48);
  const auto rate = make(units::usd_per_instance_hour, "21.50");
#ifdef TRNCOST_FAIL
  const auto total = budget + usage;
#else
  const auto total = budget + amount(rate, usage);
#endif
  (void)total;
  (void)rate;
}
