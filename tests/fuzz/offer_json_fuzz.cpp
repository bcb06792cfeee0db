// JSON offer files, streamed through the SAX reader with a filter that keeps compute instances.
#include "fuzz.hpp"
#include "trncost/readers/price_list_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data, size))};
    trncost::pricing::offer_filter filter;
    filter.family("Compute Instance");
    (void)trncost::readers::read_offer_json(in, "fuzz.json", filter);
  });
}
