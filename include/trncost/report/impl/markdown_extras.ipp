// The definitions of report/markdown_extras.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_MARKDOWN_EXTRAS_IPP
#define TRNCOST_REPORT_IMPL_MARKDOWN_EXTRAS_IPP

#include "../markdown_extras.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string fixed2(double v) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 2);
  return std::string(buf, r.ptr);
}

TRNCOST_DECL void md_analysis(std::string& o, const report::extras& x) {
  if (x.decision) {
    const auto& d = *x.decision;
    o += "\n## Decision: " + std::string(analysis::to_string(d.outcome)) + "\n\n";
    for (const auto& r : d.suspend_reasons) o += "- **suspend**: " + md_cell(r) + "\n";
    for (const auto& r : d.compare_reasons) o += "- **compare**: " + md_cell(r) + "\n";
    for (const auto& r : d.continue_reasons) o += "- holds: " + md_cell(r) + "\n";
  }
  if (x.tornado) {
    const auto& t = *x.tornado;
    o += "\n## Sensitivity (tornado)\n\nBaseline total " + usd(t.baseline_total) +
         " USD; one input at a time at its low and high end, largest swing first.\n\n"
         "| input | kind | range | basis | total at low | total at high | swing |\n"
         "|---|---|---|---|---:|---:|---:|\n";
    for (const auto* bars : {&t.observed, &t.assumptions}) {
      for (const auto& b : *bars) {
        o += "| `" + md_cell(b.input) + "` | " + b.kind +
             (bars == &t.assumptions ? " (apart)" : "") + " | " + b.low.to_string() + " to " +
             b.high.to_string() + " | " + md_cell(b.basis) + " | " + usd(b.total_at_low) + " | " +
             usd(b.total_at_high) + " | " + usd(b.swing) + " |\n";
      }
    }
  }
  if (x.scenarios) {
    o += "\n## Scenarios\n\nSide by side, never blended; each gap traced to its overrides.\n\n"
         "| scenario | total USD | gap USD | overrides (effect alone) | interaction USD |\n"
         "|---|---:|---:|---|---:|\n";
    for (const auto& s : x.scenarios->scenarios) {
      std::string parts;
      for (const auto& p : s.parts) {
        parts += (parts.empty() ? "" : "; ") + p.input + " " + p.from.to_string() + " -> " +
                 p.to.to_string() + " (" + usd(p.effect) + ")";
      }
      o += "| " + md_cell(s.name) + " | " + usd(s.total) + " | " + usd(s.gap) + " | " +
           md_cell(parts.empty() ? "-" : parts) + " | " + usd(s.interaction) + " |\n";
    }
    // Each override with what it rests on: a scenario is only as good as its overrides' sources.
    std::string sources;
    for (const auto& s : x.scenarios->scenarios) {
      for (const auto& ov : s.overrides) {
        sources += "- " + md_cell(s.name) + ": `" + md_cell(ov.input) +
                   "` = " + ov.value.to_string() + " (" + md_cell(ov.rationale) + ")\n";
      }
    }
    if (!sources.empty()) o += "\n" + sources;
  }
  if (x.monte_carlo) {
    const auto& m = *x.monte_carlo;
    o += "\n## Monte Carlo\n\n" + std::to_string(m.samples) + " samples (seed " +
         std::to_string(m.seed) +
         "); floating point, for the band only.\n\n"
         "| baseline | mean | p5 | p50 | p95 | min | max "
         "|\n|---:|---:|---:|---:|---:|---:|---:|\n| " +
         fixed2(m.baseline) + " | " + fixed2(m.mean) + " | " + fixed2(m.p5) + " | " +
         fixed2(m.p50) + " | " + fixed2(m.p95) + " | " + fixed2(m.min) + " | " + fixed2(m.max) +
         " |\n";
    if (m.p_over_budget) o += "\nP(total > budget) = " + fixed2(*m.p_over_budget * 100) + " %\n";
    if (!m.varied.empty()) {
      o += "\n";
      for (const auto& v : m.varied) o += "- " + md_cell(v) + "\n";
    }
    if (!m.correlations.empty()) {
      o += "\nDrawn together (Gaussian copula):\n\n";
      for (const auto& c : m.correlations) o += "- " + md_cell(c) + "\n";
    }
  }
  if (x.comparison) {
    o += "\n## Comparison\n";
    for (const auto& g : x.comparison->groups) {
      o += "\n" + md_cell(g.dataset_id) + ", " + md_cell(g.metric) + " target " +
           g.target.to_string() + " (" + analysis::detail::direction_text(g.direction) + ")";
      for (const auto& diff : g.differences) o += "; " + md_cell(diff);
      o += "\n\n| rank | option | USD | x cheapest | stack |\n|---:|---|---:|---:|---|\n";
      for (const auto& r : g.ranked) {
        o += "| " + std::to_string(r.cost_rank) + " | " + md_cell(r.name) + " | " + usd(r.cost) +
             " | " + r.cost_ratio.to_fixed(decimal_places{2}) + " | " + md_cell(r.stack) + " |\n";
      }
      for (const auto& a : g.apart) {
        o += "| - | " + md_cell(a.name) + " | set apart: " + md_cell(a.reason) + " | | |\n";
      }
    }
  }
}

