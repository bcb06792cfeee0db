// The Spot Instance Advisor's data (spot-advisor-data.json).
#include "fuzz.hpp"
#include "trncost/readers/spot_advisor.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    const auto a = trncost::readers::parse_spot_advisor(fuzz::text(data, size), "fuzz.json");
    for (const auto& m : a.markets) {
      (void)trncost::readers::spot_interruption_rate(m, "fuzz.json", "rate");
    }
  });
}
