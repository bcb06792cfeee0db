// The definitions of report/what_if.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_WHAT_IF_IPP
#define TRNCOST_REPORT_IMPL_WHAT_IF_IPP

#include <algorithm>
#include <map>
#include <set>

#include "../html.hpp"
#include "../what_if.hpp"

namespace trncost {

namespace report {

TRNCOST_DECL what_if sweep(const report::study_result& r, const std::string& input, decimal from,
                           decimal to, int points) {
  if (!(from < to)) {
    throw input_error("what-if of '" + input + "': from " + from.to_string() +
                      " must be below to " + to.to_string());
  }
  if (points < 2 || points > 1001) {
    throw input_error("what-if of '" + input + "': " + std::to_string(points) +
                      " points; a sweep has 2 to 1001 (both ends included)");
  }
  what_if w;
  w.input = input;
  std::vector<document> docs;
  std::vector<std::optional<decimal>> credits;
  std::set<std::string> shared;
  for (const auto& o : r.options) {
    docs.push_back(from_estimate(o.est));
    w.options.push_back(o.name);
    bool has = false;
    for (const auto& in : docs.back().inputs) {
      if (in.name == input) {
        has = true;
        w.unit = in.unit;
      }
      shared.insert(in.name);
    }
    w.varies.push_back(has);
    credits.push_back(o.extras.burn_down ? steady_credits(o.extras.burn_down)
                                         : std::optional<decimal>{});
  }
  if (std::none_of(w.varies.begin(), w.varies.end(), [](bool b) { return b; })) {
    std::string known;
    for (const auto& n : shared) known += (known.empty() ? "" : ", ") + n;
    throw input_error("what-if: '" + input + "' is an input of no option of the study; its " +
                      "inputs are " + known);
  }
  for (int k = 0; k < points; ++k) {
    what_if_point p;
    p.value = from + (to - from) * decimal(k) / decimal(points - 1);
    for (std::size_t i = 0; i < docs.size(); ++i) {
      std::map<std::string, std::optional<decimal>, std::less<>> overrides;
      if (w.varies[i]) overrides[input] = p.value;
      const decimal total = recompute(docs[i], overrides).total;
      p.totals.push_back(total);
      if (!r.options[i].extras.burn_down) {
        p.cash.push_back(total);  // no grant: all of it is paid
      } else if (credits[i]) {
        p.cash.push_back(total < *credits[i] ? decimal{} : total - *credits[i]);
      } else {
        p.cash.push_back(std::nullopt);
      }
    }
    w.points.push_back(std::move(p));
  }
  return w;
}

TRNCOST_DECL std::string render_what_if_markdown(const what_if& w) {
  const auto cell = [](const std::string& s) {
    std::string out;
    for (const char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  std::string o = "| " + cell(w.input) + (w.unit.empty() ? "" : " (" + w.unit + ")");
  std::string rule = "|---:";
  for (std::size_t i = 0; i < w.options.size(); ++i) {
    o += " | " + cell(w.options[i]) + " USD | cash USD";
    rule += "|---:|---:";
  }
  o += " |\n" + rule + "|\n";
  for (const auto& p : w.points) {
    o += "| " + p.value.to_fixed(decimal_places{2});
    for (std::size_t i = 0; i < p.totals.size(); ++i) {
      o += " | " + p.totals[i].to_fixed(decimal_places{2}) + " | " +
           (p.cash[i] ? p.cash[i]->to_fixed(decimal_places{2}) : std::string("-"));
    }
    o += " |\n";
  }
  for (std::size_t i = 0; i < w.options.size(); ++i) {
    if (!w.varies[i]) {
      o += "\n'" + w.options[i] + "' has no input '" + w.input + "': its total holds.\n";
    }
  }
  return o;
}

TRNCOST_DECL std::string what_if_svg(const what_if& w) {
  const auto esc = [](const std::string& t) {
    std::string out;
    for (const char c : t) {
      out += c == '&'   ? std::string("&amp;")
             : c == '<' ? std::string("&lt;")
             : c == '>' ? std::string("&gt;")
             : c == '"' ? std::string("&quot;")
                        : std::string(1, c);
    }
    return out;
  };
  // 640 (or wider: the legend) x 320, 60 px margins; x proportional to the input, y to USD from 0
  // to the largest total.
  decimal top{};
  for (const auto& p : w.points) {
    for (const auto& t : p.totals) top = std::max(top, t);
  }
  if (top.is_zero()) top = decimal{1};
  const decimal x0 = w.points.front().value;
  const decimal span = w.points.back().value - x0;
  const auto x = [&](decimal v) {
    return (decimal{60} + (v - x0) * decimal{520} / span).to_fixed(decimal_places{1});
  };
  const auto y = [&](decimal v) {
    return (decimal{260} - v * decimal{200} / top).to_fixed(decimal_places{1});
  };
  static constexpr const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                            "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"};
  // The legend of the options from x 590: the picture as wide as its longest name needs.
  int legend = 0;
  for (const auto& name : w.options)
    legend = std::max(legend, report::detail::text_width(name, 11));
  const std::string wide = std::to_string(std::max(640, 590 + legend + 6));
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"what-if\" width=\"" + wide +
                  "\" height=\"320\" viewBox=\"0 0 " + wide +
                  " 320\" role=\"img\" aria-label=\"what-if of " + esc(w.input) +
                  "\">\n<line x1=\"60\" y1=\"260\" x2=\"580\" y2=\"260\" stroke=\"#333\"/>\n"
                  "<line x1=\"60\" y1=\"60\" x2=\"60\" y2=\"260\" stroke=\"#333\"/>\n"
                  "<text x=\"60\" y=\"280\" font-size=\"11\">" +
                  x0.to_fixed(decimal_places{2}) +
                  "</text>\n<text x=\"580\" y=\"280\" font-size=\"11\" " + "text-anchor=\"end\">" +
                  w.points.back().value.to_fixed(decimal_places{2}) + "</text>\n" +
                  "<text x=\"320\" y=\"300\" font-size=\"11\" text-anchor=\"middle\">" +
                  esc(w.input) + (w.unit.empty() ? "" : " (" + w.unit + ")") +
                  // The y axis' top, over it: any number of digits fits.
                  "</text>\n<text x=\"4\" y=\"50\" font-size=\"11\">" +
                  top.to_fixed(decimal_places{0}) + " USD</text>\n";
  for (std::size_t i = 0; i < w.options.size(); ++i) {
    const std::string colour = colours[i % 8];
    std::string total_line;
    std::string cash_line;
    bool cash_known = true;
    for (const auto& p : w.points) {
      total_line += x(p.value) + "," + y(p.totals[i]) + " ";
      if (p.cash[i]) {
        cash_line += x(p.value) + "," + y(*p.cash[i]) + " ";
      } else {
        cash_known = false;
      }
    }
    s += "<polyline class=\"total\" data-option=\"" + esc(w.options[i]) +
         "\" fill=\"none\" stroke=\"" + colour + "\" points=\"" + total_line + "\"/>\n";
    if (cash_known) {
      s += "<polyline class=\"cash\" data-option=\"" + esc(w.options[i]) +
           "\" fill=\"none\" stroke-dasharray=\"4 3\" stroke=\"" + colour + "\" points=\"" +
           cash_line + "\"/>\n";
    }
    s += "<text x=\"590\" y=\"" + std::to_string(70 + 14 * i) + "\" font-size=\"11\" fill=\"" +
         colour + "\">" + esc(w.options[i]) + "</text>\n";
  }
  return s + "</svg>\n";
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_WHAT_IF_IPP
