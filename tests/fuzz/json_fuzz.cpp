// The JSON parser behind `trncost prices fetch`'s indexes (offer, region, version and Savings Plans
// region indexes: readers::detail::parse_json_stream, a tree of the whole response) and every other
// JSON document read whole. The index walking itself is the command's code (examples/cli/
// prices.cpp), with no function of its own to call: the tree's lookups are exercised here instead.
#include "fuzz.hpp"
#include "trncost/readers/detail/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data, size))};
    const auto v =
        trncost::readers::detail::parse_json_stream(in, "https://pricing.example/index.json");
    // What the fetch walks: offers.<code>.currentRegionIndexUrl, regions.<code>, versions.<v>.
    for (const char* key : {"offers", "regions", "versions", "currentVersion"}) {
      if (const auto* m = v.find(key)) {
        for (std::size_t i = 0; i < m->items().size(); ++i) (void)m->items()[i].text();
      }
    }
  });
}
