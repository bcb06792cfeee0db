// expect: trncost: no exact conversion between these units
// convert<>() is exact or does not compile: GB to GiB is not exact.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto volume = make(units::gigabyte, 500);
#ifdef TRNCOST_FAIL
  const auto size = convert<units::gibibyte_t>(volume);
#else
  const auto size = convert<units::megabyte_t>(volume);
#endif
  (void)size;
}
