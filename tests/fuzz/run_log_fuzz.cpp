// Run logs, CSV or JSON Lines (the first byte picks the reader; the rest is the file).
#include "fuzz.hpp"
#include "trncost/readers/run_log.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data + 1, size - 1))};
    if ((data[0] & 1) == 0) {
      (void)trncost::readers::read_run_log_csv(in, "fuzz.csv");
    } else {
      (void)trncost::readers::read_run_log_json(in, "fuzz.jsonl");
    }
  });
}
