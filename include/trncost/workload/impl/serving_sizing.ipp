// The definitions of workload/serving_sizing.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_SERVING_SIZING_IPP
#define TRNCOST_WORKLOAD_IMPL_SERVING_SIZING_IPP

#include "../serving_sizing.hpp"

namespace trncost {

namespace workload::detail {

TRNCOST_DECL const std::vector<input_ref>* derived_inputs(const input_ref& r, std::size_t n) {
  if (!r) return nullptr;
  const auto* d = std::get_if<derived>(&r->origin);
  return d != nullptr && d->inputs.size() == n ? &d->inputs : nullptr;
}

}  // namespace workload::detail

namespace workload {

[[nodiscard]] TRNCOST_DECL std::vector<serving_sizing> serving_sizings(const estimate& est) {
  std::vector<serving_sizing> out;
  for (const auto& l : est.lines) {
    if (l.ph != phase::idle_capacity) continue;
    const auto* idle = detail::derived_inputs(l.quantity, 2);  // billed - busy
    const auto* billed =
        idle ? detail::derived_inputs((*idle)[0], 2) : nullptr;  // instances x period
    const input_ref instances = billed ? (*billed)[0] : nullptr;
    // A fixed fleet: max(fleet, ceil_to(needed, 1)).
    const auto* fixed = detail::derived_inputs(instances, 2);
    const input_ref sized = fixed ? (*fixed)[1] : instances;
    const auto* ceil = detail::derived_inputs(sized, 1);  // ceil_to(needed, 1)
    const auto* needed = ceil ? detail::derived_inputs((*ceil)[0], 2) : nullptr;  // demand / usable
    const auto* usable = needed ? detail::derived_inputs((*needed)[1], 2) : nullptr;
    if (usable == nullptr || instances->unit != "instance") continue;
    serving_sizing s{l.component,  (*needed)[0], (*usable)[0], (*usable)[1],
                     (*needed)[1], instances,    std::nullopt, std::nullopt};
    if (s.instances->known && s.throughput->known && s.demand->known) {
      s.capacity = decimal::parse(s.instances->value) * decimal::parse(s.throughput->value);
      s.headroom = *s.capacity - decimal::parse(s.demand->value);
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_SERVING_SIZING_IPP
