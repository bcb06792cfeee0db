// The definitions of report/html_extras.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_HTML_EXTRAS_IPP
#define TRNCOST_REPORT_IMPL_HTML_EXTRAS_IPP

#include "../html_extras.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL std::string tornado_chart(const analysis::tornado& t) {
  constexpr int label_w = 190;
  constexpr int half = 160;
  constexpr int centre = label_w + 10 + half;  // bars end by 530; the swing text ends at 610
  constexpr int row_h = 28;
  decimal reach{};
  for (const auto* bars : {&t.observed, &t.assumptions}) {
    for (const auto& b : *bars) {
      reach = std::max(
          {reach, abs(b.total_at_low - t.baseline_total), abs(b.total_at_high - t.baseline_total)});
    }
  }
  const std::size_t rows =
      t.observed.size() + t.assumptions.size() + (t.assumptions.empty() ? 0 : 1);
  const int height = static_cast<int>(rows) * row_h + 70;
  const std::string title =
      "Sensitivity of the total (tornado), baseline " + t.baseline_total.to_fixed(cents) + " USD";
  std::string s = svg_open("chart-tornado", title, height);
  s += "<line x1=\"" + std::to_string(centre) + "\" y1=\"28\" x2=\"" + std::to_string(centre) +
       "\" y2=\"" + std::to_string(height - 24) + "\" stroke=\"#333\" class=\"baseline\"/>\n";
  int y = 30;
  const auto draw = [&](const analysis::tornado_bar& b, std::string_view group) {
    // An input's name ends in what tells it apart (transfer[0].gib, transfer[1].gib): a name too
    // long for the label column keeps its end.
    s += svg_text(label_w - 8, y + 18, "end", b.input, label_w - 8, keep::end);
    for (const bool high : {false, true}) {
      const decimal off = (high ? b.total_at_high : b.total_at_low) - t.baseline_total;
      const std::string w = bar_length(abs(off), reach, half);
      const std::string x =
          off.is_negative() ? coord(centre, off, reach, half) : std::to_string(centre);
      s += "<rect class=\"bar tornado-bar\" data-input=\"" + html_escape(b.input) +
           "\" data-group=\"" + std::string(group) + "\" data-side=\"" + (high ? "high" : "low") +
           "\" data-swing=\"" + b.swing.to_string() + "\" x=\"" + x + "\" y=\"" +
           std::to_string(y + 4) + "\" width=\"" + w + "\" height=\"" + std::to_string(row_h - 8) +
           "\" fill=\"" + std::string(high ? high_colour : low_colour) + "\"" +
           (group == "assumption" ? " fill-opacity=\"0.5\"" : "") + "/>\n";
    }
    s += svg_text(610, y + 18, "end", "swing " + b.swing.to_fixed(cents));
    y += row_h;
  };
  for (const auto& b : t.observed) draw(b, "observed");
  if (!t.assumptions.empty()) {
    s += svg_text(label_w - 8, y + 18, "end", "assumptions, apart:");
    y += row_h;
    for (const auto& b : t.assumptions) draw(b, "assumption");
  }
  s += "<rect x=\"" + std::to_string(label_w) + "\" y=\"" + std::to_string(height - 18) +
       "\" width=\"12\" height=\"12\" fill=\"" + std::string(low_colour) + "\"/>\n";
  s += svg_text(label_w + 16, height - 8, "start", "input at its low end");
  s += "<rect x=\"" + std::to_string(label_w + 170) + "\" y=\"" + std::to_string(height - 18) +
       "\" width=\"12\" height=\"12\" fill=\"" + std::string(high_colour) + "\"/>\n";
  s += svg_text(label_w + 186, height - 8, "start", "input at its high end");
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string comparison_chart(const analysis::comparison& c) {
  constexpr int label_w = 190;
  constexpr int bar_w = 260;
  constexpr int row_h = 28;
  // A comparison per unit of work (a study) draws each option's cost per unit, the ranking's key.
  bool per_work = false;
  for (const auto& g : c.groups) {
    for (const auto& r : g.ranked) per_work = per_work || r.cost_per_work.has_value();
  }
  const auto value = [per_work](const analysis::ranked_option& r) {
    return per_work && r.cost_per_work ? *r.cost_per_work : r.cost;
  };
  decimal max{};
  std::size_t rows = 0;
  for (const auto& g : c.groups) {
    rows += 1 + g.ranked.size() + g.apart.size();
    for (const auto& r : g.ranked) max = std::max(max, value(r));
  }
  const int height = static_cast<int>(rows) * row_h + 40;
  std::string s = svg_open("chart-comparison",
                           per_work ? "Cost per unit of work to reach the target, per option (USD)"
                                    : "Cost to reach the target, per option (USD)",
                           height);
  int y = 30;
  for (const auto& g : c.groups) {
    s += svg_text(0, y + 18, "start",
                  g.dataset_id + ", " + g.metric + " target " + g.target.to_string() + " (" +
                      analysis::detail::direction_text(g.direction) + ")",
                  620);
    y += row_h;
    for (const auto& r : g.ranked) {
      s += svg_text(label_w - 8, y + 18, "end", "#" + std::to_string(r.cost_rank) + " " + r.name,
                    label_w - 8);
      s += "<rect class=\"bar option-ranked\" data-option=\"" + html_escape(r.name) +
           "\" data-rank=\"" + std::to_string(r.cost_rank) + "\" data-cost=\"" +
           r.cost.to_string() + "\" x=\"" + std::to_string(label_w) + "\" y=\"" +
           std::to_string(y + 4) + "\" width=\"" + bar_length(value(r), max, bar_w) +
           "\" height=\"" + std::to_string(row_h - 8) + "\" fill=\"" +
           std::string(r.cost_rank == 1 ? useful_colour : category_colour(category::compute)) +
           "\"/>\n";
      s += svg_text(
          label_w + bar_w + 10, y + 18, "start",
          (per_work && r.cost_per_work ? unit_cost_digits(*r.cost_per_work)  // the title says USD
                                       : r.cost.to_fixed(cents) + " USD") +
              " (x" + r.cost_ratio.to_fixed(decimal_places{2}) + ")",
          620 - (label_w + bar_w + 10));
      y += row_h;
    }
    for (const auto& a : g.apart) {
      s += svg_text(label_w - 8, y + 18, "end", a.name, label_w - 8);
      s += "<rect class=\"option-apart\" data-option=\"" + html_escape(a.name) + "\" x=\"" +
           std::to_string(label_w) + "\" y=\"" + std::to_string(y + 4) +
           "\" width=\"20\" height=\"" + std::to_string(row_h - 8) +
           "\" fill=\"none\" stroke=\"#777\" stroke-dasharray=\"4 3\"/>\n";
      // The reason, cut to fit the chart (whole in its tooltip and in the JSON and Markdown).
      const std::string shown = fit_text("set apart: " + a.reason, 620 - (label_w + 28), 13);
      s += "<text x=\"" + std::to_string(label_w + 28) + "\" y=\"" + std::to_string(y + 18) +
           "\" fill=\"#777\"><title>" + html_escape(a.reason) + "</title>" + html_escape(shown) +
           "</text>\n";
      y += row_h;
    }
  }
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string burn_down_chart(const credits::burn_down_result& b) {
  constexpr int left = 70;
  constexpr int width = 520;
  constexpr int top = 40;
  constexpr int plot_h = 200;
  constexpr int bottom = top + plot_h;
  // Under the time axis: a row of period dates, a row for the runway's date, the legend, and with
  // several grants a row of it per grant (each grant's own balance line).
  const bool each_grant = b.grants.size() > 1;
  const int height = bottom + 80 + (each_grant ? 20 * static_cast<int>(b.grants.size()) : 0);
  std::string s = svg_open("chart-burndown", "Credit burn-down (USD)", height);
  if (b.periods.empty()) return s + "</svg>\n";
  const date first = b.periods.front().start;
  const auto span = days_between(first, b.periods.back().end);
  decimal start_balance{};
  for (const auto& g : b.grants) start_balance += g.amount;
  decimal max = start_balance;
  for (const auto& p : b.periods) max = std::max(max, p.spend);
  const auto x_of = [&](date d) {
    return coord(left, decimal(days_between(first, d)), decimal(span), width);
  };
  const auto y_of = [&](decimal v) { return coord(bottom, -v, max, plot_h); };
  s += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(bottom) + "\" x2=\"" +
       std::to_string(left + width) + "\" y2=\"" + std::to_string(bottom) +
       "\" stroke=\"#333\"/>\n";
  s += svg_text(left - 6, top + 4, "end", max.to_fixed(decimal_places{0}));
  s += svg_text(left - 6, bottom, "end", "0");
  std::string points = x_of(first) + "," + y_of(start_balance);
  // A period's date under its bar, when it starts past the end of the last date drawn (no two
  // dates meet) and ends by the chart's right edge. Positions are in px x 10 x span: a bar's x is
  // left + (days in + days / 10) x width / span.
  const int date_px = text_width("0000-00-00", 13) + 6;
  std::int64_t free_from = 0;  // where the next date may start
  for (const auto& p : b.periods) {
    const auto days = days_between(p.start, p.end);
    const std::string x = coord(left, decimal(days_between(first, p.start)) + decimal(days) / 10,
                                decimal(span), width);
    const std::string w = bar_length(decimal(days) * 8 / 10, decimal(span), width);
    const decimal credit_top = p.credits_used;
    s += "<rect class=\"bar burn-credits\" data-period=\"" + to_string(p.start) +
         "\" data-amount=\"" + p.credits_used.to_string() + "\" x=\"" + x + "\" y=\"" +
         y_of(credit_top) + "\" width=\"" + w + "\" height=\"" +
         bar_length(p.credits_used, max, plot_h) + "\" fill=\"" + std::string(credit_colour) +
         "\"/>\n";
    s += "<rect class=\"bar burn-cash\" data-period=\"" + to_string(p.start) + "\" data-amount=\"" +
         p.uncovered.to_string() + "\" x=\"" + x + "\" y=\"" + y_of(p.spend) + "\" width=\"" + w +
         "\" height=\"" + bar_length(p.uncovered, max, plot_h) + "\" fill=\"" +
         std::string(cash_colour) + "\"/>\n";
    const std::int64_t at = (10 * days_between(first, p.start) + days) * width;
    if (at >= free_from && at <= 10 * span * (width + 30 - date_px)) {
      free_from = at + 10 * span * date_px;
      s += "<text x=\"" + x + "\" y=\"" + std::to_string(bottom + 16) + "\">" + to_string(p.start) +
           "</text>\n";
    }
    points += " " + x_of(p.end) + "," + y_of(credits::total_balance_after(p));
  }
  s += "<polyline class=\"burn-balance\" points=\"" + points + "\" fill=\"none\" stroke=\"" +
       std::string(balance_colour) + "\" stroke-width=\"3\"/>\n";
  if (each_grant) {
    // Each grant's own balance, dashed, from its amount over each period's end: which grant pays
    // and which one waits (or expires unused) is not in the total line.
    for (std::size_t k = 0; k < b.grants.size(); ++k) {
      std::string line = x_of(first) + "," + y_of(b.grants[k].amount);
      for (const auto& p : b.periods) {
        if (k < p.balance_after.size()) line += " " + x_of(p.end) + "," + y_of(p.balance_after[k]);
      }
      s += "<polyline class=\"burn-grant\" data-grant=\"" + html_escape(b.grants[k].name) +
           "\" points=\"" + line + "\" fill=\"none\" stroke=\"" + std::string(grant_colour(k)) +
           "\" stroke-width=\"2\" stroke-dasharray=\"6 3\"><title>balance of " +
           html_escape(b.grants[k].name) + "</title></polyline>\n";
    }
  }
  if (b.runway && b.periods.back().end < *b.runway) {
    // Projected past the spend window: off the chart's time axis, so said at its right edge.
    s += "<text class=\"runway-projected\" data-runway=\"" + to_string(*b.runway) + "\" x=\"" +
         std::to_string(left + width) + "\" y=\"" + std::to_string(bottom + 36) +
         "\" text-anchor=\"end\">runway ends " + to_string(*b.runway) +
         " (projected past the spend window) &#8594;</text>\n";
  } else if (b.runway) {
    const std::string x = x_of(*b.runway);
    s += "<line class=\"runway\" data-runway=\"" + to_string(*b.runway) + "\" x1=\"" + x +
         "\" y1=\"" + std::to_string(top - 8) + "\" x2=\"" + x + "\" y2=\"" +
         std::to_string(bottom + 22) + "\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>\n";
    // Its date under the axis, from the line's foot: rightwards in the chart's first two thirds,
    // leftwards in the last.
    const bool late = 3 * days_between(first, *b.runway) > 2 * span;
    s += "<text x=\"" + x + "\" y=\"" + std::to_string(bottom + 36) + "\" text-anchor=\"" +
         (late ? "end" : "start") + "\">runway ends " + to_string(*b.runway) + "</text>\n";
  }
  const int ly = bottom + 62;
  int lx = left;
  for (const auto& [colour, text] : std::vector<std::pair<std::string_view, std::string_view>>{
           {credit_colour, "paid by credits"},
           {cash_colour, "paid in cash"},
           {balance_colour, "credit balance"}}) {
    s += "<rect x=\"" + std::to_string(lx) + "\" y=\"" + std::to_string(ly) +
         "\" width=\"12\" height=\"12\" fill=\"" + std::string(colour) + "\"/>\n";
    s += svg_text(lx + 16, ly + 10, "start", text);
    lx += 150;
  }
  if (each_grant) {
    for (std::size_t k = 0; k < b.grants.size(); ++k) {
      const int y = ly + 20 * static_cast<int>(k + 1);
      s += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(y + 6) + "\" x2=\"" +
           std::to_string(left + 24) + "\" y2=\"" + std::to_string(y + 6) + "\" stroke=\"" +
           std::string(grant_colour(k)) + "\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n";
      s += svg_text(left + 30, y + 10, "", "balance of " + b.grants[k].name,
                    left + width - 30 - left);
    }
  }
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string grants_table(const credits::burn_down_result& b) {
  std::string h =
      "<table class=\"grants\"><thead><tr><th>grant</th><th>amount USD</th><th>last valid "
      "day</th><th>used USD</th><th>balance at the end USD</th><th>runs out on</th><th>lost at "
      "expiry USD</th></tr></thead><tbody>\n";
  for (const auto& g : b.grants) {
    h += "<tr><td>" + html_escape(g.name) + "</td><td>" + g.amount.to_fixed(decimal_places{2}) +
         "</td><td>" + to_string(g.last_valid_day) + "</td><td>" +
         g.used.to_fixed(decimal_places{2}) + "</td><td>" +
         g.balance_at_end.to_fixed(decimal_places{2}) + "</td><td>" +
         (g.runs_out_on ? to_string(*g.runs_out_on) : std::string("-")) + "</td><td>" +
         g.lost_at_expiry.to_fixed(decimal_places{2}) + "</td></tr>\n";
  }
  return h + "</tbody></table>\n";
}

TRNCOST_DECL std::string credits_cash_chart(const credits::burn_down_result& b) {
  std::vector<bar_group> groups;
  const auto add = [&](const std::vector<credits::period_burn>& periods, std::string_view note) {
    for (const auto& p : periods) {
      const std::string data = "data-period=\"" + to_string(p.start) + "\" data-amount=\"";
      groups.push_back({to_string(p.start) + " to " + to_string(p.end) + std::string(note) +
                            " (spend " + usd(p.spend) + ")",
                        {{"credits", usd(p.credits_used), p.credits_used, credit_colour,
                          data + p.credits_used.to_string() + "\""},
                         {"cash", usd(p.uncovered), p.uncovered, cash_colour,
                          data + p.uncovered.to_string() + "\""}}});
    }
  };
  add(b.periods, "");
  add(b.projection.periods, " (projected)");
  if (groups.empty()) return {};
  return grouped_bar_chart("chart-periods", "Credits and cash by period (USD)", groups,
                           {"period-credits", "period-cash"});
}

TRNCOST_DECL std::string periods_table(const credits::burn_down_result& b) {
  std::string h =
      "<table class=\"periods\"><thead><tr><th>period</th><th>spend USD</th><th>credits USD</th>"
      "<th>cash USD</th><th>balance after USD</th></tr></thead><tbody>\n";
  const auto rows = [&](const std::vector<credits::period_burn>& periods, std::string_view note) {
    for (const auto& p : periods) {
      h += "<tr data-period=\"" + to_string(p.start) + "\"><td>" + to_string(p.start) + " to " +
           to_string(p.end) + std::string(note) + "</td><td class=\"num\">" + usd(p.spend) +
           "</td><td class=\"num\">" + usd(p.credits_used) + "</td><td class=\"num\">" +
           usd(p.uncovered) + "</td><td class=\"num\">" + usd(credits::total_balance_after(p)) +
           "</td></tr>\n";
    }
  };
  rows(b.periods, "");
  rows(b.projection.periods, " (projected)");
  return h + "</tbody></table>\n";
}

TRNCOST_DECL std::string decision_section(const analysis::decision& d, std::string_view about) {
  std::string h =
      "<section id=\"decision\"><h2>Decision: " + html_escape(analysis::to_string(d.outcome)) +
      "</h2>\n";
  if (!about.empty()) h += "<p>" + html_escape(about) + "</p>\n";
  h += "<ul>\n";
  for (const auto* list : {&d.suspend_reasons, &d.compare_reasons, &d.continue_reasons}) {
    const char* kind = list == &d.suspend_reasons   ? "suspend"
                       : list == &d.compare_reasons ? "compare"
                                                    : "holds";
    for (const auto& r : *list) {
      h += "<li><strong>" + std::string(kind) + "</strong>: " + html_escape(r) + "</li>\n";
    }
  }
  h += "</ul></section>\n";
  return h;
}

TRNCOST_DECL std::string monte_carlo_table(const analysis::monte_carlo_result& m) {
  std::string h = "<p>" + std::to_string(m.samples) + " samples (seed " + std::to_string(m.seed) +
                  "); floating point, for the band only.</p>\n<table class=\"monte-carlo\"><tr>"
                  "<th>baseline</th><th>mean</th><th>p5</th><th>p50</th><th>p95</th><th>min</th>"
                  "<th>max</th></tr>\n<tr>";
  for (const double v : {m.baseline, m.mean, m.p5, m.p50, m.p95, m.min, m.max}) {
    h += "<td class=\"num\">" + fixed2(v) + "</td>";
  }
  h += "</tr></table>\n";
  if (m.p_over_budget)
    h += "<p>P(total &gt; budget) = " + fixed2(*m.p_over_budget * 100) + " %</p>\n";
  if (!m.varied.empty()) {
    h += "<ul class=\"varied\">\n";
    for (std::size_t k = 0; k < m.varied.size(); ++k) {
      const bool still = k < m.moves_total.size() && !m.moves_total[k];
      h += std::string(still ? "<li data-moves-total=\"false\">" : "<li>") +
           html_escape(m.varied[k]) + "</li>\n";
    }
    h += "</ul>\n";
  }
  if (!m.correlations.empty()) {
    h += "<p>Drawn together (Gaussian copula):</p>\n<ul class=\"correlations\">\n";
    for (const auto& c : m.correlations) h += "<li>" + html_escape(c) + "</li>\n";
    h += "</ul>\n";
  }
  return h;
}

TRNCOST_DECL std::string scenarios_table(const analysis::scenario_table& t) {
  std::string h =
      "<p>Side by side, never blended; each gap traced to its overrides.</p>\n"
      "<table class=\"scenarios\"><thead><tr><th>scenario</th><th>total USD</th><th>gap USD</th>"
      "<th>overrides</th><th>interaction USD</th></tr></thead><tbody>\n";
  for (const auto& s : t.scenarios) {
    std::string overrides;
    for (std::size_t i = 0; i < s.parts.size(); ++i) {
      const auto& p = s.parts[i];
      overrides += "<li><code>" + html_escape(p.input) + "</code> " + p.from.to_string() +
                   " &rarr; " + p.to.to_string() + " (" + usd(p.effect) + " alone)";
      if (i < s.overrides.size()) overrides += ": " + html_escape(s.overrides[i].rationale);
      overrides += "</li>";
    }
    h += "<tr data-scenario=\"" + html_escape(s.name) + "\"><td>" + html_escape(s.name) +
         "</td><td class=\"num\">" + usd(s.total) + "</td><td class=\"num\">" + usd(s.gap) +
         "</td><td>" + (overrides.empty() ? std::string("-") : "<ul>" + overrides + "</ul>") +
         "</td><td class=\"num\">" + usd(s.interaction) + "</td></tr>\n";
  }
  return h + "</tbody></table>\n";
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_html(const report::document& doc,
                                                   const report::extras& x,
                                                   std::string_view title) {
  using detail::html_escape;
  detail::html_analysis_parts parts;
  if (x.tornado) {
    parts.tornado =
        "<figure id=\"figure-tornado\">" + detail::tornado_chart(*x.tornado) + "</figure>\n";
  }
  if (x.comparison) {
    parts.comparison = "<figure id=\"figure-comparison\">" +
                       detail::comparison_chart(*x.comparison) + "</figure>\n";
  }
  if (x.burn_down) {
    parts.burn_down = "<figure id=\"figure-burndown\">" + detail::burn_down_chart(*x.burn_down) +
                      detail::grants_table(*x.burn_down) + "</figure>\n";
  }
  if (x.decision) parts.decision = detail::decision_section(*x.decision);
  if (x.scenarios) {
    parts.scenarios = "<section id=\"scenarios\">\n<h2>Scenarios</h2>\n" +
                      detail::scenarios_table(*x.scenarios) + "</section>\n";
  }
  if (x.monte_carlo) {
    parts.monte_carlo = "<section id=\"monte-carlo\">\n<h2>Monte Carlo</h2>\n" +
                        detail::monte_carlo_table(*x.monte_carlo) + "</section>\n";
  }
  return detail::render_html_page(doc, parts, title);
}

[[nodiscard]] TRNCOST_DECL std::string render_html(const estimate& est, const report::extras& x,
                                                   std::string_view title) {
  return render_html(report::from_estimate(est), x, title);
}

TRNCOST_DECL void write_html(const estimate& est, const report::extras& x, std::ostream& out,
                             std::string_view title) {
  const std::string text = render_html(est, x, title);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_HTML_EXTRAS_IPP
