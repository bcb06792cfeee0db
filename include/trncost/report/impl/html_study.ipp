// The definitions of report/html_study.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_HTML_STUDY_IPP
#define TRNCOST_REPORT_IMPL_HTML_STUDY_IPP

#include "../html_study.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string html_study_comparison(const study_result& r) {
  std::string h = "<section id=\"comparison\"><h2>Comparison per " + html_escape(r.work_unit) +
                  "</h2>\n<p>Options are ranked within one quality protocol (protocols are never "
                  "merged); an option that did not reach the target, or whose cost is incomplete, "
                  "is set apart and never ranked.</p>\n<figure id=\"figure-comparison\">" +
                  comparison_chart(r.comparison) + "</figure>\n";
  for (std::size_t g = 0; g < r.comparison.groups.size(); ++g) {
    const auto& grp = r.comparison.groups[g];
    h += "<p>" + html_escape(grp.dataset_id) + ", " + html_escape(grp.metric) + " target " +
         grp.target.to_string() + " (" + analysis::detail::direction_text(grp.direction) + ")";
    for (const auto& d : grp.differences) h += "; " + html_escape(d);
    h += "</p>\n<table class=\"comparison\" data-group=\"" + std::to_string(g) +
         "\"><tr><th>rank</th><th>option</th><th>USD</th><th>" + html_escape(r.work_unit) +
         "</th><th>USD per " + html_escape(r.work_unit) +
         "</th><th>x cheapest</th><th>stack</th></tr>\n";
    for (const auto& x : grp.ranked) {
      h += "<tr data-option=\"" + html_escape(x.name) + "\" data-rank=\"" +
           std::to_string(x.cost_rank) + "\"><td class=\"num\">" + std::to_string(x.cost_rank) +
           "</td><td>" + html_escape(x.name) + "</td><td class=\"num\">" + usd(x.cost) +
           "</td><td class=\"num\">" + (x.work ? x.work->to_string() : "-") +
           "</td><td class=\"num\">" + (x.cost_per_work ? per_unit(*x.cost_per_work) : "-") +
           "</td><td class=\"num\">" + x.cost_ratio.to_fixed(decimal_places{2}) + "</td><td>" +
           html_escape(x.stack) + "</td></tr>\n";
    }
    for (const auto& a : grp.apart) {
      h += "<tr data-option=\"" + html_escape(a.name) + "\" data-apart=\"true\"><td>-</td><td>" +
           html_escape(a.name) + "</td><td colspan=\"5\">set apart: " + html_escape(a.reason) +
           "</td></tr>\n";
    }
    h += "</table>\n";
  }
  return h + "</section>\n";
}

TRNCOST_DECL std::string html_study_cash(const study_result& r) {
  if (!r.cash) return {};
  std::string h =
      "<section id=\"cash-ranking\"><h2>Ranking by cash paid after credits</h2>\n<p>The study "
      "has grants, so its decision ranks what is paid: each ranked option's list total less what "
      "the grants it can use pay of it, per " +
      html_escape(r.work_unit) + "; the rank by list total is beside it. " +
      html_escape(effect_sentence(*r.cash)) +
      "</p>\n<table class=\"cash-ranking\"><tr><th>rank</th><th>option</th><th>list USD</th>"
      "<th>credits USD</th><th>cash USD</th><th>USD cash per " +
      html_escape(r.work_unit) +
      "</th><th>list rank</th><th>paid by</th><th>lost at expiry USD</th></tr>\n";
  // Each ranked option's credits beside its cash, on one scale, in the order of the ranking.
  std::vector<bar_group> groups;
  for (const auto& k : r.cash->ranked) {
    const std::string data = "data-option=\"" + html_escape(k.name) + "\" data-amount=\"";
    groups.push_back(
        {"#" + std::to_string(k.rank) + " " + k.name + " (list " + usd(k.total) + ")",
         {{"credits", usd(k.credits), k.credits, credit_colour,
           data + k.credits.to_string() + "\""},
          {"cash", usd(k.cash), k.cash, cash_colour, data + k.cash.to_string() + "\""}}});
  }
  const std::string chart = grouped_bar_chart("chart-cash", "Credits and cash per option (USD)",
                                              groups, {"cash-credits", "cash-paid"});
  for (const auto& k : r.cash->ranked) {
    h += "<tr data-option=\"" + html_escape(k.name) + "\" data-rank=\"" + std::to_string(k.rank) +
         "\"><td class=\"num\">" + std::to_string(k.rank) + "</td><td>" + html_escape(k.name) +
         "</td><td class=\"num\">" + usd(k.total) + "</td><td class=\"num\">" + usd(k.credits) +
         "</td><td class=\"num\">" + usd(k.cash) + "</td><td class=\"num\">" +
         per_unit(k.cash_per_work) + "</td><td class=\"num\">" + std::to_string(k.list_rank) +
         "</td><td>" + html_escape(paid_by_text(k)) + "</td><td class=\"num\">" +
         usd(k.lost_at_expiry) + "</td></tr>\n";
  }
  return h + "</table>\n<figure id=\"figure-cash\">" + chart + "</figure></section>\n";
}

