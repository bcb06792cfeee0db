// expect: no match for 'operator\+' \(operand types are '(const )?trncost::money'|invalid operands to binary expression \('(const )?trncost::money'
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
}
