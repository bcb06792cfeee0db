// Applying credit grants to a spend schedule: per period, the credits used, the spend they do not
// cover (and why), the balance left, the runway (the day the credits stop paying) and the waste at
// expiry. All money is exact; the only approximation is the day a balance runs out inside a period,
// which assumes the period's spend is spread evenly over its days (and says so).
#ifndef TRNCOST_CREDITS_BURN_DOWN_HPP
#define TRNCOST_CREDITS_BURN_DOWN_HPP

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../error.hpp"
#include "../model/category.hpp"
#include "../model/estimate.hpp"
#include "../provenance/date.hpp"
#include "../units/decimal.hpp"
#include "grant.hpp"

namespace trncost::credits {

/// One charge of a spend period (USD, never negative).
struct charge {
  category cat = category::compute;
  charge_kind kind = charge_kind::usage;
  decimal amount{};
  std::string description{};
};

/// Charges incurred over the days [start, end).
struct spend_period {
  date start{};
  date end{};
  std::vector<charge> charges{};
};

namespace detail {

inline std::int64_t days_between(date a, date b) {
  return (std::chrono::sys_days(b) - std::chrono::sys_days(a)).count();
}
inline date add_days(date d, std::int64_t n) {
  return date(std::chrono::sys_days(d) + std::chrono::days(n));
}
inline date next_month_start(date d) {
  const auto ym = std::chrono::year_month(d.year(), d.month()) + std::chrono::months(1);
  return date(ym.year(), ym.month(), std::chrono::day(1));
}

/// Splits `amount` in proportion to whole days: part i gets amount * days_i / total (rounded
/// half-even at the 18th digit) and the last part the remainder, so the parts sum exactly.
inline std::vector<decimal> prorate(decimal amount, const std::vector<std::int64_t>& days) {
  std::int64_t total = 0;
  for (auto d : days) total += d;
  std::vector<decimal> parts;
  parts.reserve(days.size());
  decimal given{};
  for (std::size_t i = 0; i < days.size(); ++i) {
    const decimal part = i + 1 == days.size() ? amount - given
                                              : amount * decimal(days[i]) / decimal(total);
    parts.push_back(part);
    given = given + part;
  }
  return parts;
}

}  // namespace detail

/// Spend over calendar time: contiguous periods in date order.
class spend_schedule {
 public:
  /// Appends a period. It must start where the previous one ended (no gap, no overlap), end after it
  /// starts, and hold no negative charge.
  void add(spend_period p) {
    const std::string which = "spend period " + std::to_string(periods_.size() + 1) + " (" +
                              to_string(p.start) + " to " + to_string(p.end) + ")";
    if (!p.start.ok() || !p.end.ok()) throw input_error(which + ": a date is not a calendar date");
    if (!(p.start < p.end)) throw input_error(which + ": ends before it starts (or on the same day)");
    if (!periods_.empty()) {
      const date prev = periods_.back().end;
      if (p.start < prev) {
        throw input_error(which + ": overlaps the previous period, which ends on " +
                          to_string(prev) + " (periods must be in date order)");
      }
      if (prev < p.start) {
        throw input_error(which + ": leaves a gap after the previous period, which ends on " +
                          to_string(prev) + " (add a period with no charges for idle time)");
      }
    }
    for (const auto& c : p.charges) {
      if (c.amount.is_negative()) {
        throw input_error(which + ": the " + std::string(to_string(c.cat)) + " charge '" +
                          c.description + "' is negative (" + c.amount.to_string() + " USD)");
      }
    }
    periods_.push_back(std::move(p));
  }

  [[nodiscard]] const std::vector<spend_period>& periods() const noexcept { return periods_; }
  [[nodiscard]] bool empty() const noexcept { return periods_.empty(); }
  [[nodiscard]] date start() const { return periods_.front().start; }
  [[nodiscard]] date end() const { return periods_.back().end; }

  /// A steady run rate: the estimate is one month's cost, charged in each of `months` calendar
  /// months starting with the month of `first` (which must be the 1st of a month).
  static spend_schedule monthly(const estimate& one_month, date first, int months) {
    if (!first.ok() || first.day() != std::chrono::day(1)) {
      throw input_error("a monthly spend schedule starts on the 1st of a month, not " +
                        to_string(first));
    }
    if (months <= 0) throw input_error("a monthly spend schedule needs at least one month");
    spend_schedule s;
    date at = first;
    for (int m = 0; m < months; ++m) {
      const date next = detail::next_month_start(at);
      s.add(spend_period{at, next, charges_of(one_month)});
      at = next;
    }
    return s;
  }

