// The definitions of catalog/builtin.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CATALOG_IMPL_BUILTIN_IPP
#define TRNCOST_CATALOG_IMPL_BUILTIN_IPP

#include "../builtin.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL decimal tera(std::string_view text) {
  return decimal::parse(text) * std::int64_t{1'000'000'000'000};
}

TRNCOST_DECL documented builtin_doc(std::string_view source) {
  return documented{std::string(source), builtin_catalog_consulted};
}

TRNCOST_DECL chip_facts trainium_facts(std::string accelerator, std::string_view key,
                                       std::string_view page, int cores, int memory_gib,
                                       std::string_view bf16_tflops, std::string_view fp8_tflops) {
  const std::string k(key);
  return chip_facts{
      std::move(accelerator),
      sourced(k + ".cores_per_chip", make(units::neuron_cores_per_chip_t{}, cores),
              builtin_doc(page)),
      sourced(k + ".memory_per_chip", make(units::gibibytes_per_chip_t{}, memory_gib),
              builtin_doc(page)),
      sourced(k + ".peak_bf16_per_chip",
              quantity<units::flops_per_second_per_chip_t>::from_value(tera(bf16_tflops)),
              builtin_doc(page)),
      sourced(k + ".peak_fp8_per_chip",
              quantity<units::flops_per_second_per_chip_t>::from_value(tera(fp8_tflops)),
              builtin_doc(page))};
}

TRNCOST_DECL chip_facts hopper_facts(std::string accelerator, std::string_view key,
                                     std::string_view datasheet, int memory_gib,
                                     const sourced<quantity<units::dimensionless_t>>& sparsity) {
  using per_chip = quantity<units::flops_per_second_per_chip_t>;
  const std::string k(key);
  const sourced bf16_sparse(k + ".peak_bf16_sparse_per_chip", per_chip::from_value(tera("1979")),
                            builtin_doc(datasheet));
  const sourced fp8_sparse(k + ".peak_fp8_sparse_per_chip", per_chip::from_value(tera("3958")),
                           builtin_doc(datasheet));
  return chip_facts{std::move(accelerator), std::nullopt,
                    sourced(k + ".memory_per_chip", make(units::gibibytes_per_chip_t{}, memory_gib),
                            builtin_doc(catalog_sources::ec2_accelerated_computing)),
                    quotient_as<units::flops_per_second_per_chip_t>(k + ".peak_bf16_per_chip",
                                                                    bf16_sparse, sparsity),
                    quotient_as<units::flops_per_second_per_chip_t>(k + ".peak_fp8_per_chip",
                                                                    fp8_sparse, sparsity)};
}

TRNCOST_DECL instance_spec builtin_entry(std::string name, const chip_facts& chip, int chips,
                                         std::string_view chips_page, std::optional<int> vcpus,
                                         std::optional<int> host_gib, std::string_view host_page) {
  sourced n(name + ".chips", make(units::chip, chips), builtin_doc(chips_page));
  std::optional<sourced<quantity<units::dimensionless_t>>> cpus;
  if (vcpus) {
    cpus.emplace(name + ".vcpus", make(units::dimensionless, *vcpus), builtin_doc(host_page));
  }
  std::optional<sourced<quantity<units::gibibyte_t>>> host;
  if (host_gib) {
    host.emplace(name + ".host_memory", make(units::gibibyte, *host_gib), builtin_doc(host_page));
  }
  auto bf16 =
      product_as<units::flops_per_second_t>(name + ".peak_bf16", n, chip.peak_bf16_per_chip);
  std::optional<sourced<quantity<units::flops_per_second_t>>> fp8;
  if (chip.peak_fp8_per_chip) {
    fp8 = product_as<units::flops_per_second_t>(name + ".peak_fp8", n, *chip.peak_fp8_per_chip);
  }
  return instance_spec{.name = std::move(name),
                       .accelerator = chip.accelerator,
                       .chips = std::move(n),
                       .cores_per_chip = chip.cores_per_chip,
                       .accelerator_memory_per_chip = chip.memory_per_chip,
                       .vcpus = std::move(cpus),
                       .host_memory = std::move(host),
                       .peak_bf16 = std::move(bf16),
                       .peak_fp8 = std::move(fp8)};
}

}  // namespace detail

