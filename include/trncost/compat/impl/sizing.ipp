// The definitions of compat/sizing.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_SIZING_IPP
#define TRNCOST_COMPAT_IMPL_SIZING_IPP

#include "../sizing.hpp"

namespace trncost {

namespace compat {

TRNCOST_DECL sourced<quantity<units::dimensionless_t>> trainium2_default_logical_core_size() {
  return sourced("trainium2.logical_core_size", make(units::dimensionless, 2),
                 documented{"AWS Neuron documentation: Logical NeuronCore configuration (Trn2 "
                            "default LNC=2); model-support tool: up to four Trainium2 devices, "
                            "i.e. sixteen cores",
                            date{2026, 11, 30}});
}

}  // namespace compat

namespace compat::detail {

TRNCOST_DECL decimal bytes_of_gb(decimal gb) { return gb * std::int64_t{1'000'000'000}; }

TRNCOST_DECL decimal bytes_of_gib(decimal gib) { return gib * std::int64_t{1'073'741'824}; }

}  // namespace compat::detail

namespace compat {

[[nodiscard]] TRNCOST_DECL std::optional<sizing_hint> suggest_instance(const catalog& cat,
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
  sizing_hint hint{
      best,
      sourced(
          "sizing_hint." + best->name, make(units::instance, 1),
          derived{"the " + need.accelerator +
                      " instance with the fewest chips "
                      "where chips * cores_per_chip >= " +
                      need.tp.name() + " * " + need.cores_per_rank.name() +
                      " and chips * memory_per_chip >= " + need.hbm_peak.name() + ": " + best->name,
                  {need.tp.record(), need.cores_per_rank.record(), need.hbm_peak.record(),
                   best->chips.record(), best->cores_per_chip->record(),
                   best->accelerator_memory_per_chip.record()}}),
      {}};
  for (auto& [chips, why] : out_of_reach) {
    if (chips < best->chips.value().value()) hint.rejected.push_back(std::move(why));
  }
  return hint;
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_SIZING_IPP