TRNCOST_DECL std::string html_study_break_even(const study_result& r) {
  if (r.break_evens.empty()) return {};
  std::string h =
      "<section id=\"break-even\"><h2>Hosting or calling an API</h2>\n<p>Each self-hosted option "
      "against each hosted-API option at the demand they share: the average demand at which both "
      "cost the same (the peak kept in its ratio to the average).</p>\n<table><tr><th>hosted</th>"
      "<th>API</th><th>stated demand</th><th>break-even demand</th><th>hosted USD</th>"
      "<th>API USD</th><th>reading</th></tr>\n";
  for (const auto& b : r.break_evens) {
    h += "<tr data-hosted=\"" + html_escape(b.hosted) + "\" data-api=\"" + html_escape(b.api) +
         "\"><td>" + html_escape(b.hosted) + "</td><td>" + html_escape(b.api) +
         "</td><td class=\"num\">" + b.baseline.to_fixed(decimal_places{2}) +
         " token/s</td><td class=\"num\">" +
         (b.demand ? b.demand->to_fixed(decimal_places{2}) + " token/s" : std::string("none")) +
         "</td><td class=\"num\">" + usd(b.hosted_total) + "</td><td class=\"num\">" +
         usd(b.api_total) + "</td><td>" + html_escape(report::reading(b)) + "</td></tr>\n";
  }
  h += "</table>\n";
  bool stepwise = false;
  for (const auto& b : r.break_evens) stepwise = stepwise || b.stepwise;
  if (stepwise) {
    h += "<h3>Demand windows</h3>\n<p>A fleet that grows in whole instances costs no more than the "
         "API only in windows of average demand; by list total and, with credits each option can "
         "count on at any demand, by cash after credits.</p>\n<table class=\"windows\"><tr>"
         "<th>hosted</th><th>API</th><th>basis</th><th>from token/s</th><th>to token/s</th>"
         "</tr>\n";
    for (const auto& b : r.break_evens) {
      if (!b.stepwise) continue;
      const auto rows = [&](const std::vector<report::demand_window>& ws, const char* basis) {
        for (const auto& w : ws) {
          h += "<tr data-hosted=\"" + html_escape(b.hosted) + "\" data-basis=\"" + basis +
               "\"><td>" + html_escape(b.hosted) + "</td><td>" + html_escape(b.api) + "</td><td>" +
               basis + "</td><td class=\"num\">" + w.from.to_fixed(decimal_places{2}) +
               "</td><td class=\"num\">" +
               (w.to ? w.to->to_fixed(decimal_places{2}) : std::string("for good")) +
               "</td></tr>\n";
        }
      };
      rows(b.windows, "list total");
      if (b.credits) rows(b.windows_after_credits, "cash after credits");
    }
    h += "</table>\n";
  }
  return h + "</section>\n";
}

