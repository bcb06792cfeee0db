// The definitions of report/html.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_HTML_IPP
#define TRNCOST_REPORT_IMPL_HTML_IPP

#include "../html.hpp"

namespace trncost {

namespace report::detail {

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
         "body{font-family:sans-serif;margin:24px;color:#222;background:#fff;max-width:1320px;"
         "overflow-wrap:break-word}\n" +
         std::string(status_rule) +
         ".status-verified{background:#e8f5e9;border:2px solid #2e7d32}\n"
         ".status-provisional{background:#fff8e1;border:2px solid #f9a825}\n"
         ".status-stale,.status-unpriced,.status-incomplete{background:#ffebee;border:2px solid "
         "#c62828}\n"
         ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(640px,100%),1fr));"
         "gap:16px}\n"
         "figure{margin:0 0 8px;overflow-x:auto}figcaption{font-size:13px;color:#555}\n"
         ".chart{font-size:13px}.chart-title{font-weight:bold;font-size:14px}\n"
         "svg{max-width:100%;min-width:480px;height:auto}\n"
         "table{border-collapse:collapse;margin:8px 0 20px;display:block;max-width:100%;"
         "overflow-x:auto}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;"
         "vertical-align:top}td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
         "code{overflow-wrap:anywhere}\n"
         "@media (max-width:600px){body{margin:8px}}\n"
         "@media print{body{margin:0;max-width:none}.charts{display:block}"
         "figure,tr{break-inside:avoid}figure{overflow:visible}table{display:table}"
         "td,th{overflow-wrap:anywhere}}\n" +
         std::string(extra_rules) + "</style>\n</head>\n";
}

TRNCOST_DECL std::string bar_length(decimal part, decimal whole, int full) {
  if (whole.is_zero() || part.is_negative()) return "0";
  return (part * full / whole).to_fixed(decimal_places{2});
}

TRNCOST_DECL int text_width(std::string_view text, int font_px) {
  // Hundredths of an em per character, each at least what DejaVu Sans and Liberation Sans draw.
  long hundredths = 0;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c & 0xC0U) == 0x80U) continue;  // a UTF-8 continuation byte: counted with its first
    if (c >= 0x80U) {
      hundredths += 100;
    } else if (std::string_view(" .,:;'|!ijlI").find(ch) != std::string_view::npos) {
      hundredths += 36;
    } else if (std::string_view("frt()[]{}-/\\\"*").find(ch) != std::string_view::npos) {
      hundredths += 48;
    } else if (std::string_view("mwMW%@").find(ch) != std::string_view::npos) {
      hundredths += 102;
    } else if (c >= 'A' && c <= 'Z') {
      hundredths += 82;
    } else {
      hundredths += 66;  // other lower case letters, digits, signs
    }
  }
  return static_cast<int>((hundredths * font_px + 99) / 100);
}

TRNCOST_DECL std::string fit_text(std::string_view text, int max_px, int font_px, keep part) {
  if (text_width(text, font_px) <= max_px) return std::string(text);
  constexpr std::string_view ellipsis = "...";
  // The characters, each with its bytes (a UTF-8 sequence is never cut).
  std::vector<std::string_view> chars;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = 1;
    while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0U) == 0x80U) ++n;
    chars.push_back(text.substr(i, n));
    i += n;
  }
  if (part == keep::end) std::reverse(chars.begin(), chars.end());
  std::string kept;  // in reading order
  for (const auto c : chars) {
    std::string longer = part == keep::start ? kept + std::string(c) : std::string(c) + kept;
    const std::string shown =
        part == keep::start ? longer + std::string(ellipsis) : std::string(ellipsis) + longer;
    if (text_width(shown, font_px) > max_px) break;
    kept = std::move(longer);
  }
  return part == keep::start ? kept + std::string(ellipsis) : std::string(ellipsis) + kept;
}

