// The definitions of report/audit_study.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_AUDIT_STUDY_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_STUDY_IPP

#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>

#include "../audit_study.hpp"

namespace trncost {

namespace report {

[[nodiscard]] TRNCOST_DECL bool is_study_report(std::string_view json_text) {
  try {
    const auto root = detail::parse_report_json(json_text, "report");
    const auto* s = root.find("schema");
    return s != nullptr && s->is_string() && s->text() == study_schema_name;
  } catch (const trncost::error&) {
    return false;
  }
}

[[nodiscard]] TRNCOST_DECL study_report_view read_study_report(std::string_view json_text,
                                                               std::string_view file) {
  using readers::detail::json_value;
  const auto root = detail::parse_report_json(json_text, file);
  const detail::report_reader r(file);
  study_report_view v;
  const readers::detail::json_value& list =
      r.member(root, "", "options", readers::detail::json_value::kind::array);
  for (std::size_t i = 0; i < list.items().size(); ++i) {
    const std::string at = "options[" + std::to_string(i) + "]";
    const readers::detail::json_value& o = list.items()[i];
    v.options.emplace_back(
        r.str(o, at, "name"),
        r.read(r.member(o, at, "report", readers::detail::json_value::kind::object)));
  }
  if (const readers::detail::json_value* d = root.find("decided_for");
      d != nullptr && d->is_string()) {
    v.decided_for = d->text();
  }
  const report::extras study = r.read_extras(root, report::extras_schema_version);
  if (study.decision) v.decision = *study.decision;
  return v;
}

[[nodiscard]] TRNCOST_DECL audit_result audit_study(std::string_view json_text,
                                                    std::string_view file) {
  using readers::detail::json_value;
  const auto root = detail::parse_report_json(json_text, file);
  const detail::report_reader r(file);
  const std::string schema = r.str(root, "", "schema");
  if (schema != study_schema_name) {
    r.fail_at("schema", "'" + schema + "' is not " + std::string(study_schema_name));
  }
  const auto version = r.signed_whole(root, "", "schema_version");
  if (version > study_schema_version || version < 1) {
    r.fail_at("schema_version", "the study report has schema version " + std::to_string(version) +
                                    "; this trncost reads 1 to " +
                                    std::to_string(study_schema_version));
  }
  audit_result total;
  const auto fail = [](std::string what) { return report::detail::mismatch(std::move(what)); };
  struct seen_option {
    decimal total{};
    decimal work{};
    analysis::decision decision;
    std::size_t placed = 0;
    std::optional<credits::burn_down_result> credits;  // its burn-down, when it has grants
  };
  std::map<std::string, seen_option, std::less<>> options;
  std::map<std::string, report::document, std::less<>> documents;  // for the break-evens
  const readers::detail::json_value& list =
      r.member(root, "", "options", readers::detail::json_value::kind::array);
  for (std::size_t i = 0; i < list.items().size(); ++i) {
    const std::string at = "options[" + std::to_string(i) + "]";
    const readers::detail::json_value& o = list.items()[i];
    const std::string name = r.str(o, at, "name");
    r.closed(o, at, {"name", "title", "work", "report", "regions"}, "a study's option");
    const readers::detail::json_value& rep =
        r.member(o, at, "report", readers::detail::json_value::kind::object);
    full_report fr{r.read(rep), {}};
    fr.extras = r.read_extras(rep, fr.doc.version);
    const auto one = check(fr);
    if (!one.ok) return fail(at + " '" + name + "' report: " + one.first_mismatch);
    total.inputs += one.inputs;
    total.derivations += one.derivations;
    total.lines += one.lines;
    documents.emplace(name, fr.doc);
    // [study] regions: each region's report audited, its lines billed in that region, its cost per
    // unit of work recomputed; the priced ones cheapest first, then those not priced.
    if (o.find("regions") != nullptr) {
      const auto& regs = r.array(o, at, "regions");
      std::optional<decimal> previous;
      bool unpriced_seen = false;
      for (std::size_t k = 0; k < regs.size(); ++k) {
        const std::string gp = at + ".regions[" + std::to_string(k) + "]";
        const readers::detail::json_value& g = r.object_at(regs, k, at + ".regions");
        r.closed(g, gp, {"region", "report", "work", "cost_per_work", "why_not"},
                 "a region's result");
        const std::string region = r.str(g, gp, "region");
        const readers::detail::json_value* greport = g.find("report");
        if (greport == nullptr || greport->is_null()) {
          if (!r.str_or_null(g, gp, "why_not") || r.dec_or_null(g, gp, "work") ||
              r.dec_or_null(g, gp, "cost_per_work")) {
            return fail(gp + ": a region not priced has its why_not and no work or cost");
          }
          unpriced_seen = true;
          continue;
        }
        if (unpriced_seen) return fail(gp + ": a priced region after one not priced");
        if (r.str_or_null(g, gp, "why_not")) return fail(gp + ": a priced region has no why_not");
        full_report gr{r.read(r.member(g, gp, "report", readers::detail::json_value::kind::object)),
                       {}};
        const auto checked = check(gr);
        if (!checked.ok) return fail(gp + " report: " + checked.first_mismatch);
        total.inputs += checked.inputs;
        total.derivations += checked.derivations;
        total.lines += checked.lines;
        for (std::size_t l = 0; l < gr.doc.lines.size(); ++l) {
          const auto& id = gr.doc.lines[l].identity;
          if (id && !id->region.empty() && id->region != region) {
            return fail(gp + " report: lines[" + std::to_string(l) + "] is billed in " +
                        id->region + ", not " + region);
          }
        }
        const decimal work = r.dec(g, gp, "work");
        if (!(decimal{} < work)) return fail(gp + ".work: must be above 0");
        const decimal per = gr.doc.totals.total / work;
        if (per != r.dec(g, gp, "cost_per_work")) {
          return fail(gp + ".cost_per_work: the report says " +
                      r.dec(g, gp, "cost_per_work").to_string() + ", recomputed " +
                      per.to_string() + " (total / work)");
        }
        if (previous && per < *previous) {
          return fail(gp + ": cheaper per unit of work than the region before it");
        }
        previous = per;
      }
    }
    if (!fr.extras.decision) return fail(at + " '" + name + "': the report has no decision");
    if (!options
             .emplace(name, seen_option{fr.doc.totals.total, r.dec(o, at, "work"),
                                        *fr.extras.decision, 0, fr.extras.burn_down})
             .second) {
      return fail(at + " '" + name + "': two options have this name");
    }
  }
  const report::extras study = r.read_extras(root, report::extras_schema_version);
  if (!study.comparison || !study.decision) {
    r.fail_at("analysis", "a study report has a comparison and a decision");
  }
  const auto own = report::check(study);
  if (!own.ok) return own;
  const auto& groups = study.comparison->groups;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto& grp = groups[g];
    for (std::size_t k = 0; k < grp.ranked.size(); ++k) {
      const auto& x = grp.ranked[k];
      const std::string at = "analysis.comparison.groups[" + std::to_string(g) + "].ranked[" +
                             std::to_string(k) + "] '" + x.name + "'";
      const auto it = options.find(x.name);
      if (it == options.end()) return fail(at + ": no option of the study has this name");
      ++it->second.placed;
      if (x.cost != it->second.total) {
        return fail(at + " cost: the report says " + x.cost.to_string() +
                    ", the option's recomputed total is " + it->second.total.to_string());
      }
      // The protocol rule: an option that missed the target (or whose reaching it is not
      // measured) is set apart, never ranked; its decision says which.
      const auto& why = it->second.decision.continue_reasons;
      if (std::none_of(why.begin(), why.end(), [](const std::string& s) {
            return s.starts_with(analysis::quality_reached_reason);
          })) {
        return fail(at +
                    ": ranked, but its decision does not say it reached the target; an "
                    "option that missed the target is set apart, never ranked");
      }
      if (!x.work || *x.work != it->second.work) {
        return fail(at + " work: the comparison says " +
                    (x.work ? x.work->to_string() : "nothing") + ", the option says " +
                    it->second.work.to_string());
      }
    }
    for (const auto& a : grp.apart) {
      const auto it = options.find(a.name);
      if (it == options.end()) {
        return fail("analysis.comparison: '" + a.name +
                    "' is set apart but no option has this name");
      }
      ++it->second.placed;
      // Set apart for missing the target: the value it gives must miss the group's target.
      const std::string missed = "did not reach the target: " + grp.metric + " ";
      if (a.reason.starts_with(missed)) {
        const std::string rest = a.reason.substr(missed.size());
        const auto against = rest.find(" against ");
        analysis::protocol p;
        p.target = grp.target;
        p.direction = grp.direction;
        try {
          p.reached = decimal::parse(rest.substr(0, against));
        } catch (const trncost::error&) {
          return fail("analysis.comparison: '" + a.name + "' set apart: '" + a.reason +
                      "' gives no value reached");
        }
        if (against == std::string::npos || p.target_reached()) {
          return fail("analysis.comparison: '" + a.name + "' set apart: '" + a.reason +
                      "', yet that value reaches the target " + grp.target.to_string() + " (" +
                      analysis::detail::direction_text(grp.direction) + ")");
        }
      }
    }
  }
  for (const auto& [name, o] : options) {
    if (o.placed != 1) {
      return fail("analysis.comparison: option '" + name + "' appears " + std::to_string(o.placed) +
                  " times; every option is ranked or set apart once");
    }
  }
  const readers::detail::json_value* decided = root.find("decided_for");
  const bool ranked_first = !groups.empty() && !groups.front().ranked.empty();
  const readers::detail::json_value& analysis_part =
      r.member(root, "", "analysis", readers::detail::json_value::kind::object);
  r.closed(analysis_part, "analysis", {"comparison", "decision", "cash_ranking", "break_even"},
           "a study's analysis");
  // With grants, the first group's ranked options by cash paid after credits, recomputed from
  // each option's audited report (its total and its burn-down).
  const bool any_grant = std::any_of(options.begin(), options.end(),
                                     [](const auto& o) { return o.second.credits.has_value(); });
  std::optional<std::vector<cash_rank>> by_cash;
  if (any_grant && ranked_first) {
    std::vector<cash_rank> want;
    for (const auto& x : groups.front().ranked) {
      const auto& o = options.find(x.name)->second;
      cash_rank k;
      k.name = x.name;
      k.list_rank = x.cost_rank;
      k.total = o.total;
      k.work = o.work;
      if (o.credits) {
        k.credits = o.credits->total_credits;
        k.lost_at_expiry = o.credits->total_lost_at_expiry;
        for (const auto& g : o.credits->grants) {
          if (!g.used.is_zero()) k.paid_by.emplace_back(g.name, g.used);
        }
      }
      k.cash = k.total - k.credits;
      k.cash_per_work = k.work.is_zero() ? k.cash : k.cash / k.work;
      want.push_back(std::move(k));
    }
    std::stable_sort(want.begin(), want.end(), [](const cash_rank& a, const cash_rank& b) {
      return a.cash_per_work < b.cash_per_work;
    });
    for (std::size_t i = 0; i < want.size(); ++i) want[i].rank = i + 1;
    const readers::detail::json_value* cr = analysis_part.find("cash_ranking");
    if (cr == nullptr || !cr->is_object()) {
      return fail(
          "analysis.cash_ranking: the study has grants, so its decision ranks the cash "
          "paid after credits; the report has no such ranking");
    }
    r.closed(*cr, "analysis.cash_ranking", {"ranked", "effect"}, "the ranking by cash");
    const auto& got = r.array(*cr, "analysis.cash_ranking", "ranked");
    if (got.size() != want.size()) {
      return fail("analysis.cash_ranking.ranked: " + std::to_string(got.size()) +
                  " options, the first group ranks " + std::to_string(want.size()));
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
      const std::string at = "analysis.cash_ranking.ranked[" + std::to_string(i) + "]";
      const readers::detail::json_value& e = r.object_at(got, i, "analysis.cash_ranking.ranked");
      r.closed(e, at,
               {"name", "rank", "list_rank", "total", "credits", "cash", "lost_at_expiry", "work",
                "cash_per_work", "paid_by"},
               "an option ranked by cash");
      const auto& k = want[i];
      const auto mismatch = [&](const std::string& key, const std::string& said,
                                const std::string& recomputed, const std::string& how) {
        return fail(at + "." + key + ": the report says " + said + ", recomputed " + recomputed +
                    " (" + how + ")");
      };
      if (r.str(e, at, "name") != k.name) {
        return mismatch("name", r.str(e, at, "name"), k.name,
                        "the options ranked by cash per unit of work, ties by list rank");
      }
      const auto whole = [&](const char* key) {
        return static_cast<std::size_t>(r.signed_whole(e, at, key));
      };
      if (whole("rank") != k.rank || whole("list_rank") != k.list_rank) {
        return mismatch("rank",
                        std::to_string(whole("rank")) + "/" + std::to_string(whole("list_rank")),
                        std::to_string(k.rank) + "/" + std::to_string(k.list_rank),
                        "rank by cash / rank by list total");
      }
      const std::array<std::tuple<const char*, decimal, const char*>, 6> figures{{
          {"total", k.total, "the option's recomputed total"},
          {"credits", k.credits, "the credits its burn-down uses"},
          {"cash", k.cash, "total - credits"},
          {"lost_at_expiry", k.lost_at_expiry, "its burn-down's total_lost_at_expiry"},
          {"work", k.work, "the option's work"},
          {"cash_per_work", k.cash_per_work, "cash / work"},
      }};
      for (const auto& [key, value, how] : figures) {
        if (r.dec(e, at, key) != value) {
          return mismatch(key, r.dec(e, at, key).to_string(), value.to_string(), how);
        }
      }
      const auto& paid = r.array(e, at, "paid_by");
      std::vector<std::pair<std::string, decimal>> said;
      for (std::size_t g = 0; g < paid.size(); ++g) {
        const std::string gp = at + ".paid_by[" + std::to_string(g) + "]";
        const readers::detail::json_value& pe = r.object_at(paid, g, at + ".paid_by");
        r.closed(pe, gp, {"grant", "amount"}, "a grant's share");
        said.emplace_back(r.str(pe, gp, "grant"), r.dec(pe, gp, "amount"));
      }
      if (said != k.paid_by) {
        return fail(at +
                    ".paid_by: differs from the grants its burn-down uses (each grant's "
                    "used, those above 0, in the burn-down's order)");
      }
    }
    const std::string effect = credit_effect(want);
    if (r.str(*cr, "analysis.cash_ranking", "effect") != effect) {
      return fail("analysis.cash_ranking.effect: the report says '" +
                  r.str(*cr, "analysis.cash_ranking", "effect") + "', recomputed '" + effect + "'");
    }
    by_cash = std::move(want);
  } else if (analysis_part.find("cash_ranking") != nullptr) {
    return fail(
        "analysis.cash_ranking: no option has a grant (or none ranks), so there is no "
        "ranking by cash");
  }
  if (ranked_first) {
    const std::string& first = by_cash ? by_cash->front().name : groups.front().ranked.front().name;
    if (decided == nullptr || !decided->is_string() || decided->text() != first) {
      return fail("decided_for: the first-ranked option" +
                  std::string(by_cash ? " by cash paid after credits" : "") + " is '" + first +
                  "'");
    }
    auto want = options.find(first)->second.decision;
    if (by_cash) {
      want.continue_reasons.push_back(
          credit_reason(cash_ranking{*by_cash, credit_effect(*by_cash)}));
    }
    const auto& got = *study.decision;
    if (got.outcome != want.outcome || got.suspend_reasons != want.suspend_reasons ||
        got.compare_reasons != want.compare_reasons ||
        got.continue_reasons != want.continue_reasons) {
      return fail("analysis.decision: differs from the decision of '" + first +
                  "', the first-ranked option" +
                  (by_cash ? std::string(", with the credit effect among the reasons that hold")
                           : std::string()));
    }
  } else if (decided != nullptr && !decided->is_null()) {
    return fail("decided_for: no option ranks in the first group, yet the report names '" +
                decided->text() + "'");
  } else if (study.decision->outcome != analysis::verdict::suspend) {
    return fail("analysis.decision: no option ranks, so the decision is suspend");
  }
  // Hosting against an API: each break-even recomputed from the two options' documents. Which
  // break-evens a study owes is read from its options' reports: a fleet that serves a stated
  // average demand (an input "C.average_tokens_per_s") against an API serving the same component's
  // demand (with "C.input_tokens_per_output_token", which only an API's component has), for every
  // such pair; none may be left out, none added.
  using due_key = std::tuple<std::string, std::string, std::string>;  // hosted, api, component
  std::set<due_key> due;
  std::set<due_key> seen;
  {
    constexpr std::string_view demand = ".average_tokens_per_s";
    const auto has = [](const report::document& d, const std::string& name) {
      return std::any_of(d.inputs.begin(), d.inputs.end(),
                         [&](const report::input_entry& in) { return in.name == name; });
    };
    for (const auto& [hosted, hd] : documents) {
      for (const auto& in : hd.inputs) {
        if (!in.name.ends_with(demand)) continue;
        const std::string c = in.name.substr(0, in.name.size() - demand.size());
        if (has(hd, c + ".input_tokens_per_output_token")) continue;
        for (const auto& [api, ad] : documents) {
          if (has(ad, c + std::string(demand)) && has(ad, c + ".input_tokens_per_output_token")) {
            due.emplace(hosted, api, c);
          }
        }
      }
    }
  }
  if (analysis_part.find("break_even") != nullptr) {
    const auto& list_be = r.array(analysis_part, "analysis", "break_even");
    for (std::size_t i = 0; i < list_be.size(); ++i) {
      const std::string at = "analysis.break_even[" + std::to_string(i) + "]";
      const readers::detail::json_value& e = r.object_at(list_be, i, "analysis.break_even");
      r.closed(e, at,
               {"hosted", "api", "component", "unit", "baseline", "demand", "peak", "hosted_total",
                "api_total", "hosted_at_baseline", "api_at_baseline", "stepwise", "bound",
                "windows", "credits", "windows_after_credits"},
               "a break-even");
      if (r.str(e, at, "unit") != "token/s") r.fail_at(at + ".unit", "is not 'token/s'");
      report::break_even b{r.str(e, at, "hosted"),         r.str(e, at, "api"),
                           r.str(e, at, "component"),      r.dec(e, at, "baseline"),
                           r.dec_or_null(e, at, "demand"), r.dec_or_null(e, at, "peak"),
                           r.dec(e, at, "hosted_total"),   r.dec(e, at, "api_total")};
      if (!due.contains({b.hosted, b.api, b.component}) ||
          !seen.emplace(b.hosted, b.api, b.component).second) {
        return fail(at + ": a break-even of '" + b.hosted + "' against '" + b.api + "' for '" +
                    b.component +
                    "' the options' reports do not call for (or given twice): a fleet serving "
                    "the component's stated average demand against an API serving the same");
      }
      const auto h = documents.find(b.hosted);
      const auto a = documents.find(b.api);
      if (h == documents.end() || a == documents.end()) {
        return fail(at + ": '" + (h == documents.end() ? b.hosted : b.api) +
                    "' is the name of no option of the study");
      }
      try {
        if (auto one = report::check_break_even(b, h->second, a->second); !one.ok) {
          return fail(at + ": " + one.first_mismatch);
        }
        // Windows (reports written before them have none): recomputed from both documents, the
        // credits from both options' audited burn-downs.
        if (e.find("stepwise") != nullptr) {
          const auto windows = [&](const char* key) {
            std::vector<report::demand_window> ws;
            r.each(e, at, key, [&](const readers::detail::json_value& x, const std::string& wp) {
              r.closed(x, wp, {"from", "to"}, "a demand window");
              ws.push_back({r.dec(x, wp, "from"), r.dec_or_null(x, wp, "to")});
            });
            return ws;
          };
          report::break_even said = b;
          said.hosted_at_baseline = r.dec(e, at, "hosted_at_baseline");
          said.api_at_baseline = r.dec(e, at, "api_at_baseline");
          said.stepwise = r.boolean(e, at, "stepwise");
          if (said.stepwise) {
            said.bound = r.dec(e, at, "bound");
            said.windows = windows("windows");
            const readers::detail::json_value* cp = e.find("credits");
            if (cp == nullptr) r.fail_at(at + ".credits", "is missing (null without credits)");
            const readers::detail::json_value& c = *cp;
            if (!c.is_null()) {
              r.closed(c, at + ".credits", {"hosted", "api"}, "a break-even's credits");
              said.credits = report::break_even_credits{r.dec(c, at + ".credits", "hosted"),
                                                        r.dec(c, at + ".credits", "api")};
              said.windows_after_credits = windows("windows_after_credits");
            }
          }
          std::optional<report::break_even_credits> credits;
          const auto ch = report::steady_credits(options.find(b.hosted)->second.credits);
          const auto ca = report::steady_credits(options.find(b.api)->second.credits);
          if ((options.find(b.hosted)->second.credits || options.find(b.api)->second.credits) &&
              ch && ca) {
            credits = report::break_even_credits{*ch, *ca};
          }
          report::break_even want = b;
          report::add_windows(want, h->second, a->second, credits);
          const auto shown = [](const report::break_even& x) {
            return report::reading(x) + (x.stepwise ? "" : " (no windows)");
          };
          if (want.hosted_at_baseline != said.hosted_at_baseline ||
              want.api_at_baseline != said.api_at_baseline || want.stepwise != said.stepwise ||
              want.bound != said.bound || want.windows != said.windows ||
              want.credits != said.credits ||
              want.windows_after_credits != said.windows_after_credits) {
            return fail(at + ": the windows recomputed from both options' reports read '" +
                        shown(want) + "', the report's '" + shown(said) + "'");
          }
        }
      } catch (const trncost::error& x) {
        return fail(at + ": " + trncost::detail::bare_message(x));
      }
    }
  }
  for (const auto& [hosted, api, component] : due) {
    if (!seen.contains({hosted, api, component})) {
      return fail("analysis.break_even: no break-even of '" + hosted + "' against '" + api +
                  "' for '" + component +
                  "', which the options' reports call for: a fleet serving the component's "
                  "stated average demand against an API serving the same");
    }
  }
  return total;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_AUDIT_STUDY_IPP
