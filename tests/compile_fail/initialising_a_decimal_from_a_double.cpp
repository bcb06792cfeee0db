// expect: trncost: a decimal is never made from a double or a float
// 0.1 has no exact binary value: a decimal is parsed from text, never made from a double.
#include <trncost/units.hpp>

int main() {
#ifdef TRNCOST_FAIL
  const trncost::decimal d = 0.1;
#else
  const trncost::decimal d = trncost::decimal::parse("0.1");
#endif
  (void)d;
}
