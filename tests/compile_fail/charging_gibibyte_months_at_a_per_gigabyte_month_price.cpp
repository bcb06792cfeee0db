// expect: trncost: the price and the usage mix a decimal byte unit \(GB: 10\^9 bytes\) and a binary one
// A price per GB-month does not price GiB-months: 1 GiB is 1.073741824 GB, no whole-number factor.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced stored("stored", make(units::gibibyte_month, 500), assumption{"500 GiB, 1 mo"});
#ifdef TRNCOST_FAIL
  const sourced price("price", make(units::usd_per_gigabyte_month, "0.08"), assumption{"list"});
#else
  const sourced price("price", make(units::usd_per_gibibyte_month, "0.08"), assumption{"list"});
#endif
  const auto cost = charge("cost", price, stored);
  (void)cost;
}
