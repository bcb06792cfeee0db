// The instance types trncost knows out of the box (Trainium, Trainium2, Trainium3, and the NVIDIA
// GPU instances they are compared with), each figure sourced from the page it was read on.
#ifndef TRNCOST_CATALOG_BUILTIN_HPP
#define TRNCOST_CATALOG_BUILTIN_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/date.hpp"
#include "../provenance/provenance.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "instance_spec.hpp"

namespace trncost {

/// The day the built-in entries' sources were read.
inline constexpr date builtin_catalog_consulted{2026, 11, 30};

/// The pages the built-in entries cite, as their `documented::source` / `assumption::rationale`
/// texts: the page's title, then its URL. docs/catalog.md lists which figure comes from which page.
namespace catalog_sources {
inline constexpr std::string_view trn1_architecture =
    "AWS Neuron documentation: Trn1/Trn1n Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trn1-arch.html";
inline constexpr std::string_view trainium_architecture =
    "AWS Neuron documentation: Trainium Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trainium.html";
inline constexpr std::string_view trn2_architecture =
    "AWS Neuron documentation: Amazon EC2 Trn2 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trn2-arch.html";
inline constexpr std::string_view trainium2_architecture =
    "AWS Neuron documentation: Trainium2 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trainium2.html";
inline constexpr std::string_view trn3_architecture =
    "AWS Neuron documentation: Amazon EC2 Trn3 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trn3-arch.html";
inline constexpr std::string_view trainium3_architecture =
    "AWS Neuron documentation: Trainium3 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/"
    "neuron-hardware/trainium3.html";
inline constexpr std::string_view inf2_architecture =
    "AWS Neuron documentation: Amazon EC2 Inf2 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/general/arch/neuron-hardware/"
    "inf2-arch.html";
inline constexpr std::string_view inferentia2_architecture =
    "AWS Neuron documentation: Inferentia2 Architecture, "
    "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/general/arch/neuron-hardware/"
    "inferentia2.html";
inline constexpr std::string_view ec2_accelerated_computing =
    "AWS EC2 documentation: Specifications for Amazon EC2 accelerated computing instances, "
    "https://docs.aws.amazon.com/ec2/latest/instancetypes/ac.html";
inline constexpr std::string_view nvidia_a100_datasheet =
    "NVIDIA A100 Tensor Core GPU datasheet (linked from its product page), "
    "https://www.nvidia.com/en-us/data-center/a100/";
inline constexpr std::string_view nvidia_h100_datasheet =
    "NVIDIA H100 Tensor Core GPU datasheet (H100 SXM, with sparsity; linked from its product "
    "page), "
    "https://www.nvidia.com/en-us/data-center/h100/";
inline constexpr std::string_view nvidia_h200_datasheet =
    "NVIDIA H200 Tensor Core GPU datasheet (H200 SXM, with sparsity; linked from its product "
    "page), "
    "https://www.nvidia.com/en-us/data-center/h200/";
/// Why a Hopper dense peak is half the datasheet figure: the datasheets print only "with sparsity"
/// Tensor Core peaks; halving them is our step, so it is an assumption, visible as one.
inline constexpr std::string_view nvidia_sparsity_rationale =
    "NVIDIA's H100 and H200 datasheets quote Tensor Core peaks with 2:4 structured sparsity, twice "
    "the dense peak (the A100 datasheet prints both: BF16 312 TFLOPS dense, 624 with sparsity)";
}  // namespace catalog_sources

namespace detail {

/// `text` TFLOP/s (or TFLOP/s per chip) as an exact value in FLOP/s.
TRNCOST_DECL decimal tera(std::string_view text);

TRNCOST_DECL documented builtin_doc(std::string_view source);

/// The per-chip facts of one accelerator model, shared (as records) by every instance built on it.
struct chip_facts {
  std::string accelerator;
  std::optional<sourced<quantity<units::neuron_cores_per_chip_t>>> cores_per_chip;
  sourced<quantity<units::gibibytes_per_chip_t>> memory_per_chip;
  sourced<quantity<units::flops_per_second_per_chip_t>> peak_bf16_per_chip;
  std::optional<sourced<quantity<units::flops_per_second_per_chip_t>>> peak_fp8_per_chip;
};

/// Trainium-family per-chip facts, all from the chip's Neuron architecture page.
TRNCOST_DECL chip_facts trainium_facts(std::string accelerator, std::string_view key,
                                       std::string_view page, int cores, int memory_gib,
                                       std::string_view bf16_tflops, std::string_view fp8_tflops);

/// Hopper per-chip facts: memory as AWS documents it for the instance, dense peaks derived from the
/// datasheet's with-sparsity figures divided by `sparsity`.
TRNCOST_DECL chip_facts hopper_facts(std::string accelerator, std::string_view key,
                                     std::string_view datasheet, int memory_gib,
                                     const sourced<quantity<units::dimensionless_t>>& sparsity);

/// An entry: `chips` of `chip`; the instance peaks are chips x the per-chip peaks (derived), vCPUs
/// and host memory are documented on `host_page` when given.
TRNCOST_DECL instance_spec builtin_entry(std::string name, const chip_facts& chip, int chips,
                                         std::string_view chips_page, std::optional<int> vcpus,
                                         std::optional<int> host_gib, std::string_view host_page);

}  // namespace detail

/// The built-in entries, in no particular order (catalog::builtin() sorts them by name). Every
/// figure is `documented` (consulted on builtin_catalog_consulted) or `derived` from documented
/// figures: instance peaks are chips x the per-chip peak, so a rounded published instance figure
/// ("10.7 PFLOPS") never replaces the exact product (10,672 TFLOP/s). The Hopper dense peaks also
/// rest on one `assumption` (catalog_sources::nvidia_sparsity_rationale). See docs/catalog.md.
TRNCOST_DECL std::vector<instance_spec> builtin_instance_specs();

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/builtin.ipp"
#endif

#endif  // TRNCOST_CATALOG_BUILTIN_HPP
