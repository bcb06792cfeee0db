// Sizing hint: from a passing row's tp and hbm_peak_gb, the smallest catalog instance that holds
// the model, as a derived value whose inputs are the row's values and the catalog's figures.
#ifndef TRNCOST_COMPAT_SIZING_HPP
#define TRNCOST_COMPAT_SIZING_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../catalog/catalog.hpp"
#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::compat {

/// What a test needed: `tp` NeuronCores as the dataset counts them, each `cores_per_rank` physical
/// NeuronCores of the catalog (the Logical NeuronCore size: 2 by default on Trainium2), and
/// `hbm_peak` of accelerator memory, on instances of `accelerator`.
struct sizing_need {
  sourced<quantity<units::neuron_core_t>> tp;
  sourced<quantity<units::gigabyte_t>> hbm_peak;
  sourced<quantity<units::dimensionless_t>> cores_per_rank;
  std::string accelerator{"Trainium2"};
};

/// Trainium2's default Logical NeuronCore size (LNC=2): one core the dataset counts is two physical
/// NeuronCores, which is how "four Trainium2 devices" are "sixteen cores"
/// (docs/domain.md#model-support-dataset).
TRNCOST_DECL sourced<quantity<units::dimensionless_t>> trainium2_default_logical_core_size();

/// The suggestion: the instance, and "1 instance" of it as a value derived from every figure used.
struct sizing_hint {
  const instance_spec* spec = nullptr;
  sourced<quantity<units::instance_t>> instances;
  std::vector<std::string> rejected;  ///< smaller instances of the accelerator, and why each is out
};

namespace detail {

/// Bytes of a GB or GiB figure, exactly (10^9 and 2^30 bytes).
TRNCOST_DECL decimal bytes_of_gb(decimal gb);
TRNCOST_DECL decimal bytes_of_gib(decimal gib);

}  // namespace detail

/// The instance of `need.accelerator` with the fewest chips (then the first by name) whose physical
/// NeuronCores cover tp x cores_per_rank and whose accelerator memory holds hbm_peak (compared in
/// bytes: GB are 10^9 B, GiB 2^30 B). Empty when no instance of the catalog holds it. Instances
/// without NeuronCores (GPUs) are never suggested.
[[nodiscard]] TRNCOST_DECL std::optional<sizing_hint> suggest_instance(const catalog& cat,
                                                                       const sizing_need& need);

}  // namespace trncost::compat

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/sizing.ipp"
#endif

#endif  // TRNCOST_COMPAT_SIZING_HPP
