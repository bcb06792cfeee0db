// A plan: several workloads over calendar time on the same grants (docs/scenario.md, "Plans"). Each
// occurrence of a workload (a fine-tune each month, a service for a quarter) spends its estimate
// evenly over its time: whole days, or a run's exact length in seconds from its first day's 00:00,
// its last day weighing the part of it the run takes; the plan's spend schedule is every
// occurrence's spend, in periods split at every occurrence's first and last day and at calendar
// months, within the plan's dates. The grants
// are applied to it by burn_down() (no projection past the plan), and the credits of each period
// are attributed to the workloads whose charges they paid.
#ifndef TRNCOST_CREDITS_PLAN_HPP
#define TRNCOST_CREDITS_PLAN_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../config.hpp"
#include "../model/estimate.hpp"
#include "burn_down.hpp"

namespace trncost::credits {

/// The schema version of a plan's JSON document (schema trncost.plan, docs/reports.md "Plans") that
/// trncost writes; its readers (`trncost audit`, tools/verify_report.py) read every version up to
/// it. Version 2 added each occurrence's `seconds`: a version 1 document's occurrences are whole
/// days. Version 3 added each workload's `pricings`: its occurrences grouped by the prices in force
/// on their days, each group with its charges (before it, every occurrence cost the workload's
/// `charges`).
inline constexpr int plan_schema_version = 3;
inline constexpr int plan_seconds_schema_version = 2;
inline constexpr int plan_pricings_schema_version = 3;

/// One run of a workload: its spend over the days [start, end), or over its first `seconds` from
/// start 00:00 when it ends during its last day.
struct occurrence {
  date start{};
  date end{};  ///< the day after its last day
  /// Its length in seconds: more than (end - start - 1) days and at most (end - start) days. 0 (or
  /// exactly the days): the whole days [start, end).
  std::int64_t seconds = 0;
};

/// An occurrence's length in seconds: `seconds`, or its whole days x 86,400.
[[nodiscard]] TRNCOST_DECL std::int64_t length_seconds(const occurrence& o);

/// A workload of a plan: its name, what an occurrence costs, and its occurrences.
struct planned_workload {
  std::string name;
  estimate est;  ///< every occurrence's, unless by_occurrence says otherwise
  std::vector<occurrence> occurrences;
  /// Empty, or one estimate per occurrence (in order): what each costs when they differ (a price
  /// with a new version in force from a day between them).
  std::vector<estimate> by_occurrence{};
};

/// A workload of a plan given by one occurrence's charges (what plan_schedule makes of its
/// estimate: spend_schedule::charges_of()), as a plan's JSON document carries them.
struct planned_charges {
  std::string name;
  std::vector<charge> charges;  ///< every occurrence's, unless by_occurrence says otherwise
  std::vector<occurrence> occurrences;
  /// Empty, or one occurrence's charges per occurrence (in order), when they differ.
  std::vector<std::vector<charge>> by_occurrence{};
};

/// The plan's spend over [start, end): each occurrence's priced lines (as charges by category and
/// service, spend_schedule::charges_of()) spread evenly over its days, prorated exactly (the parts
/// of a charge sum to it), each charge described by its workload's name; periods split at every
/// occurrence's start and end and at each 1st of a month. An occurrence of `seconds` is spread by
/// the second (a period's weight: the seconds of the run in it) and its last, partial day is a
/// period of its own, so that every period spends evenly over its days. No projection past the
/// plan: its rate is empty. input_error naming the workload for an occurrence outside [start, end),
/// of no days, or whose seconds do not end in its last day, and for a by_occurrence that does not
/// have one entry per occurrence.
[[nodiscard]] TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_workload>& w,
                                                        date start, date end);

/// The same schedule from each workload's charges (a plan's document recomputed from its inputs).
[[nodiscard]] TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_charges>& w,
                                                        date start, date end);

/// What a workload drew over the plan.
struct workload_draw {
  std::string name;
  std::size_t occurrences = 0;
  decimal spend{};    ///< the sum of its occurrences' priced totals
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

/// The same from each workload's charges: its spend is the sum of its occurrences' charges.
[[nodiscard]] TRNCOST_DECL std::vector<workload_draw> attribute(
    const std::vector<planned_charges>& w, const spend_schedule& schedule,
    const burn_down_result& burned);

}  // namespace trncost::credits

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/plan.ipp"
#endif

#endif  // TRNCOST_CREDITS_PLAN_HPP
