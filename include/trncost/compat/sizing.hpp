// Sizing hint: from a passing row's tp and hbm_peak_gb, the smallest catalog instance that holds the
// model, as a derived value whose inputs are the row's values and the catalog's figures.
#ifndef TRNCOST_COMPAT_SIZING_HPP
#define TRNCOST_COMPAT_SIZING_HPP

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../catalog/catalog.hpp"
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
/// NeuronCores, which is how "four Trainium2 devices" are "sixteen cores" in source 004.
inline sourced<quantity<units::dimensionless_t>> trainium2_default_logical_core_size() {
  return sourced("trainium2.logical_core_size", make(units::dimensionless, 2),
                 documented{"AWS Neuron documentation: Logical NeuronCore configuration (Trn2 "
                            "default LNC=2); model-support tool: up to four Trainium2 devices, "
                            "i.e. sixteen cores",
                            date{std::chrono::year{2026}, std::chrono::month{11},
                                 std::chrono::day{30}}});
}

/// The suggestion: the instance, and "1 instance" of it as a value derived from every figure used.
struct sizing_hint {
  const instance_spec* spec = nullptr;
  sourced<quantity<units::instance_t>> instances;
  std::vector<std::string> rejected;  ///< smaller instances of the accelerator, and why each is out
};

namespace detail {

/// Bytes of a GB or GiB figure, exactly (10^9 and 2^30 bytes).
inline decimal bytes_of_gb(decimal gb) { return gb * std::int64_t{1'000'000'000}; }
inline decimal bytes_of_gib(decimal gib) { return gib * std::int64_t{1'073'741'824}; }

}  // namespace detail

/// The instance of `need.accelerator` with the fewest chips (then the first by name) whose physical
/// NeuronCores cover tp x cores_per_rank and whose accelerator memory holds hbm_peak (compared in
/// bytes: GB are 10^9 B, GiB 2^30 B). Empty when no instance of the catalog holds it. Instances
/// without NeuronCores (GPUs) are never suggested.
[[nodiscard]] inline std::optional<sizing_hint> suggest_instance(const catalog& cat,
                                                                 const sizing_need& need) {
  if (need.tp.value().value().signum() <= 0) {
    throw input_error("sizing: '" + need.tp.name() + "' must be positive");
  }
  if (need.cores_per_rank.value().value().signum() <= 0) {
    throw input_error("sizing: '" + need.cores_per_rank.name() + "' must be positive");
  }
  const decimal cores_needed = need.tp.value().value() * need.cores_per_rank.value().value();
  const decimal bytes_needed = detail::bytes_of_gb(need.hbm_peak.value().value());
  const instance_spec* best = nullptr;
  std::vector<std::pair<decimal, std::string>> out_of_reach;
  for (const auto& spec : cat) {
    if (spec.accelerator != need.accelerator || !spec.cores_per_chip) continue;
    const decimal chips = spec.chips.value().value();
    const decimal cores = chips * spec.cores_per_chip->value().value();
    const decimal gib = chips * spec.accelerator_memory_per_chip.value().value();
    std::string why;
    if (cores < cores_needed) {
      why = cores.to_string() + " NeuronCores < " + cores_needed.to_string() + " needed";
    }
    if (detail::bytes_of_gib(gib) < bytes_needed) {
      why += (why.empty() ? "" : "; ") + gib.to_string() + " GiB < " +
             need.hbm_peak.value().value().to_string() + " GB needed";
    }
    if (!why.empty()) {
      out_of_reach.emplace_back(chips, spec.name + ": " + why);
      continue;
    }
    if (best == nullptr || chips < best->chips.value().value()) best = &spec;
  }
  if (best == nullptr) return std::nullopt;
  sizing_hint hint{best,
                   sourced("sizing_hint." + best->name, make(units::instance, 1),
                           derived{"the " + need.accelerator + " instance with the fewest chips "
                                   "where chips * cores_per_chip >= " + need.tp.name() + " * " +
                                   need.cores_per_rank.name() + " and chips * memory_per_chip >= " +
                                   need.hbm_peak.name() + ": " + best->name,
                                   {need.tp.record(), need.cores_per_rank.record(),
                                    need.hbm_peak.record(), best->chips.record(),
                                    best->cores_per_chip->record(),
                                    best->accelerator_memory_per_chip.record()}}),
                   {}};
  for (auto& [chips, why] : out_of_reach) {
    if (chips < best->chips.value().value()) hint.rejected.push_back(std::move(why));
  }
  return hint;
}

}  // namespace trncost::compat

#endif  // TRNCOST_COMPAT_SIZING_HPP
