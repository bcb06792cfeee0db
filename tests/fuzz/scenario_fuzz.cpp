// Scenario files (TOML): parsed into a scenario_spec, or refused with a trncost::error naming the
// line and the key. Only the parser: building a model reads files the scenario names.
#include "fuzz.hpp"
#include "trncost/scenario/scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded(
      [&] { (void)trncost::scenario::parse_scenario(fuzz::text(data, size), "fuzz.toml"); });
}