TRNCOST_DECL std::string html_study_regions(const study_result& r) {
  bool any = false;
  for (const auto& x : r.options) any = any || !x.regions.empty();
  if (!any) return {};
  std::string h =
      "<section id=\"regions\"><h2>By region</h2>\n<p>Each option with its scenario's region "
      "replaced by each of [study] regions, cheapest per " +
      html_escape(r.work_unit) +
      " first; a region whose prices the option cannot find is listed as not priced, never at "
      "zero.</p>\n<table><tr><th>option</th><th>rank</th><th>region</th><th>USD</th><th>USD per " +
      html_escape(r.work_unit) + "</th><th>status</th><th>prices</th></tr>\n";
  for (const auto& x : r.options) {
    std::size_t rank = 0;
    for (const auto& g : x.regions) {
      h += "<tr data-option=\"" + html_escape(x.name) + "\" data-region=\"" + g.region + "\"><td>" +
           html_escape(x.name) + "</td>";
      if (!g.est) {
        h += "<td>-</td><td>" + g.region + "</td><td colspan=\"3\">not priced</td><td>" +
             html_escape(g.why_not) + "</td></tr>\n";
        continue;
      }
      h += "<td class=\"num\">" + std::to_string(++rank) + "</td><td>" + g.region +
           "</td><td class=\"num\">" + usd(g.est->total) + "</td><td class=\"num\">" +
           per_unit(g.cost_per_work) + "</td><td>" + std::string(to_string(g.est->status)) +
           "</td><td>" + html_escape(quote_dates(*g.est)) + "</td></tr>\n";
    }
  }
  return h + "</table></section>\n";
}

TRNCOST_DECL std::string html_study_runway(const study_result& r) {
  bool any = false;
  for (const auto& x : r.options) any = any || x.extras.burn_down.has_value();
  if (!any) return {};
  std::string h =
      "<section id=\"runway\"><h2>Credit runway</h2>\n<table><tr><th>option</th>"
      "<th>spend USD</th><th>credits USD</th><th>cash USD</th><th>lost at expiry USD</th>"
      "<th>runway</th><th>grants</th></tr>\n";
  for (const auto& x : r.options) {
    if (!x.extras.burn_down) {
      h += "<tr><td>" + html_escape(x.name) + "</td><td class=\"num\">" + usd(x.est.total) +
           "</td><td colspan=\"5\">no grant</td></tr>\n";
      continue;
    }
    const auto& b = *x.extras.burn_down;
    h += "<tr data-option=\"" + html_escape(x.name) + "\"><td>" + html_escape(x.name) +
         "</td><td class=\"num\">" + usd(b.total_spend) + "</td><td class=\"num\">" +
         usd(b.total_credits) + "</td><td class=\"num\">" + usd(b.total_uncovered) +
         "</td><td class=\"num\">" + usd(b.total_lost_at_expiry) + "</td><td>" +
         html_escape(runway_text(b)) + "</td><td>" + html_escape(grant_stops(b)) + "</td></tr>\n";
  }
  return h + "</table></section>\n";
}

