// expect: trncost: amount\(price, usage\) and charge\(name, price, usage\) take the price first
// charge(name, price, usage): the usage passed first and the price second must not compile.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced price("price", make(units::usd_per_instance_hour, "21.50"), assumption{"list"});
  const sourced usage("usage", make(units::instance_hour, 10), assumption{"one instance, 10 h"});
#ifdef TRNCOST_FAIL
  const auto cost = charge("cost", usage, price);
#else
  const auto cost = charge("cost", price, usage);
#endif
  (void)cost;
}
