// expect: trncost: cannot multiply or divide an exact quantity by a double or a float
// Dividing money by a double must not compile: the divisor is exact decimal text or a whole number.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money bill = usd("10");
#ifdef TRNCOST_FAIL
  const money share = bill / 1.5;
#else
  const money share = bill / decimal::parse("1.5");
#endif
  (void)share;
}
