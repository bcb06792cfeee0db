// The definitions of credits/burn_down.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CREDITS_IMPL_BURN_DOWN_IPP
#define TRNCOST_CREDITS_IMPL_BURN_DOWN_IPP

#include "../burn_down.hpp"

namespace trncost {

namespace credits::detail {

TRNCOST_DECL date next_month_start(date d) {
  return d.month() == 12 ? date(d.year() + 1, 1, 1) : date(d.year(), d.month() + 1, 1);
}

TRNCOST_DECL std::vector<decimal> prorate(decimal amount, const std::vector<std::int64_t>& days) {
  std::int64_t total = 0;
  for (auto d : days) total += d;
  std::vector<decimal> parts;
  parts.reserve(days.size());
  decimal given{};
  for (std::size_t i = 0; i < days.size(); ++i) {
    const decimal part =
        i + 1 == days.size() ? amount - given : amount * decimal(days[i]) / decimal(total);
    parts.push_back(part);
    given = given + part;
  }
  return parts;
}

TRNCOST_DECL std::vector<std::size_t> grant_order(const std::vector<grant>& grants,
                                                  application_order order) {
  std::vector<std::size_t> idx(grants.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  if (order == application_order::earliest_expiry_first) {
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return grants[a].last_valid_day() < grants[b].last_valid_day();
    });
  }
  return idx;
}

TRNCOST_DECL bool is_provisional(const provenance& p) {
  return std::holds_alternative<assumption>(p) || std::holds_alternative<third_party>(p);
}

TRNCOST_DECL spend_period projected_period(const spend_rate& rate, date at) {
  const date next = next_month_start(at);
  spend_period p{at, next, {}};
  const auto days = days_between(at, next);
  for (auto c : rate.charges) {
    if (rate.days > 0) c.amount = c.amount * decimal(days) / decimal(rate.days);
    p.charges.push_back(std::move(c));
  }
  return p;
}

}  // namespace credits::detail

