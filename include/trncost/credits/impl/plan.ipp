// The definitions of credits/plan.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CREDITS_IMPL_PLAN_IPP
#define TRNCOST_CREDITS_IMPL_PLAN_IPP

#include <algorithm>
#include <map>
#include <set>

#include "../plan.hpp"

namespace trncost {

namespace credits {

TRNCOST_DECL std::int64_t length_seconds(const occurrence& o) {
  return o.seconds != 0 ? o.seconds : days_between(o.start, o.end) * 86'400;
}

TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_workload>& w, date start,
                                          date end) {
  std::vector<planned_charges> c;
  c.reserve(w.size());
  for (const auto& x : w) {
    planned_charges p{x.name, spend_schedule::charges_of(x.est), x.occurrences, {}};
    for (const auto& e : x.by_occurrence) p.by_occurrence.push_back(spend_schedule::charges_of(e));
    c.push_back(std::move(p));
  }
  return plan_schedule(c, start, end);
}

TRNCOST_DECL spend_schedule plan_schedule(const std::vector<planned_charges>& w, date start,
                                          date end) {
  if (!start.ok() || !end.ok() || !(start < end)) {
    throw input_error("a plan runs over days [start, end) with start before end; got " +
                      to_string(start) + " to " + to_string(end));
  }
  constexpr std::int64_t seconds_a_day = 86'400;
  std::set<date> cuts{start, end};
  for (date d = detail::next_month_start(start); d < end; d = detail::next_month_start(d)) {
    cuts.insert(d);
  }
  for (const auto& x : w) {
    if (!x.by_occurrence.empty() && x.by_occurrence.size() != x.occurrences.size()) {
      throw input_error("workload '" + x.name + "': " + std::to_string(x.by_occurrence.size()) +
                        " occurrences' charges for " + std::to_string(x.occurrences.size()) +
                        " occurrence(s): give one per occurrence, or none");
    }
    for (const auto& o : x.occurrences) {
      if (!(o.start < o.end)) {
        throw input_error("workload '" + x.name + "': an occurrence from " + to_string(o.start) +
                          " to " + to_string(o.end) + " has no days");
      }
      const std::int64_t whole = days_between(o.start, o.end) * seconds_a_day;
      if (o.seconds != 0 && !(whole - seconds_a_day < o.seconds && o.seconds <= whole)) {
        throw input_error("workload '" + x.name + "': the occurrence from " + to_string(o.start) +
                          " to " + to_string(o.end) + " lasts " + std::to_string(o.seconds) +
                          " s, which does not end on its last day (more than " +
                          std::to_string(whole - seconds_a_day) + " s and at most " +
                          std::to_string(whole) + ")");
      }
      if (o.start < start || end < o.end) {
        throw input_error("workload '" + x.name + "': the occurrence from " + to_string(o.start) +
                          " to " + to_string(o.end) + " is not inside the plan (" +
                          to_string(start) + " to " + to_string(end) + ")");
      }
      cuts.insert(o.start);
      cuts.insert(o.end);
      // A run ending during its last day: that day a period of its own, spent in part.
      if (o.seconds != 0 && o.seconds < whole) cuts.insert(add_days(o.end, -1));
    }
  }
  const std::vector<date> bounds(cuts.begin(), cuts.end());
  std::vector<spend_period> periods;
  for (std::size_t i = 0; i + 1 < bounds.size(); ++i)
    periods.push_back({bounds[i], bounds[i + 1], {}});
  for (const auto& x : w) {
    for (std::size_t k = 0; k < x.occurrences.size(); ++k) {
      const auto& o = x.occurrences[k];
      const auto& charges = x.by_occurrence.empty() ? x.charges : x.by_occurrence[k];
      // The periods inside this occurrence (the cuts include its start and end).
      const auto first = static_cast<std::size_t>(
          std::lower_bound(bounds.begin(), bounds.end(), o.start) - bounds.begin());
      const auto last = static_cast<std::size_t>(
          std::lower_bound(bounds.begin(), bounds.end(), o.end) - bounds.begin());
      // Each period's weight: its days, or for a run of `seconds` the seconds of the run in it
      // (the same shares for whole days: x 86,400 above and below).
      std::vector<std::int64_t> weights;
      for (std::size_t i = first; i < last; ++i) {
        if (o.seconds == 0) {
          weights.push_back(days_between(bounds[i], bounds[i + 1]));
        } else {
          const std::int64_t from = days_between(o.start, bounds[i]) * seconds_a_day;
          const std::int64_t to = days_between(o.start, bounds[i + 1]) * seconds_a_day;
          weights.push_back(std::min(to, o.seconds) - from);
        }
      }
      for (const auto& c : charges) {
        const auto parts = detail::prorate(c.amount, weights);
        for (std::size_t i = 0; i < parts.size(); ++i) {
          periods[first + i].charges.push_back({c.cat, c.kind, parts[i], x.name, c.service});
        }
      }
    }
  }
  spend_schedule s;
  for (auto& p : periods) s.add(std::move(p));
  s.set_rate(spend_rate{});  // no projection past the plan
  return s;
}

namespace detail {

/// Each workload's credits (and by grant), its spend left to the caller: a credit line is split
/// among the charges of its period, category and service, in proportion to their amounts.
TRNCOST_DECL std::vector<workload_draw> attribute_credits(const std::vector<std::string>& names,
                                                          const spend_schedule& schedule,
                                                          const burn_down_result& burned) {
  std::vector<workload_draw> out;
  std::map<std::string, std::size_t, std::less<>> index;
  for (const auto& n : names) {
    index.emplace(n, out.size());
    workload_draw d{n, 0, {}, {}, {}, std::vector<decimal>(burned.grants.size())};
    out.push_back(std::move(d));
  }
  const auto& periods = schedule.periods();
  for (const auto& line : burned.credit_lines) {
    // The schedule's period holding the line (burn_down splits periods at grant dates only).
    const auto it = std::find_if(periods.begin(), periods.end(), [&](const spend_period& p) {
      return !(line.start < p.start) && !(p.end < line.end);
    });
    if (it == periods.end()) continue;
    const auto g = static_cast<std::size_t>(
        std::find_if(burned.grants.begin(), burned.grants.end(),
                     [&](const grant_outcome& o) { return o.name == line.grant; }) -
        burned.grants.begin());
    std::vector<std::pair<std::size_t, decimal>> shares;
    decimal sum{};
    for (const auto& c : it->charges) {
      if (c.cat != line.cat || c.service != line.service || c.amount.is_zero()) continue;
      shares.emplace_back(index.at(c.description), c.amount);
      sum += c.amount;
    }
    if (shares.empty() || sum.is_zero()) continue;
    const decimal paid = -line.amount;
    decimal given{};
    for (std::size_t k = 0; k < shares.size(); ++k) {
      const decimal part = k + 1 == shares.size() ? paid - given : paid * shares[k].second / sum;
      auto& d = out[shares[k].first];
      d.credits += part;
      if (g < d.by_grant.size()) d.by_grant[g] += part;
      given += part;
    }
  }
  return out;
}

}  // namespace detail

TRNCOST_DECL std::vector<workload_draw> attribute(const std::vector<planned_workload>& w,
                                                  const spend_schedule& schedule,
                                                  const burn_down_result& burned) {
  std::vector<std::string> names;
  for (const auto& x : w) names.push_back(x.name);
  auto out = detail::attribute_credits(names, schedule, burned);
  for (std::size_t i = 0; i < w.size(); ++i) {
    auto& d = out[i];
    d.occurrences = w[i].occurrences.size();
    if (w[i].by_occurrence.empty()) {
      d.spend = w[i].est.total * decimal(static_cast<std::int64_t>(d.occurrences));
    } else {
      for (const auto& e : w[i].by_occurrence) d.spend += e.total;
    }
    d.cash = d.spend - d.credits;
  }
  return out;
}

TRNCOST_DECL std::vector<workload_draw> attribute(const std::vector<planned_charges>& w,
                                                  const spend_schedule& schedule,
                                                  const burn_down_result& burned) {
  std::vector<std::string> names;
  for (const auto& x : w) names.push_back(x.name);
  auto out = detail::attribute_credits(names, schedule, burned);
  for (std::size_t i = 0; i < w.size(); ++i) {
    auto& d = out[i];
    d.occurrences = w[i].occurrences.size();
    if (w[i].by_occurrence.empty()) {
      decimal one{};
      for (const auto& c : w[i].charges) one += c.amount;
      d.spend = one * decimal(static_cast<std::int64_t>(d.occurrences));
    } else {
      for (const auto& charges : w[i].by_occurrence) {
        for (const auto& c : charges) d.spend += c.amount;
      }
    }
    d.cash = d.spend - d.credits;
  }
  return out;
}

}  // namespace credits

}  // namespace trncost

#endif  // TRNCOST_CREDITS_IMPL_PLAN_IPP
