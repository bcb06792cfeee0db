// expect: trncost: cannot assign or convert chip-hours to instance-hours or back
// Assigning chip-hours to an instance-hour quantity must not compile (Boost.Units' static_assert).
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  auto usage = make(units::instance_hour, 0);
  const auto chips = make(units::chip_hour, 160);
#ifdef TRNCOST_FAIL
  usage = chips;
#else
  usage = make(units::instance_hour, 10);
#endif
  (void)usage;
  (void)chips;
}
