// instance_spec: what one instance type (or UltraServer) offers a cost model: its accelerators,
// their memory and peak FLOP/s, and its host, each figure a sourced value that says where it comes
// from.
#ifndef TRNCOST_CATALOG_INSTANCE_SPEC_HPP
#define TRNCOST_CATALOG_INSTANCE_SPEC_HPP

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::units {

// Per-chip rates an instance spec states. They are aliases of Boost.Units products of trncost's own
// units, named here (with their symbols) because the catalog is what needs them.

/// NeuronCores per chip (8 for a Trainium2).
using neuron_cores_per_chip_t = per<neuron_core_t, chip_t>;
/// Accelerator memory per chip (96 GiB for a Trainium2).
using gibibytes_per_chip_t = per<gibibyte_t, chip_t>;
/// Peak FLOP/s per chip (667 TFLOP/s dense BF16 for a Trainium2).
using flops_per_second_per_chip_t = per<flops_per_second_t, chip_t>;

template <>
inline constexpr std::string_view symbol_v<neuron_cores_per_chip_t>{"NeuronCore/chip"};
template <>
inline constexpr std::string_view symbol_v<gibibytes_per_chip_t>{"GiB/chip"};
template <>
inline constexpr std::string_view symbol_v<flops_per_second_per_chip_t>{"FLOP/s/chip"};

}  // namespace trncost::units

namespace trncost {

/// One instance type (or UltraServer) as a cost model sees it. `chips`,
/// `accelerator_memory_per_chip` and `peak_bf16` are required; an optional figure is empty where
/// the fact does not apply (NeuronCores on a GPU, FP8 on an A100) or is not published, and an empty
/// optional is never read as zero. Peaks are dense (no structured sparsity) and for the whole
/// instance. Aggregate-initialise it with designated initializers; see docs/catalog.md.
struct instance_spec {
  /// The key the catalog looks it up by: "trn1.32xlarge".
  std::string name{};
  /// The accelerator model: "Trainium2", "NVIDIA H100 80GB".
  std::string accelerator{};
  sourced<quantity<units::chip_t>> chips;
  /// NeuronCores per chip (Trainium); empty for GPUs.
  std::optional<sourced<quantity<units::neuron_cores_per_chip_t>>> cores_per_chip{};
  sourced<quantity<units::gibibytes_per_chip_t>> accelerator_memory_per_chip;
  /// Host vCPUs, a count (dimensionless).
  std::optional<sourced<quantity<units::dimensionless_t>>> vcpus{};
  std::optional<sourced<quantity<units::gibibyte_t>>> host_memory{};
  /// Dense BF16 peak of the whole instance.
  sourced<quantity<units::flops_per_second_t>> peak_bf16;
  /// Dense 8-bit floating-point peak of the whole instance, in the 8-bit format the vendor quotes
  /// (cFP8 on Trainium, FP8 on Trainium2 and Hopper, MXFP8 on Trainium3); empty where there is
  /// none.
  std::optional<sourced<quantity<units::flops_per_second_t>>> peak_fp8{};
};

/// a * b as a quantity of `Unit`, named `name`, keeping the derived provenance that sourced
/// arithmetic records ("a * b" from both). For products whose unit is `Unit` up to Boost.Units'
/// spelling of it: chips x GiB/chip as GiB. (A general sourced-arithmetic helper; it lives here
/// because the catalog is its first user.)
template <class Unit, class A, class B>
sourced<quantity<Unit>> product_as(std::string name, const sourced<A>& a, const sourced<B>& b) {
  const auto p = a * b;
  return sourced<quantity<Unit>>(std::move(name), quantity<Unit>(p.value()), p.origin());
}

/// a / b as a quantity of `Unit`, the same way: FLOP/s / chips as FLOP/s/chip.
template <class Unit, class A, class B>
sourced<quantity<Unit>> quotient_as(std::string name, const sourced<A>& a, const sourced<B>& b) {
  const auto q = a / b;
  return sourced<quantity<Unit>>(std::move(name), quantity<Unit>(q.value()), q.origin());
}

/// All the accelerator memory of an instance: chips x memory per chip, derived from both and named
/// "<name>.total_accelerator_memory".
TRNCOST_DECL sourced<quantity<units::gibibyte_t>> total_accelerator_memory(
    const instance_spec& spec);

/// All the NeuronCores of an instance: chips x NeuronCores per chip, derived from both and named
/// "<name>.total_neuron_cores"; empty when the instance has none (GPUs).
TRNCOST_DECL std::optional<sourced<quantity<units::neuron_core_t>>> total_neuron_cores(
    const instance_spec& spec);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/instance_spec.ipp"
#endif

#endif  // TRNCOST_CATALOG_INSTANCE_SPEC_HPP
