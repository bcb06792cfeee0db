// Applying credit grants to a spend schedule: per period, the credits used, the spend they do not
// cover (and why), the balance left, the runway (the day the credits stop paying) and the waste at
// expiry. A balance still valid after the schedule is projected at the schedule's rate until it
// runs out or its last valid day passes. All money is exact (a charge split by days is rounded
// half-even at the 18th digit, docs/credits.md); the only approximation is the day a balance runs
// out inside a period, which assumes the period's spend is spread evenly over its days.
#ifndef TRNCOST_CREDITS_BURN_DOWN_HPP
#define TRNCOST_CREDITS_BURN_DOWN_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/aws_service.hpp"
#include "../model/category.hpp"
#include "../model/estimate.hpp"
#include "../provenance/date.hpp"
#include "../units/decimal.hpp"
#include "grant.hpp"

namespace trncost::credits {

/// One charge of a spend period (USD, never negative), with the code of the AWS service that bills
/// it ("AmazonEC2"; empty when unknown: no grant is then known to cover it).
struct charge {
  category cat = category::compute;
  charge_kind kind = charge_kind::usage;
  decimal amount{};
  std::string description{};
  std::optional<std::string> service{};
};

/// How spend goes on after a schedule's last period, for the runway projection: `charges` every
/// `days` days, spread evenly (a job's rate), or with `days` 0 every calendar month (a run rate).
struct spend_rate {
  std::vector<charge> charges{};
  std::int64_t days = 0;
};

/// Charges incurred over the days [start, end).
struct spend_period {
  date start{};
  date end{};
  std::vector<charge> charges{};
};

namespace detail {

TRNCOST_DECL date next_month_start(date d);

/// Splits `amount` in proportion to whole weights (days, or a plan's seconds): part i gets
/// amount * days_i / total (rounded half-even at the 18th digit) and the last part the remainder,
/// so the parts sum exactly. Weights in one unit or another, the parts are the same (the quotient
/// is the same number).
TRNCOST_DECL std::vector<decimal> prorate(decimal amount, const std::vector<std::int64_t>& days);

}  // namespace detail

/// Spend over calendar time: contiguous periods in date order.
class spend_schedule {
 public:
  /// Appends a period. It must start where the previous one ended (no gap, no overlap), end after
  /// it starts, and hold no negative charge.
  void add(spend_period p);

  [[nodiscard]] const std::vector<spend_period>& periods() const noexcept { return periods_; }
  [[nodiscard]] bool empty() const noexcept { return periods_.empty(); }
  [[nodiscard]] date start() const { return periods_.front().start; }
  [[nodiscard]] date end() const { return periods_.back().end; }

  /// Sets the rate at which spend goes on after the last period (for the runway projection).
  void set_rate(spend_rate r);
  /// The rate projected after the last period: the one set by monthly() or spread() (the
  /// estimate's rate) or set_rate(), otherwise the last period's charges over its days.
  [[nodiscard]] spend_rate rate() const;

  /// A steady run rate: the estimate is one month's cost, charged in each of `months` calendar
  /// months starting with the month of `first` (which must be the 1st of a month). The projection
  /// goes on charging it every calendar month.
  static spend_schedule monthly(const estimate& one_month, date first, int months);

  /// One job's estimate spread evenly over the days [start, end), split at calendar months so a
  /// burn-down shows each month (each charge prorated by days; the parts sum exactly). The
  /// projection goes on at the same rate: the estimate every (end - start) days.
  static spend_schedule spread(const estimate& job, date start, date end);

  /// The estimate's priced lines as usage charges, one per category and service (service_of: the
  /// service of the line's identity, whatever its price's wording), in category order with the
  /// unknown service first.
  /// A category total that its lines do not explain (an estimate built by hand) is a charge of
  /// unknown service. Unpriced lines are not in them: the burn-down reports the estimate's status
  /// next to its result.
  static std::vector<charge> charges_of(const estimate& e);