TRNCOST_DECL std::string md_rate(const credits::spend_rate& r) {
  decimal total{};
  for (const auto& c : r.charges) total += c.amount;
  return usd(total) + " USD " +
         (r.days == 0 ? std::string("a calendar month")
                      : "every " + std::to_string(r.days) + (r.days == 1 ? " day" : " days"));
}

TRNCOST_DECL void md_credits(std::string& o, const credits::burn_down_result& b) {
  o += "\n## Credits\n\nSpend " + usd(b.total_spend) + " USD: " + usd(b.total_credits) +
       " USD paid by credits, " + usd(b.total_uncovered) + " USD paid in cash, " +
       usd(b.total_wasted) + " USD of credits lost at expiry in the spend window" +
       (b.projection.periods.empty() && b.total_lost_at_expiry == b.total_wasted
            ? std::string()
            : ", " + usd(b.total_lost_at_expiry) + " USD in all") +
       ". Runway: " +
       (b.runway ? "credits stop paying on " + to_string(*b.runway) : std::string("none")) +
       (b.projection.periods.empty()
            ? std::string()
            : " (projected past the spend window at " + md_rate(b.projection.rate) + ")") +
       ".\n\n| grant | amount USD | last valid day | used USD | balance at the end USD | runs out "
       "on | lost at expiry USD |\n|---|---:|---|---:|---:|---|---:|\n";
  for (const auto& g : b.grants) {
    o += "| " + md_cell(g.name) + " | " + usd(g.amount) + " | " + to_string(g.last_valid_day) +
         " | " + usd(g.used) + " | " + usd(g.balance_at_end) + " | " +
         (g.runs_out_on ? to_string(*g.runs_out_on) : std::string("-")) + " | " +
         usd(g.lost_at_expiry) + " |\n";
  }
  o += "\n| period | spend USD | credits USD | cash USD | balance after USD |\n"
       "|---|---:|---:|---:|---:|\n";
  const auto rows = [&](const std::vector<credits::period_burn>& periods, std::string_view note) {
    for (const auto& p : periods) {
      o += "| " + to_string(p.start) + " to " + to_string(p.end) + std::string(note) + " | " +
           usd(p.spend) + " | " + usd(p.credits_used) + " | " + usd(p.uncovered) + " | " +
           usd(credits::total_balance_after(p)) + " |\n";
    }
  };
  rows(b.periods, "");
  rows(b.projection.periods, " (projected)");
  for (const auto& f : b.findings) o += "\n- " + md_cell(f);
  if (!b.findings.empty()) o += "\n";
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const report::document& doc,
                                                       const report::extras& x,
                                                       std::string_view title) {
  std::string o = render_markdown(doc, title);
  detail::md_analysis(o, x);
  if (x.burn_down) detail::md_credits(o, *x.burn_down);
  return o;
}

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est, const report::extras& x,
                                                       std::string_view title) {
  return render_markdown(report::from_estimate(est), x, title);
}

TRNCOST_DECL void write_markdown(const estimate& est, const report::extras& x, std::ostream& out,
                                 std::string_view title) {
  const std::string text = render_markdown(est, x, title);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_MARKDOWN_EXTRAS_IPP
