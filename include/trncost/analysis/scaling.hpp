// Multi-node scaling: measured throughput at several node counts gives the scaling efficiency, and
// the time and cost of a job at each count. Doubling nodes rarely halves wall time; an
// extrapolation beyond the measured counts follows a stated model and is marked derived, never
// measured.
#ifndef TRNCOST_ANALYSIS_SCALING_HPP
#define TRNCOST_ANALYSIS_SCALING_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "unit_economics.hpp"

namespace trncost::analysis {

using node_count = quantity<units::instance_t>;
using token_rate = quantity<units::tokens_per_second_t>;

/// Throughput measured (or quoted) at one node count.
struct scaling_point {
  sourced<node_count> nodes;
  sourced<token_rate> throughput;
};

/// One node count: its throughput, efficiency against the smallest measured count, and the time
/// and cost of a job of `tokens` at that count.
struct scaling_row {
  decimal nodes{};
  bool measured = true;  ///< false for an extrapolated count
  sourced<token_rate> throughput;
  sourced<fraction> efficiency;
  sourced<quantity<units::second_t>> time;
  sourced<money> cost;
};

class scaling_curve {
 public:
  /// Points in any order; node counts distinct and positive, throughputs positive.
  explicit scaling_curve(std::vector<scaling_point> points);

  [[nodiscard]] const std::vector<scaling_point>& points() const noexcept { return points_; }

  /// (T_n / T_0) / (n / n_0) against the smallest measured count n_0: 1 is linear scaling.
  [[nodiscard]] sourced<fraction> efficiency(std::size_t i) const;

  /// Time and cost of a job of `tokens` at every measured count.
  [[nodiscard]] std::vector<scaling_row> rows(
      const sourced<quantity<units::token_t>>& tokens,
      const sourced<quantity<units::usd_per_instance_hour_t>>& price) const;

  /// A count beyond the largest measured one, `target = n_max * 2^k`, assuming the efficiency
  /// falls by the same fraction `loss_per_doubling` at each doubling:
  ///   efficiency = efficiency(n_max) * (1 - loss)^k,  throughput = T_0 * (target / n_0) *
  ///   efficiency.
  /// The result is derived from the stated loss (usually an assumption, which keeps it
  /// provisional).
  [[nodiscard]] scaling_row extrapolate(
      std::uint64_t target, const sourced<fraction>& loss_per_doubling,
      const sourced<quantity<units::token_t>>& tokens,
      const sourced<quantity<units::usd_per_instance_hour_t>>& price) const;

 private:
  static scaling_row row(const sourced<node_count>& nodes, const sourced<token_rate>& throughput,
                         sourced<fraction> efficiency, bool measured,
                         const sourced<quantity<units::token_t>>& tokens,
                         const sourced<quantity<units::usd_per_instance_hour_t>>& price);

  std::vector<scaling_point> points_;
};

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/scaling.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_SCALING_HPP
