// expect: trncost: a decimal is never made from a double or a float
// A spend schedule's charge is exact money: a binary double must not become one.
#include <trncost/credits.hpp>
int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const credits::charge c{category::compute, credits::charge_kind::usage, decimal(12.5), "x"};
#else
  const credits::charge c{category::compute, credits::charge_kind::usage, decimal::parse("12.5"), "x"};
#endif
  (void)c;
}
