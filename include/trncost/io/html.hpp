// The estimate as one self-contained HTML file: inline CSS, inline SVG charts (cost by category,
// useful vs overhead by phase), the status and its reasons, the totals, findings, assumptions, lines
// and sources. No script, no font, no image, no link: it opens offline and prints as it shows. The
// layout keeps a place for the analysis charts added later (tornado, comparison, credit burn-down).
#ifndef TRNCOST_IO_HTML_HPP
#define TRNCOST_IO_HTML_HPP

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../analysis/report_extras.hpp"
#include "markdown.hpp"

namespace trncost::io {

namespace detail {

/// Text for HTML content and attribute values: & < > " ' escaped.
inline std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

/// The colour of each category's bar (also the legend of the tables).
constexpr std::string_view category_colour(category c) noexcept {
  switch (c) {
    case category::compute: return "#1f77b4";
    case category::storage: return "#ff7f0e";
    case category::transfer: return "#9467bd";
    case category::logs: return "#8c564b";
    case category::data_preparation: return "#17becf";
    case category::failures_restarts: return "#e377c2";
  }
  return "#7f7f7f";
}
inline constexpr std::string_view useful_colour = "#2e7d32";
inline constexpr std::string_view overhead_colour = "#c62828";

/// A bar's length in px: part / whole * full, to two decimals (drawing only, never money).
inline std::string bar_length(decimal part, decimal whole, int full) {
  if (whole.is_zero() || part.is_negative()) return "0";
  return (part * full / whole).to_fixed(decimal_places{2});
}

struct bar {
  std::string label;
  std::string value_text;
  decimal amount;
  std::string_view colour;
  std::string data;  ///< data-* attributes of the bar
};

/// A horizontal bar chart as inline SVG.
inline std::string bar_chart(std::string_view id, std::string_view title, const std::vector<bar>& bars) {
  constexpr int label_w = 190;
  constexpr int bar_w = 300;
  constexpr int row_h = 30;
  const int height = static_cast<int>(bars.size()) * row_h + 40;
  decimal max{};
  for (const auto& b : bars) {
    if (max < b.amount) max = b.amount;
  }
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + std::string(id) +
                  "\" class=\"chart\" role=\"img\" aria-label=\"" + html_escape(title) +
                  "\" width=\"620\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 620 " +
                  std::to_string(height) + "\">\n";
  s += "<title>" + html_escape(title) + "</title>\n";
  s += "<text x=\"0\" y=\"18\" class=\"chart-title\">" + html_escape(title) + "</text>\n";
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const auto& b = bars[i];
    const int y = 30 + static_cast<int>(i) * row_h;
    const std::string w = bar_length(b.amount, max, bar_w);
    s += "<text x=\"" + std::to_string(label_w - 8) + "\" y=\"" + std::to_string(y + 19) +
         "\" text-anchor=\"end\">" + html_escape(b.label) + "</text>\n";
    s += "<rect class=\"bar\" " + b.data + " x=\"" + std::to_string(label_w) + "\" y=\"" +
         std::to_string(y + 4) + "\" width=\"" + w + "\" height=\"" + std::to_string(row_h - 8) +
         "\" fill=\"" + std::string(b.colour) + "\"/>\n";
    s += "<text x=\"" + std::to_string(label_w + bar_w + 10) + "\" y=\"" +
         std::to_string(y + 19) + "\">" + html_escape(b.value_text) + "</text>\n";
  }
  s += "</svg>\n";
  return s;
}

/// A drawing coordinate: base + part / whole * full, to two decimals (drawing only, never money).
inline std::string coord(int base, decimal part, decimal whole, int full) {
  if (whole.is_zero()) return std::to_string(base);
  return (decimal(base) + part * full / whole).to_fixed(decimal_places{2});
}

inline std::string svg_open(std::string_view id, std::string_view title, int height) {
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + std::string(id) +
                  "\" class=\"chart\" role=\"img\" aria-label=\"" + html_escape(title) +
                  "\" width=\"620\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 620 " +
                  std::to_string(height) + "\">\n";
  s += "<title>" + html_escape(title) + "</title>\n";
  s += "<text x=\"0\" y=\"18\" class=\"chart-title\">" + html_escape(title) + "</text>\n";
  return s;
}

inline std::string svg_text(int x, int y, std::string_view anchor, std::string_view text) {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
         std::string(anchor) + "\">" + html_escape(text) + "</text>\n";
}

inline constexpr std::string_view low_colour = "#1565c0";   ///< tornado: the input at its low end
inline constexpr std::string_view high_colour = "#ef6c00";  ///< tornado: the input at its high end
inline constexpr std::string_view credit_colour = "#2e7d32";
inline constexpr std::string_view cash_colour = "#c62828";
inline constexpr std::string_view balance_colour = "#6a1b9a";

/// The tornado: one row per input, largest swing on top; from the baseline total (the vertical
/// line), a bar to the total at the input's low end and one to the total at its high end. Observed
/// inputs first, then the assumptions apart under their own heading.
inline std::string tornado_chart(const analysis::tornado& t) {
  constexpr int label_w = 190;
  constexpr int half = 160;
  constexpr int centre = label_w + 10 + half;  // bars end by 530; the swing text ends at 610
  constexpr int row_h = 28;
  decimal reach{};
  for (const auto* bars : {&t.observed, &t.assumptions}) {
    for (const auto& b : *bars) {
      reach = std::max({reach, abs(b.total_at_low - t.baseline_total),
                        abs(b.total_at_high - t.baseline_total)});
    }
  }
  const std::size_t rows = t.observed.size() + t.assumptions.size() + (t.assumptions.empty() ? 0 : 1);
  const int height = static_cast<int>(rows) * row_h + 70;
  const std::string title = "Sensitivity of the total (tornado), baseline " +
                            t.baseline_total.to_fixed(cents) + " USD";
  std::string s = svg_open("chart-tornado", title, height);
  s += "<line x1=\"" + std::to_string(centre) + "\" y1=\"28\" x2=\"" + std::to_string(centre) +
       "\" y2=\"" + std::to_string(height - 24) + "\" stroke=\"#333\" class=\"baseline\"/>\n";
  int y = 30;
  const auto draw = [&](const analysis::tornado_bar& b, std::string_view group) {
    s += svg_text(label_w - 8, y + 18, "end", b.input);
    for (const bool high : {false, true}) {
      const decimal off = (high ? b.total_at_high : b.total_at_low) - t.baseline_total;
      const std::string w = bar_length(abs(off), reach, half);
      const std::string x = off.is_negative() ? coord(centre, off, reach, half)
                                              : std::to_string(centre);
      s += "<rect class=\"bar tornado-bar\" data-input=\"" + html_escape(b.input) +
           "\" data-group=\"" + std::string(group) + "\" data-side=\"" +
           (high ? "high" : "low") + "\" data-swing=\"" + b.swing.to_string() + "\" x=\"" + x +
           "\" y=\"" + std::to_string(y + 4) + "\" width=\"" + w + "\" height=\"" +
           std::to_string(row_h - 8) + "\" fill=\"" + std::string(high ? high_colour : low_colour) +
           "\"" + (group == "assumption" ? " fill-opacity=\"0.5\"" : "") + "/>\n";
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

/// The comparison: per protocol group, the ranked options' costs (cheapest first, with rank and
/// ratio) and the options set apart (no bar: a dashed box and the reason).
inline std::string comparison_chart(const analysis::comparison& c) {
  constexpr int label_w = 190;
  constexpr int bar_w = 260;
  constexpr int row_h = 28;
  decimal max{};
  std::size_t rows = 0;
  for (const auto& g : c.groups) {
    rows += 1 + g.ranked.size() + g.apart.size();
    for (const auto& r : g.ranked) max = std::max(max, r.cost);
  }
  const int height = static_cast<int>(rows) * row_h + 40;
  std::string s = svg_open("chart-comparison", "Cost to reach the target, per option (USD)", height);
  int y = 30;
  for (const auto& g : c.groups) {
    s += svg_text(0, y + 18, "start",
                  g.dataset_id + ", " + g.metric + " target " + g.target.to_string() + " (" +
                      analysis::detail::direction_text(g.direction) + ")");
    y += row_h;
    for (const auto& r : g.ranked) {
      s += svg_text(label_w - 8, y + 18, "end", "#" + std::to_string(r.cost_rank) + " " + r.name);
      s += "<rect class=\"bar option-ranked\" data-option=\"" + html_escape(r.name) +
           "\" data-rank=\"" + std::to_string(r.cost_rank) + "\" data-cost=\"" +
           r.cost.to_string() + "\" x=\"" + std::to_string(label_w) + "\" y=\"" +
           std::to_string(y + 4) + "\" width=\"" + bar_length(r.cost, max, bar_w) +
           "\" height=\"" + std::to_string(row_h - 8) + "\" fill=\"" +
           std::string(r.cost_rank == 1 ? useful_colour : category_colour(category::compute)) +
           "\"/>\n";
      s += svg_text(label_w + bar_w + 10, y + 18, "start",
                    r.cost.to_fixed(cents) + " USD (x" + r.cost_ratio.to_fixed(decimal_places{2}) + ")");
      y += row_h;
    }
    for (const auto& a : g.apart) {
      s += svg_text(label_w - 8, y + 18, "end", a.name);
      s += "<rect class=\"option-apart\" data-option=\"" + html_escape(a.name) + "\" x=\"" +
           std::to_string(label_w) + "\" y=\"" + std::to_string(y + 4) +
           "\" width=\"20\" height=\"" + std::to_string(row_h - 8) +
           "\" fill=\"none\" stroke=\"#777\" stroke-dasharray=\"4 3\"/>\n";
      // The reason, cut to fit the chart (whole in its tooltip and in the JSON and Markdown).
      std::string shown = "set apart: " + a.reason;
      if (shown.size() > 58) shown = shown.substr(0, 55) + "...";
      s += "<text x=\"" + std::to_string(label_w + 28) + "\" y=\"" + std::to_string(y + 18) +
           "\" fill=\"#777\"><title>" + html_escape(a.reason) + "</title>" + html_escape(shown) +
           "</text>\n";
      y += row_h;
    }
  }
  s += "</svg>\n";
  return s;
}

/// The credit burn-down: per period, the spend as a bar split into credits used (bottom) and paid in
/// cash (top); the balance of all grants as a line over the period boundaries; the runway (the first
/// day no credit pays) as a dashed vertical line.
inline std::string burn_down_chart(const credits::burn_down_result& b) {
  constexpr int left = 70;
  constexpr int width = 520;
  constexpr int top = 40;
  constexpr int plot_h = 200;
  constexpr int bottom = top + plot_h;
  const int height = bottom + 60;
  std::string s = svg_open("chart-burndown", "Credit burn-down (USD)", height);
  if (b.periods.empty()) return s + "</svg>\n";
  const date first = b.periods.front().start;
  const auto span = credits::detail::days_between(first, b.periods.back().end);
  decimal start_balance{};
  for (const auto& g : b.grants) start_balance += g.amount;
  decimal max = start_balance;
  for (const auto& p : b.periods) max = std::max(max, p.spend);
  const auto x_of = [&](date d) {
    return coord(left, decimal(credits::detail::days_between(first, d)), decimal(span), width);
  };
  const auto y_of = [&](decimal v) { return coord(bottom, -v, max, plot_h); };
  s += "<line x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(bottom) + "\" x2=\"" +
       std::to_string(left + width) + "\" y2=\"" + std::to_string(bottom) + "\" stroke=\"#333\"/>\n";
  s += svg_text(left - 6, top + 4, "end", max.to_fixed(decimal_places{0}));
  s += svg_text(left - 6, bottom, "end", "0");
  std::string points = x_of(first) + "," + y_of(start_balance);
  for (const auto& p : b.periods) {
    const auto days = credits::detail::days_between(p.start, p.end);
    const std::string x = coord(left, decimal(credits::detail::days_between(first, p.start)) +
                                          decimal(days) / 10, decimal(span), width);
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
    s += "<text x=\"" + x + "\" y=\"" + std::to_string(bottom + 16) + "\">" + to_string(p.start) +
         "</text>\n";
    decimal balance{};
    for (const auto& v : p.balance_after) balance += v;
    points += " " + x_of(p.end) + "," + y_of(balance);
  }
  s += "<polyline class=\"burn-balance\" points=\"" + points + "\" fill=\"none\" stroke=\"" +
       std::string(balance_colour) + "\" stroke-width=\"3\"/>\n";
  if (b.runway) {
    const std::string x = x_of(*b.runway);
    s += "<line class=\"runway\" data-runway=\"" + to_string(*b.runway) + "\" x1=\"" + x +
         "\" y1=\"" + std::to_string(top - 8) + "\" x2=\"" + x + "\" y2=\"" +
         std::to_string(bottom) + "\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>\n";
    s += "<text x=\"" + x + "\" y=\"" + std::to_string(top - 12) + "\" text-anchor=\"middle\">runway ends " +
         to_string(*b.runway) + "</text>\n";
  }
  const int ly = height - 18;
  int lx = left;
  for (const auto& [colour, text] :
       std::vector<std::pair<std::string_view, std::string_view>>{{credit_colour, "paid by credits"},
                                                                  {cash_colour, "paid in cash"},
                                                                  {balance_colour, "credit balance"}}) {
    s += "<rect x=\"" + std::to_string(lx) + "\" y=\"" + std::to_string(ly) +
         "\" width=\"12\" height=\"12\" fill=\"" + std::string(colour) + "\"/>\n";
    s += svg_text(lx + 16, ly + 10, "start", text);
    lx += 150;
  }
  s += "</svg>\n";
  return s;
}

inline std::string placeholder(std::string_view id, std::string_view title, std::string_view what) {
  return "<figure class=\"placeholder\" id=\"" + std::string(id) + "\" data-chart=\"" +
         std::string(id) + "\"><figcaption>" + html_escape(title) + "</figcaption><p>" +
         html_escape(what) + "</p></figure>\n";
}

}  // namespace detail

/// The estimate as one self-contained HTML document, with the tornado, comparison and credit
/// burn-down charts (and the decision) of `x` in place of their placeholders when present.
[[nodiscard]] inline std::string render_html(const estimate& est, const report::extras& x,
                                             std::string_view title = "Cost estimate") {
  using detail::html_escape;
  using detail::usd;
  const std::string status(to_string(est.status));
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  h += "<title>" + html_escape(title) + "</title>\n<style>\n"
       "body{font-family:sans-serif;margin:24px;color:#222;background:#fff;max-width:1320px}\n"
       ".status{padding:12px 16px;border-radius:6px;margin-bottom:16px}\n"
       ".status-verified{background:#e8f5e9;border:2px solid #2e7d32}\n"
       ".status-provisional{background:#fff8e1;border:2px solid #f9a825}\n"
       ".status-stale,.status-unpriced,.status-incomplete{background:#ffebee;border:2px solid #c62828}\n"
       ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(640px,1fr));gap:16px}\n"
       ".chart{font-size:13px}.chart-title{font-weight:bold;font-size:14px}\n"
       ".placeholder{border:2px dashed #bbb;border-radius:6px;margin:0;padding:12px;min-height:120px;color:#777}\n"
       "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:4px 8px;"
       "text-align:left;vertical-align:top}td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
       "code{font-size:12px}\n</style>\n</head>\n";
  h += "<body data-status=\"" + status + "\">\n";
  h += "<h1>" + html_escape(title) + "</h1>\n";
  h += "<section class=\"status status-" + status + "\" id=\"status\"><p><strong>Status: " +
       status + "</strong> (as of " + to_string(est.as_of) + "). " +
       html_escape(detail::status_sentence(est)) + "</p>\n";
  if (!est.reasons.empty()) {
    h += "<ul>\n";
    for (const auto& r : est.reasons) {
      h += "<li><strong>" + std::string(to_string(r.status)) + "</strong>: " +
           html_escape(r.text) + "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "<p id=\"total\"><strong>Total: " + usd(est.total) + " USD</strong>";
  if (const auto n = est.unpriced_lines(); n != 0) {
    h += " (" + std::to_string(n) + " unpriced line" + (n == 1 ? "" : "s") + " not included)";
  }
  h += "</p></section>\n";

  // Charts.
  std::vector<detail::bar> cats;
  for (const auto& [c, amt] : est.by_category) {
    const std::string name(to_string(c));
    cats.push_back({name, est.declared.count(c) != 0 ? "declared none" : usd(amt) + " USD", amt,
                    detail::category_colour(c),
                    "data-category=\"" + html_escape(name) + "\" data-amount=\"" +
                        amt.to_string() + "\""});
  }
  std::vector<detail::bar> phases;
  for (const auto& [p, amt] : est.by_phase) {
    const std::string name(to_string(p));
    const bool over = is_overhead(p);
    phases.push_back({name + (over ? " (overhead)" : " (useful)"), usd(amt) + " USD", amt,
                      over ? detail::overhead_colour : detail::useful_colour,
                      "data-phase=\"" + html_escape(name) + "\" data-kind=\"" +
                          (over ? "overhead" : "useful") + "\" data-amount=\"" + amt.to_string() +
                          "\""});
  }
  phases.push_back({"useful, all phases", usd(est.useful) + " USD", est.useful,
                    detail::useful_colour, "data-kind=\"useful-total\" data-amount=\"" +
                                               est.useful.to_string() + "\""});
  phases.push_back({"overhead, all phases", usd(est.overhead) + " USD", est.overhead,
                    detail::overhead_colour, "data-kind=\"overhead-total\" data-amount=\"" +
                                                 est.overhead.to_string() + "\""});
  h += "<section class=\"charts\" id=\"charts\">\n";
  h += "<figure id=\"figure-category\">" +
       detail::bar_chart("chart-category", "Cost by category (USD)", cats) + "</figure>\n";
  h += "<figure id=\"figure-phase\">" +
       detail::bar_chart("chart-phase", "Instance time: useful vs overhead by phase (USD)", phases) +
       "</figure>\n";
  if (x.tornado) {
    h += "<figure id=\"figure-tornado\">" + detail::tornado_chart(*x.tornado) + "</figure>\n";
  } else {
    h += detail::placeholder("chart-tornado", "Sensitivity (tornado)",
                             "Which inputs move the total most: added by the sensitivity analysis.");
  }
  if (x.comparison) {
    h += "<figure id=\"figure-comparison\">" + detail::comparison_chart(*x.comparison) +
         "</figure>\n";
  } else {
    h += detail::placeholder("chart-comparison", "Comparison",
                             "Side by side with another configuration: added by the comparison analysis.");
  }
  if (x.burn_down) {
    h += "<figure id=\"figure-burndown\">" + detail::burn_down_chart(*x.burn_down) + "</figure>\n";
  } else {
    h += detail::placeholder("chart-burndown", "Credit burn-down",
                             "How a credit balance is spent over time: added by the credits analysis.");
  }
  h += "</section>\n";
  if (x.decision) {
    h += "<section id=\"decision\"><h2>Decision: " +
         html_escape(analysis::to_string(x.decision->outcome)) + "</h2>\n<ul>\n";
    for (const auto* list : {&x.decision->suspend_reasons, &x.decision->compare_reasons,
                             &x.decision->continue_reasons}) {
      const char* kind = list == &x.decision->suspend_reasons   ? "suspend"
                         : list == &x.decision->compare_reasons ? "compare"
                                                                 : "holds";
      for (const auto& r : *list) h += "<li><strong>" + std::string(kind) + "</strong>: " + html_escape(r) + "</li>\n";
    }
    h += "</ul></section>\n";
  }

  // Tables.
  h += "<h2>Totals by category</h2>\n<table id=\"totals\"><tr><th>category</th><th>USD</th>"
       "<th>share</th></tr>\n";
  for (const auto c : all_categories) {
    const auto it = est.by_category.find(c);
    std::string amount;
    std::string share;
    if (est.declared.count(c) != 0) {
      amount = "declared none";
    } else if (it != est.by_category.end()) {
      amount = usd(it->second);
      share = trncost::detail::percent_of(it->second, est.total) + " %";
    } else {
      amount = "<strong>missing</strong>";
    }
    h += "<tr><td>" + std::string(to_string(c)) + "</td><td class=\"num\">" + amount +
         "</td><td class=\"num\">" + share + "</td></tr>\n";
  }
  h += "<tr><th>total</th><th class=\"num\">" + usd(est.total) + "</th><th></th></tr></table>\n";
  h += "<h2>Useful vs overhead</h2>\n<table id=\"useful-overhead\"><tr><th></th><th>USD</th>"
       "<th>share</th></tr>\n";
  const decimal instance_time = est.useful + est.overhead;
  h += "<tr><td>useful (training, evaluation, checkpointing)</td><td class=\"num\">" +
       usd(est.useful) + "</td><td class=\"num\">" +
       trncost::detail::percent_of(est.useful, instance_time) + " %</td></tr>\n";
  h += "<tr><td>overhead (setup, compilation, waiting, failed work, restarts)</td><td class=\"num\">" +
       usd(est.overhead) + "</td><td class=\"num\">" +
       trncost::detail::percent_of(est.overhead, instance_time) + " %</td></tr></table>\n";

  h += "<h2>Findings</h2>\n<ul id=\"findings\">\n";
  for (const auto& f : est.findings) h += "<li>" + html_escape(f) + "</li>\n";
  h += "</ul>\n<h2>Assumptions</h2>\n<ul id=\"assumptions\">\n";
  bool any = false;
  for (const auto& in : est.inputs) {
    if (!detail::is_assumed(*in)) continue;
    const auto s = detail::source_of(in->origin);
    h += "<li><code>" + html_escape(in->name) + "</code> = " +
         html_escape(in->known ? in->value + " " + in->unit : "unknown") + " (" + s.kind +
         "): " + html_escape(s.source) + (s.date.empty() ? "" : ", " + s.date) + "</li>\n";
    any = true;
  }
  if (!any) h += "<li>None: no input is an assumption or a third-party figure.</li>\n";
  h += "</ul>\n";

  if (!est.uncertainties.empty()) {
    h += "<h2>Migration uncertainties</h2>\n<ul id=\"uncertainties\">\n";
    for (const auto& u : est.uncertainties) {
      h += "<li><strong>" +
           std::string(u.status == migration_uncertainty::state::open ? "open" : "resolved") +
           "</strong>: " + html_escape(u.subject) + " (owner " + html_escape(u.owner) + "): " +
           html_escape(u.detail) + "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "<h2>Lines</h2>\n<table id=\"lines\"><tr><th>category</th><th>phase</th><th>line</th>"
       "<th>formula</th><th>USD (exact)</th></tr>\n";
  for (const auto& l : est.lines) {
    h += "<tr><td>" + std::string(to_string(l.cat)) + "</td><td>" +
         (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + "</td><td>" +
         html_escape(l.description) + "</td><td><code>" + html_escape(l.formula) +
         "</code></td><td class=\"num\">" + detail::exact_or_unpriced(l.amount) + "</td></tr>\n";
  }
  h += "</table>\n<h2>Sources</h2>\n<table id=\"sources\"><tr><th>input</th><th>value</th>"
       "<th>kind</th><th>source</th><th>date</th></tr>\n";
  for (const auto& in : est.inputs) {
    const auto s = detail::source_of(in->origin);
    h += "<tr><td><code>" + html_escape(in->name) + "</code></td><td>" +
         html_escape(in->known ? in->value + " " + in->unit : "unknown") + "</td><td>" + s.kind +
         "</td><td>" + html_escape(s.source) + "</td><td>" + s.date + "</td></tr>\n";
  }
  h += "</table>\n</body>\n</html>\n";
  return h;
}

/// The estimate as one self-contained HTML document (the analysis charts as placeholders).
[[nodiscard]] inline std::string render_html(const estimate& est, std::string_view title = "Cost estimate") {
  return render_html(est, report::extras{}, title);
}

/// Renders the whole document first, then writes it: nothing reaches `out` if rendering fails.
inline void write_html(const estimate& est, std::ostream& out, std::string_view title = "Cost estimate") {
  const std::string text = render_html(est, title);
  out << text;
}

/// The same with the analysis charts of `x`.
inline void write_html(const estimate& est, const report::extras& x, std::ostream& out,
                       std::string_view title = "Cost estimate") {
  const std::string text = render_html(est, x, title);
  out << text;
}

}  // namespace trncost::io

#endif  // TRNCOST_IO_HTML_HPP
