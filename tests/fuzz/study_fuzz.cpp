// Study files (TOML): parsed into a study_spec, or refused with a trncost::error naming the line
// and the key. Only the parser: running a study reads the scenarios and files it names.
#include "fuzz.hpp"
#include "trncost/io/study.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded(
      [&] { (void)trncost::io::parse_study(fuzz::text(data, size), "fuzz.toml"); });
}
