// expect: trncost: cannot add, subtract or compare instance-hours and chip-hours
// An instance-hour (one trn1.32xlarge for an hour) and a chip-hour (one Trainium chip for an hour)
// are different dimensions: adding them must not compile.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto instances = make(units::instance_hour, 10);
  const auto chips = make(units::chip_hour, 160);
#ifdef TRNCOST_FAIL
  const auto total = instances + chips;
#else
  const auto total = instances + make(units::instance_hour, 5);
#endif
  (void)total;
  (void)chips;
}
