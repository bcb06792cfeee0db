// The definitions of report/json_extras.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_JSON_EXTRAS_IPP
#define TRNCOST_REPORT_IMPL_JSON_EXTRAS_IPP

#include "../json_extras.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string fixed6(double v) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 6);
  return std::string(buf, r.ptr);
}

TRNCOST_DECL void write_date_or_null(json_writer& w, std::string_view k,
                                     const std::optional<date>& d) {
  w.key(k);
  if (d) {
    w.string(to_string(*d));
  } else {
    w.null();
  }
}

TRNCOST_DECL void write_strings(json_writer& w, std::string_view k,
                                const std::vector<std::string>& v) {
  w.key(k);
  w.begin_array();
  for (const auto& s : v) w.string(s);
  w.end_array();
}

TRNCOST_DECL void write_tornado(json_writer& w, const analysis::tornado& t) {
  w.key("tornado");
  w.begin_object();
  w.member("baseline_total", t.baseline_total);
  for (const auto* bars : {&t.observed, &t.assumptions}) {
    w.key(bars == &t.observed ? "observed" : "assumptions");
    w.begin_array();
    for (const auto& b : *bars) {
      w.begin_object();
      w.member("input", b.input);
      w.member("kind", b.kind);
      w.member("basis", b.basis);
      w.member("baseline_value", b.baseline_value);
      w.member("low", b.low);
      w.member("high", b.high);
      w.member("total_at_low", b.total_at_low);
      w.member("total_at_high", b.total_at_high);
      w.member("swing", b.swing);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

TRNCOST_DECL void write_scenarios(json_writer& w, const analysis::scenario_table& t) {
  w.key("scenarios");
  w.begin_object();
  w.key("lines");
  w.begin_array();
  for (std::size_t i = 0; i < t.line_names.size(); ++i) {
    w.begin_object();
    w.member("name", t.line_names[i]);
    w.member("category", to_string(t.line_categories[i]));
    w.end_object();
  }
  w.end_array();
  w.key("scenarios");
  w.begin_array();
  for (const auto& s : t.scenarios) {
    w.begin_object();
    w.member("name", s.name);
    w.key("overrides");
    w.begin_array();
    for (const auto& o : s.overrides) {
      w.begin_object();
      w.member("input", o.input);
      w.member("value", o.value);
      w.member("rationale", o.rationale);
      w.end_object();
    }
    w.end_array();
    w.member("total", s.total);
    w.member("gap", s.gap);
    w.key("by_category");
    w.begin_array();
    for (const auto& [c, a] : s.by_category) {
      w.begin_object();
      w.member("category", to_string(c));
      w.member("amount", a);
      w.end_object();
    }
    w.end_array();
    w.key("lines");
    w.begin_array();
    for (const auto& l : s.lines) {
      if (l) {
        w.string(l->to_string());
      } else {
        w.null();
      }
    }
    w.end_array();
    w.key("parts");
    w.begin_array();
    for (const auto& p : s.parts) {
      w.begin_object();
      w.member("input", p.input);
      w.member("from", p.from);
      w.member("to", p.to);
      w.member("effect", p.effect);
      w.end_object();
    }
    w.end_array();
    w.member("interaction", s.interaction);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

TRNCOST_DECL void write_monte_carlo(json_writer& w, const analysis::monte_carlo_result& m) {
  w.key("monte_carlo");
  w.begin_object();
  w.member("samples", m.samples);
  w.member("seed", m.seed);
  w.member("format", "fixed, 6 fractional digits (floating point: analysis only, never money)");
  w.member("baseline", fixed6(m.baseline));
  w.member("mean", fixed6(m.mean));
  w.member("min", fixed6(m.min));
  w.member("p5", fixed6(m.p5));
  w.member("p50", fixed6(m.p50));
  w.member("p95", fixed6(m.p95));
  w.member("max", fixed6(m.max));
  w.key("p_over_budget");
  if (m.p_over_budget) {
    w.string(fixed6(*m.p_over_budget));
  } else {
    w.null();
  }
  write_strings(w, "varied", m.varied);
  // Only when inputs were correlated: the reports of independent draws stay byte for byte.
  if (!m.correlations.empty()) write_strings(w, "correlations", m.correlations);
  w.end_object();
}

TRNCOST_DECL void write_comparison(json_writer& w, const analysis::comparison& c) {
  w.key("comparison");
  w.begin_object();
  w.key("groups");
  w.begin_array();
  for (const auto& g : c.groups) {
    w.begin_object();
    w.member("dataset_id", g.dataset_id);
    w.member("metric", g.metric);
    w.member("target", g.target);
    w.member("direction", analysis::detail::direction_text(g.direction));
    write_strings(w, "differences", g.differences);
    w.key("ranked");
    w.begin_array();
    for (const auto& r : g.ranked) {
      w.begin_object();
      w.member("name", r.name);
      w.member("cost", r.cost);
      write_amount(w, "seconds", r.seconds);
      w.member("cost_rank", static_cast<std::uint64_t>(r.cost_rank));
      w.key("time_rank");
      if (r.time_rank) {
        w.number(static_cast<std::uint64_t>(*r.time_rank));
      } else {
        w.null();
      }
      w.member("cost_ratio", r.cost_ratio);
      write_amount(w, "time_ratio", r.time_ratio);
      w.member("stack", r.stack);
      // Only in a comparison per unit of work (a study): older reports stay byte for byte.
      if (r.work) w.member("work", *r.work);
      if (r.cost_per_work) w.member("cost_per_work", *r.cost_per_work);
      w.end_object();
    }
    w.end_array();
    w.key("apart");
    w.begin_array();
    for (const auto& a : g.apart) {
      w.begin_object();
      w.member("name", a.name);
      w.member("reason", a.reason);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

TRNCOST_DECL void write_decision(json_writer& w, const analysis::decision& d) {
  w.key("decision");
  w.begin_object();
  w.member("outcome", analysis::to_string(d.outcome));
  write_strings(w, "suspend_reasons", d.suspend_reasons);
  write_strings(w, "compare_reasons", d.compare_reasons);
  write_strings(w, "continue_reasons", d.continue_reasons);
  w.end_object();
}

TRNCOST_DECL void write_burn_periods(json_writer& w, std::string_view k,
                                     const std::vector<credits::period_burn>& periods) {
  w.key(k);
  w.begin_array();
  for (const auto& p : periods) {
    w.begin_object();
    w.member("start", to_string(p.start));
    w.member("end", to_string(p.end));
    w.member("spend", p.spend);
    w.member("credits_used", p.credits_used);
    w.member("uncovered", p.uncovered);
    w.key("uncovered_by_reason");
    w.begin_array();
    for (const auto& [r, a] : p.uncovered_by_reason) {
      w.begin_object();
      w.member("reason", credits::to_string(r));
      w.member("amount", a);
      w.end_object();
    }
    w.end_array();
    w.key("balance_after");
    w.begin_array();
    for (const auto& v : p.balance_after) w.string(v.to_string());
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

TRNCOST_DECL void write_service_or_null(json_writer& w, const std::optional<std::string>& service) {
  w.key("service");
  if (service) {
    w.string(*service);
  } else {
    w.null();
  }
}

TRNCOST_DECL void write_burn_down(json_writer& w, const credits::burn_down_result& b) {
  w.key("credits");
  w.begin_object();
  w.member("total_spend", b.total_spend);
  w.member("total_credits", b.total_credits);
  w.member("total_uncovered", b.total_uncovered);
  w.member("total_wasted", b.total_wasted);
  w.member("total_lost_at_expiry", b.total_lost_at_expiry);
  write_date_or_null(w, "runway", b.runway);
  w.key("grants");
  w.begin_array();
  for (const auto& g : b.grants) {
    w.begin_object();
    w.member("name", g.name);
    w.member("amount", g.amount);
    w.member("last_valid_day", to_string(g.last_valid_day));
    w.member("used", g.used);
    w.member("balance_at_end", g.balance_at_end);
    write_date_or_null(w, "exhausted_on", g.exhausted_on);
    write_amount(w, "wasted_at_expiry", g.wasted_at_expiry);
    w.member("unused_at_schedule_end", g.unused_at_schedule_end);
    write_date_or_null(w, "runs_out_on", g.runs_out_on);
    w.member("lost_at_expiry", g.lost_at_expiry);
    w.key("services");
    w.begin_array();
    for (const auto& c : g.services) w.string(c);
    w.end_array();
    w.key("usable");
    w.boolean(g.usable);
    w.end_object();
  }
  w.end_array();
  write_burn_periods(w, "periods", b.periods);
  w.key("credit_lines");
  w.begin_array();
  for (const auto& l : b.credit_lines) {
    w.begin_object();
    w.member("start", to_string(l.start));
    w.member("end", to_string(l.end));
    w.member("grant", l.grant);
    w.member("category", to_string(l.cat));
    write_service_or_null(w, l.service);
    w.member("amount", l.amount);
    w.end_object();
  }
  w.end_array();
  w.key("projection");
  w.begin_object();
  w.key("rate");
  w.begin_object();
  w.member("days", b.projection.rate.days);
  w.key("charges");
  w.begin_array();
  for (const auto& c : b.projection.rate.charges) {
    w.begin_object();
    w.member("category", to_string(c.cat));
    write_service_or_null(w, c.service);
    w.member("kind", credits::to_string(c.kind));
    w.member("amount", c.amount);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  write_burn_periods(w, "periods", b.projection.periods);
  w.end_object();
  write_strings(w, "findings", b.findings);
  w.end_object();
}

TRNCOST_DECL void write_extras(json_writer& w, const report::extras& x) {
  if (x.has_analysis()) {
    w.key("analysis");
    w.begin_object();
    if (x.tornado) write_tornado(w, *x.tornado);
    if (x.scenarios) write_scenarios(w, *x.scenarios);
    if (x.monte_carlo) write_monte_carlo(w, *x.monte_carlo);
    if (x.comparison) write_comparison(w, *x.comparison);
    if (x.decision) write_decision(w, *x.decision);
    w.end_object();
  }
  if (x.burn_down) write_burn_down(w, *x.burn_down);
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_json(const report::document& doc,
                                                   const report::extras& x) {
  if (x.empty()) return render_json(doc);
  report::document d = doc;
  if (d.version < report::extras_schema_version) d.version = report::extras_schema_version;
  detail::json_writer w;
  w.begin_object();
  detail::write_document_members(w, d);
  detail::write_extras(w, x);
  w.end_object();
  return w.take();
}

[[nodiscard]] TRNCOST_DECL std::string render_json(const estimate& est, const report::extras& x) {
  return render_json(report::from_estimate(est), x);
}

TRNCOST_DECL void write_json(const estimate& est, const report::extras& x, std::ostream& out) {
  const std::string text = render_json(est, x);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_JSON_EXTRAS_IPP
