// expect: trncost: cannot multiply or divide an exact quantity by a double or a float
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
