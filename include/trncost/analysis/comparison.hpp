// Option comparison normalised to quality: each option is an estimate plus the protocol it was
// measured under (dataset, quality metric and target, value reached, software stack). Options are
// ranked by the cost and the time to reach the target only within a group of one protocol; other
// protocols form separate groups with their differences named, and an option that did not reach the
// target (or whose cost is incomplete) is set apart with the reason, never ranked, never dropped.
#ifndef TRNCOST_ANALYSIS_COMPARISON_HPP
#define TRNCOST_ANALYSIS_COMPARISON_HPP

#include <algorithm>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/estimate.hpp"

namespace trncost::analysis {

enum class quality_direction { lower_is_better, higher_is_better };

/// What an option's quality was measured on and what it reached.
struct protocol {
  std::string dataset_id;
  std::string metric;  ///< "eval_loss", "accuracy"
  decimal target{};
  quality_direction direction = quality_direction::lower_is_better;
  std::optional<decimal> reached{};  ///< the best value measured; empty when not measured
  std::string stack;  ///< "neuronx-cc 2.21, torch-neuronx 2.8" or "CUDA 12.8, torch 2.8"

  [[nodiscard]] bool target_reached() const noexcept;
};

struct option {
  std::string name;  ///< "trn1.32xlarge x 2"
  estimate est;
  protocol proto;
  std::optional<decimal> seconds_to_target{};  ///< wall-clock time to first reach the target
  /// The work the option delivers, in the comparison's unit of work (million tokens trained...);
  /// when every comparable option of a group has it, the group ranks by cost per unit of work.
  std::optional<decimal> work{};
};

struct ranked_option {
  std::string name;
  decimal cost{};  ///< the estimate's total
  std::optional<decimal> seconds{};
  std::size_t cost_rank = 0;  ///< 1 = cheapest to reach the target (per unit of work if given)
  std::optional<std::size_t> time_rank{};  ///< 1 = fastest (when times are known)
  decimal cost_ratio{};                    ///< cost (per unit of work if given) / the cheapest
  std::optional<decimal> time_ratio{};     ///< seconds / fastest seconds
  std::string stack;
  std::optional<decimal> work{};           ///< the option's work, when given
  std::optional<decimal> cost_per_work{};  ///< cost / work, when every ranked option has work
};

struct option_set_apart {
  std::string name;
  std::string reason;
};

struct comparison_group {
  std::string dataset_id;
  std::string metric;
  decimal target{};
  quality_direction direction = quality_direction::lower_is_better;
  std::vector<std::string> differences;  ///< against the first group (empty for the first)
  std::vector<ranked_option> ranked;     ///< cheapest first
  std::vector<option_set_apart> apart;   ///< in the order given
};

struct comparison {
  std::vector<comparison_group> groups;  ///< in the order their first option was given
  [[nodiscard]] std::size_t option_count() const noexcept;
};

namespace detail {

TRNCOST_DECL std::string direction_text(quality_direction d);

TRNCOST_DECL std::vector<std::string> protocol_differences(const comparison_group& base,
                                                           const protocol& p);

}  // namespace detail

/// Groups the options by protocol and ranks each group's comparable options.
TRNCOST_DECL comparison compare(const std::vector<option>& options);

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/comparison.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_COMPARISON_HPP
