// The definitions of report/html.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_HTML_IPP
#define TRNCOST_REPORT_IMPL_HTML_IPP

#include "../html.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

TRNCOST_DECL std::string html_page_head(std::string_view title, std::string_view status_rule,
                                        std::string_view extra_rules) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title) +
         "</title>\n<style>\n"
         "body{font-family:sans-serif;margin:24px;color:#222;background:#fff;max-width:1320px}\n" +
         std::string(status_rule) +
         ".status-verified{background:#e8f5e9;border:2px solid #2e7d32}\n"
         ".status-provisional{background:#fff8e1;border:2px solid #f9a825}\n"
         ".status-stale,.status-unpriced,.status-incomplete{background:#ffebee;border:2px solid "
         "#c62828}\n"
         ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(640px,1fr));gap:16px}"
         "\n"
         ".chart{font-size:13px}.chart-title{font-weight:bold;font-size:14px}\n"
         "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:4px "
         "8px;text-align:left;vertical-align:top}td.num{text-align:right;font-variant-numeric:"
         "tabular-nums}\n" +
         std::string(extra_rules) + "</style>\n</head>\n";
}

TRNCOST_DECL std::string bar_length(decimal part, decimal whole, int full) {
  if (whole.is_zero() || part.is_negative()) return "0";
  return (part * full / whole).to_fixed(decimal_places{2});
}

TRNCOST_DECL std::string bar_chart(std::string_view id, std::string_view title,
                                   const std::vector<bar>& bars) {
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
    s += "<text x=\"" + std::to_string(label_w + bar_w + 10) + "\" y=\"" + std::to_string(y + 19) +
         "\">" + html_escape(b.value_text) + "</text>\n";
  }
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string coord(int base, decimal part, decimal whole, int full) {
  if (whole.is_zero()) return std::to_string(base);
  return (decimal(base) + part * full / whole).to_fixed(decimal_places{2});
}

TRNCOST_DECL std::string svg_open(std::string_view id, std::string_view title, int height) {
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + std::string(id) +
                  "\" class=\"chart\" role=\"img\" aria-label=\"" + html_escape(title) +
                  "\" width=\"620\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 620 " +
                  std::to_string(height) + "\">\n";
  s += "<title>" + html_escape(title) + "</title>\n";
  s += "<text x=\"0\" y=\"18\" class=\"chart-title\">" + html_escape(title) + "</text>\n";
  return s;
}

TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text) {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
         std::string(anchor) + "\">" + html_escape(text) + "</text>\n";
}

