// expect pricing_with_price_and_usage_swapped: trncost: amount\(price, usage\) and charge\(name, price, usage\) take the price first
// expect pricing_hours_at_a_monthly_rate_without_a_convention: trncost: a per-month price against hours needs the month's length named
// expect charging_with_price_and_usage_swapped: trncost: amount\(price, usage\) and charge\(name, price, usage\) take the price first
// expect charging_hours_at_a_monthly_rate_without_a_convention: trncost: a per-month price against hours needs the month's length named
// amount(price, usage) and charge(name, price, usage) keep formulas reading "price * usage": the
// usage passed first and the price second must not compile. A per-month price against hours (USD
// per GiB-month against GiB-hours) needs the month's length named at the call site (month_730h).
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 10);
  const auto storage_price = make(units::usd_per_gibibyte_month, "0.08");
  const auto stored = make(units::gibibyte_hour, 365000);
  const sourced sourced_rate("price", rate, assumption{"list"});
  const sourced sourced_usage("usage", usage, assumption{"one instance, 10 h"});
  const sourced sourced_storage_price("price", storage_price, assumption{"list"});
  const sourced sourced_stored("stored", stored, assumption{"500 GiB, 730 h"});
#ifdef TRNCOST_FAIL_pricing_with_price_and_usage_swapped
  const money compute_cost = amount(usage, rate);
#else
  const money compute_cost = amount(rate, usage);
#endif
#ifdef TRNCOST_FAIL_pricing_hours_at_a_monthly_rate_without_a_convention
  const money storage_cost = amount(storage_price, stored);
#else
  const money storage_cost = amount(storage_price, stored, month_730h);
#endif
#ifdef TRNCOST_FAIL_charging_with_price_and_usage_swapped
  const auto compute_charge = charge("cost", sourced_usage, sourced_rate);
#else
  const auto compute_charge = charge("cost", sourced_rate, sourced_usage);
#endif
#ifdef TRNCOST_FAIL_charging_hours_at_a_monthly_rate_without_a_convention
  const auto storage_charge = charge("cost", sourced_storage_price, sourced_stored);
#else
  const auto storage_charge = charge("cost", sourced_storage_price, sourced_stored, month_730h);
#endif
  (void)compute_cost;
  (void)storage_cost;
  (void)compute_charge;
  (void)storage_charge;
}
