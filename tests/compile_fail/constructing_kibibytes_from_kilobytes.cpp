// expect: trncost: no exact conversion between these units
// Explicit construction of KiB from kB is refused by trncost's conversion hook (factor 0.9765625).
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto payload = make(units::kilobyte, 4);
#ifdef TRNCOST_FAIL
  const quantity<units::kibibyte_t> size(payload);
#else
  const quantity<units::byte_t> size(payload);
#endif
  (void)size;
}
