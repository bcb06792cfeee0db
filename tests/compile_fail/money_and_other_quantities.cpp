// expect adding_a_rate_to_money: trncost: cannot add, subtract or compare money \(USD\) and a price \(USD per unit\)
// expect adding_instance_hours_to_money: trncost: cannot add, subtract or compare money \(USD\) and a usage
// expect comparing_money_with_hours: trncost: cannot add, subtract or compare money \(USD\) and a usage
// expect adding_hours_to_money: trncost: cannot add, subtract or compare money \(USD\) and a usage
// expect assigning_a_rate_to_money: trncost: cannot assign or convert a price \(USD per unit\) to money or back
// expect constructing_money_from_a_rate: trncost: cannot assign or convert a price \(USD per unit\) to money or back
// Money adds to, compares with and is made from money only. A rate (USD per instance-hour) is not
// an amount, and usage is not money until it is priced: money + rate, money + instance-hours,
// money < instance-hours (a budget check compares money with money), money + hours (a duration),
// money = rate and money(rate), even explicit, must not compile; a rate becomes money times its
// usage, amount(rate, usage).
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const money budget = usd("1000");
  const auto rate = make(units::usd_per_instance_hour, "21.50");
  const auto usage = make(units::instance_hour, 48);
  const money fee = usd("1.50");
  money assigned = usd("0");
#ifdef TRNCOST_FAIL_adding_a_rate_to_money
  const auto with_rate = budget + rate;
#else
  const auto with_rate = budget + amount(rate, usage);
#endif
#ifdef TRNCOST_FAIL_adding_instance_hours_to_money
  const auto with_usage = budget + usage;
#else
  const auto with_usage = budget + amount(rate, usage);
#endif
#ifdef TRNCOST_FAIL_comparing_money_with_hours
  const bool over = budget < usage;
#else
  const bool over = budget < amount(rate, usage);
#endif
#ifdef TRNCOST_FAIL_adding_hours_to_money
  const auto with_hours = fee + make(units::hour, 2);
#else
  const auto with_hours = fee + usd("2");
#endif
#ifdef TRNCOST_FAIL_assigning_a_rate_to_money
  assigned = rate;
#else
  assigned = amount(rate, usage);
#endif
#ifdef TRNCOST_FAIL_constructing_money_from_a_rate
  const money constructed(rate);
#else
  const money constructed(amount(rate, usage));
#endif
  (void)with_rate;
  (void)with_usage;
  (void)over;
  (void)with_hours;
  (void)assigned;
  (void)constructed;
}
