// The sizing of an always-on service read back from its estimate, for the reports: the demand the
// fleet is sized for, the usable capacity per instance, the instances needed and the headroom.
// add_serving() (serving.hpp) writes the idle-capacity line's quantity as
//   billed - busy,  billed = instances x period,  instances = ceil_to(sizing demand / usable, 1),
//   usable = throughput per instance x target utilisation,
// so that line's records hold every figure but the capacity and the headroom, which are computed
// here as add_serving() computes them (capacity = instances x throughput; headroom = capacity -
// sizing demand). A line of another shape gives no sizing: nothing is guessed.
#ifndef TRNCOST_WORKLOAD_SERVING_SIZING_HPP
#define TRNCOST_WORKLOAD_SERVING_SIZING_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "../model/estimate.hpp"

namespace trncost::workload {

/// One always-on service's sizing, as its estimate records it.
struct serving_sizing {
  std::string component;  ///< "qwen3-32b-service"
  input_ref demand;       ///< the sizing demand: the peak when given, else the average
  input_ref throughput;   ///< per instance, at the latency target
  input_ref utilisation;  ///< the target utilisation
  input_ref usable;       ///< throughput x utilisation, per instance
  input_ref instances;    ///< ceil(demand / usable)
  std::optional<decimal> capacity;  ///< instances x throughput; empty when a figure is unknown
  std::optional<decimal> headroom;  ///< capacity - demand: what is left over at the sizing demand
};

namespace detail {

/// The inputs of a derived record when it has exactly `n`, else none.
inline const std::vector<input_ref>* derived_inputs(const input_ref& r, std::size_t n) {
  if (!r) return nullptr;
  const auto* d = std::get_if<derived>(&r->origin);
  return d != nullptr && d->inputs.size() == n ? &d->inputs : nullptr;
}

}  // namespace detail

/// Every always-on service of `est` (a line of phase idle capacity, one per service), in line order.
[[nodiscard]] inline std::vector<serving_sizing> serving_sizings(const estimate& est) {
  std::vector<serving_sizing> out;
  for (const auto& l : est.lines) {
    if (l.ph != phase::idle_capacity) continue;
    const auto* idle = detail::derived_inputs(l.quantity, 2);        // billed - busy
    const auto* billed = idle ? detail::derived_inputs((*idle)[0], 2) : nullptr;  // instances x period
    const input_ref instances = billed ? (*billed)[0] : nullptr;
    const auto* ceil = detail::derived_inputs(instances, 1);         // ceil_to(needed, 1)
    const auto* needed = ceil ? detail::derived_inputs((*ceil)[0], 2) : nullptr;  // demand / usable
    const auto* usable = needed ? detail::derived_inputs((*needed)[1], 2) : nullptr;
    if (usable == nullptr || instances->unit != "instance") continue;
    serving_sizing s{l.component, (*needed)[0], (*usable)[0], (*usable)[1], (*needed)[1],
                     instances, std::nullopt, std::nullopt};
    if (s.instances->known && s.throughput->known && s.demand->known) {
      s.capacity = decimal::parse(s.instances->value) * decimal::parse(s.throughput->value);
      s.headroom = *s.capacity - decimal::parse(s.demand->value);
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_SERVING_SIZING_HPP