TRNCOST_DECL std::string render_html_page(const report::document& doc,
                                          const html_analysis_parts& parts,
                                          std::string_view title) {
  const auto values = report::index_values(doc);
  const decimal total = doc.totals.total;
  const decimal useful = doc.totals.useful;
  const decimal overhead = doc.totals.overhead;
  using detail::html_escape;
  using detail::usd;
  const std::string status(to_string(doc.status));
  std::string h = detail::html_page_head(
      title, ".status{padding:12px 16px;border-radius:6px;margin-bottom:16px}\n",
      "code{font-size:12px}\n");
  h += "<body data-status=\"" + status + "\">\n";
  h += "<h1>" + html_escape(title) + "</h1>\n";
  h += "<section class=\"status status-" + status +
       "\" id=\"status\"><p><strong>Status: " + status + "</strong> (as of " +
       to_string(doc.as_of) + "). " +
       html_escape(detail::status_sentence(doc.status, doc.freshness_window_days) +
                   detail::forecast_sentence(doc)) +
       "</p>\n";
  if (!doc.reasons.empty()) {
    h += "<ul>\n";
    for (const auto& r : doc.reasons) {
      h += "<li><strong>" + std::string(to_string(r.status)) +
           "</strong> (rule: " + std::string(entry_of(r.rule).name) + "): " + html_escape(r.text) +
           "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "<p id=\"total\"><strong>Total: " + usd(total) + " USD</strong>";
  if (const auto n = detail::unpriced_lines(doc); n != 0) {
    h += " (" + std::to_string(n) + " unpriced line" + (n == 1 ? "" : "s") + " not included)";
  }
  h += "</p></section>\n";

  // Charts.
  std::vector<detail::bar> cats;
  for (const auto& [c, amt] : doc.totals.by_category) {
    const std::string name(to_string(c));
    const bool declared = detail::coverage_of(doc, c) == report::coverage::declared_none;
    cats.push_back(
        {name, declared ? "declared none" : usd(amt) + " USD", amt, detail::category_colour(c),
         "data-category=\"" + html_escape(name) + "\" data-amount=\"" + amt.to_string() + "\""});
  }
  std::vector<detail::bar> phases;
  for (const auto& [p, amt] : doc.totals.by_phase) {
    const std::string name(to_string(p));
    const bool over = is_overhead(p);
    phases.push_back({name + (over ? " (overhead)" : " (useful)"), usd(amt) + " USD", amt,
                      over ? detail::overhead_colour : detail::useful_colour,
                      "data-phase=\"" + html_escape(name) + "\" data-kind=\"" +
                          (over ? "overhead" : "useful") + "\" data-amount=\"" + amt.to_string() +
                          "\""});
  }
  phases.push_back({"useful, all phases", usd(useful) + " USD", useful, detail::useful_colour,
                    "data-kind=\"useful-total\" data-amount=\"" + useful.to_string() + "\""});
  phases.push_back({"overhead, all phases", usd(overhead) + " USD", overhead,
                    detail::overhead_colour,
                    "data-kind=\"overhead-total\" data-amount=\"" + overhead.to_string() + "\""});
  h += "<section class=\"charts\" id=\"charts\">\n";
  h += "<figure id=\"figure-category\">" +
       detail::bar_chart("chart-category", "Cost by category (USD)", cats) + "</figure>\n";
  h +=
      "<figure id=\"figure-phase\">" +
      detail::bar_chart("chart-phase", "Instance time: useful vs overhead by phase (USD)", phases) +
      "</figure>\n";
  h += parts.tornado;
  h += parts.comparison;
  h += parts.burn_down;
  h += "</section>\n";
  h += parts.decision;
  h += parts.monte_carlo;

  // Tables.
  if (doc.work) {
    // Cost per unit of work: the total and the compute cost over the work delivered.
    const auto& w = *doc.work;
    const auto& amount = values.at(w.amount);
    h += "<h2>Cost per unit of work</h2>\n<table id=\"unit-costs\"><tr><th>work</th>"
         "<th>amount</th><th>full cost</th><th>compute only</th></tr>\n";
    h += "<tr><td>" + html_escape(std::string(to_string(w.kind)) + " (" + w.amount + ")") +
         "</td><td class=\"num\">" +
         html_escape(std::string(amount.value) + " " + std::string(amount.unit)) +
         "</td><td class=\"num\" data-basis=\"full\">" +
         html_escape(detail::unit_cost_text(w.full, w.unit)) +
         "</td><td class=\"num\" data-basis=\"compute\">" +
         html_escape(detail::unit_cost_text(w.compute_only, w.unit)) + "</td></tr></table>\n";
    h += "<p>Full cost = total x " + std::to_string(w.per) + " / " +
         html_escape(trncost::detail::operand(w.amount)) +
         "; compute only = the compute category x " + std::to_string(w.per) + " / " +
         html_escape(w.amount) + " (rounded half-even at 18 digits).</p>\n";
    if (const auto rows = detail::sizing_rows(doc, values); !rows.empty()) {
      h += "<table id=\"sizing\"><tr><th>service</th><th>demand</th><th>usable per instance</th>"
           "<th>instances needed</th><th>capacity</th><th>headroom</th></tr>\n";
      for (const auto& r : rows) {
        h += "<tr><td>" + html_escape(r.service) + "</td><td class=\"num\">" +
             html_escape(r.demand) + "</td><td class=\"num\">" + html_escape(r.usable) +
             "</td><td class=\"num\" data-basis=\"instances\">" + html_escape(r.instances) +
             "</td><td class=\"num\">" + html_escape(r.capacity) +
             "</td><td class=\"num\" data-basis=\"headroom\">" + html_escape(r.headroom) +
             "</td></tr>\n";
      }
      h += "</table>\n<p>" + html_escape(std::string(detail::sizing_sentence)) + "</p>\n";
    }
  }
  h += "<h2>Totals by category</h2>\n<table id=\"totals\"><tr><th>category</th><th>USD</th>"
       "<th>share</th></tr>\n";
  for (const auto c : all_categories) {
    const auto cov = detail::coverage_of(doc, c);
    const auto amt = detail::category_amount(doc, c);
    std::string amount;
    std::string share;
    if (cov == report::coverage::declared_none) {
      amount = "declared none";
    } else if (amt) {
      amount = usd(*amt);
      share = trncost::detail::percent_of(*amt, total) + " %";
    } else {
      amount = "<strong>missing</strong>";
    }
    h += "<tr><td>" + std::string(to_string(c)) + "</td><td class=\"num\">" + amount +
         "</td><td class=\"num\">" + share + "</td></tr>\n";
  }
  h += "<tr><th>total</th><th class=\"num\">" + usd(total) + "</th><th></th></tr></table>\n";
  h += "<h2>Useful vs overhead</h2>\n<table id=\"useful-overhead\"><tr><th></th><th>USD</th>"
       "<th>share</th></tr>\n";
  const decimal instance_time = useful + overhead;
  h += "<tr><td>useful (" + html_escape(detail::phases_named(doc, false)) +
       ")</td><td class=\"num\">" + usd(useful) + "</td><td class=\"num\">" +
       trncost::detail::percent_of(useful, instance_time) + " %</td></tr>\n";
  h += "<tr><td>overhead (" + html_escape(detail::phases_named(doc, true)) +
       ")</td><td class=\"num\">" + usd(overhead) + "</td><td class=\"num\">" +
       trncost::detail::percent_of(overhead, instance_time) + " %</td></tr></table>\n";

  h += "<h2>Findings</h2>\n<ul id=\"findings\">\n";
  for (const auto& f : doc.findings) h += "<li>" + html_escape(f) + "</li>\n";
  h += "</ul>\n<h2>Assumptions</h2>\n<ul id=\"assumptions\">\n";
  bool any = false;
  for (const auto& in : doc.inputs) {
    if (!detail::is_assumed(in)) continue;
    const auto s = detail::source_of(in.origin);
    h += "<li><code>" + html_escape(in.name) +
         "</code> = " + html_escape(in.known ? in.value + " " + in.unit : "unknown") + " (" +
         s.kind + "): " + html_escape(s.source) + (s.date.empty() ? "" : ", " + s.date) + "</li>\n";
    any = true;
  }
  if (!any) h += "<li>None: no input is an assumption or a third-party figure.</li>\n";
  h += "</ul>\n";
  h += "<h2>Given</h2>\n<p>Choices, forecasts and trncost's defaults: stated, not doubted; they "
       "never lower the status.</p>\n<ul id=\"given\">\n";
  any = false;
  for (const auto& in : doc.inputs) {
    if (!detail::is_given(in)) continue;
    const auto s = detail::source_of(in.origin);
    h += "<li><code>" + html_escape(in.name) +
         "</code> = " + html_escape(in.value + (in.unit.empty() ? "" : " " + in.unit)) + " (" +
         s.kind + "): " + html_escape(s.source) +
         (s.date.empty() ? "" : ", " + html_escape(s.date)) + "</li>\n";
    any = true;
  }
  if (!any) h += "<li>None.</li>\n";
  h += "</ul>\n";
  const auto swings = report::forecast_swings(doc);
  if (!swings.empty()) {
    h += "<table id=\"forecast-swings\"><tr><th>forecast</th><th>value</th><th>total at -10 "
         "%</th><th>total at +10 %</th></tr>\n";
    for (const auto& sw : swings) {
      h += "<tr><td><code>" + html_escape(sw.input) + "</code></td><td class=\"num\">" +
           html_escape(sw.value.to_string() + " " + sw.unit) + "</td><td class=\"num\">" +
           usd(sw.low_total) + "</td><td class=\"num\">" + usd(sw.high_total) + "</td></tr>\n";
    }
    h += "</table>\n";
  }

  if (!doc.uncertainties.empty()) {
    h += "<h2>Migration uncertainties</h2>\n<ul id=\"uncertainties\">\n";
    for (const auto& u : doc.uncertainties) {
      h += "<li><strong>" + std::string(report::to_string(u.status)) +
           "</strong>: " + html_escape(u.subject) + " (owner " + html_escape(u.owner) +
           "): " + html_escape(u.detail) + "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "<h2>Lines</h2>\n<table id=\"lines\"><tr><th>category</th><th>phase</th><th>line</th>"
       "<th>billed as</th><th>formula</th><th>USD (exact)</th></tr>\n";
  for (const auto& l : doc.lines) {
    h += "<tr><td>" + std::string(to_string(l.cat)) + "</td><td>" +
         (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + "</td><td>" +
         html_escape(l.description) + "</td><td>" + html_escape(detail::billed_as(l)) +
         "</td><td><code>" + html_escape(l.formula) + "</code></td><td class=\"num\">" +
         detail::exact_or_unpriced(l.amount) + "</td></tr>\n";
  }
  h += "</table>\n<h2>Sources</h2>\n<table id=\"sources\"><tr><th>input</th><th>value</th>"
       "<th>kind</th><th>source</th><th>date</th></tr>\n";
  for (const auto& in : doc.inputs) {
    const auto s = detail::source_of(in.origin);
    h += "<tr><td><code>" + html_escape(in.name) + "</code></td><td>" +
         html_escape(in.known ? in.value + " " + in.unit : "unknown") + "</td><td>" + s.kind +
         "</td><td>" + html_escape(s.source) + "</td><td>" + s.date + "</td></tr>\n";
  }
  h += "</table>\n<h2>Protocol</h2>\n<p id=\"protocol-made\">" +
       html_escape(detail::protocol_sentence(doc)) + "</p>\n";
  const auto runs = detail::protocol_rows(doc.runs);
  if (runs.empty())
    h += "<p id=\"protocol-runs\">" + std::string(detail::no_runs_sentence) + "</p>\n";
  if (!runs.empty()) {
    h += "<table id=\"protocol-runs\"><tr><th>run</th><th>model</th><th>code version</th>"
         "<th>data set</th><th>parameters</th><th>software stack</th></tr>\n";
    for (const auto& r : runs) {
      h += "<tr><td><code>" + html_escape(r.run) + "</code></td><td>" + html_escape(r.model) +
           "</td><td>" + html_escape(r.code_version) + "</td><td>" + html_escape(r.dataset) +
           "</td><td>" + html_escape(r.parameters) + "</td><td>" + html_escape(r.software_stack) +
           "</td></tr>\n";
    }
    h += "</table>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace io::detail

namespace io {

[[nodiscard]] TRNCOST_DECL std::string render_html(const report::document& doc,
                                                   std::string_view title) {
  return detail::render_html_page(doc, detail::html_analysis_parts{}, title);
}

[[nodiscard]] TRNCOST_DECL std::string render_html(const estimate& est, std::string_view title) {
  return render_html(report::from_estimate(est), title);
}

TRNCOST_DECL void write_html(const estimate& est, std::ostream& out, std::string_view title) {
  const std::string text = render_html(est, title);
  out << text;
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_HTML_IPP
