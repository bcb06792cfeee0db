// expect: trncost: cannot add, subtract or compare money \(USD\) and a usage
// Sourced values keep their units: a sourced amount plus sourced hours must not compile.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced fee("support fee", usd("100"), assumption{"flat monthly support fee"});
  const sourced hours("hours", make(units::hour, 10), assumption{"a 10-hour job"});
  const sourced tax("tax", usd("8"), assumption{"8% of the fee"});
#ifdef TRNCOST_FAIL
  const auto total = fee + hours;
#else
  const auto total = fee + tax;
#endif
  (void)total;
}
