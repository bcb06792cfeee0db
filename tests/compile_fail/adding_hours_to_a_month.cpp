// expect: trncost: cannot add, subtract or compare billing months and hours
// A billing month is not a number of hours (730 is a convention): month + hours must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto reserved = make(units::month, 1);
#ifdef TRNCOST_FAIL
  const auto total = reserved + make(units::hour, 730);
#else
  const auto total = reserved + make(units::month, 1);
#endif
  (void)total;
}
