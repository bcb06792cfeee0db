// expect: trncost: cannot add, subtract or compare money \(USD\) and a usage
// A budget check compares money with money: money < hours must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money budget = usd("1000");
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 48);
#ifdef TRNCOST_FAIL
  const bool over = budget < usage;
#else
  const bool over = budget < amount(rate, usage);
#endif
  (void)over;
  (void)rate;
}