namespace credits {

TRNCOST_DECL decimal total_balance_after(const period_burn& p) {
  decimal total{};
  for (const auto& v : p.balance_after) total += v;
  return total;
}

TRNCOST_DECL burn_down_result burn_down(const std::vector<grant>& grants,
                                        const spend_schedule& schedule, application_order order) {
  if (grants.empty()) throw input_error("a burn-down needs at least one grant");
  if (schedule.empty()) throw input_error("a burn-down needs a spend schedule with a period");
  const auto idx = detail::grant_order(grants, order);
  burn_down_result out;
  std::vector<decimal> balance;
  std::vector<bool> expiry_recorded(idx.size(), false);
  for (auto i : idx) {
    const auto& g = grants[i];
    grant_outcome o;
    o.name = g.name();
    o.amount = g.amount().value().value();
    o.last_valid_day = g.last_valid_day();
    o.services.assign(g.services().begin(), g.services().end());
    out.grants.push_back(std::move(o));
    balance.push_back(g.amount().value().value());
  }
  bool projecting = false;

  // On the first day a grant cannot pay, what is left of it is lost.
  const auto record_expiries = [&](date day) {
    for (std::size_t k = 0; k < idx.size(); ++k) {
      const auto& g = grants[idx[k]];
      if (!expiry_recorded[k] && g.first_invalid_day() <= day) {
        expiry_recorded[k] = true;
        out.grants[k].lost_at_expiry = balance[k];
        if (!projecting) {
          out.grants[k].wasted_at_expiry = balance[k];
          out.total_wasted = out.total_wasted + balance[k];
        }
        balance[k] = decimal{};
      }
    }
  };
  const auto eligible_charge = [](const grant& g, const charge& c) {
    return g.covers(c.service) && g.pays(c.kind);
  };

  const auto burn = [&](const spend_period& p) {
    period_burn pb{p.start, p.end, {}, {}, {}, {}, {}};
    std::vector<date> cuts{p.start};
    for (const auto& g : grants) {
      for (date d : {g.issued(), g.first_invalid_day()}) {
        if (p.start < d && d < p.end) cuts.push_back(d);
      }
    }
    cuts.push_back(p.end);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<std::int64_t> days;
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
      days.push_back(days_between(cuts[s], cuts[s + 1]));
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
          if (eligible_charge(g, p.charges[c])) eligible = eligible + remaining[c];
        }
        if (eligible.is_zero()) continue;
        const decimal before = balance[k];
        decimal budget = std::min(before, eligible);
        std::map<std::pair<category, std::optional<std::string>>, decimal> paid;
        for (std::size_t c = 0; c < p.charges.size() && !budget.is_zero(); ++c) {
          if (!eligible_charge(g, p.charges[c])) continue;
          const decimal take = std::min(budget, remaining[c]);
          remaining[c] = remaining[c] - take;
          budget = budget - take;
          balance[k] = balance[k] - take;
          paid[{p.charges[c].cat, p.charges[c].service}] += take;
        }
        const decimal used = before - balance[k];
        if (!projecting) out.grants[k].used = out.grants[k].used + used;
        pb.credits_used = pb.credits_used + used;
        if (!projecting) {
          for (const auto& [key, amount] : paid) {
            if (!amount.is_zero()) {
              out.credit_lines.push_back({a, b, g.name(), key.first, -amount, key.second});
            }
          }
        }
        if (balance[k].is_zero() && !out.grants[k].runs_out_on) {
          // Spend spread evenly over [a, b): the balance lasts days * before / eligible days.
          const auto span = days_between(a, b);
          const auto lasted = static_cast<std::int64_t>(
              (before.raw() * span) / eligible.raw());  // whole days, rounded down
          const date day = add_days(a, std::min(lasted, span));
          out.grants[k].runs_out_on = day;
          if (!projecting) out.grants[k].exhausted_on = day;
        }
      }
      // Whatever is left was not covered: name the best reason any grant had for not paying.
      for (std::size_t c = 0; c < p.charges.size(); ++c) {
        if (remaining[c].is_zero()) continue;
        const auto& ch = p.charges[c];
        uncovered_reason why =
            ch.service ? uncovered_reason::service_not_covered : uncovered_reason::service_unknown;
        for (std::size_t k = 0; k < idx.size(); ++k) {
          const auto& g = grants[idx[k]];
          if (!g.covers(ch.service)) continue;
          uncovered_reason r = uncovered_reason::excluded_charge;
          if (g.pays(ch.kind)) {
            if (a < g.issued()) {
              r = uncovered_reason::not_yet_issued;
            } else if (g.last_valid_day() < a) {
              r = uncovered_reason::expired;
            } else {
              r = uncovered_reason::balance_exhausted;
            }
          }
          why = std::max(why, r);
        }
        pb.uncovered_by_reason[why] += remaining[c];
      }
    }
    pb.uncovered = pb.spend - pb.credits_used;
    pb.balance_after = balance;
    return pb;
  };

  for (const auto& p : schedule.periods()) {
    auto pb = burn(p);
    out.total_spend = out.total_spend + pb.spend;
    out.total_credits = out.total_credits + pb.credits_used;
    out.total_uncovered = out.total_uncovered + pb.uncovered;
    out.periods.push_back(std::move(pb));
  }
  record_expiries(schedule.end());
  for (std::size_t k = 0; k < idx.size(); ++k) {
    auto& o = out.grants[k];
    o.balance_at_end = balance[k];
    if (!o.wasted_at_expiry) o.unused_at_schedule_end = balance[k];
  }

  // The projection: spend goes on at the schedule's rate while a grant has a valid balance. Each
  // period is a calendar month (or what is left of one), so it ends: every grant has a last day.
  projecting = true;
  out.projection.rate = schedule.rate();
  date at = schedule.end();
  const auto drawn_later = [&]() {
    for (std::size_t k = 0; k < idx.size(); ++k) {
      if (balance[k].is_zero() || expiry_recorded[k]) continue;
      for (const auto& c : out.projection.rate.charges) {
        if (!c.amount.is_zero() && eligible_charge(grants[idx[k]], c)) return true;
      }
    }
    return false;
  };
  while (drawn_later()) {
    auto pb = burn(detail::projected_period(out.projection.rate, at));
    at = pb.end;
    out.projection.periods.push_back(std::move(pb));
    record_expiries(at);
  }
  // A balance nothing in the rate draws on waits, whole, for its last valid day.
  for (std::size_t k = 0; k < idx.size(); ++k) {
    if (!expiry_recorded[k] && !balance[k].is_zero()) {
      record_expiries(grants[idx[k]].first_invalid_day());
    }
  }

  // Runway: the latest day on which a grant the spend can draw on stops paying. A grant no charge
  // can draw on never sets it (its last valid day is not a day any credit of this spend stops).
  const spend_rate after = schedule.rate();
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto& g = grants[idx[k]];
    const auto draws = [&](const std::vector<charge>& cs) {
      return std::any_of(cs.begin(), cs.end(), [&](const charge& c) {
        return !c.amount.is_zero() && eligible_charge(g, c);
      });
    };
    bool usable = draws(after.charges);
    for (const auto& p : schedule.periods()) usable = usable || draws(p.charges);
    out.grants[k].usable = usable;
  }
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto& o = out.grants[k];
    out.total_lost_at_expiry += o.lost_at_expiry;
    if (!o.usable) continue;
    const date stop = o.runs_out_on ? *o.runs_out_on : grants[idx[k]].first_invalid_day();
    if (!out.runway || *out.runway < stop) out.runway = stop;
  }

  // Findings: what a budget owner acts on.
  for (std::size_t k = 0; k < idx.size(); ++k) {
    const auto& g = grants[idx[k]];
    const auto& o = out.grants[k];
    if (!o.usable) {
      std::string codes;
      for (const auto& c : o.services) codes += (codes.empty() ? "" : ", ") + c;
      out.findings.push_back("grant '" + g.name() + "' pays none of this spend (it covers " +
                             codes + " only): it sets no runway, and its " +
                             o.lost_at_expiry.to_fixed(decimal_places{2}) +
                             " USD are lost on its last valid day, " +
                             to_string(g.last_valid_day()) + ", unless other spend draws on it");
    } else if (o.wasted_at_expiry && !o.wasted_at_expiry->is_zero()) {
      out.findings.push_back("grant '" + g.name() + "' has " +
                             o.wasted_at_expiry->to_fixed(decimal_places{2}) +
                             " USD unused on its last valid day, " + to_string(g.last_valid_day()) +
                             ": that balance is lost");
    } else if (!o.wasted_at_expiry && !o.lost_at_expiry.is_zero()) {
      out.findings.push_back("grant '" + g.name() + "' would have " +
                             o.lost_at_expiry.to_fixed(decimal_places{2}) +
                             " USD unused on its last valid day, " + to_string(g.last_valid_day()) +
                             ", if spend went on at the schedule's rate after " +
                             to_string(schedule.end()) + ": that balance would be lost");
    } else if (!o.exhausted_on && o.runs_out_on) {
      out.findings.push_back("grant '" + g.name() + "' would run out on " +
                             to_string(*o.runs_out_on) + " if spend went on at the schedule's " +
                             "rate after " + to_string(schedule.end()));
    }
    const auto lead = days_between(g.issued(), schedule.start());
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
  decimal unknown{};
  for (const auto& pb : out.periods) {
    for (const auto& [r, amount] : pb.uncovered_by_reason) {
      if (r == uncovered_reason::service_not_covered) not_covered += amount;
      if (r == uncovered_reason::service_unknown) unknown += amount;
    }
  }
  if (!not_covered.is_zero()) {
    out.findings.push_back(not_covered.to_fixed(decimal_places{2}) +
                           " USD is billed by services no grant covers: it is paid in cash");
  }
  if (!unknown.is_zero()) {
    out.findings.push_back(unknown.to_fixed(decimal_places{2}) +
                           " USD is in lines no known AWS service bills (their component names "
                           "none): no grant is known to cover it, so it is paid in cash");
  }
  return out;
}

}  // namespace credits

