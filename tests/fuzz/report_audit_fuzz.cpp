// JSON reports read back and recomputed by the audit.
#include "fuzz.hpp"
#include "trncost/report/audit.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] { (void)trncost::io::audit(fuzz::text(data, size), "fuzz.json"); });
}
