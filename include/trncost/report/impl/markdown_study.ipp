// The definitions of report/markdown_study.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_MARKDOWN_STUDY_IPP
#define TRNCOST_REPORT_IMPL_MARKDOWN_STUDY_IPP

#include "../markdown_study.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string per_unit(decimal d) { return unit_cost_digits(d); }

TRNCOST_DECL std::string demote_headings(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 64);
  bool line_start = true;
  bool in_fence = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (line_start && text.compare(i, 3, "```") == 0) in_fence = !in_fence;
    if (line_start && !in_fence && text[i] == '#') out += '#';
    out += text[i];
    line_start = text[i] == '\n';
  }
  return out;
}

TRNCOST_DECL void md_study_decision(std::string& o, const study_result& r) {
  const auto& d = r.decision;
  o += "\n## Decision: " + std::string(analysis::to_string(d.outcome));
  o += r.decided_for
           ? " (" + md_cell(*r.decided_for) +
                 (r.cash ? ", ranked first by cash paid after credits)\n\n" : ", ranked first)\n\n")
           : std::string(" (no option ranks)\n\n");
  for (const auto& x : d.suspend_reasons) o += "- **suspend**: " + md_cell(x) + "\n";
  for (const auto& x : d.compare_reasons) o += "- **compare**: " + md_cell(x) + "\n";
  for (const auto& x : d.continue_reasons) o += "- holds: " + md_cell(x) + "\n";
}

TRNCOST_DECL void md_study_comparison(std::string& o, const study_result& r) {
  o += "\n## Comparison per " + md_cell(r.work_unit) +
       "\n\nOptions are ranked within one quality protocol (protocols are never merged); an option "
       "that did not reach the target, or whose cost is incomplete, is set apart and never "
       "ranked.\n";
  for (const auto& g : r.comparison.groups) {
    o += "\n" + md_cell(g.dataset_id) + ", " + md_cell(g.metric) + " target " +
         g.target.to_string() + " (" + analysis::detail::direction_text(g.direction) + ")";
    for (const auto& diff : g.differences) o += "; " + md_cell(diff);
    o += "\n\n| rank | option | USD | " + md_cell(r.work_unit) + " | USD per " +
         md_cell(r.work_unit) + " | x cheapest | stack |\n|---:|---|---:|---:|---:|---:|---|\n";
    for (const auto& x : g.ranked) {
      o += "| " + std::to_string(x.cost_rank) + " | " + md_cell(x.name) + " | " + usd(x.cost) +
           " | " + (x.work ? x.work->to_string() : "-") + " | " +
           (x.cost_per_work ? per_unit(*x.cost_per_work) : "-") + " | " +
           x.cost_ratio.to_fixed(decimal_places{2}) + " | " + md_cell(x.stack) + " |\n";
    }
    for (const auto& a : g.apart) {
      o += "| - | " + md_cell(a.name) + " | set apart: " + md_cell(a.reason) + " | | | | |\n";
    }
  }
}

TRNCOST_DECL void md_study_cash(std::string& o, const study_result& r) {
  if (!r.cash) return;
  o += "\n## Ranking by cash paid after credits\n\nThe study has grants, so its decision ranks "
       "what is paid: each ranked option's list total less what the grants it can use pay of it, "
       "per " +
       md_cell(r.work_unit) + "; the rank by list total is beside it. " +
       md_cell(effect_sentence(*r.cash)) +
       "\n\n| rank | option | list USD | credits USD | cash USD | USD " + "cash per " +
       md_cell(r.work_unit) +
       " | list rank | paid by | lost at expiry USD "
       "|\n|---:|---|---:|---:|---:|---:|---:|---|---:|\n";
  for (const auto& k : r.cash->ranked) {
    o += "| " + std::to_string(k.rank) + " | " + md_cell(k.name) + " | " + usd(k.total) + " | " +
         usd(k.credits) + " | " + usd(k.cash) + " | " + per_unit(k.cash_per_work) + " | " +
         std::to_string(k.list_rank) + " | " + md_cell(paid_by_text(k)) + " | " +
         usd(k.lost_at_expiry) + " |\n";
  }
}

TRNCOST_DECL void md_study_break_even(std::string& o, const study_result& r) {
  if (r.break_evens.empty()) return;
  o +=
      "\n## Hosting or calling an API\n\nEach self-hosted option against each hosted-API option at "
      "the demand they share: the average demand at which both cost the same (the peak kept in "
      "its ratio to the average), each total recomputed from the options' reports.\n\n"
      "| hosted | API | stated demand | break-even demand | hosted USD | API USD | reading |\n"
      "|---|---|---:|---:|---:|---:|---|\n";
  for (const auto& b : r.break_evens) {
    o += "| " + md_cell(b.hosted) + " | " + md_cell(b.api) + " | " +
         b.baseline.to_fixed(decimal_places{2}) + " token/s | " +
         (b.demand ? b.demand->to_fixed(decimal_places{2}) + " token/s" : std::string("none")) +
         " | " + usd(b.hosted_total) + " | " + usd(b.api_total) + " | " +
         md_cell(report::reading(b)) + " |\n";
  }
  bool stepwise = false;
  for (const auto& b : r.break_evens) stepwise = stepwise || b.stepwise;
  if (!stepwise) return;
  o += "\n### Demand windows\n\nA fleet that grows in whole instances costs no more than the API "
       "only in windows of average demand: each instance more is a step the API's cost must climb "
       "again. Each window by list total and, with credits each option can count on at any "
       "demand, by cash after credits (max(0, total - credits)); listed up to 10 x the stated "
       "demand, and the demand from which hosting holds for good.\n\n| hosted | API | basis | "
       "from token/s | to token/s |\n|---|---|---|---:|---:|\n";
  for (const auto& b : r.break_evens) {
    if (!b.stepwise) continue;
    const auto rows = [&](const std::vector<report::demand_window>& ws, const char* basis) {
      if (ws.empty()) {
        o += "| " + md_cell(b.hosted) + " | " + md_cell(b.api) + " | " + basis + " | none | |\n";
      }
      for (const auto& w : ws) {
        o += "| " + md_cell(b.hosted) + " | " + md_cell(b.api) + " | " + basis + " | " +
             w.from.to_fixed(decimal_places{2}) + " | " +
             (w.to ? w.to->to_fixed(decimal_places{2}) : std::string("for good")) + " |\n";
      }
    };
    rows(b.windows, "list total");
    if (b.credits) rows(b.windows_after_credits, "cash after credits");
  }
}

