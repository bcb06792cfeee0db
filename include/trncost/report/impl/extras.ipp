// The definitions of report/extras.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_EXTRAS_IPP
#define TRNCOST_REPORT_IMPL_EXTRAS_IPP

#include "../extras.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string at(std::string_view array, std::size_t i) {
  return std::string(array) + "[" + std::to_string(i) + "]";
}

TRNCOST_DECL std::optional<check_result> check_tornado(const analysis::tornado& t) {
  for (const auto* bars : {&t.observed, &t.assumptions}) {
    const std::string where =
        bars == &t.observed ? "analysis.tornado.observed" : "analysis.tornado.assumptions";
    for (std::size_t i = 0; i < bars->size(); ++i) {
      const auto& b = (*bars)[i];
      const decimal swing = abs(b.total_at_high - b.total_at_low);
      if (b.swing != swing) {
        return mismatch(at(where, i) + " '" + b.input + "' swing: the report says " +
                        b.swing.to_string() +
                        ", |total_at_high - total_at_low| = " + swing.to_string());
      }
      if (i > 0) {
        const auto& p = (*bars)[i - 1];
        if (p.swing < b.swing || (p.swing == b.swing && b.input < p.input)) {
          return mismatch(at(where, i) + " '" + b.input + "': not sorted by swing (" +
                          b.swing.to_string() + " after " + p.swing.to_string() +
                          "), largest first");
        }
      }
    }
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<check_result> check_scenarios(const analysis::scenario_table& t) {
  if (t.scenarios.empty() || t.scenarios.front().name != "measured") {
    return mismatch("analysis.scenarios: the first scenario is the measured one");
  }
  const decimal base = t.scenarios.front().total;
  for (std::size_t i = 0; i < t.scenarios.size(); ++i) {
    const auto& s = t.scenarios[i];
    const std::string where = at("analysis.scenarios.scenarios", i) + " '" + s.name + "'";
    if (s.gap != s.total - base) {
      return mismatch(where + " gap: the report says " + s.gap.to_string() +
                      ", total - measured total = " + (s.total - base).to_string());
    }
    decimal parts{};
    for (const auto& p : s.parts) parts += p.effect;
    if (parts + s.interaction != s.gap) {
      return mismatch(where + ": the parts (" + parts.to_string() + ") + the interaction (" +
                      s.interaction.to_string() + ") do not make the gap " + s.gap.to_string());
    }
    if (!s.lines.empty()) {
      if (s.lines.size() != t.line_names.size()) {
        return mismatch(where + " lines: " + std::to_string(s.lines.size()) + " amounts for " +
                        std::to_string(t.line_names.size()) + " lines");
      }
      decimal sum{};
      for (const auto& l : s.lines) {
        if (l) sum += *l;
      }
      if (sum != s.total) {
        return mismatch(where + " total: the report says " + s.total.to_string() +
                        ", its lines sum to " + sum.to_string());
      }
    }
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<check_result> check_monte_carlo(const analysis::monte_carlo_result& m) {
  const std::vector<std::pair<const char*, double>> order{
      {"min", m.min}, {"p5", m.p5}, {"p50", m.p50}, {"p95", m.p95}, {"max", m.max}};
  for (std::size_t i = 1; i < order.size(); ++i) {
    if (order[i].second < order[i - 1].second) {
      return mismatch(std::string("analysis.monte_carlo: ") + order[i].first + " is below " +
                      order[i - 1].first);
    }
  }
  if (m.mean < m.min || m.max < m.mean) {
    return mismatch("analysis.monte_carlo: the mean is outside min to max");
  }
  if (m.p_over_budget && (*m.p_over_budget < 0.0 || 1.0 < *m.p_over_budget)) {
    return mismatch("analysis.monte_carlo: p_over_budget is not a probability");
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<check_result> check_comparison(const analysis::comparison& c) {
  for (std::size_t g = 0; g < c.groups.size(); ++g) {
    const auto& r = c.groups[g].ranked;
    // Ranked per unit of work when every option gives its work (a study), else by cost.
    const bool per_work = !r.empty() && std::all_of(r.begin(), r.end(), [](const auto& x) {
      return x.work.has_value();
    });
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::string where =
          at("analysis.comparison.groups", g) + "." + at("ranked", i) + " '" + r[i].name + "'";
      if (per_work) {
        if (r[i].work->is_zero() || r[i].work->is_negative()) {
          return mismatch(where + " work: " + r[i].work->to_string() + " is not above 0");
        }
        const decimal want = r[i].cost / *r[i].work;
        if (!r[i].cost_per_work || *r[i].cost_per_work != want) {
          return mismatch(where + " cost_per_work: the report says " +
                          (r[i].cost_per_work ? r[i].cost_per_work->to_string() : "nothing") +
                          ", cost / work = " + want.to_string());
        }
      } else if (r[i].cost_per_work) {
        return mismatch(where +
                        " cost_per_work: given while another option of the group has no work");
      }
      const auto key = [per_work](const analysis::ranked_option& x) {
        return per_work ? *x.cost_per_work : x.cost;
      };
      const std::string by = per_work ? "cost per unit of work" : "cost";
      if (r[i].cost_rank != i + 1) {
        return mismatch(where + " cost_rank: the report says " + std::to_string(r[i].cost_rank) +
                        ", its place by " + by + " gives " + std::to_string(i + 1));
      }
      if (i > 0 && key(r[i]) < key(r[i - 1])) {
        return mismatch(where + ": " + (per_work ? by : std::string("costs")) + " " +
                        key(r[i]).to_string() + " after " + key(r[i - 1]).to_string() +
                        ", not cheapest first");
      }
      const decimal cheapest = key(r.front());
      const decimal ratio = cheapest.is_zero() ? decimal(1) : key(r[i]) / cheapest;
      if (r[i].cost_ratio != ratio) {
        return mismatch(where + " cost_ratio: the report says " + r[i].cost_ratio.to_string() +
                        ", " +
                        (per_work ? by + " / the cheapest" : std::string("cost / cheapest")) +
                        " = " + ratio.to_string());
      }
    }
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<check_result> check_decision(const analysis::decision& d) {
  using analysis::verdict;
  const verdict want = !d.suspend_reasons.empty()   ? verdict::suspend
                       : !d.compare_reasons.empty() ? verdict::compare_another
                                                    : verdict::continue_on;
  if (d.outcome != want) {
    return mismatch("analysis.decision outcome: the report says '" +
                    std::string(analysis::to_string(d.outcome)) + "', its reasons give '" +
                    std::string(analysis::to_string(want)) + "'");
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<check_result> check_burn_down(const credits::burn_down_result& b) {
  const std::size_t n = b.grants.size();
  std::vector<decimal> balance;
  std::vector<decimal> used_by_grant(n);
  std::vector<bool> expired(n, false);
  for (const auto& g : b.grants) balance.push_back(g.amount);
  const auto grant_index = [&](const std::string& name) -> std::optional<std::size_t> {
    for (std::size_t k = 0; k < n; ++k) {
      if (b.grants[k].name == name) return k;
    }
    return std::nullopt;
  };
  for (std::size_t i = 0; i < b.credit_lines.size(); ++i) {
    const auto& l = b.credit_lines[i];
    const std::string where = at("credits.credit_lines", i) + " '" + l.grant + "'";
    if (!l.amount.is_negative()) {
      return mismatch(where + " amount " + l.amount.to_string() + ": a credit line is negative");
    }
    if (!grant_index(l.grant)) return mismatch(where + ": names no grant of the report");
  }
  decimal spend{};
  decimal credits{};
  decimal uncovered{};
  std::size_t lines_seen = 0;
  for (std::size_t i = 0; i < b.periods.size(); ++i) {
    const auto& p = b.periods[i];
    const std::string where =
        at("credits.periods", i) + " (" + to_string(p.start) + " to " + to_string(p.end) + ")";
    if (p.credits_used + p.uncovered != p.spend) {
      return mismatch(where + ": credits used " + p.credits_used.to_string() + " + uncovered " +
                      p.uncovered.to_string() + " is not the spend " + p.spend.to_string());
    }
    decimal by_reason{};
    for (const auto& [r, a] : p.uncovered_by_reason) by_reason += a;
    if (by_reason != p.uncovered) {
      return mismatch(where + ": the uncovered amounts by reason sum to " + by_reason.to_string() +
                      ", not the uncovered " + p.uncovered.to_string());
    }
    if (p.balance_after.size() != n) {
      return mismatch(where + ": " + std::to_string(p.balance_after.size()) + " balances for " +
                      std::to_string(n) + " grants");
    }
    std::vector<decimal> used(n);
    decimal lines_sum{};
    for (const auto& l : b.credit_lines) {
      if (l.start < p.start || !(l.start < p.end)) continue;
      if (p.end < l.end) {
        return mismatch(where + ": a credit line of '" + l.grant + "' runs past the period");
      }
      ++lines_seen;
      const std::size_t k = *grant_index(l.grant);
      used[k] -= l.amount;
      used_by_grant[k] -= l.amount;
      lines_sum += l.amount;
    }
    if (lines_sum != -p.credits_used) {
      return mismatch(where + ": the credit lines sum to " + lines_sum.to_string() +
                      ", not minus the credits used " + p.credits_used.to_string());
    }
    for (std::size_t k = 0; k < n; ++k) {
      const decimal left = balance[k] - used[k];
      const auto& g = b.grants[k];
      // The balance falls by the credits the grant gave, or to zero at its expiry (once), the rest
      // being its waste at expiry.
      const bool expiry_here = !expired[k] && p.balance_after[k].is_zero() && g.wasted_at_expiry &&
                               *g.wasted_at_expiry == left;
      if (p.balance_after[k] != left && !expiry_here) {
        return mismatch(where + " balance of '" + g.name + "': the report says " +
                        p.balance_after[k].to_string() + ", the balance before less its credits " +
                        "used gives " + left.to_string());
      }
      if (expiry_here && !left.is_zero()) expired[k] = true;
      balance[k] = p.balance_after[k];
    }
    spend += p.spend;
    credits += p.credits_used;
    uncovered += p.uncovered;
  }
  if (lines_seen != b.credit_lines.size()) {
    return mismatch("credits.credit_lines: " + std::to_string(b.credit_lines.size() - lines_seen) +
                    " line(s) fall in no period");
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (b.grants[k].used != used_by_grant[k]) {
      return mismatch(at("credits.grants", k) + " '" + b.grants[k].name +
                      "' used: the report says " + b.grants[k].used.to_string() +
                      ", its credit lines give " + used_by_grant[k].to_string());
    }
  }
  const std::vector<std::tuple<const char*, decimal, decimal>> totals{
      {"total_spend", b.total_spend, spend},
      {"total_credits", b.total_credits, credits},
      {"total_uncovered", b.total_uncovered, uncovered}};
  for (const auto& [name, claimed, sum] : totals) {
    if (claimed != sum) {
      return mismatch(std::string("credits.") + name + ": the report says " + claimed.to_string() +
                      ", the periods sum to " + sum.to_string());
    }
  }

  // Each grant stops once: it runs out (nothing lost) or reaches its last valid day with what is
  // left; the runway is the latest stop; the losses add up.
  decimal lost{};
  std::optional<date> runway;
  for (std::size_t k = 0; k < n; ++k) {
    const auto& g = b.grants[k];
    const std::string where = at("credits.grants", k) + " '" + g.name + "'";
    if (g.runs_out_on && !g.lost_at_expiry.is_zero()) {
      return mismatch(where + ": runs out on " + to_string(*g.runs_out_on) + " and loses " +
                      g.lost_at_expiry.to_string() + " at expiry: a grant does one or the other");
    }
    lost += g.lost_at_expiry;
    // A grant that paid something, or that a usage charge of the rate draws on (a service it
    // covers), is usable; only usable grants set the runway.
    bool drawn = !g.used.is_zero() || g.runs_out_on.has_value();
    for (const auto& c : b.projection.rate.charges) {
      drawn = drawn ||
              (c.kind == credits::charge_kind::usage && !c.amount.is_zero() && c.service &&
               std::find(g.services.begin(), g.services.end(), *c.service) != g.services.end());
    }
    if (drawn && !g.usable) {
      return mismatch(where + ": usable is false, yet the spend draws on it (it paid " +
                      g.used.to_string() +
                      " USD, or a charge of the rate bills a service it covers)");
    }
    if (!g.usable) continue;
    const date stop = g.runs_out_on ? *g.runs_out_on : add_days(g.last_valid_day, 1);
    if (!runway || *runway < stop) runway = stop;
  }
  if (b.runway != runway) {
    return mismatch("credits.runway: the report says " +
                    (b.runway ? to_string(*b.runway) : std::string("null")) +
                    ", the usable grants' last stop is " + (runway ? to_string(*runway) : "none"));
  }
  if (lost != b.total_lost_at_expiry) {
    return mismatch("credits.total_lost_at_expiry: the report says " +
                    b.total_lost_at_expiry.to_string() + ", the grants' losses sum to " +
                    lost.to_string());
  }

  // The projection continues the schedule: contiguous periods whose parts add up, each balance
  // falling by the credits used, or to zero once at a grant's last valid day (its loss).
  for (std::size_t k = 0; k < n; ++k) {
    const auto& g = b.grants[k];
    if (!expired[k] && g.wasted_at_expiry && !g.wasted_at_expiry->is_zero()) {
      balance[k] = decimal{};  // lost on the schedule's last day, after its last period
    }
  }
  std::optional<date> from;
  if (!b.periods.empty()) from = b.periods.back().end;
  for (std::size_t i = 0; i < b.projection.periods.size(); ++i) {
    const auto& p = b.projection.periods[i];
    const std::string where = at("credits.projection.periods", i) + " (" + to_string(p.start) +
                              " to " + to_string(p.end) + ")";
    if (from && p.start != *from) {
      return mismatch(where + ": does not start where the previous period ends, " +
                      to_string(*from));
    }
    from = p.end;
    // The period and its spend are the rate's, as the burn-down projects them.
    const auto rated = credits::detail::projected_period(b.projection.rate, p.start);
    if (p.end != rated.end) {
      return mismatch(where + ": a projected period ends on the next 1st of a month, " +
                      to_string(rated.end));
    }
    decimal rated_spend{};
    for (const auto& c : rated.charges) rated_spend += c.amount;
    if (p.spend != rated_spend) {
      return mismatch(where + ": the report says a spend of " + p.spend.to_string() +
                      ", the rate's charges for the period give " + rated_spend.to_string());
    }
    if (p.credits_used + p.uncovered != p.spend) {
      return mismatch(where + ": credits used " + p.credits_used.to_string() + " + uncovered " +
                      p.uncovered.to_string() + " is not the spend " + p.spend.to_string());
    }
    decimal by_reason{};
    for (const auto& [r, a] : p.uncovered_by_reason) by_reason += a;
    if (by_reason != p.uncovered) {
      return mismatch(where + ": the uncovered amounts by reason sum to " + by_reason.to_string() +
                      ", not the uncovered " + p.uncovered.to_string());
    }
    if (p.balance_after.size() != n) {
      return mismatch(where + ": " + std::to_string(p.balance_after.size()) + " balances for " +
                      std::to_string(n) + " grants");
    }
    // One grant, valid the whole period, emptied in it: it runs out where the burn-down puts the
    // day, spending spread evenly over what it could pay (credits used + what found it exhausted).
    if (n == 1 && !balance[0].is_zero() && p.balance_after[0].is_zero() &&
        !(b.grants[0].last_valid_day < p.end) &&
        !p.uncovered_by_reason.contains(credits::uncovered_reason::not_yet_issued) &&
        !p.uncovered_by_reason.contains(credits::uncovered_reason::expired)) {
      decimal eligible = p.credits_used;
      if (const auto e = p.uncovered_by_reason.find(credits::uncovered_reason::balance_exhausted);
          e != p.uncovered_by_reason.end()) {
        eligible += e->second;
      }
      const auto span = days_between(p.start, p.end);
      const auto lasted = static_cast<std::int64_t>((balance[0].raw() * span) / eligible.raw());
      const date day = add_days(p.start, std::min(lasted, span));
      if (b.grants[0].runs_out_on != day) {
        return mismatch(
            at("credits.grants", 0) + " '" + b.grants[0].name + "' runs_out_on: the " +
            "report says " +
            (b.grants[0].runs_out_on ? to_string(*b.grants[0].runs_out_on) : std::string("null")) +
            ", the balance spread over what it could pay in " + where + " lasts to " +
            to_string(day));
      }
    }
    decimal fell{};
    decimal lost_here{};
    for (std::size_t k = 0; k < n; ++k) {
      const auto& g = b.grants[k];
      if (balance[k] < p.balance_after[k]) {
        return mismatch(where + " balance of '" + g.name + "': rises from " +
                        balance[k].to_string() + " to " + p.balance_after[k].to_string());
      }
      fell += balance[k] - p.balance_after[k];
      if (!balance[k].is_zero() && p.balance_after[k].is_zero() && !g.runs_out_on &&
          g.last_valid_day < p.end) {
        lost_here += g.lost_at_expiry;
      }
      balance[k] = p.balance_after[k];
    }
    if (fell != p.credits_used + lost_here) {
      return mismatch(where + ": the balances fall by " + fell.to_string() + ", the credits used " +
                      p.credits_used.to_string() + " and the losses at expiry " +
                      lost_here.to_string() + " give " + (p.credits_used + lost_here).to_string());
    }
  }
  // A balance the projection leaves standing (never run out, not lost in the spend window) waits
  // whole for the grant's last valid day: that balance is what the grant loses there.
  for (std::size_t k = 0; k < n; ++k) {
    const auto& g = b.grants[k];
    if (!balance[k].is_zero() && !g.runs_out_on && !g.wasted_at_expiry &&
        g.lost_at_expiry != balance[k]) {
      return mismatch(at("credits.grants", k) + " '" + g.name + "' lost_at_expiry: the report " +
                      "says " + g.lost_at_expiry.to_string() + ", the balance left after the " +
                      "projection, lost on its last valid day, is " + balance[k].to_string());
    }
  }
  return std::nullopt;
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL check_result check(const extras& x) {
  std::optional<check_result> m;
  if (x.tornado && (m = detail::check_tornado(*x.tornado))) return *m;
  if (x.scenarios && (m = detail::check_scenarios(*x.scenarios))) return *m;
  if (x.monte_carlo && (m = detail::check_monte_carlo(*x.monte_carlo))) return *m;
  if (x.comparison && (m = detail::check_comparison(*x.comparison))) return *m;
  if (x.decision && (m = detail::check_decision(*x.decision))) return *m;
  if (x.burn_down && (m = detail::check_burn_down(*x.burn_down))) return *m;
  return {};
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_EXTRAS_IPP
