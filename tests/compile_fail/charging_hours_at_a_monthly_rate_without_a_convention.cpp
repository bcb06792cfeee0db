// expect: trncost: a per-month price against hours needs the month's length named
// charge() of a per-month price against hours needs the month's length named (month_730h).
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced price("price", make(units::usd_per_gibibyte_month, "0.08"), assumption{"list"});
  const sourced stored("stored", make(units::gibibyte_hour, 365000), assumption{"500 GiB, 730 h"});
#ifdef TRNCOST_FAIL
  const auto cost = charge("cost", price, stored);
#else
  const auto cost = charge("cost", price, stored, month_730h);
#endif
  (void)cost;
}
