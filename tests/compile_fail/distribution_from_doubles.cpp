// expect: trncost: a decimal is never made from a double or a float
// A distribution's bounds are exact decimals (written as text), never binary doubles.
#include <trncost/analysis/monte_carlo.hpp>
int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const auto d = analysis::distribution::uniform(0.9, 1.1);
#else
  const auto d = analysis::distribution::uniform(decimal::parse("0.9"), decimal::parse("1.1"));
#endif
  (void)d;
}