TRNCOST_DECL std::vector<instance_spec> builtin_instance_specs() {
  namespace src = catalog_sources;
  using detail::builtin_entry;

  const auto trainium = detail::trainium_facts("Trainium", "trainium", src::trainium_architecture,
                                               2, 32, "190", "190");
  const auto trainium2 = detail::trainium_facts("Trainium2", "trainium2",
                                                src::trainium2_architecture, 8, 96, "667", "1299");
  const auto trainium3 = detail::trainium_facts("Trainium3", "trainium3",
                                                src::trainium3_architecture, 8, 144, "671", "2517");
  // Inferentia2, Trainium's sister chip for inference: "Two NeuronCore-v2 cores, delivering ...
  // 190 FP16/BF16/cFP8/TF32 TFLOPS" and 32 GiB of HBM (the Neuron Inferentia2 page).
  const auto inferentia2 = detail::trainium_facts(
      "Inferentia2", "inferentia2", src::inferentia2_architecture, 2, 32, "190", "190");

  const sourced sparsity("nvidia.sparsity_speedup", make(units::dimensionless, 2),
                         assumption{std::string(src::nvidia_sparsity_rationale)});
  const auto h100 = detail::hopper_facts("NVIDIA H100 80GB", "h100_sxm", src::nvidia_h100_datasheet,
                                         80, sparsity);
  const auto h200 = detail::hopper_facts("NVIDIA H200 141GB", "h200_sxm",
                                         src::nvidia_h200_datasheet, 141, sparsity);
  const detail::chip_facts a100{
      "NVIDIA A100 40GB", std::nullopt,
      sourced("a100_40gb.memory_per_chip", make(units::gibibytes_per_chip_t{}, 40),
              detail::builtin_doc(src::ec2_accelerated_computing)),
      sourced("a100_40gb.peak_bf16_per_chip",
              quantity<units::flops_per_second_per_chip_t>::from_value(detail::tera("312")),
              detail::builtin_doc(src::nvidia_a100_datasheet)),
      std::nullopt};  // the A100 has no FP8 Tensor Cores

  const auto ec2 = src::ec2_accelerated_computing;
  std::vector<instance_spec> out;
  out.reserve(17);
  // Inf2 (the Neuron Inf2 page's table: chips, vCPUs, host memory).
  const auto inf2 = src::inf2_architecture;
  out.push_back(builtin_entry("inf2.xlarge", inferentia2, 1, inf2, 4, 16, inf2));
  out.push_back(builtin_entry("inf2.8xlarge", inferentia2, 1, inf2, 32, 128, inf2));
  out.push_back(builtin_entry("inf2.24xlarge", inferentia2, 6, inf2, 96, 384, inf2));
  out.push_back(builtin_entry("inf2.48xlarge", inferentia2, 12, inf2, 192, 768, inf2));
  out.push_back(builtin_entry("trn1.2xlarge", trainium, 1, src::trn1_architecture, 8, 32, ec2));
  out.push_back(
      builtin_entry("trn1.32xlarge", trainium, 16, src::trn1_architecture, 128, 512, ec2));
  out.push_back(
      builtin_entry("trn1n.32xlarge", trainium, 16, src::trn1_architecture, 128, 512, ec2));
  out.push_back(builtin_entry("trn2.3xlarge", trainium2, 1, src::trn2_architecture, 12, 128, ec2));
  out.push_back(
      builtin_entry("trn2.48xlarge", trainium2, 16, src::trn2_architecture, 192, 2048, ec2));
  out.push_back(
      builtin_entry("trn2u.48xlarge", trainium2, 16, src::trn2_architecture, 192, 2048, ec2));
  // The Trn2 UltraServer (four trn2u.48xlarge) under its EC2 UltraServer type name.
  out.push_back(builtin_entry("u-trn2x64", trainium2, 64, src::trn2_architecture, 768, 8192,
                              src::trn2_architecture));
  // Trn3 is sold as UltraServers only and has no public EC2 type name: these names are trncost's.
  out.push_back(builtin_entry("trn3-gen1-ultraserver", trainium3, 64, src::trn3_architecture, 768,
                              8192, src::trn3_architecture));
  out.push_back(builtin_entry("trn3-gen2-ultraserver", trainium3, 144, src::trn3_architecture, 2304,
                              27648, src::trn3_architecture));
  out.push_back(builtin_entry("p4d.24xlarge", a100, 8, ec2, 96, 1152, ec2));
  out.push_back(builtin_entry("p5.48xlarge", h100, 8, ec2, 192, 2048, ec2));
  out.push_back(builtin_entry("p5e.48xlarge", h200, 8, ec2, 192, 2048, ec2));
  out.push_back(builtin_entry("p5en.48xlarge", h200, 8, ec2, 192, 2048, ec2));
  return out;
}

}  // namespace trncost

#endif  // TRNCOST_CATALOG_IMPL_BUILTIN_IPP