TRNCOST_DECL std::string html_study_option(const study_option_result& x, std::size_t i) {
  const std::string status(to_string(x.est.status));
  std::string h = "<section class=\"option\" id=\"option-" + std::to_string(i) +
                  "\"><h2>Option: " + html_escape(x.name) + "</h2>\n<p class=\"status status-" +
                  status + "\"><strong>Status: " + status + "</strong>. " +
                  html_escape(status_sentence(x.est)) + " <strong>Total: " + usd(x.est.total) +
                  " USD</strong> (" + html_escape(x.title) + ").</p>\n";
  if (x.extras.decision) {
    h += "<h3>Decision for this option: " +
         html_escape(analysis::to_string(x.extras.decision->outcome)) + "</h3>\n<ul>\n";
    for (const auto& s : x.extras.decision->suspend_reasons) {
      h += "<li><strong>suspend</strong>: " + html_escape(s) + "</li>\n";
    }
    for (const auto& s : x.extras.decision->compare_reasons) {
      h += "<li><strong>compare</strong>: " + html_escape(s) + "</li>\n";
    }
    h += "</ul>\n";
  }
  std::string charts;
  if (x.extras.tornado) charts += "<figure>" + tornado_chart(*x.extras.tornado) + "</figure>\n";
  if (x.extras.burn_down) {
    // The burn-down of this option's own grants (each its own line when it has several), named
    // under it with what each does for it and each grant's outcome; then what its grants paid
    // beside its cash, period by period.
    const auto& b = *x.extras.burn_down;
    charts += "<figure>" + burn_down_chart(b) + "<figcaption>The grants of " + html_escape(x.name) +
              ": " + html_escape(grant_stops(b)) + ".</figcaption>" + grants_table(b) +
              "</figure>\n";
    if (const std::string periods = credits_cash_chart(b); !periods.empty()) {
      charts += "<figure>" + periods + "<figcaption>Credits (green) beside cash (red) for " +
                html_escape(x.name) + ", per period of its spend.</figcaption></figure>\n";
    }
  }
  if (!charts.empty()) h += "<div class=\"charts\">\n" + charts + "</div>\n";
  if (x.extras.burn_down) {
    h += "<h3>Credits and cash by period</h3>\n" + periods_table(*x.extras.burn_down);
  }
  if (x.extras.scenarios) {
    h += "<h3>Scenarios</h3>\n" + scenarios_table(*x.extras.scenarios);
  }
  if (x.extras.monte_carlo) {
    h += "<h3>Monte Carlo</h3>\n" + monte_carlo_table(*x.extras.monte_carlo);
  }
  return h + "</section>\n";
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_html(const study_result& r) {
  using detail::html_escape;
  std::string h =
      detail::html_page_head(r.title, ".status{padding:8px 12px;border-radius:6px}\n", "") +
      "<body>\n<h1>" + html_escape(r.title) + "</h1>\n<p>" + std::to_string(r.options.size()) +
      " options from " + html_escape(r.file) + "; work delivered in " + html_escape(r.work_unit) +
      ".</p>\n";
  h += detail::decision_section(
      r.decision, r.decided_for ? "The decision for " + *r.decided_for +
                                      (r.cash ? ", ranked first by cash paid after credits."
                                              : ", ranked first.")
                                : std::string("No option ranks."));
  h += detail::html_study_comparison(r);
  h += detail::html_study_cash(r);
  h += detail::html_study_break_even(r);
  h += detail::html_study_regions(r);
  h += detail::html_study_runway(r);
  if (r.what_if) {
    // [study.what_if]: the chart, then the table (the Markdown's, one row per value).
    h += "<section id=\"what-if\"><h2>What-if: " + html_escape(r.what_if->input) +
         "</h2>\n<figure id=\"figure-what-if\">" + report::what_if_svg(*r.what_if) +
         "</figure>\n<table class=\"what-if\"><tr><th>" + html_escape(r.what_if->input) + "</th>";
    for (const auto& name : r.what_if->options) {
      h += "<th>" + html_escape(name) + " USD</th><th>cash USD</th>";
    }
    h += "</tr>\n";
    for (const auto& p : r.what_if->points) {
      h += "<tr><td class=\"num\">" + p.value.to_fixed(decimal_places{2}) + "</td>";
      for (std::size_t i = 0; i < p.totals.size(); ++i) {
        h += "<td class=\"num\">" + detail::usd(p.totals[i]) + "</td><td class=\"num\">" +
             (p.cash[i] ? detail::usd(*p.cash[i]) : std::string("-")) + "</td>";
      }
      h += "</tr>\n";
    }
    h += "</table></section>\n";
  }
  for (std::size_t i = 0; i < r.options.size(); ++i)
    h += detail::html_study_option(r.options[i], i);
  h += "</body>\n</html>\n";
  return h;
}

TRNCOST_DECL void write_html(const study_result& r, std::ostream& out) {
  const std::string text = render_html(r);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_HTML_STUDY_IPP
