// The catalog's dense peak a workload's MFU is a share of, for the kinds that name it (frontier,
// sized from its compute; instance_time, whose runs state their MFU): the `precision` key ("bf16",
// the default, or "fp8"), its rule and the peak it selects. One place for both.
#ifndef TRNCOST_SCENARIO_KINDS_PEAK_IPP
#define TRNCOST_SCENARIO_KINDS_PEAK_IPP

#include "../../catalog/catalog.hpp"
#include "../../workload/training.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

/// `precision`, when written, is "bf16" or "fp8".
inline void precision_rule(const scenario_parser& ps, const toml::table& t,
                           const std::string& path) {
  if (const toml::node* p = t.get("precision")) {
    const auto v = p->value<std::string>();
    if (!v || (*v != "bf16" && *v != "fp8")) {
      ps.fail_at(ps.line_of(*p), ps.join(path, "precision"),
                 "is \"bf16\" or \"fp8\": the catalog's dense peak the MFU applies to");
    }
  }
}

/// The catalog's dense peak of one whole `type` instance at the component's precision.
inline const sourced<quantity<units::flops_per_second_t>>& catalog_peak(const scenario_component& c,
                                                                        const std::string& type) {
  const auto precision = c.text.find("precision");
  const bool fp8 = precision != c.text.end() && precision->second == "fp8";
  return workload::node_peak(catalog::builtin().at(type), fp8);
}

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_PEAK_IPP
