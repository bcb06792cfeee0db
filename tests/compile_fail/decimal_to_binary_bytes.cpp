// expect constructing_gibibytes_from_gigabytes: trncost: no exact conversion between these units
// expect constructing_kibibytes_from_kilobytes: trncost: no exact conversion between these units
// expect converting_gigabytes_to_gibibytes: trncost: no exact conversion between these units
// expect converting_gigabytes_to_gibibytes_with_rounding: trncost: no exact conversion between these units
// A decimal byte multiple never becomes a binary one, even explicitly: 1 GB = 0.9313225746154785...
// GiB and 1 kB = 0.9765625 KiB. Refused by trncost's conversion hook when a quantity is constructed,
// and by convert<>(), which is exact or does not compile, even when it is given a rounding.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto volume = make(units::gigabyte, 500);
  const auto payload = make(units::kilobyte, 4);
#ifdef TRNCOST_FAIL_constructing_gibibytes_from_gigabytes
  const quantity<units::gibibyte_t> volume_size(volume);
#else
  const quantity<units::megabyte_t> volume_size(volume);
#endif
#ifdef TRNCOST_FAIL_constructing_kibibytes_from_kilobytes
  const quantity<units::kibibyte_t> payload_size(payload);
#else
  const quantity<units::byte_t> payload_size(payload);
#endif
#ifdef TRNCOST_FAIL_converting_gigabytes_to_gibibytes
  const auto converted = convert<units::gibibyte_t>(volume);
#else
  const auto converted = convert<units::megabyte_t>(volume);
#endif
#ifdef TRNCOST_FAIL_converting_gigabytes_to_gibibytes_with_rounding
  const auto rounded = convert<units::gibibyte_t>(volume, rounding::half_even);
#else
  const auto rounded = convert<units::terabyte_t>(volume, rounding::half_even);
#endif
  (void)volume_size;
  (void)payload_size;
  (void)converted;
  (void)rounded;
}
