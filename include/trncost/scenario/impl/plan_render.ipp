// The writers of a plan (scenario/plan.hpp): its JSON, Markdown and HTML, from the evaluated plan
// and the summary both pages share. Part of scenario/impl/plan.ipp, included after the evaluation.
#ifndef TRNCOST_SCENARIO_IMPL_PLAN_RENDER_IPP
#define TRNCOST_SCENARIO_IMPL_PLAN_RENDER_IPP

#include <string>
#include <vector>

#include "../../report/html_extras.hpp"
#include "../../report/markdown.hpp"
#include "../plan.hpp"

namespace trncost::scenario {

[[nodiscard]] TRNCOST_DECL std::string render_json(const plan_result& r) {
  const auto& b = r.burn_down;
  const auto draws = detail::plan_period_draws(r);
  const auto day_or_null = [](report::detail::json_writer& w, std::string_view k,
                              const std::optional<date>& d) {
    w.key(k);
    if (d) {
      w.string(to_string(*d));
    } else {
      w.null();
    }
  };
  const auto amounts = [](report::detail::json_writer& w, std::string_view k,
                          const std::vector<decimal>& v) {
    w.key(k);
    w.begin_array();
    for (const auto& x : v) w.string(x.to_string());
    w.end_array();
  };
  const auto charges = [](report::detail::json_writer& w, const estimate& est) {
    w.key("charges");
    w.begin_array();
    for (const auto& c : credits::spend_schedule::charges_of(est)) {
      w.begin_object();
      w.member("category", to_string(c.cat));
      w.key("service");
      if (c.service) {
        w.string(*c.service);
      } else {
        w.null();
      }
      w.member("kind", credits::to_string(c.kind));
      w.member("amount", c.amount);
      w.end_object();
    }
    w.end_array();
  };
  report::detail::json_writer w;
  w.begin_object();
  w.member("schema", "trncost.plan");
  w.member("schema_version", static_cast<std::uint64_t>(credits::plan_schema_version));
  w.member("title", r.title);
  w.member("file", r.file);
  w.member("currency", "USD");
  w.member("start", to_string(r.start));
  w.member("end", to_string(r.end));
  // Inputs and outcomes of each grant, in the order the grants pay (earliest last valid day
  // first); every array of amounts per grant below follows this order.
  w.key("grants");
  w.begin_array();
  for (const auto& g : b.grants) {
    const auto& in = *std::find_if(r.grants.begin(), r.grants.end(),
                                   [&](const credits::grant& x) { return x.name() == g.name; });
    w.begin_object();
    w.member("name", g.name);
    w.member("amount", g.amount);
    w.member("issued", to_string(in.issued()));
    w.member("last_valid_day", to_string(g.last_valid_day));
    w.key("services");
    w.begin_array();
    for (const auto& s : in.services()) w.string(s);
    w.end_array();
    w.key("excluded");
    w.begin_array();
    for (const auto k : in.excluded()) w.string(credits::to_string(k));
    w.end_array();
    w.member("used", g.used);
    day_or_null(w, "exhausted_on", g.exhausted_on);
    day_or_null(w, "runs_out_on", g.runs_out_on);
    w.key("wasted_at_expiry");
    if (g.wasted_at_expiry) {
      w.string(g.wasted_at_expiry->to_string());
    } else {
      w.null();
    }
    w.member("lost_at_expiry", g.lost_at_expiry);
    w.member("usable", g.usable);
    w.end_object();
  }
  w.end_array();
  w.key("workloads");
  w.begin_array();
  for (const auto& x : r.workloads) {
    w.begin_object();
    w.member("name", x.name);
    w.member("scenario", x.scenario);
    w.member("title", x.title);
    w.member("status", to_string(x.est.status));
    w.member("per_occurrence", x.est.total);
    w.key("unpriced_lines");
    w.begin_array();
    for (const auto& l : x.est.lines) {
      if (!l.amount) w.string(l.description);
    }
    w.end_array();
    charges(w, x.est);
    w.key("occurrences");
    w.begin_array();
    for (std::size_t k = 0; k < x.occurrences.size(); ++k) {
      const auto& o = x.occurrences[k];
      w.begin_object();
      w.member("start", to_string(o.start));
      w.member("end", to_string(o.end));
      w.member("seconds", static_cast<std::uint64_t>(credits::length_seconds(o)));
      w.member("cost", x.pricings[x.priced_by[k]].est.total);
      w.end_object();
    }
    w.end_array();
    // The occurrences grouped by the prices in force on their days: each group's charges are what
    // each of its occurrences spends.
    w.key("pricings");
    w.begin_array();
    for (const auto& p : x.pricings) {
      w.begin_object();
      w.member("in_force_on", to_string(p.in_force_on));
      w.key("versions");
      w.begin_array();
      for (const auto& d : p.versions) w.string(to_string(d));
      w.end_array();
      w.member("latest_known", p.latest_known);
      w.key("occurrences");
      w.begin_array();
      for (const std::size_t k : p.occurrences) w.number(static_cast<std::uint64_t>(k));
      w.end_array();
      w.member("per_occurrence", p.est.total);
      charges(w, p.est);
      w.end_object();
    }
    w.end_array();
    w.member("spend", x.draw.spend);
    w.member("credits", x.draw.credits);
    w.member("cash", x.draw.cash);
    amounts(w, "draws", x.draw.by_grant);
    w.end_object();
  }
  w.end_array();
  w.key("periods");
  w.begin_array();
  for (std::size_t p = 0; p < b.periods.size(); ++p) {
    const auto& pb = b.periods[p];
    w.begin_object();
    w.member("start", to_string(pb.start));
    w.member("end", to_string(pb.end));
    w.member("spend", pb.spend);
    w.member("credits", pb.credits_used);
    w.member("cash", pb.uncovered);
    amounts(w, "draws", draws[p]);
    amounts(w, "balance_after", pb.balance_after);
    w.end_object();
  }
  w.end_array();
  // By month: the periods summed by the month they start in, as the Markdown's table.
  w.key("months");
  w.begin_array();
  for (std::size_t p = 0; p < b.periods.size();) {
    const date first = b.periods[p].start;
    std::vector<decimal> by_grant(b.grants.size());
    decimal spend{};
    decimal paid{};
    decimal cash{};
    for (; p < b.periods.size() && b.periods[p].start.year() == first.year() &&
           b.periods[p].start.month() == first.month();
         ++p) {
      spend += b.periods[p].spend;
      paid += b.periods[p].credits_used;
      cash += b.periods[p].uncovered;
      for (std::size_t g = 0; g < by_grant.size(); ++g) by_grant[g] += draws[p][g];
    }
    const auto m = first.month();
    w.begin_object();
    w.member("month", std::to_string(first.year()) + "-" + (m < 10 ? "0" : "") + std::to_string(m));
    w.member("spend", spend);
    w.member("credits", paid);
    w.member("cash", cash);
    amounts(w, "draws", by_grant);
    w.end_object();
  }
  w.end_array();
  w.key("services");
  w.begin_array();
  for (const auto& v : detail::summarise_plan(r).services) {
    w.begin_object();
    w.member("service", v.name);
    w.member("spend", v.spend);
    w.member("credits", v.credits);
    w.member("cash", v.spend - v.credits);
    w.end_object();
  }
  w.end_array();
  w.member("spend", b.total_spend);
  w.member("credits", b.total_credits);
  w.member("cash", b.total_uncovered);
  w.member("wasted", b.total_wasted);
  w.member("lost_at_expiry", b.total_lost_at_expiry);
  day_or_null(w, "runway", b.runway);
  w.end_object();
  return w.take();
}

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const plan_result& r) {
  using report::detail::md_cell;
  using report::detail::usd;
  const auto& b = r.burn_down;
  const detail::plan_summary sum = detail::summarise_plan(r);
  std::string o = "# " + report::detail::md_cell(r.title) + "\n\nPlan from " + to_string(r.start) +
                  " to " + to_string(r.end) + " (excluded), " + std::to_string(r.workloads.size()) +
                  " workload(s), " + std::to_string(b.grants.size()) + " grant(s), from `" +
                  report::detail::md_cell(r.file) + "`. No spend is projected past the plan.\n\n";
  o += "**Spend: " + usd(b.total_spend) + " USD; credits: " + usd(b.total_credits) +
       " USD; cash: " + usd(b.total_uncovered) + " USD; lost at expiry: " + usd(sum.lost) +
       " USD.** " + sum.runway + "\n";
  if (!sum.unpriced.empty()) {
    o += "\n**Not in these totals**: " + std::string(detail::plan_unpriced_sentence) + "\n\n";
    for (const auto& u : sum.unpriced) {
      o += "- " + report::detail::md_cell(u.workload) + " (" + std::to_string(u.occurrences) +
           " occurrence(s)): " + std::to_string(u.lines) + " unpriced line(s), " +
           report::detail::md_cell(u.names) + ": " + report::detail::md_cell(u.waits) + ".\n";
    }
  }
  o += "\n## Workloads\n\n" + std::string(detail::plan_workloads_sentence) +
       "\n\n| workload | scenario | status | USD per "
       "occurrence | occurrences | first | last ends | spend USD | credits USD | cash USD "
       "|\n|---|---|---|---:|---:|---|---|---:|---:|---:|\n";
  for (const auto& w : r.workloads) {
    o += "| " + report::detail::md_cell(w.name) + " | " +
         (w.scenario.empty() ? std::string("written in the plan")
                             : "`" + report::detail::md_cell(w.scenario) + "`") +
         " | " + std::string(to_string(w.est.status)) + " | " + usd(w.est.total) +
         (w.est.unpriced_lines() != 0 ? " + unpriced" : "") + " | " +
         std::to_string(w.occurrences.size()) + " | " + to_string(w.occurrences.front().start) +
         " | " + to_string(w.occurrences.back().end) + " | " + usd(w.draw.spend) + " | " +
         usd(w.draw.credits) + " | " + usd(w.draw.cash) + " |\n";
  }
  for (const auto& l : detail::plan_length_sentences(r))
    o += "\n" + report::detail::md_cell(l) + "\n";
  for (const auto& l : detail::plan_pricing_sentences(r))
    o += "\n" + report::detail::md_cell(l) + "\n";
  if (!b.grants.empty()) {
    o += "\n## Grants\n\n| grant | amount USD | used USD | runs out on | last valid day | lost at "
         "expiry USD |\n|---|---:|---:|---|---|---:|\n";
    for (const auto& g : b.grants) {
      o += "| " + report::detail::md_cell(g.name) + " | " + usd(g.amount) + " | " + usd(g.used) +
           " | " + (g.runs_out_on ? to_string(*g.runs_out_on) : std::string("-")) + " | " +
           to_string(g.last_valid_day) + " | " + usd(g.lost_at_expiry) + " |\n";
    }
  }
  o += "\n## By month\n\n| month | spend USD | credits USD | cash USD |\n|---|---:|---:|---:|\n";
  for (const auto& m : sum.months) {
    o += "| " + m.name + " | " + usd(m.spend) + " | " + usd(m.credits) + " | " + usd(m.cash) +
         " |\n";
  }
  o +=
      "\n## By service\n\n| service | spend USD | credits USD | cash USD |\n|---|---:|---:|---:|\n";
  for (const auto& v : sum.services) {
    o += "| " + report::detail::md_cell(v.name) + " | " + usd(v.spend) + " | " + usd(v.credits) +
         " | " + usd(v.cash) + " |\n";
  }
  if (!b.findings.empty()) {
    o += "\n## Findings\n\n";
    for (const auto& f : b.findings) o += "- " + report::detail::md_cell(f) + "\n";
  }
  return o;
}

