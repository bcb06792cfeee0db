// expect: trncost: no exact conversion between these units
// Even explicitly, a GiB quantity cannot be built from a GB one: 1 GB = 0.9313225746154785... GiB.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto volume = make(units::gigabyte, 500);
#ifdef TRNCOST_FAIL
  const quantity<units::gibibyte_t> size(volume);
#else
  const quantity<units::megabyte_t> size(volume);
#endif
  (void)size;
}