TRNCOST_DECL std::string bar_chart(std::string_view id, std::string_view title,
                                   const std::vector<bar>& bars) {
  constexpr int font_px = 13;
  constexpr int bar_w = 300;
  constexpr int row_h = 30;
  int label_w = 190;  // the label column, its text ending 8 px before the bar
  int value_w = 120;  // after the 10 px between the bar and its value
  for (const auto& b : bars) {
    label_w = std::max(label_w, text_width(b.label, font_px) + 16);
    value_w = std::max(value_w, text_width(b.value_text, font_px) + 8);
  }
  label_w = std::min(label_w, 316);  // longer labels are shortened
  const int width = label_w + bar_w + 10 + value_w;
  const int height = static_cast<int>(bars.size()) * row_h + 40;
  decimal max{};
  for (const auto& b : bars) {
    if (max < b.amount) max = b.amount;
  }
  std::string s = svg_open(id, title, height, width);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const auto& b = bars[i];
    const int y = 30 + static_cast<int>(i) * row_h;
    const std::string w = bar_length(b.amount, max, bar_w);
    s += svg_text(label_w - 8, y + 19, "end", b.label, label_w - 8);
    s += "<rect class=\"bar\" " + b.data + " x=\"" + std::to_string(label_w) + "\" y=\"" +
         std::to_string(y + 4) + "\" width=\"" + w + "\" height=\"" + std::to_string(row_h - 8) +
         "\" fill=\"" + std::string(b.colour) + "\"/>\n";
    s += svg_text(label_w + bar_w + 10, y + 19, "", b.value_text, value_w);
  }
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string grouped_bar_chart(std::string_view id, std::string_view title,
                                           const std::vector<bar_group>& groups,
                                           const std::vector<std::string_view>& bar_class) {
  constexpr int font_px = 13;
  constexpr int bar_w = 300;
  constexpr int label_h = 22;  // a group's label line
  constexpr int row_h = 22;    // a bar's row
  constexpr int gap = 10;      // after a group
  int bar_label_w = 0;         // the bars' label column, its text ending 8 px before the bar
  int value_w = 0;             // after the 10 px between a bar and its value
  int height = 30;
  decimal max{};
  for (const auto& g : groups) {
    for (const auto& b : g.bars) {
      bar_label_w = std::max(bar_label_w, text_width(b.label, font_px) + 16);
      value_w = std::max(value_w, text_width(b.value_text, font_px) + 8);
      if (max < b.amount) max = b.amount;
    }
    height += label_h + static_cast<int>(g.bars.size()) * row_h + gap;
  }
  const int width = std::max(620, bar_label_w + bar_w + 10 + value_w);
  std::string s = svg_open(id, title, height, width);
  int y = 30;
  for (const auto& g : groups) {
    s += svg_text(0, y + 16, "", g.label, width);
    y += label_h;
    for (std::size_t k = 0; k < g.bars.size(); ++k) {
      const auto& b = g.bars[k];
      const std::string cls = k < bar_class.size() ? " " + std::string(bar_class[k]) : "";
      s += svg_text(bar_label_w - 8, y + 15, "end", b.label, bar_label_w - 8);
      s += "<rect class=\"bar" + cls + "\" " + b.data + " x=\"" + std::to_string(bar_label_w) +
           "\" y=\"" + std::to_string(y + 3) + "\" width=\"" + bar_length(b.amount, max, bar_w) +
           "\" height=\"" + std::to_string(row_h - 6) + "\" fill=\"" + std::string(b.colour) +
           "\"/>\n";
      s += svg_text(bar_label_w + bar_w + 10, y + 15, "", b.value_text, value_w);
      y += row_h;
    }
    y += gap;
  }
  s += "</svg>\n";
  return s;
}

TRNCOST_DECL std::string coord(int base, decimal part, decimal whole, int full) {
  if (whole.is_zero()) return std::to_string(base);
  return (decimal(base) + part * full / whole).to_fixed(decimal_places{2});
}

TRNCOST_DECL std::string svg_open(std::string_view id, std::string_view title, int height,
                                  int width) {
  const std::string w = std::to_string(width);
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + std::string(id) +
                  "\" class=\"chart\" role=\"img\" aria-label=\"" + html_escape(title) +
                  "\" width=\"" + w + "\" height=\"" + std::to_string(height) +
                  "\" viewBox=\"0 0 " + w + " " + std::to_string(height) + "\">\n";
  s += "<title>" + html_escape(title) + "</title>\n";
  s += "<text x=\"0\" y=\"18\" class=\"chart-title\">" + html_escape(title) + "</text>\n";
  return s;
}

TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text) {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
         std::string(anchor) + "\">" + html_escape(text) + "</text>\n";
}

TRNCOST_DECL std::string svg_text(int x, int y, std::string_view anchor, std::string_view text,
                                  int max_px, keep part) {
  constexpr int font_px = 13;  // .chart's font size
  const std::string shown = fit_text(text, max_px, font_px, part);
  std::string s = "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"";
  if (!anchor.empty()) s += " text-anchor=\"" + std::string(anchor) + "\"";
  s += ">";
  if (shown != text) s += "<title>" + html_escape(text) + "</title>";
  return s + html_escape(shown) + "</text>\n";
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
  h += parts.scenarios;
  h += parts.monte_carlo;

  // Tables.
  if (!doc.figures.empty()) {
    // Each workload's timeline and counts, from their derivations.
    h += "<h2>Timeline and figures</h2>\n<table id=\"figures\"><tr><th>workload</th>"
         "<th>figure</th><th>value</th></tr>\n";
    for (const auto& f : doc.figures) {
      const auto& v = values.at(f.value);
      h += "<tr><td>" + html_escape(f.workload) + "</td><td>" + html_escape(f.what) +
           "</td><td class=\"num\">" + html_escape(detail::figure_text(v.value, v.unit, v.known)) +
           "</td></tr>\n";
    }
    h += "</table>\n";
  }
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
  if (const auto medians = detail::median_rows(doc); !medians.empty()) {
    h += "<p>Medians over the runs:</p>\n<ul id=\"protocol-medians\">\n";
    for (const auto& m : medians) {
      h += "<li><code>" + html_escape(m.name) + "</code> = " + html_escape(m.value) + ": " +
           html_escape(m.formula) + "</li>\n";
    }
    h += "</ul>\n";
  }
  h += "</body>\n</html>\n";
  return h;
}

}  // namespace report::detail

namespace report {

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

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_HTML_IPP
