// Extension example: add your own machine to the instance catalog (a hypothetical on-prem DGX-style
// node with 8 H100 GPUs), reuse the built-in figures for its GPUs, and look entries up by name.
#include <cstdio>
#include <exception>
#include <trncost/catalog.hpp>
#include <trncost/readers/fmt.hpp>
#include <trncost/trncost.hpp>

int main() try {
  using namespace trncost;

  // [custom-catalog]
  catalog mine = catalog::with_builtin();
  const instance_spec& p5 = mine.at("p5.48xlarge");

  // Our own facts: the node as ordered (an assumption until someone checks the delivered machine).
  const auto order = assumption{"our purchase order for node dgx-01 (hypothetical example)"};
  const sourced gpus("dgx-h100.chips", make(units::chip, 8), order);
  // The GPUs are the p5.48xlarge's H100 SXM: reuse its per-GPU figures, so the entry records that
  // they come from the built-in p5.48xlarge entry and, through it, from NVIDIA's datasheet.
  const auto bf16_per_gpu = quotient_as<units::flops_per_second_per_chip_t>(
      "dgx-h100.peak_bf16_per_chip", p5.peak_bf16, p5.chips);
  const auto fp8_per_gpu = quotient_as<units::flops_per_second_per_chip_t>(
      "dgx-h100.peak_fp8_per_chip", *p5.peak_fp8, p5.chips);

  mine.add(instance_spec{
      .name = "dgx-h100",
      .accelerator = "NVIDIA H100 80GB",
      .chips = gpus,
      .accelerator_memory_per_chip = p5.accelerator_memory_per_chip,
      // .cores_per_chip and .vcpus stay empty: no NeuronCores, and we do not know the vCPUs yet.
      .host_memory = sourced("dgx-h100.host_memory", make(units::gibibyte, 2048), order),
      .peak_bf16 = product_as<units::flops_per_second_t>("dgx-h100.peak_bf16", gpus, bf16_per_gpu),
      .peak_fp8 = product_as<units::flops_per_second_t>("dgx-h100.peak_fp8", gpus, fp8_per_gpu)});
  // [custom-catalog]

  const auto peta = [](const sourced<quantity<units::flops_per_second_t>>& f) {
    return f.value().value() / std::int64_t{1'000'000'000'000'000};
  };
  fmt::print("{:<22} {:<18} {:>6} {:>12} {:>11} {:>11}\n", "instance", "accelerator", "chips",
             "accel. mem", "BF16 PF/s", "FP8 PF/s");
  for (const instance_spec& s : mine) {
    fmt::print("{:<22} {:<18} {:>6} {:>12} {:>11.3f} {:>11}\n", s.name, s.accelerator,
               s.chips.value().value(), total_accelerator_memory(s).value(), peta(s.peak_bf16),
               s.peak_fp8 ? fmt::format("{:.3f}", peta(*s.peak_fp8)) : std::string("-"));
  }

  // Lookups: by exact name, and a typo that the catalog answers with a suggestion.
  const instance_spec& dgx = mine.at("dgx-h100");
  fmt::print("\n{}\n{}\n", dgx.peak_bf16, total_accelerator_memory(dgx));
  try {
    (void)mine.at("dgx-h10");
  } catch (const input_error& e) {
    fmt::print("{}\n", e.what());
  }

  // 8 x (7,916 TFLOP/s / 8) = 7,916 TFLOP/s; 8 x 80 GiB = 640 GiB.
  const bool ok = dgx.peak_bf16.value().value() == decimal("7916000000000000") &&
                  total_accelerator_memory(dgx).value().value() == decimal(640) &&
                  catalog::builtin().find("dgx-h100") == nullptr;
  return ok ? 0 : 1;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "custom_catalog: %s\n", e.what());
  return 1;
}
