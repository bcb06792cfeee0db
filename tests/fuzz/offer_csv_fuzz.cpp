// CSV offer files: five metadata rows, a header, columns by name.
#include "fuzz.hpp"
#include "trncost/readers/price_list_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data, size))};
    (void)trncost::readers::read_offer_csv(in, "fuzz.csv", trncost::pricing::offer_filter{});
  });
}
