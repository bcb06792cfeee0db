// The report reader's members for a report's extras (report/audit.hpp's report_reader: the
// tornado, the scenarios, the Monte Carlo, the comparison, the decision and the credits'
// burn-down). Part of report/impl/audit.ipp, which includes it after the document's own members.
#ifndef TRNCOST_REPORT_IMPL_AUDIT_EXTRAS_IPP
#define TRNCOST_REPORT_IMPL_AUDIT_EXTRAS_IPP

#ifndef TRNCOST_REPORT_IMPL_AUDIT_IPP
#error \
    "report/impl/audit_extras.ipp is part of report/impl/audit.ipp: include <trncost/report/audit.hpp>"
#endif

namespace trncost {

namespace report::detail {

TRNCOST_DECL auto report_reader::index_or_null(const readers::detail::json_value& obj,
                                               const std::string& path, std::string_view key) const
    -> std::optional<std::size_t> {
  const readers::detail::json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return static_cast<std::size_t>(whole(obj, path, key));
}

TRNCOST_DECL auto report_reader::day_or_null(const readers::detail::json_value& obj,
                                             const std::string& path, std::string_view key) const
    -> std::optional<date> {
  const readers::detail::json_value* v = obj.find(key);
  if (v != nullptr && v->is_null()) return std::nullopt;
  return day(obj, path, key);
}

TRNCOST_DECL auto report_reader::decimals_or_null(const readers::detail::json_value& obj,
                                                  const std::string& path,
                                                  std::string_view key) const
    -> std::vector<std::optional<decimal>> {
  std::vector<std::optional<decimal>> out;
  const auto& items = array(obj, path, key);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = path + "." + std::string(key) + "[" + std::to_string(i) + "]";
    if (items[i].is_null()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    if (!items[i].is_string()) fail_at(at, "is neither a decimal string nor null");
    if (const auto why = decimal_text_rule(items[i].text()); !why.empty()) {
      fail_at(at, "'" + items[i].text() + "' " + why);
    }
    try {
      out.emplace_back(decimal::parse(items[i].text()));
    } catch (const error& e) {
      fail_at(at, e.what());
    }
  }
  return out;
}

TRNCOST_DECL auto report_reader::bar(const readers::detail::json_value& e,
                                     const std::string& path) const -> analysis::tornado_bar {
  closed(e, path,
         {"input", "kind", "basis", "baseline_value", "low", "high", "total_at_low",
          "total_at_high", "swing"},
         "a tornado bar");
  return {str(e, path, "input"),          str(e, path, "kind"),          str(e, path, "basis"),
          dec(e, path, "baseline_value"), dec(e, path, "low"),           dec(e, path, "high"),
          dec(e, path, "total_at_low"),   dec(e, path, "total_at_high"), dec(e, path, "swing")};
}

TRNCOST_DECL auto report_reader::tornado(const readers::detail::json_value& o,
                                         const std::string& path) const -> analysis::tornado {
  analysis::tornado t;
  closed(o, path, {"baseline_total", "observed", "assumptions"}, "the tornado");
  t.baseline_total = dec(o, path, "baseline_total");
  each(o, path, "observed", [&](const readers::detail::json_value& e, const std::string& at) {
    t.observed.push_back(bar(e, at));
  });
  each(o, path, "assumptions", [&](const readers::detail::json_value& e, const std::string& at) {
    t.assumptions.push_back(bar(e, at));
  });
  return t;
}

TRNCOST_DECL auto report_reader::scenarios(const readers::detail::json_value& o,
                                           const std::string& path) const
    -> analysis::scenario_table {
  analysis::scenario_table t;
  closed(o, path, {"lines", "scenarios"}, "the scenarios");
  each(o, path, "lines", [&](const readers::detail::json_value& e, const std::string& at) {
    closed(e, at, {"name", "category"}, "an entry of 'lines'");
    t.line_names.push_back(str(e, at, "name"));
    t.line_categories.push_back(
        named<category>(e, at, "category", report::parse_category, "category"));
  });
  each(o, path, "scenarios", [&](const readers::detail::json_value& e, const std::string& at) {
    analysis::scenario_result r;
    closed(e, at,
           {"name", "overrides", "total", "gap", "by_category", "lines", "parts", "interaction"},
           "a scenario");
    r.name = str(e, at, "name");
    each(e, at, "overrides", [&](const readers::detail::json_value& v, const std::string& vat) {
      closed(v, vat, {"input", "value", "rationale"}, "an entry of 'overrides'");
      r.overrides.push_back({str(v, vat, "input"), dec(v, vat, "value"), str(v, vat, "rationale")});
    });
    r.total = dec(e, at, "total");
    r.gap = dec(e, at, "gap");
    each(e, at, "by_category", [&](const readers::detail::json_value& v, const std::string& vat) {
      closed(v, vat, {"category", "amount"}, "an entry of 'by_category'");
      const auto c = named<category>(v, vat, "category", report::parse_category, "category");
      if (!r.by_category.emplace(c, dec(v, vat, "amount")).second) {
        fail_at(vat + ".category", "appears twice");
      }
    });
    r.lines = decimals_or_null(e, at, "lines");
    each(e, at, "parts", [&](const readers::detail::json_value& v, const std::string& vat) {
      closed(v, vat, {"input", "from", "to", "effect"}, "an entry of 'parts'");
      r.parts.push_back(
          {str(v, vat, "input"), dec(v, vat, "from"), dec(v, vat, "to"), dec(v, vat, "effect")});
    });
    r.interaction = dec(e, at, "interaction");
    t.scenarios.push_back(std::move(r));
  });
  return t;
}

TRNCOST_DECL auto report_reader::monte_carlo(const readers::detail::json_value& o,
                                             const std::string& path) const
    -> analysis::monte_carlo_result {
  analysis::monte_carlo_result m;
  closed(o, path,
         {"samples", "seed", "format", "baseline", "mean", "min", "p5", "p50", "p95", "max",
          "p_over_budget", "varied", "correlations"},
         "the Monte Carlo band");
  (void)str(o, path, "format");
  m.samples = whole(o, path, "samples");
  m.seed = whole(o, path, "seed");
  m.baseline = figure(o, path, "baseline");
  m.mean = figure(o, path, "mean");
  m.min = figure(o, path, "min");
  m.p5 = figure(o, path, "p5");
  m.p50 = figure(o, path, "p50");
  m.p95 = figure(o, path, "p95");
  m.max = figure(o, path, "max");
  if (const auto p = dec_or_null(o, path, "p_over_budget")) m.p_over_budget = p->to_double();
  m.varied = strings(o, path, "varied");
  if (o.find("correlations") != nullptr) m.correlations = strings(o, path, "correlations");
  return m;
}

TRNCOST_DECL auto report_reader::comparison(const readers::detail::json_value& o,
                                            const std::string& path) const -> analysis::comparison {
  analysis::comparison c;
  closed(o, path, {"groups"}, "the comparison");
  each(o, path, "groups", [&](const readers::detail::json_value& e, const std::string& at) {
    closed(e, at, {"dataset_id", "metric", "target", "direction", "differences", "ranked", "apart"},
           "a comparison group");
    analysis::comparison_group g;
    g.dataset_id = str(e, at, "dataset_id");
    g.metric = str(e, at, "metric");
    g.target = dec(e, at, "target");
    const auto dir = str(e, at, "direction");
    if (dir == "lower is better") {
      g.direction = analysis::quality_direction::lower_is_better;
    } else if (dir == "higher is better") {
      g.direction = analysis::quality_direction::higher_is_better;
    } else {
      fail_at(at + ".direction",
              "'" + dir + "' is neither 'lower is better' nor 'higher is better'");
    }
    g.differences = strings(e, at, "differences");
    each(e, at, "ranked", [&](const readers::detail::json_value& v, const std::string& vat) {
      closed(v, vat,
             {"name", "cost", "seconds", "cost_rank", "time_rank", "cost_ratio", "time_ratio",
              "stack", "work", "cost_per_work"},
             "a ranked option");
      analysis::ranked_option r;
      r.name = str(v, vat, "name");
      r.cost = dec(v, vat, "cost");
      r.seconds = dec_or_null(v, vat, "seconds");
      r.cost_rank = static_cast<std::size_t>(whole(v, vat, "cost_rank"));
      r.time_rank = index_or_null(v, vat, "time_rank");
      r.cost_ratio = dec(v, vat, "cost_ratio");
      r.time_ratio = dec_or_null(v, vat, "time_ratio");
      r.stack = str(v, vat, "stack");
      if (v.find("work") != nullptr) r.work = dec(v, vat, "work");
      if (v.find("cost_per_work") != nullptr) r.cost_per_work = dec(v, vat, "cost_per_work");
      g.ranked.push_back(std::move(r));
    });
    each(e, at, "apart", [&](const readers::detail::json_value& v, const std::string& vat) {
      closed(v, vat, {"name", "reason"}, "an entry of 'apart'");
      g.apart.push_back({str(v, vat, "name"), str(v, vat, "reason")});
    });
    c.groups.push_back(std::move(g));
  });
  return c;
}

TRNCOST_DECL auto report_reader::decision(const readers::detail::json_value& o,
                                          const std::string& path) const -> analysis::decision {
  analysis::decision d;
  closed(o, path, {"outcome", "suspend_reasons", "compare_reasons", "continue_reasons"},
         "the decision");
  d.outcome = named<analysis::verdict>(
      o, path, "outcome",
      [](std::string_view s) -> std::optional<analysis::verdict> {
        for (const auto v : {analysis::verdict::continue_on, analysis::verdict::compare_another,
                             analysis::verdict::suspend}) {
          if (analysis::to_string(v) == s) return v;
        }
        return std::nullopt;
      },
      "decision outcome ('continue', 'compare another option', 'suspend')");
  d.suspend_reasons = strings(o, path, "suspend_reasons");
  d.compare_reasons = strings(o, path, "compare_reasons");
  d.continue_reasons = strings(o, path, "continue_reasons");
  return d;
}

TRNCOST_DECL auto report_reader::burn_periods(const readers::detail::json_value& o,
                                              const std::string& path, std::string_view key) const
    -> std::vector<credits::period_burn> {
  std::vector<credits::period_burn> out;
  each(o, path, key, [&](const readers::detail::json_value& e, const std::string& at) {
    closed(e, at,
           {"start", "end", "spend", "credits_used", "uncovered", "uncovered_by_reason",
            "balance_after"},
           key == "periods" && path.find("projection") != std::string::npos
               ? "a projected period"
               : "a period of the burn-down");
    credits::period_burn p;
    p.start = day(e, at, "start");
    p.end = day(e, at, "end");
    p.spend = dec(e, at, "spend");
    p.credits_used = dec(e, at, "credits_used");
    p.uncovered = dec(e, at, "uncovered");
    each(e, at, "uncovered_by_reason",
         [&](const readers::detail::json_value& v, const std::string& vat) {
           closed(v, vat, {"reason", "amount"}, "an entry of 'uncovered_by_reason'");
           const auto r = named<credits::uncovered_reason>(
               v, vat, "reason",
               [](std::string_view s) -> std::optional<credits::uncovered_reason> {
                 for (const auto x : credits::all_uncovered_reasons) {
                   if (credits::to_string(x) == s) return x;
                 }
                 return std::nullopt;
               },
               "reason a charge was not covered");
           if (!p.uncovered_by_reason.emplace(r, dec(v, vat, "amount")).second) {
             fail_at(vat + ".reason", "appears twice");
           }
         });
    for (const auto& v : decimals_or_null(e, at, "balance_after")) {
      if (!v) fail_at(at + ".balance_after", "holds a null; every balance is a decimal string");
      p.balance_after.push_back(*v);
    }
    out.push_back(std::move(p));
  });
  return out;
}

TRNCOST_DECL auto report_reader::burn_down(const readers::detail::json_value& o,
                                           const std::string& path) const
    -> credits::burn_down_result {
  credits::burn_down_result b;
  closed(o, path,
         {"total_spend", "total_credits", "total_uncovered", "total_wasted", "total_lost_at_expiry",
          "runway", "grants", "periods", "credit_lines", "projection", "findings"},
         "the credits section");
  b.total_spend = dec(o, path, "total_spend");
  b.total_credits = dec(o, path, "total_credits");
  b.total_uncovered = dec(o, path, "total_uncovered");
  b.total_wasted = dec(o, path, "total_wasted");
  b.total_lost_at_expiry = dec(o, path, "total_lost_at_expiry");
  b.runway = day_or_null(o, path, "runway");
  each(o, path, "grants", [&](const readers::detail::json_value& e, const std::string& at) {
    closed(e, at,
           {"name", "amount", "last_valid_day", "used", "balance_at_end", "exhausted_on",
            "wasted_at_expiry", "unused_at_schedule_end", "runs_out_on", "lost_at_expiry",
            "services", "usable"},
           "a grant's outcome");
    credits::grant_outcome g;
    g.name = str(e, at, "name");
    g.amount = dec(e, at, "amount");
    g.last_valid_day = day(e, at, "last_valid_day");
    g.used = dec(e, at, "used");
    g.balance_at_end = dec(e, at, "balance_at_end");
    g.exhausted_on = day_or_null(e, at, "exhausted_on");
    g.wasted_at_expiry = dec_or_null(e, at, "wasted_at_expiry");
    g.unused_at_schedule_end = dec(e, at, "unused_at_schedule_end");
    g.runs_out_on = day_or_null(e, at, "runs_out_on");
    g.lost_at_expiry = dec(e, at, "lost_at_expiry");
    // A report written before grants said which services they cover: every grant counted as
    // usable, as the runway then was.
    if (e.find("services") != nullptr) g.services = strings(e, at, "services");
    if (e.find("usable") != nullptr) g.usable = boolean(e, at, "usable");
    b.grants.push_back(std::move(g));
  });
  b.periods = burn_periods(o, path, "periods");
  each(o, path, "credit_lines", [&](const readers::detail::json_value& e, const std::string& at) {
    closed(e, at, {"start", "end", "grant", "category", "amount", "service"}, "a credit line");
    credits::credit_line l;
    l.start = day(e, at, "start");
    l.end = day(e, at, "end");
    l.grant = str(e, at, "grant");
    l.cat = named<category>(e, at, "category", report::parse_category, "category");
    l.service = str_or_null(e, at, "service");
    l.amount = dec(e, at, "amount");
    b.credit_lines.push_back(std::move(l));
  });
  const readers::detail::json_value& pr =
      member(o, path, "projection", readers::detail::json_value::kind::object);
  const std::string pat = path + ".projection";
  closed(pr, pat, {"rate", "periods"}, "the projection");
  const readers::detail::json_value& rate =
      member(pr, pat, "rate", readers::detail::json_value::kind::object);
  closed(rate, pat + ".rate", {"days", "charges"}, "the projection's rate");
  b.projection.rate.days = static_cast<std::int64_t>(whole(rate, pat + ".rate", "days"));
  each(rate, pat + ".rate", "charges",
       [&](const readers::detail::json_value& e, const std::string& at) {
         closed(e, at, {"category", "service", "kind", "amount"}, "a charge");
         credits::charge c;
         c.cat = named<category>(e, at, "category", report::parse_category, "category");
         c.service = str_or_null(e, at, "service");
         c.kind = named<credits::charge_kind>(
             e, at, "kind",
             [](std::string_view s) -> std::optional<credits::charge_kind> {
               using credits::charge_kind;
               for (const auto k : {charge_kind::usage, charge_kind::upfront_fee,
                                    charge_kind::marketplace, charge_kind::support}) {
                 if (credits::to_string(k) == s) return k;
               }
               return std::nullopt;
             },
             "kind of charge ('usage', 'upfront fee', 'Marketplace', 'support')");
         c.amount = dec(e, at, "amount");
         b.projection.rate.charges.push_back(std::move(c));
       });
  b.projection.periods = burn_periods(pr, pat, "periods");
  b.findings = strings(o, path, "findings");
  return b;
}

TRNCOST_DECL auto report_reader::read_extras(const readers::detail::json_value& root,
                                             int version) const -> report::extras {
  report::extras x;
  const readers::detail::json_value* a = root.find("analysis");
  const readers::detail::json_value* c = root.find("credits");
  if ((a != nullptr || c != nullptr) && version < report::extras_schema_version) {
    fail_at(a != nullptr ? "analysis" : "credits",
            "is a section of schema version " + std::to_string(report::extras_schema_version) +
                "; the report declares version " + std::to_string(version));
  }
  if (a != nullptr) {
    const auto& o = member(root, "", "analysis", readers::detail::json_value::kind::object);
    const auto sub = [&](std::string_view key) -> const readers::detail::json_value* {
      return o.find(key) == nullptr
                 ? nullptr
                 : &member(o, "analysis", key, readers::detail::json_value::kind::object);
    };
    if (const auto* v = sub("tornado")) x.tornado = tornado(*v, "analysis.tornado");
    if (const auto* v = sub("scenarios")) x.scenarios = scenarios(*v, "analysis.scenarios");
    if (const auto* v = sub("monte_carlo")) x.monte_carlo = monte_carlo(*v, "analysis.monte_carlo");
    if (const auto* v = sub("comparison")) x.comparison = comparison(*v, "analysis.comparison");
    if (const auto* v = sub("decision")) x.decision = decision(*v, "analysis.decision");
  }
  if (c != nullptr) {
    x.burn_down = burn_down(member(root, "", "credits", readers::detail::json_value::kind::object),
                            "credits");
  }
  return x;
}

}  // namespace report::detail

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_AUDIT_EXTRAS_IPP
