// expect: trncost: a decimal never converts to an int or a double by itself
// A decimal never truncates into an int behind the caller's back: the twin names its rounding.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const decimal price = decimal::parse("1.99");
#ifdef TRNCOST_FAIL
  const int whole = price;
#else
  const decimal whole = round(price, decimal_places{0}, rounding::toward_zero);
#endif
  (void)whole;
}
