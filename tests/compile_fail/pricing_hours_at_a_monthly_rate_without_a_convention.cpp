// expect: trncost: a per-month price against hours needs the month's length named
// USD per GiB-month against GiB-hours needs the month's length named at the call site (month_730h).
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto storage_price = make(units::usd_per_gibibyte_month, "0.08");
  const auto stored = make(units::gibibyte_hour, 365000);
#ifdef TRNCOST_FAIL
  const money cost = amount(storage_price, stored);
#else
  const money cost = amount(storage_price, stored, month_730h);
#endif
  (void)cost;
}
