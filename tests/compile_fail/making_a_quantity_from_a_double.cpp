// expect: trncost: make\(\) takes exact decimal text or a whole number, never a double
// make() takes exact decimal text or a whole number, never a double.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const auto run = make(units::hour, 3.5);
#else
  const auto run = make(units::hour, "3.5");
#endif
  (void)run;
}
