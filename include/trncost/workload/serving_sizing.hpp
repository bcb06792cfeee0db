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
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../model/estimate.hpp"

namespace trncost::workload {

/// One always-on service's sizing, as its estimate records it.
struct serving_sizing {
  std::string component;            ///< "qwen3-32b-service"
  input_ref demand;                 ///< the sizing demand: the peak when given, else the average
  input_ref throughput;             ///< per instance, at the latency target
  input_ref utilisation;            ///< the target utilisation
  input_ref usable;                 ///< throughput x utilisation, per instance
  input_ref instances;              ///< ceil(demand / usable)
  std::optional<decimal> capacity;  ///< instances x throughput; empty when a figure is unknown
  std::optional<decimal> headroom;  ///< capacity - demand: what is left over at the sizing demand
};

namespace detail {

/// The inputs of a derived record when it has exactly `n`, else none.
TRNCOST_DECL const std::vector<input_ref>* derived_inputs(const input_ref& r, std::size_t n);

/// The records of one service's sizing, whatever holds them: an estimate's records (input_ref) or
/// a report's names (std::string).
template <class Ref>
struct sizing_chain {
  Ref demand, throughput, utilisation, usable, instances;
};

/// The one walk from an idle-capacity line's quantity to its sizing, as add_serving() writes it:
///   billed - busy, billed = instances x period, instances = ceil_to(demand / usable, 1) (or, for
///   a fixed fleet, max(fleet, ceil_to(demand / usable, 1))), usable = throughput x utilisation.
/// `operands(ref, n)` gives a derivation's operands when it has exactly `n` (a pointer to a
/// std::vector<Ref>, or null); `unit_of(ref)` its unit. A quantity of another shape gives none.
template <class Ref, class Operands, class UnitOf>
[[nodiscard]] std::optional<sizing_chain<Ref>> sizing_chain_of(const Ref& quantity,
                                                               Operands&& operands,
                                                               UnitOf&& unit_of) {
  const auto* idle = operands(quantity, 2);                       // billed - busy
  const auto* billed = idle ? operands((*idle)[0], 2) : nullptr;  // instances x period
  if (billed == nullptr) return std::nullopt;
  const Ref instances = (*billed)[0];
  const auto* fixed = operands(instances, 2);  // a fixed fleet: max(fleet, ceil_to(needed, 1))
  const Ref sized = fixed ? (*fixed)[1] : instances;
  const auto* ceil = operands(sized, 1);                              // ceil_to(needed, 1)
  const auto* needed = ceil ? operands((*ceil)[0], 2) : nullptr;      // demand / usable
  const auto* usable = needed ? operands((*needed)[1], 2) : nullptr;  // throughput x share
  if (usable == nullptr || unit_of(instances) != "instance") return std::nullopt;
  return sizing_chain<Ref>{(*needed)[0], (*usable)[0], (*usable)[1], (*needed)[1], instances};
}

/// What the fleet can serve and what is left at the sizing demand, as add_serving() computes
/// them: capacity = instances x throughput, headroom = capacity - demand.
[[nodiscard]] inline std::pair<decimal, decimal> capacity_and_headroom(decimal instances,
                                                                       decimal throughput,
                                                                       decimal demand) {
  const decimal capacity = instances * throughput;
  return {capacity, capacity - demand};
}

}  // namespace detail

/// Every always-on service of `est` (a line of phase idle capacity, one per service), in line
/// order.
[[nodiscard]] TRNCOST_DECL std::vector<serving_sizing> serving_sizings(const estimate& est);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/serving_sizing.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_SERVING_SIZING_HPP
