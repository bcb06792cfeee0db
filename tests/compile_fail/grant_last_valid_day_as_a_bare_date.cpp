// expect: trncost: a grant's last valid day is a credits::last_day
// A grant's last valid day is a credits::last_day, never a bare date: a date meaning the first
// day the grant cannot pay (the old `expires`) must not be taken for the last day it can pay.
#include <trncost/credits.hpp>
int main() {
  using namespace trncost;
  const sourced<money> amount{"grant", make(units::usd, "5000"), assumption{"x"}};
#ifdef TRNCOST_FAIL
  const credits::grant g("G", amount, parse_date("2026-01-01"), parse_date("2027-01-01"), {"AmazonEC2"});
#else
  const credits::grant g("G", amount, parse_date("2026-01-01"), credits::last_day{parse_date("2026-12-31")}, {"AmazonEC2"});
#endif
  (void)g;
}
