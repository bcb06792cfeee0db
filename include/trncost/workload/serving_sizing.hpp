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

}  // namespace detail

/// Every always-on service of `est` (a line of phase idle capacity, one per service), in line
/// order.
[[nodiscard]] TRNCOST_DECL std::vector<serving_sizing> serving_sizings(const estimate& est);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/serving_sizing.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_SERVING_SIZING_HPP
