// expect: trncost: cannot add, subtract or compare money \(USD\) and a usage
// Money plus a duration has no meaning: USD + hours must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money fee = usd("1.50");
#ifdef TRNCOST_FAIL
  const auto total = fee + make(units::hour, 2);
#else
  const auto total = fee + usd("2");
#endif
  (void)total;
}
