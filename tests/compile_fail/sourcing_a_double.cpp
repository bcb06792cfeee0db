// expect: trncost: sourced<Q> holds an exact quantity
// Only exact quantities are sourced: sourced<double> must not compile.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  using hours_type = sourced<double>;
#else
  using hours_type = sourced<quantity<units::hour_t>>;
#endif
  const hours_type hours{"hours", make(units::hour, 10), assumption{"a 10-hour job"}};
  (void)hours;
}
