// expect: trncost: no exact conversion between these units
// Naming a rounding does not make GB and GiB convertible: convert(q, rounding) refuses them too.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto volume = make(units::gigabyte, 500);
#ifdef TRNCOST_FAIL
  const auto size = convert<units::gibibyte_t>(volume, rounding::half_even);
#else
  const auto size = convert<units::terabyte_t>(volume, rounding::half_even);
#endif
  (void)size;
}