  /// One job's estimate spread evenly over the days [start, end), split at calendar months so a
  /// burn-down shows each month (each category prorated by days; the parts sum exactly).
  static spend_schedule spread(const estimate& job, date start, date end) {
    if (!start.ok() || !end.ok() || !(start < end)) {
      throw input_error("a job's spend is spread over days [start, end) with start before end; got " +
                        to_string(start) + " to " + to_string(end));
    }
    std::vector<date> bounds{start};
    for (date d = detail::next_month_start(start); d < end; d = detail::next_month_start(d)) {
      bounds.push_back(d);
    }
    bounds.push_back(end);
    std::vector<std::int64_t> days;
    for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
      days.push_back(detail::days_between(bounds[i], bounds[i + 1]));
    }
    std::vector<spend_period> periods(days.size());
    for (std::size_t i = 0; i < days.size(); ++i) periods[i] = {bounds[i], bounds[i + 1], {}};
    for (const auto& c : charges_of(job)) {
      const auto parts = detail::prorate(c.amount, days);
      for (std::size_t i = 0; i < parts.size(); ++i) {
        periods[i].charges.push_back({c.cat, c.kind, parts[i], c.description});
      }
    }
    spend_schedule s;
    for (auto& p : periods) s.add(std::move(p));
    return s;
  }

  /// The estimate's priced totals by category as usage charges. Unpriced lines are not in them:
  /// the burn-down reports the estimate's status next to its result.
  static std::vector<charge> charges_of(const estimate& e) {
    std::vector<charge> out;
    for (const auto& [cat, amount] : e.by_category) {
      if (amount.is_zero()) continue;
      out.push_back({cat, charge_kind::usage, amount, std::string(to_string(cat))});
    }
    return out;
  }

 private:
  std::vector<spend_period> periods_;
};

/// Why part of a charge was paid, not covered by credits.
enum class uncovered_reason {
  category_not_covered,  ///< no grant covers the charge's category
  excluded_charge,       ///< a grant covers the category but excludes the kind (an upfront fee...)
  not_yet_issued,        ///< the charge is dated before every covering grant's issue date
  expired,               ///< every covering grant had expired
  balance_exhausted,     ///< covering grants were valid but had no balance left
};

constexpr std::string_view to_string(uncovered_reason r) noexcept {
  switch (r) {
    case uncovered_reason::category_not_covered: return "category not covered";
    case uncovered_reason::excluded_charge: return "charge kind excluded";
    case uncovered_reason::not_yet_issued: return "before the grant was issued";
    case uncovered_reason::expired: return "grant expired";
    case uncovered_reason::balance_exhausted: return "balance exhausted";
  }
  return "unknown";
}

/// The order in which grants pay: earliest expiry first (AWS's default), or as given.
enum class application_order { earliest_expiry_first, as_given };

/// One period of the burn-down.
struct period_burn {
  date start{};
  date end{};
  decimal spend{};
  decimal credits_used{};
  decimal uncovered{};  ///< spend - credits_used
  std::map<uncovered_reason, decimal> uncovered_by_reason{};
  std::vector<decimal> balance_after{};  ///< per grant, in application order
};

/// A credit as a bill shows it (FOCUS ChargeCategory = Credit): a negative amount against the
/// category it paid, over the days it applies to.
struct credit_line {
  date start{};
  date end{};
  std::string grant{};
  category cat = category::compute;
  decimal amount{};  ///< negative
};

struct grant_outcome {
  std::string name{};
  decimal amount{};
  decimal used{};
  decimal balance_at_end{};               ///< after the last period (or at expiry if earlier)
  std::optional<date> exhausted_on{};     ///< the day the balance reached zero
  std::optional<decimal> wasted_at_expiry{};  ///< balance lost at an expiry inside the schedule
  decimal unused_at_schedule_end{};       ///< balance still valid after the schedule's last day
};