/// The dates of the quotes an estimate's prices rest on ("published 2026-09-10, consulted
/// 2026-11-30"), or "no quoted price".
TRNCOST_DECL std::string quote_dates(const estimate& est) {
  std::set<std::string> published;
  std::set<std::string> consulted;
  for (const auto& in : est.inputs) {
    if (const auto* q = std::get_if<quoted>(&in->origin)) {
      if (q->published) published.insert(to_string(*q->published));
      consulted.insert(to_string(q->consulted));
    }
  }
  if (consulted.empty()) return "no quoted price";
  const auto list = [](const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  return (published.empty() ? std::string() : "published " + list(published) + "; ") +
         "consulted " + list(consulted);
}

TRNCOST_DECL void md_study_regions(std::string& o, const study_result& r) {
  bool any = false;
  for (const auto& x : r.options) any = any || !x.regions.empty();
  if (!any) return;
  o +=
      "\n## By region\n\nEach option with its scenario's region replaced by each of [study] "
      "regions, cheapest per " +
      md_cell(r.work_unit) +
      " first; a region whose prices the option "
      "cannot find is listed as not priced, never at zero.\n\n| option | rank | region | USD | USD "
      "per " +
      md_cell(r.work_unit) + " | status | prices |\n|---|---:|---|---:|---:|---|---|\n";
  for (const auto& x : r.options) {
    std::size_t rank = 0;
    for (const auto& g : x.regions) {
      if (!g.est) {
        o += "| " + md_cell(x.name) + " | - | " + g.region + " | not priced | | | " +
             md_cell(g.why_not) + " |\n";
        continue;
      }
      o += "| " + md_cell(x.name) + " | " + std::to_string(++rank) + " | " + g.region + " | " +
           usd(g.est->total) + " | " + per_unit(g.cost_per_work) + " | " +
           std::string(to_string(g.est->status)) + " | " + md_cell(quote_dates(*g.est)) + " |\n";
    }
  }
}

TRNCOST_DECL void md_study_runway(std::string& o, const study_result& r) {
  bool any = false;
  for (const auto& x : r.options) any = any || x.extras.burn_down.has_value();
  if (!any) return;
  o += "\n## Credit runway\n\nEach option's runway is set by the grants it can use (a grant that "
       "covers none of its services never sets it); each grant says when it stops paying that "
       "option.\n\n| option | spend USD | credits USD | cash USD | lost at expiry USD | runway | "
       "grants |\n|---|---:|---:|---:|---:|---|---|\n";
  for (const auto& x : r.options) {
    if (!x.extras.burn_down) {
      o += "| " + md_cell(x.name) + " | " + usd(x.est.total) + " | no grant | | | | |\n";
      continue;
    }
    const auto& b = *x.extras.burn_down;
    o += "| " + md_cell(x.name) + " | " + usd(b.total_spend) + " | " + usd(b.total_credits) +
         " | " + usd(b.total_uncovered) + " | " + usd(b.total_lost_at_expiry) + " | " +
         md_cell(runway_text(b)) + " | " + md_cell(grant_stops(b)) + " |\n";
  }
}

TRNCOST_DECL void md_study_what_if(std::string& o, const study_result& r) {
  if (!r.what_if) return;
  o += "\n## What-if: " + md_cell(r.what_if->input) +
       "\n\nThe input swept over its range, every option's total recomputed exactly at each value "
       "from its report; cash is the total less the credits the option can count on at any value "
       "(- where those depend on the value).\n\n" +
       report::render_what_if_markdown(*r.what_if);
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const study_result& r) {
  std::string o = "# " + detail::md_cell(r.title) + "\n\n" + std::to_string(r.options.size()) +
                  " options from `" + detail::md_cell(r.file) + "`; work delivered in " +
                  detail::md_cell(r.work_unit) + ".\n";
  detail::md_study_decision(o, r);
  detail::md_study_comparison(o, r);
  detail::md_study_cash(o, r);
  detail::md_study_break_even(o, r);
  detail::md_study_regions(o, r);
  detail::md_study_runway(o, r);
  detail::md_study_what_if(o, r);
  for (const auto& x : r.options) {
    o += "\n" + detail::demote_headings(
                    render_markdown(x.est, x.extras, "Option: " + x.name + " (" + x.title + ")"));
  }
  return o;
}

TRNCOST_DECL void write_markdown(const study_result& r, std::ostream& out) {
  const std::string text = render_markdown(r);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_MARKDOWN_STUDY_IPP
