// expect: trncost: cannot add, subtract or compare gigabytes \(GB, 10\^9 bytes\) and gibibytes \(GiB, 2\^30 bytes\)
// GB (10^9 bytes) and GiB (2^30 bytes) do not add: the sum would need an inexact conversion.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto transfer = make(units::gigabyte, 500);
#ifdef TRNCOST_FAIL
  const auto total = transfer + make(units::gibibyte, 100);
#else
  const auto total = transfer + make(units::gigabyte, 100);
#endif
  (void)total;
}