struct burn_down_result {
  std::vector<grant_outcome> grants{};  ///< in application order
  std::vector<period_burn> periods{};
  std::vector<credit_line> credit_lines{};
  decimal total_spend{};
  decimal total_credits{};
  decimal total_uncovered{};
  decimal total_wasted{};
  /// The first day no credit can pay anything (every grant exhausted or expired); empty when a
  /// grant still has a valid balance at the schedule's end.
  std::optional<date> runway{};
  std::vector<std::string> findings{};
};

namespace detail {

inline std::vector<std::size_t> grant_order(const std::vector<grant>& grants,
                                            application_order order) {
  std::vector<std::size_t> idx(grants.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  if (order == application_order::earliest_expiry_first) {
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return grants[a].expires() < grants[b].expires();
    });
  }
  return idx;
}

inline bool is_provisional(const provenance& p) {
  return std::holds_alternative<assumption>(p) || std::holds_alternative<third_party>(p);
}

}  // namespace detail

/// Applies `grants` to `schedule`. Periods are split at grant issue and expiry dates that fall
/// inside them (charges prorated by days), so a grant pays exactly for the days it is valid.
inline burn_down_result burn_down(const std::vector<grant>& grants, const spend_schedule& schedule,
                                  application_order order = application_order::earliest_expiry_first) {
  if (grants.empty()) throw input_error("a burn-down needs at least one grant");
  if (schedule.empty()) throw input_error("a burn-down needs a spend schedule with a period");
  const auto idx = detail::grant_order(grants, order);
  burn_down_result out;
  std::vector<decimal> balance;
  std::vector<bool> expiry_recorded(idx.size(), false);
  for (auto i : idx) {
    const auto& g = grants[i];
    out.grants.push_back({g.name(), g.amount().value().value(), {}, {}, {}, {}, {}});
    balance.push_back(g.amount().value().value());
  }

  const auto record_expiries = [&](date day) {
    for (std::size_t k = 0; k < idx.size(); ++k) {
      const auto& g = grants[idx[k]];
      if (!expiry_recorded[k] && g.expires() <= day) {
        expiry_recorded[k] = true;
        out.grants[k].wasted_at_expiry = balance[k];
        out.total_wasted = out.total_wasted + balance[k];
        balance[k] = decimal{};
      }
    }
  };

  for (const auto& p : schedule.periods()) {
    period_burn pb{p.start, p.end, {}, {}, {}, {}, {}};
    std::vector<date> cuts{p.start};
    for (const auto& g : grants) {
      for (date d : {g.issued(), g.expires()}) {
        if (p.start < d && d < p.end) cuts.push_back(d);
      }
    }
    cuts.push_back(p.end);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<std::int64_t> days;
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
      days.push_back(detail::days_between(cuts[s], cuts[s + 1]));
    }
    // Each charge prorated over the sub-periods.
    std::vector<std::vector<decimal>> pieces;  // [charge][sub]
    for (const auto& c : p.charges) {
      pieces.push_back(detail::prorate(c.amount, days));
      pb.spend = pb.spend + c.amount;
    }
    for (std::size_t s = 0; s < days.size(); ++s) {
      const date a = cuts[s];
      const date b = cuts[s + 1];
      record_expiries(a);
      std::vector<decimal> remaining;
      for (const auto& pc : pieces) remaining.push_back(pc[s]);
      for (std::size_t k = 0; k < idx.size(); ++k) {
        const auto& g = grants[idx[k]];
        if (!g.valid_on(a) || balance[k].is_zero()) continue;
        decimal eligible{};
        for (std::size_t c = 0; c < p.charges.size(); ++c) {
          if (g.covers(p.charges[c].cat) && g.pays(p.charges[c].kind)) {
            eligible = eligible + remaining[c];
          }
        }
        if (eligible.is_zero()) continue;
        const decimal before = balance[k];
        decimal budget = std::min(before, eligible);
        std::map<category, decimal> paid_by_category;
        for (std::size_t c = 0; c < p.charges.size() && !budget.is_zero(); ++c) {
          if (!(g.covers(p.charges[c].cat) && g.pays(p.charges[c].kind))) continue;
          const decimal take = std::min(budget, remaining[c]);
          remaining[c] = remaining[c] - take;
          budget = budget - take;
          balance[k] = balance[k] - take;
          paid_by_category[p.charges[c].cat] = paid_by_category[p.charges[c].cat] + take;
        }
        const decimal used = before - balance[k];
        out.grants[k].used = out.grants[k].used + used;
        pb.credits_used = pb.credits_used + used;
        for (const auto& [cat, amount] : paid_by_category) {
          if (!amount.is_zero()) out.credit_lines.push_back({a, b, g.name(), cat, -amount});
        }
        if (balance[k].is_zero() && !out.grants[k].exhausted_on) {
          // Spend spread evenly over [a, b): the balance lasts days * before / eligible days.
          const auto span = detail::days_between(a, b);
          const auto lasted = static_cast<std::int64_t>(
              (before.raw() * span) / eligible.raw());  // whole days, rounded down
          out.grants[k].exhausted_on = detail::add_days(a, std::min(lasted, span));
        }
      }
      // Whatever is left was not covered: name the best reason any grant had for not paying.
      for (std::size_t c = 0; c < p.charges.size(); ++c) {
        if (remaining[c].is_zero()) continue;
        uncovered_reason why = uncovered_reason::category_not_covered;
        for (std::size_t k = 0; k < idx.size(); ++k) {
          const auto& g = grants[idx[k]];
          if (!g.covers(p.charges[c].cat)) continue;
          uncovered_reason r = uncovered_reason::excluded_charge;
          if (g.pays(p.charges[c].kind)) {
            if (a < g.issued()) {
              r = uncovered_reason::not_yet_issued;
            } else if (g.expires() <= a) {
              r = uncovered_reason::expired;
            } else {
              r = uncovered_reason::balance_exhausted;
            }
          }
          why = std::max(why, r);
        }
        pb.uncovered_by_reason[why] = pb.uncovered_by_reason[why] + remaining[c];
      }
    }
    pb.uncovered = pb.spend - pb.credits_used;
    pb.balance_after = balance;
    out.total_spend = out.total_spend + pb.spend;
    out.total_credits = out.total_credits + pb.credits_used;
    out.total_uncovered = out.total_uncovered + pb.uncovered;
    out.periods.push_back(std::move(pb));
  }
  record_expiries(schedule.end());

  // Runway: the latest day on which some grant stops paying, if every grant stops in the schedule.
  bool all_stop = true;
  date last{};
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto& g = grants[idx[k]];
    auto& o = out.grants[k];
    o.balance_at_end = balance[k];
    std::optional<date> stop = o.exhausted_on;
    if (!stop && g.expires() <= schedule.end()) stop = g.expires();
    if (!o.wasted_at_expiry) o.unused_at_schedule_end = balance[k];
    if (!stop) {
      all_stop = false;
      continue;
    }
    if (last < *stop) last = *stop;
  }
  if (all_stop) out.runway = last;

  // Findings: what a budget owner acts on.
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto& g = grants[idx[k]];
    const auto& o = out.grants[k];
    if (o.wasted_at_expiry && !o.wasted_at_expiry->is_zero()) {
      out.findings.push_back("grant '" + g.name() + "' expires on " + to_string(g.expires()) +
                             " with " + o.wasted_at_expiry->to_fixed(decimal_places{2}) +
                             " USD unused: that balance is lost");
    }
    const auto lead = detail::days_between(g.issued(), schedule.start());
    if (lead > 30) {
      out.findings.push_back("grant '" + g.name() + "' was issued " + std::to_string(lead) +
                             " days before the first spend: its validity runs while nothing "
                             "draws on it");
    }
    if (detail::is_provisional(g.amount().origin())) {
      out.findings.push_back("the amount of grant '" + g.name() + "' is " +
                             std::string(kind_name(g.amount().origin())) +
                             ", not the amount granted: the burn-down is provisional");
    }
  }
  decimal not_covered{};
  for (const auto& pb : out.periods) {
    if (auto it = pb.uncovered_by_reason.find(uncovered_reason::category_not_covered);
        it != pb.uncovered_by_reason.end()) {
      not_covered = not_covered + it->second;
    }
  }
  if (!not_covered.is_zero()) {
    out.findings.push_back(not_covered.to_fixed(decimal_places{2}) +
                           " USD falls in categories no grant covers: it is paid in cash");
  }
  return out;
}

}  // namespace trncost::credits

#endif  // TRNCOST_CREDITS_BURN_DOWN_HPP
