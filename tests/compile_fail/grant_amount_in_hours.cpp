// expect: trncost: cannot assign or convert a usage \(hours, instance-hours\) to money
// A credit grant's amount is money: an amount in hours must not compile.
#include <trncost/credits.hpp>
int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const sourced<quantity<units::hour_t>> amount{"grant", make(units::hour, "5000"), assumption{"x"}};
#else
  const sourced<money> amount{"grant", make(units::usd, "5000"), assumption{"x"}};
#endif
  const credits::grant g("G", amount, parse_date("2026-01-01"),
                         credits::last_day{parse_date("2026-12-31")}, {"AmazonEC2"});
  (void)g;
}
