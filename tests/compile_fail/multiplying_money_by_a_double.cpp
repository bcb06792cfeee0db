// expect: no match for 'operator\*' \(operand types are '(const )?trncost::money'|invalid operands to binary expression \('(const )?trncost::money'
// A discount factor is exact decimal text, not a double: money * 0.85 must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money list = usd("21.50");
#ifdef TRNCOST_FAIL
  const money discounted = list * 0.85;
#else
  const money discounted = list * decimal::parse("0.85");
#endif
  (void)discounted;
}
