// expect: trncost: this price does not price this usage
// A price per instance-hour does not price chip-hours.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto rate = make(units::usd_per_instance_hour, "21.50");
#ifdef TRNCOST_FAIL
  const auto usage = make(units::chip_hour, 160);
#else
  const auto usage = make(units::instance_hour, 10);
#endif
  const money cost = amount(rate, usage);
  (void)cost;
}
