// The definitions of catalog/instance_spec.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CATALOG_IMPL_INSTANCE_SPEC_IPP
#define TRNCOST_CATALOG_IMPL_INSTANCE_SPEC_IPP

#include "../instance_spec.hpp"

namespace trncost {

TRNCOST_DECL sourced<quantity<units::gibibyte_t>> total_accelerator_memory(
    const instance_spec& spec) {
  return product_as<units::gibibyte_t>(spec.name + ".total_accelerator_memory", spec.chips,
                                       spec.accelerator_memory_per_chip);
}

TRNCOST_DECL std::optional<sourced<quantity<units::neuron_core_t>>> total_neuron_cores(
    const instance_spec& spec) {
  if (!spec.cores_per_chip) return std::nullopt;
  return product_as<units::neuron_core_t>(spec.name + ".total_neuron_cores", spec.chips,
                                          *spec.cores_per_chip);
}

}  // namespace trncost

#endif  // TRNCOST_CATALOG_IMPL_INSTANCE_SPEC_IPP
