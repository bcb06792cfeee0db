// The TorchNeuron model-support export, CSV or JSON Lines (the first byte picks the reader).
#include "fuzz.hpp"
#include "trncost/readers/model_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data + 1, size - 1))};
    trncost::compat::dataset_ref source;
    source.file = "fuzz-export";
    source.consulted = trncost::parse_date("2026-11-30");
    if ((data[0] & 1) == 0) {
      (void)trncost::readers::read_model_support_csv(in, source);
    } else {
      (void)trncost::readers::read_model_support_jsonl(in, source);
    }
  });
}
