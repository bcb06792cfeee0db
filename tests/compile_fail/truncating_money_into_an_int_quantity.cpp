// expect: trncost: a decimal never converts to an int or a double by itself
// Boost.Units would turn 1.99 USD into 1 USD in an int-valued quantity; from trncost::money it does
// not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money bill = usd("1.99");
#ifdef TRNCOST_FAIL
  const boost::units::quantity<units::usd_t, int> dollars(bill);
#else
  const boost::units::quantity<units::usd_t, decimal> dollars(bill);
#endif
  (void)dollars;
}
