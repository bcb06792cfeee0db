// expect: trncost: a decimal is never made from a double or a float
// An explicit cast from a double is refused too (the constructor is deleted, not just explicit).
#include <trncost/units.hpp>

int main() {
#ifdef TRNCOST_FAIL
  const auto price = trncost::decimal(21.5);
#else
  const auto price = trncost::decimal("21.5");
#endif
  (void)price;
}
