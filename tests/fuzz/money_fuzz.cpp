// The money parser: any text is parsed exactly or refused; what parses prints back to itself.
#include <cstdlib>

#include "fuzz.hpp"
#include "trncost/units/decimal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    const auto d = trncost::decimal::parse(fuzz::text(data, size));
    // Round trip: the canonical text parses to the same value.
    if (trncost::decimal::parse(d.to_string()) != d) std::abort();
  });
}
