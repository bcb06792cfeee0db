// A plan: several workloads over calendar time on the same grants (docs/scenario.md, "Plans"). Each
// occurrence of a workload (a fine-tune each month, a service for a quarter) spends its estimate
// evenly over its days; the plan's spend schedule is every occurrence's spend, in periods split at
// every occurrence's first and last day and at calendar months, within the plan's dates. The grants
// are applied to it by burn_down() (no projection past the plan), and the credits of each period
// are attributed to the workloads whose charges they paid.
#ifndef TRNCOST_CREDITS_PLAN_HPP
#define TRNCOST_CREDITS_PLAN_HPP

#include <cstddef>
#include <string>
#include <vector>

#include "../config.hpp"
#include "../model/estimate.hpp"
#include "burn_down.hpp"

namespace trncost::credits {

/// One run of a workload: its spend over the days [start, end).
struct occurrence {
  date start{};
  date end{};
};

/// A workload of a plan: its name, one estimate per occurrence, and its occurrences.
struct planned_workload {
  std::string name;
  estimate est;
  std::vector<occurrence> occurrences;
};

/// A workload of a plan given by one occurrence's charges (what plan_schedule makes of its
/// estimate: spend_schedule::charges_of()), as a plan's JSON document carries them.
struct planned_charges {
  std::string name;
  std::vector<charge> charges;
  std::vector<occurrence> occurrences;
};

/// The plan's spend over [start, end): each occurrence's priced lines (as charges by category and
/// service, spend_schedule::charges_of()) spread evenly over its days, prorated exactly (the parts
/// of a charge sum to it), each charge described by its workload's name; periods split at every
/// occurrence's start and end and at each 1st of a month. No projection past the plan: its rate is
/// empty. input_error naming the workload for an occurrence outside [start, end) or of no days.
[[nodiscard]] TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_workload>& w,
                                                        date start, date end);

/// The same schedule from each workload's charges (a plan's document recomputed from its inputs).
[[nodiscard]] TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_charges>& w,
                                                        date start, date end);

/// What a workload drew over the plan.
struct workload_draw {
  std::string name;
  std::size_t occurrences = 0;
  decimal spend{};    ///< every occurrence's priced total
  decimal credits{};  ///< credits attributed to it
  decimal cash{};     ///< spend - credits
  /// The credits of each grant attributed to it, in the burn-down's order of grants (a line of a
  /// grant named twice counts for the first of the name).
  std::vector<decimal> by_grant{};
};

/// Each workload's spend, credits and cash: a credit line (a period, a category, a service) is
/// split among the workloads' charges of that period, category and service in proportion to their
/// amounts (each share rounded half-even at the 18th digit, the last the remainder, so the shares
/// sum to the line).
[[nodiscard]] TRNCOST_DECL std::vector<workload_draw> attribute(
    const std::vector<planned_workload>& w, const spend_schedule& schedule,
    const burn_down_result& burned);

/// The same from each workload's charges: its spend is its charges' sum times its occurrences.
[[nodiscard]] TRNCOST_DECL std::vector<workload_draw> attribute(
    const std::vector<planned_charges>& w, const spend_schedule& schedule,
    const burn_down_result& burned);

}  // namespace trncost::credits

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/plan.ipp"
#endif

#endif  // TRNCOST_CREDITS_PLAN_HPP
