// vLLM-on-Neuron benchmark results (CSV) and run configurations (.env). The first byte picks:
// 0 a result CSV alone, 1 a run configuration, 2 a run configuration then a result CSV read with
// it (the two separated by a line "---"), 3 a result CSV read as run on 1 to 8 instances.
#include <optional>

#include "fuzz.hpp"
#include "trncost/readers/vllm_bench.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest = fuzz::text(data + 1, size - 1);
  return fuzz::guarded([&] {
    switch (data[0] & 3) {
      case 0: {
        std::istringstream in{std::string(rest)};
        (void)trncost::readers::read_vllm_bench(in, "fuzz.csv", 1);
        break;
      }
      case 1: {
        std::istringstream in{std::string(rest)};
        (void)trncost::readers::read_vllm_run_config(in, "fuzz.env");
        break;
      }
      case 2: {
        const auto cut = rest.find("\n---\n");
        std::istringstream env{std::string(rest.substr(0, cut))};
        std::istringstream csv{cut == std::string_view::npos ? std::string()
                                                             : std::string(rest.substr(cut + 5))};
        auto config = trncost::readers::read_vllm_run_config(env, "fuzz.env");
        (void)trncost::readers::read_vllm_bench(csv, "fuzz.csv", 1, std::move(config));
        break;
      }
      default: {
        std::istringstream in{std::string(rest)};
        (void)trncost::readers::read_vllm_bench(in, "fuzz.csv", 1 + ((data[0] >> 2) & 7));
        break;
      }
    }
  });
}
