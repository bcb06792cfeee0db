// expect: trncost: this price does not price this usage
// charge() checks units as amount() does: a price per instance-hour does not price chip-hours.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced price("price", make(units::usd_per_instance_hour, "21.50"), assumption{"list"});
#ifdef TRNCOST_FAIL
  const sourced usage("usage", make(units::chip_hour, 160), assumption{"16 chips, 10 h"});
#else
  const sourced usage("usage", make(units::instance_hour, 10), assumption{"one instance, 10 h"});
#endif
  const auto cost = charge("cost", price, usage);
  (void)cost;
}