namespace credits {

TRNCOST_DECL auto spend_schedule::add(spend_period p) -> void {
  const std::string which = "spend period " + std::to_string(periods_.size() + 1) + " (" +
                            to_string(p.start) + " to " + to_string(p.end) + ")";
  if (!p.start.ok() || !p.end.ok()) throw input_error(which + ": a date is not a calendar date");
  if (!(p.start < p.end)) throw input_error(which + ": ends before it starts (or on the same day)");
  if (!periods_.empty()) {
    const date prev = periods_.back().end;
    if (p.start < prev) {
      throw input_error(which + ": overlaps the previous period, which ends on " + to_string(prev) +
                        " (periods must be in date order)");
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

TRNCOST_DECL auto spend_schedule::set_rate(spend_rate r) -> void {
  if (r.days < 0) throw input_error("a spend rate is charges per a positive number of days");
  for (const auto& c : r.charges) {
    if (c.amount.is_negative()) {
      throw input_error("the spend rate's " + std::string(to_string(c.cat)) + " charge '" +
                        c.description + "' is negative (" + c.amount.to_string() + " USD)");
    }
  }
  rate_ = std::move(r);
}

TRNCOST_DECL auto spend_schedule::rate() const -> spend_rate {
  if (rate_) return *rate_;
  if (periods_.empty()) return {};
  const auto& last = periods_.back();
  return {last.charges, days_between(last.start, last.end)};
}

TRNCOST_DECL auto spend_schedule::monthly(const estimate& one_month, date first, int months)
    -> spend_schedule {
  if (!first.ok() || first.day() != 1) {
    throw input_error("a monthly spend schedule starts on the 1st of a month, not " +
                      to_string(first));
  }
  if (months <= 0) throw input_error("a monthly spend schedule needs at least one month");
  spend_schedule s;
  date at = first;
  const auto charges = charges_of(one_month);
  for (int m = 0; m < months; ++m) {
    const date next = detail::next_month_start(at);
    s.add(spend_period{at, next, charges});
    at = next;
  }
  s.rate_ = spend_rate{charges, 0};
  return s;
}

TRNCOST_DECL auto spend_schedule::spread(const estimate& job, date start, date end)
    -> spend_schedule {
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
    days.push_back(days_between(bounds[i], bounds[i + 1]));
  }
  std::vector<spend_period> periods(days.size());
  for (std::size_t i = 0; i < days.size(); ++i) periods[i] = {bounds[i], bounds[i + 1], {}};
  const auto charges = charges_of(job);
  for (const auto& c : charges) {
    const auto parts = detail::prorate(c.amount, days);
    for (std::size_t i = 0; i < parts.size(); ++i) {
      periods[i].charges.push_back({c.cat, c.kind, parts[i], c.description, c.service});
    }
  }
  spend_schedule s;
  for (auto& p : periods) s.add(std::move(p));
  s.rate_ = spend_rate{charges, days_between(start, end)};
  return s;
}

TRNCOST_DECL auto spend_schedule::charges_of(const estimate& e) -> std::vector<charge> {
  std::map<std::pair<category, std::optional<std::string>>, decimal> by;
  std::map<category, decimal> explained;
  for (const auto& l : e.lines) {
    if (!l.amount) continue;
    by[{l.cat, service_of(l)}] += *l.amount;
    explained[l.cat] += *l.amount;
  }
  for (const auto& [cat, amount] : e.by_category) {
    const decimal rest = amount - explained[cat];
    if (!rest.is_zero()) by[{cat, std::nullopt}] += rest;
  }
  std::vector<charge> out;
  for (const auto& [key, amount] : by) {
    if (amount.is_zero()) continue;
    const auto& [cat, service] = key;
    out.push_back({cat, charge_kind::usage, amount,
                   std::string(to_string(cat)) + ", " + (service ? *service : "service unknown"),
                   service});
  }
  return out;
}

}  // namespace credits

}  // namespace trncost

#endif  // TRNCOST_CREDITS_IMPL_BURN_DOWN_IPP