[[nodiscard]] TRNCOST_DECL std::string render_html(const plan_result& r) {
  using report::detail::html_escape;
  using report::detail::usd;
  const auto& b = r.burn_down;
  const detail::plan_summary sum = detail::summarise_plan(r);
  std::string h = report::detail::html_page_head(
                      r.title, ".status{padding:12px 16px;border-radius:6px}\n", "") +
                  "<body>\n<h1>" + report::detail::html_escape(r.title) + "</h1>\n<p>Plan from " +
                  to_string(r.start) + " to " + to_string(r.end) + " (excluded), " +
                  std::to_string(r.workloads.size()) + " workload(s), " +
                  std::to_string(b.grants.size()) + " grant(s), from <code>" +
                  report::detail::html_escape(r.file) +
                  "</code>. No spend is projected past the plan.</p>\n";
  h += "<p id=\"total\"><strong>Spend: " + usd(b.total_spend) +
       " USD; credits: " + usd(b.total_credits) + " USD; cash: " + usd(b.total_uncovered) +
       " USD; lost at expiry: " + usd(sum.lost) + " USD.</strong> " +
       report::detail::html_escape(sum.runway) + "</p>\n";
  if (!sum.unpriced.empty()) {
    h += "<section id=\"unpriced\"><p><strong>Not in these totals</strong>: " +
         std::string(detail::plan_unpriced_sentence) + "</p>\n<ul>\n";
    for (const auto& u : sum.unpriced) {
      h += "<li>" + report::detail::html_escape(u.workload) + " (" + std::to_string(u.occurrences) +
           " occurrence(s)): " + std::to_string(u.lines) + " unpriced line(s), " +
           report::detail::html_escape(u.names) + ": " + report::detail::html_escape(u.waits) +
           ".</li>\n";
    }
    h += "</ul></section>\n";
  }
  // Charts: credits beside cash per month, per workload and per service, on one scale each; the
  // burn-down of the plan's grants.
  const auto pair = [](const std::string& label, decimal credits, decimal cash,
                       const std::string& data) {
    const auto amount = [&](decimal v) { return data + " data-amount=\"" + v.to_string() + "\""; };
    return report::detail::bar_group{
        label,
        {{"credits", usd(credits), credits, report::detail::credit_colour, amount(credits)},
         {"cash", usd(cash), cash, report::detail::cash_colour, amount(cash)}}};
  };
  std::vector<report::detail::bar_group> by_month;
  for (const auto& m : sum.months) {
    by_month.push_back(pair(m.name, m.credits, m.cash, "data-month=\"" + m.name + "\""));
  }
  std::vector<report::detail::bar_group> by_workload;
  for (const auto& w : r.workloads) {
    by_workload.push_back(pair(w.name + " (spend " + usd(w.draw.spend) + ")", w.draw.credits,
                               w.draw.cash,
                               "data-workload=\"" + report::detail::html_escape(w.name) + "\""));
  }
  std::vector<report::detail::bar_group> by_service;
  for (const auto& v : sum.services) {
    by_service.push_back(pair(v.name + " (spend " + usd(v.spend) + ")", v.credits, v.cash,
                              "data-service=\"" + report::detail::html_escape(v.name) + "\""));
  }
  h += "<section class=\"charts\" id=\"charts\">\n<figure id=\"figure-months\">" +
       report::detail::grouped_bar_chart("chart-months", "Credits and cash by month (USD)",
                                         by_month, {"plan-credits", "plan-cash"}) +
       "</figure>\n<figure id=\"figure-workloads\">" +
       report::detail::grouped_bar_chart("chart-workloads", "Credits and cash by workload (USD)",
                                         by_workload, {"plan-credits", "plan-cash"}) +
       "</figure>\n<figure id=\"figure-services\">" +
       report::detail::grouped_bar_chart("chart-services", "Credits and cash by service (USD)",
                                         by_service, {"plan-credits", "plan-cash"}) +
       "</figure>\n";
  if (!b.grants.empty()) {
    h += "<figure id=\"figure-burndown\">" + report::detail::burn_down_chart(b) + "</figure>\n";
  }
  h += "</section>\n";
  h += "<h2>Workloads</h2>\n<p>" + std::string(detail::plan_workloads_sentence) +
       "</p>\n<table id=\"workloads\"><tr><th>workload</th><th>scenario</th><th>status</th>"
       "<th>USD per occurrence</th><th>occurrences</th><th>first</th><th>last ends</th><th>spend "
       "USD</th><th>credits USD</th><th>cash USD</th></tr>\n";
  for (const auto& w : r.workloads) {
    h += "<tr><td>" + report::detail::html_escape(w.name) + "</td><td>" +
         (w.scenario.empty() ? std::string("written in the plan")
                             : "<code>" + report::detail::html_escape(w.scenario) + "</code>") +
         "</td><td>" + std::string(to_string(w.est.status)) + "</td><td class=\"num\">" +
         usd(w.est.total) + (w.est.unpriced_lines() != 0 ? " + unpriced" : "") +
         "</td><td class=\"num\">" + std::to_string(w.occurrences.size()) + "</td><td>" +
         to_string(w.occurrences.front().start) + "</td><td>" +
         to_string(w.occurrences.back().end) + "</td><td class=\"num\">" + usd(w.draw.spend) +
         "</td><td class=\"num\">" + usd(w.draw.credits) + "</td><td class=\"num\">" +
         usd(w.draw.cash) + "</td></tr>\n";
  }
  h += "</table>\n";
  for (const auto& l : detail::plan_length_sentences(r))
    h += "<p>" + report::detail::html_escape(l) + "</p>\n";
  for (const auto& l : detail::plan_pricing_sentences(r)) {
    h += "<p class=\"pricing\">" + report::detail::html_escape(l) + "</p>\n";
  }
  if (!b.grants.empty()) h += "<h2>Grants</h2>\n" + report::detail::grants_table(b);
  h += "<h2>By month</h2>\n<table id=\"months\"><tr><th>month</th><th>spend USD</th><th>credits "
       "USD</th><th>cash USD</th></tr>\n";
  for (const auto& m : sum.months) {
    h += "<tr><td>" + m.name + "</td><td class=\"num\">" + usd(m.spend) +
         "</td><td class=\"num\">" + usd(m.credits) + "</td><td class=\"num\">" + usd(m.cash) +
         "</td></tr>\n";
  }
  h += "</table>\n<h2>By service</h2>\n<table id=\"services\"><tr><th>service</th><th>spend "
       "USD</th><th>credits USD</th><th>cash USD</th></tr>\n";
  for (const auto& v : sum.services) {
    h += "<tr><td>" + report::detail::html_escape(v.name) + "</td><td class=\"num\">" +
         usd(v.spend) + "</td><td class=\"num\">" + usd(v.credits) + "</td><td class=\"num\">" +
         usd(v.cash) + "</td></tr>\n";
  }
  h += "</table>\n";
  if (!b.findings.empty()) {
    h += "<h2>Findings</h2>\n<ul id=\"findings\">\n";
    for (const auto& f : b.findings) h += "<li>" + report::detail::html_escape(f) + "</li>\n";
    h += "</ul>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace trncost::scenario

#endif  // TRNCOST_SCENARIO_IMPL_PLAN_RENDER_IPP
