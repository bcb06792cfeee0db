// expect: trncost: cannot assign or convert a usage \(hours, instance-hours\) to money or back
// A Monte Carlo budget is money: a budget in hours must not compile.
#include <trncost/analysis/monte_carlo.hpp>
int main() {
  using namespace trncost;
  analysis::monte_carlo_options o;
#ifdef TRNCOST_FAIL
  o.budget = make(units::hour, "310");
#else
  o.budget = make(units::usd, "310");
#endif
  (void)o;
}