 private:
  std::vector<spend_period> periods_;
  std::optional<spend_rate> rate_;
};

/// Why part of a charge was paid, not covered by credits (from the weakest reason to the best).
enum class uncovered_reason {
  service_unknown,      ///< the charge's AWS service is not known, so no grant is known to cover it
  service_not_covered,  ///< no grant covers the charge's service
  excluded_charge,      ///< a grant covers the service but excludes the kind (an upfront fee...)
  not_yet_issued,       ///< the charge is dated before every covering grant's issue date
  expired,              ///< every covering grant was past its last valid day
  balance_exhausted,    ///< covering grants were valid but had no balance left
};

inline constexpr std::array<uncovered_reason, 6> all_uncovered_reasons{
    uncovered_reason::service_unknown, uncovered_reason::service_not_covered,
    uncovered_reason::excluded_charge, uncovered_reason::not_yet_issued,
    uncovered_reason::expired,         uncovered_reason::balance_exhausted};

constexpr std::string_view to_string(uncovered_reason r) noexcept {
  switch (r) {
    case uncovered_reason::service_unknown:
      return "service unknown";
    case uncovered_reason::service_not_covered:
      return "service not covered";
    case uncovered_reason::excluded_charge:
      return "charge kind excluded";
    case uncovered_reason::not_yet_issued:
      return "before the grant was issued";
    case uncovered_reason::expired:
      return "grant expired";
    case uncovered_reason::balance_exhausted:
      return "balance exhausted";
  }
  return "unknown";
}

/// The order in which grants pay: earliest last valid day first (AWS's default), or as given.
enum class application_order { earliest_expiry_first, as_given };

/// One period of the burn-down (of the schedule, or of the projection after it).
struct period_burn {
  date start{};
  date end{};
  decimal spend{};
  decimal credits_used{};
  decimal uncovered{};  ///< spend - credits_used
  std::map<uncovered_reason, decimal> uncovered_by_reason{};
  std::vector<decimal> balance_after{};  ///< per grant, in application order
};

/// What every grant holds after the period: the sum of its balance_after (the balance line of a
/// burn-down chart, the "balance after" of its table).
[[nodiscard]] TRNCOST_DECL decimal total_balance_after(const period_burn& p);

/// A credit as a bill shows it (FOCUS ChargeCategory = Credit): a negative amount against the
/// category and service it paid, over the days it applies to.
struct credit_line {
  date start{};
  date end{};
  std::string grant{};
  category cat = category::compute;
  decimal amount{};  ///< negative
  std::optional<std::string> service{};
};

struct grant_outcome {
  std::string name{};
  decimal amount{};
  decimal used{};                             ///< over the schedule
  decimal balance_at_end{};                   ///< after the last period (or at expiry if earlier)
  std::optional<date> exhausted_on{};         ///< the day the balance reached zero in the schedule
  std::optional<decimal> wasted_at_expiry{};  ///< balance lost at an expiry inside the schedule
  decimal unused_at_schedule_end{};           ///< balance still valid after the schedule's last day
  date last_valid_day{};                      ///< the grant's, for the reader of the report
  /// The day the balance runs out, in the schedule or projected after it; empty when the grant
  /// reaches its last valid day with a balance (or never had one).
  std::optional<date> runs_out_on{};
  /// The balance left on the last valid day, in the schedule or projected: lost (zero when the
  /// balance runs out first).
  decimal lost_at_expiry{};
  /// The codes of the services the grant covers ("AmazonEC2"), for the reader of the report.
  std::vector<std::string> services{};
  /// True when some charge of the schedule or of its rate is one the grant pays (a service it
  /// covers, a kind it does not exclude). Only a usable grant sets the runway: model credits
  /// beside a fleet billed by EC2 pay nothing of it, so their last valid day says nothing about
  /// when the fleet's credits stop paying.
  bool usable = true;
};

/// What happens after the schedule's last period if spend goes on at the schedule's rate, for as
/// long as a grant has a valid balance. Empty periods when no grant has one at the schedule's end.
struct burn_projection {
  spend_rate rate{};
  std::vector<period_burn> periods{};  ///< after the schedule, in date order
};

struct burn_down_result {
  std::vector<grant_outcome> grants{};  ///< in application order
  std::vector<period_burn> periods{};
  std::vector<credit_line> credit_lines{};  ///< of the schedule's periods only
  decimal total_spend{};
  decimal total_credits{};
  decimal total_uncovered{};
  decimal total_wasted{};  ///< lost at expiries inside the schedule
  /// The first day no usable grant can pay anything (every grant the spend can draw on run out or
  /// past its last valid day), projected past the schedule's end at its rate when such a grant
  /// still has a valid balance there. Empty when no grant is usable: no credit ever pays this
  /// spend.
  std::optional<date> runway{};
  burn_projection projection{};
  /// Every grant's lost_at_expiry: the schedule's waste plus the projected one.
  decimal total_lost_at_expiry{};
  std::vector<std::string> findings{};
};

namespace detail {

TRNCOST_DECL std::vector<std::size_t> grant_order(const std::vector<grant>& grants,
                                                  application_order order);

TRNCOST_DECL bool is_provisional(const provenance& p);

/// The projection's next period from `at`: to the next 1st of a month, with the rate's charges for
/// a whole month (a run rate) or prorated `days_in_period / rate.days` (a job's rate).
TRNCOST_DECL spend_period projected_period(const spend_rate& rate, date at);

}  // namespace detail

/// Applies `grants` to `schedule`. Periods are split at grant issue dates and at the day after a
/// last valid day when they fall inside them (charges prorated by days), so a grant pays exactly
/// for the days it is valid. A grant with a valid balance after the schedule's last day is then
/// projected at schedule.rate() until its balance runs out or its last valid day passes.
TRNCOST_DECL burn_down_result
burn_down(const std::vector<grant>& grants, const spend_schedule& schedule,
          application_order order = application_order::earliest_expiry_first);

}  // namespace trncost::credits

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/burn_down.ipp"
#endif

#endif  // TRNCOST_CREDITS_BURN_DOWN_HPP
