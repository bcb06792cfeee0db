// Unit economics: the unit that matters is the cost per completed run or per million tokens served,
// not the hourly rate. Every result is a sourced value derived from its inputs, with its formula.
#ifndef TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP
#define TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::analysis {

using fraction = quantity<units::dimensionless_t>;
using usd_per_job = quantity<units::usd_per_job_t>;
using usd_per_million_tokens = quantity<units::usd_per_million_tokens_t>;

namespace detail {

using trncost::detail::derive_named;

TRNCOST_DECL void require_fraction(const sourced<fraction>& u, std::string_view what);

}  // namespace detail

/// Cost per completed training run: what every attempt cost, failed ones included, divided by the
/// runs that completed. `all_attempts` must include the failed attempts' cost.
TRNCOST_DECL sourced<usd_per_job> cost_per_completed_run(
    const sourced<money>& all_attempts, const sourced<quantity<units::job_t>>& completed);

/// Refused with one sentence: cost_per_completed_run of other units (instances for runs).
template <class Cost, class Runs>
requires(!(std::is_same_v<Cost, money> && std::is_same_v<Runs, quantity<units::job_t>>)) refused
    cost_per_completed_run(const sourced<Cost>&, const sourced<Runs>&) {
  constexpr bool refused_call = trncost::detail::refuses<sizeof(Runs)>;
  static_assert(refused_call,
                "trncost: cost_per_completed_run(cost, completed) takes the cost of every attempt "
                "in USD (sourced<money>) and the completed runs in jobs (units::job), not "
                "instances or hours; see docs/troubleshooting.md#unit-economics-arguments");
  return {};
}

/// Cost per million tokens served by a fleet billed by the hour:
///   instances * price * 1,000,000 / (throughput * utilization * 3600)
/// where `throughput` is what the fleet serves when busy (tokens/s) and `utilization` the share of
/// billed time it is busy. The hourly bill is the same at 40 % and at 90 %; the unit cost is not.
TRNCOST_DECL sourced<usd_per_million_tokens> cost_per_million_tokens(
    const sourced<quantity<units::instance_t>>& instances,
    const sourced<quantity<units::usd_per_instance_hour_t>>& price,
    const sourced<quantity<units::tokens_per_second_t>>& throughput,
    const sourced<fraction>& utilization);

/// Refused with one sentence: cost_per_million_tokens with its arguments swapped or in other units.
template <class Instances, class Price, class Throughput, class Utilization>
requires(!(std::is_same_v<Instances, quantity<units::instance_t>> &&
           std::is_same_v<Price, quantity<units::usd_per_instance_hour_t>> &&
           std::is_same_v<Throughput, quantity<units::tokens_per_second_t>> &&
           std::is_same_v<Utilization, fraction>)) refused
    cost_per_million_tokens(const sourced<Instances>&, const sourced<Price>&,
                            const sourced<Throughput>&, const sourced<Utilization>&) {
  constexpr bool refused_call = trncost::detail::refuses<sizeof(Price)>;
  static_assert(refused_call,
                "trncost: cost_per_million_tokens takes (instances, price in USD/instance-h, "
                "throughput in token/s, utilization as a fraction), in that order and those units; "
                "see docs/troubleshooting.md#unit-economics-arguments");
  return {};
}

/// Billed minus useful: what was paid for time that produced nothing, and its share of the bill.
struct idle_cost_result {
  sourced<money> idle;
  sourced<fraction> share;
};

TRNCOST_DECL idle_cost_result idle_cost(const sourced<money>& billed, const sourced<money>& useful);

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/unit_economics.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_UNIT_ECONOMICS_HPP
