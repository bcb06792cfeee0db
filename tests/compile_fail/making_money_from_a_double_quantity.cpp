// expect: trncost: a decimal is never made from a double or a float
// A double-valued Boost.Units amount does not become money: its value is a binary approximation.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  using units::usd_t;
#ifdef TRNCOST_FAIL
  const money m(boost::units::quantity<usd_t, double>::from_value(21.5));
#else
  const money m(boost::units::quantity<usd_t, int>::from_value(21));
#endif
  (void)m;
}
