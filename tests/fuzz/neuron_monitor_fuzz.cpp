// neuron-monitor output, one JSON report per line.
#include "fuzz.hpp"
#include "trncost/readers/neuron_monitor.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data, size))};
    (void)trncost::readers::read_neuron_monitor(in, "fuzz.jsonl");
  });
}
