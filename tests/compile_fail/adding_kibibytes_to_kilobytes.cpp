// expect: trncost: cannot add, subtract or compare a decimal byte multiple \(kB, MB, GB, TB: powers of 10\) and a binary one
// kB (1000 bytes) and KiB (1024 bytes) do not add.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto payload = make(units::kilobyte, 4);
#ifdef TRNCOST_FAIL
  const auto total = payload + make(units::kibibyte, 4);
#else
  const auto total = payload + make(units::kilobyte, 4);
#endif
  (void)total;
}
