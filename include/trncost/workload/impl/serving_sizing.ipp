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
  const auto operands = [](const input_ref& r, std::size_t n) {
    return detail::derived_inputs(r, n);
  };
  const auto unit_of = [](const input_ref& r) -> const std::string& { return r->unit; };
  for (const auto& l : est.lines) {
    if (l.ph != phase::idle_capacity) continue;
    const auto chain = detail::sizing_chain_of(l.quantity, operands, unit_of);
    if (!chain) continue;
    serving_sizing s{l.component,   chain->demand,    chain->throughput, chain->utilisation,
                     chain->usable, chain->instances, std::nullopt,      std::nullopt};
    if (s.instances->known && s.throughput->known && s.demand->known) {
      std::tie(s.capacity, s.headroom) = detail::capacity_and_headroom(
          decimal::parse(s.instances->value), decimal::parse(s.throughput->value),
          decimal::parse(s.demand->value));
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_SERVING_SIZING_IPP
