// Study and plan files (TOML): parsed into a study_spec and a plan_spec, or refused with a
// trncost::error naming the line and the key. Only the parsers: running a study or a plan reads the
// scenarios and files it names.
#include "fuzz.hpp"
#include "trncost/scenario/plan.hpp"
#include "trncost/scenario/study.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::guarded([&] { (void)trncost::scenario::parse_study(fuzz::text(data, size), "fuzz.toml"); });
  return fuzz::guarded(
      [&] { (void)trncost::scenario::parse_plan(fuzz::text(data, size), "fuzz.toml"); });
}
