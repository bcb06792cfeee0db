// The definitions of report/markdown.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_MARKDOWN_IPP
#define TRNCOST_REPORT_IMPL_MARKDOWN_IPP

#include <cstdio>
#include <string>

#include "../markdown.hpp"

namespace trncost {

namespace report::detail {

TRNCOST_DECL source_row source_of(const provenance& p) {
  const std::string kind(kind_name(p));
  return std::visit(
      [&](const auto& k) -> source_row {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, measured>) {
          return {kind,
                  (k.run_id.empty() ? std::string("run not recorded") : "run " + k.run_id) + ": " +
                      (k.method.empty() ? std::string("method not recorded") : k.method),
                  to_string(k.from) + " to " + to_string(k.to)};
        } else if constexpr (std::is_same_v<K, quoted>) {
          std::string src = k.source;
          if (!k.rate_code.empty()) src += ", rate " + k.rate_code;
          src += ", " + k.region + ", " + std::string(to_string(k.option));
          std::string when = "consulted " + to_string(k.consulted);
          if (k.published) when += " (published " + to_string(*k.published) + ")";
          return {kind, src, when};
        } else if constexpr (std::is_same_v<K, documented>) {
          return {kind, k.source, "consulted " + to_string(k.consulted)};
        } else if constexpr (std::is_same_v<K, third_party>) {
          return {kind, k.source, "seen " + to_string(k.seen)};
        } else if constexpr (std::is_same_v<K, assumption>) {
          return {kind, k.rationale, ""};
        } else if constexpr (std::is_same_v<K, declared_none>) {
          return {kind, k.justification, ""};
        } else if constexpr (std::is_same_v<K, choice>) {
          return {kind, k.reason, k.by.empty() ? std::string() : "decided by " + k.by};
        } else if constexpr (std::is_same_v<K, forecast>) {
          return {kind, k.basis, k.by.empty() ? std::string() : "stated by " + k.by};
        } else if constexpr (std::is_same_v<K, tool_default>) {
          return {kind, k.reason, "trncost's default"};
        } else {
          return {kind, k.formula, ""};
        }
      },
      p);
}

TRNCOST_DECL std::string md_cell(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

TRNCOST_DECL std::string usd(decimal d) { return d.to_fixed(cents); }

TRNCOST_DECL std::string exact_or_unpriced(const std::optional<decimal>& d) {
  return d ? d->to_string() : std::string("unpriced");
}

TRNCOST_DECL bool is_assumed(const report::input_entry& in) {
  return !in.known || std::holds_alternative<assumption>(in.origin) ||
         std::holds_alternative<third_party>(in.origin);
}

TRNCOST_DECL bool is_given(const report::input_entry& in) {
  return in.known && role_of(in.origin) == input_role::given;
}

TRNCOST_DECL std::string forecast_sentence(const report::document& doc) {
  std::string names;
  for (const auto& in : doc.inputs) {
    if (!in.known || !std::holds_alternative<forecast>(in.origin)) continue;
    names += (names.empty() ? "" : ", ") + in.name;
  }
  return names.empty() ? std::string()
                       : " It holds for the stated forecast of " + names +
                             " (how the total moves with it: under Given).";
}

TRNCOST_DECL std::string status_sentence(estimate_status status, std::int64_t freshness_days) {
  switch (status) {
    case estimate_status::verified:
      return "Every input is measured, quoted within " + std::to_string(freshness_days) +
             " days or documented, and every category of the formula is accounted for.";
    case estimate_status::provisional:
      return "Some inputs are assumptions or third-party figures.";
    case estimate_status::stale:
      return "A quote is older than the freshness window.";
    case estimate_status::unpriced:
      return "A line's price or usage is unknown: it is shown, and left out of the totals.";
    case estimate_status::incomplete:
      return "A category of the formula is not accounted for.";
  }
  return "";
}

TRNCOST_DECL std::string status_sentence(const estimate& est) {
  return status_sentence(est.status, est.freshness_window.count());
}

TRNCOST_DECL std::vector<median_row> median_rows(const report::document& doc) {
  std::vector<median_row> out;
  for (const auto& d : doc.derivations) {
    if (d.op.kind != op_kind::median) continue;
    out.push_back({d.name, d.value + (d.unit.empty() ? "" : " " + d.unit), d.formula});
  }
  return out;
}

TRNCOST_DECL std::vector<protocol_row> protocol_rows(const std::vector<run_protocol>& runs) {
  const auto given = [](const std::string& s) { return s.empty() ? std::string("not given") : s; };
  const auto joined = [&](const std::vector<std::pair<std::string, std::string>>& items,
                          std::string_view sep) {
    std::string out;
    for (const auto& [a, b] : items) out += (out.empty() ? "" : ", ") + a + std::string(sep) + b;
    return given(out);
  };
  std::vector<protocol_row> rows;
  for (const auto& r : runs) {
    rows.push_back({r.run_id, given(r.model), given(r.code_version), given(r.dataset_id),
                    joined(r.parameters, " = "), joined(r.software_stack, " ")});
  }
  return rows;
}

TRNCOST_DECL std::string protocol_sentence(const report::document& doc) {
  return "Made by trncost " + doc.trncost_version + " for the as-of date " + to_string(doc.as_of) +
         "; a quote is fresh for " + std::to_string(doc.freshness_window_days) + " days.";
}

TRNCOST_DECL std::string phases_named(const report::document& doc, bool overhead) {
  std::string out;
  for (const auto& [p, amt] : doc.totals.by_phase) {
    if (is_overhead(p) != overhead) continue;
    out += (out.empty() ? "" : ", ") + std::string(to_string(p));
  }
  return out.empty() ? std::string("none") : out;
}

TRNCOST_DECL std::string billed_as(const report::line_entry& line) {
  return line.identity ? describe(*line.identity) : std::string("not stated");
}

TRNCOST_DECL report::coverage coverage_of(const report::document& doc, category c) {
  for (const auto& e : doc.categories) {
    if (e.cat == c) return e.cov;
  }
  return report::coverage::missing;
}

TRNCOST_DECL std::optional<decimal> category_amount(const report::document& doc, category c) {
  for (const auto& [cat, amt] : doc.totals.by_category) {
    if (cat == c) return amt;
  }
  return std::nullopt;
}

TRNCOST_DECL std::string unit_cost_digits(decimal cost) {
  int places = 4;
  const decimal tenth = decimal::parse("0.1");
  for (decimal t = cost.is_negative() ? -cost : cost; !t.is_zero() && t < tenth && places < 18;
       t = t * 10) {
    ++places;
  }
  return cost.to_fixed(decimal_places{places});
}

TRNCOST_DECL std::string figure_text(std::string_view value, std::string_view unit, bool known) {
  if (!known) return "unknown";
  std::string out = std::string(value) + " " + std::string(unit);
  if (unit == "s") {
    const decimal s = decimal::parse(value);
    const auto over = [&](std::int64_t d) {
      return decimal::divide(s, decimal(d), rounding::half_even).to_fixed(decimal_places(4));
    };
    out += " (" + over(3600) + " h, " + over(86400) + " days)";
  } else if (unit.empty()) {
    // A share (a run's goodput): also in percent.
    out = std::string(value) + " (" +
          (decimal::parse(value) * decimal(100)).to_fixed(decimal_places(1)) + " %)";
  } else if (unit == "EFLOP") {
    // 36000000 EFLOP reads as 3.6e+25 FLOP, how compute budgets are quoted (to 4 digits).
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", std::stod(std::string(value)) * 1e18);
    out += " (about " + std::string(text) + " FLOP)";
  }
  return out;
}

TRNCOST_DECL std::string unit_cost_text(const std::optional<decimal>& cost, std::string_view unit) {
  return cost ? unit_cost_digits(*cost) + " " + std::string(unit)
              : std::string("none (see the findings)");
}

TRNCOST_DECL std::vector<sizing_row> sizing_rows(const report::document& doc,
                                                 const report::value_index& values) {
  const auto operands = [&](const std::string& name,
                            std::size_t n) -> const std::vector<std::string>* {
    const auto it = values.find(name);
    if (it == values.end() || it->second.derivation == nullptr) return nullptr;
    const auto& of = it->second.derivation->operands;
    return of.size() == n ? &of : nullptr;
  };
  const auto unit_of = [&](const std::string& name) {
    const auto it = values.find(name);
    return it == values.end() ? std::string_view() : it->second.unit;
  };
  std::vector<sizing_row> out;
  for (const auto& l : doc.lines) {
    if (l.ph != phase::idle_capacity) continue;
    const auto chain = workload::detail::sizing_chain_of(l.quantity, operands, unit_of);
    if (!chain) continue;
    const auto& demand = values.at(chain->demand);
    const auto& throughput = values.at(chain->throughput);
    const auto& utilisation = values.at(chain->utilisation);
    const auto& usable = values.at(chain->usable);
    const auto& instances = values.at(chain->instances);
    const std::string rate(demand.unit);
    sizing_row r;
    r.service = l.component;
    r.demand = std::string(demand.value) + " " + rate + " (" + chain->demand + ")";
    r.usable = std::string(usable.value) + " " + std::string(usable.unit) + " = " +
               std::string(throughput.value) + " x " + std::string(utilisation.value);
    r.instances = std::string(instances.value) + " = ceil(" + std::string(demand.value) + " / " +
                  std::string(usable.value) + ")";
    r.capacity = "unknown";
    r.headroom = "unknown";
    if (instances.known && throughput.known && demand.known) {
      const auto [capacity, headroom] = workload::detail::capacity_and_headroom(
          decimal::parse(instances.value), decimal::parse(throughput.value),
          decimal::parse(demand.value));
      r.capacity = capacity.to_string() + " " + rate;
      r.headroom = headroom.to_string() + " " + rate + " (" +
                   trncost::detail::percent_of(headroom, capacity) + " % of the capacity)";
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace report::detail

namespace report {

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const report::document& doc,
                                                       std::string_view title) {
  using detail::md_cell;
  using detail::usd;
  const auto values = report::index_values(doc);
  std::string o;
  o += "# " + std::string(title) + "\n\n";
  o += "**Status: " + std::string(to_string(doc.status)) + "** (as of " + to_string(doc.as_of) +
       "). " + detail::status_sentence(doc.status, doc.freshness_window_days) +
       detail::forecast_sentence(doc) + "\n\n";
  if (!doc.reasons.empty()) {
    o += "Why it is not better:\n\n";
    for (const auto& r : doc.reasons) {
      o += "- **" + std::string(to_string(r.status)) +
           "** (rule: " + std::string(entry_of(r.rule).name) + "): " + md_cell(r.text) + "\n";
    }
    o += "\n";
  }
  const decimal total = doc.totals.total;
  o += "**Total: " + usd(total) + " USD**";
  if (const auto n = detail::unpriced_lines(doc); n != 0) {
    o += " (" + std::to_string(n) + " unpriced line" + (n == 1 ? "" : "s") + " not included)";
  }
  o += "\n\n";

  if (doc.work) {
    // Cost per unit of work: the total and the compute cost over the work delivered.
    const auto& w = *doc.work;
    const auto& amount = values.at(w.amount);
    o += "## Cost per unit of work\n\n| work | amount | full cost | compute only |\n"
         "|---|---:|---:|---:|\n";
    o += "| " + std::string(to_string(w.kind)) + " (" + md_cell(w.amount) + ") | " +
         std::string(amount.value) + " " + std::string(amount.unit) + " | " +
         detail::unit_cost_text(w.full, w.unit) + " | " +
         detail::unit_cost_text(w.compute_only, w.unit) + " |\n\n";
    o += "Full cost = total x " + std::to_string(w.per) + " / " +
         md_cell(trncost::detail::operand(w.amount)) + "; compute only = the compute category x " +
         std::to_string(w.per) + " / " + md_cell(trncost::detail::operand(w.amount)) +
         " (rounded half-even at 18 digits).\n\n";
    if (const auto rows = detail::sizing_rows(doc, values); !rows.empty()) {
      o += "| service | demand | usable per instance | instances needed | capacity | headroom |\n"
           "|---|---:|---:|---:|---:|---:|\n";
      for (const auto& r : rows) {
        o += "| " + md_cell(r.service) + " | " + md_cell(r.demand) + " | " + md_cell(r.usable) +
             " | " + md_cell(r.instances) + " | " + md_cell(r.capacity) + " | " +
             md_cell(r.headroom) + " |\n";
      }
      o += "\n" + std::string(detail::sizing_sentence) + "\n\n";
    }
  }

  if (!doc.figures.empty()) {
    // Each workload's timeline and counts, from their derivations (Lines and Sources below).
    o += "## Timeline and figures\n\n| workload | figure | value |\n|---|---|---:|\n";
    for (const auto& f : doc.figures) {
      const auto& v = values.at(f.value);
      o += "| " + md_cell(f.workload) + " | " + md_cell(f.what) + " | " +
           md_cell(detail::figure_text(v.value, v.unit, v.known)) + " |\n";
    }
    o += "\n";
  }

  o += "## Totals by category\n\n| category | USD | share |\n|---|---:|---:|\n";
  for (const auto c : all_categories) {
    const auto cov = detail::coverage_of(doc, c);
    const auto amt = detail::category_amount(doc, c);
    std::string amount;
    if (cov == report::coverage::declared_none) {
      amount = "declared none";
    } else if (amt) {
      amount = usd(*amt);
      const auto unpriced = std::count_if(doc.lines.begin(), doc.lines.end(),
                                          [c](const auto& l) { return l.cat == c && !l.amount; });
      if (unpriced != 0) amount += " + " + std::to_string(unpriced) + " unpriced";
    } else {
      amount = "**missing**";
    }
    const std::string share = amt && cov != report::coverage::declared_none
                                  ? trncost::detail::percent_of(*amt, total) + " %"
                                  : "";
    o += "| " + std::string(to_string(c)) + " | " + amount + " | " + share + " |\n";
  }
  o += "| **total** | **" + usd(total) + "** | 100.0 % |\n\n";

  o += "## Instance time by phase\n\n| phase | kind | USD |\n|---|---|---:|\n";
  for (const auto& [p, amt] : doc.totals.by_phase) {
    o += "| " + std::string(to_string(p)) + " | " + (is_overhead(p) ? "overhead" : "useful") +
         " | " + usd(amt) + " |\n";
  }
  o += "\n## Useful vs overhead\n\n| | USD | share |\n|---|---:|---:|\n";
  const decimal useful = doc.totals.useful;
  const decimal overhead = doc.totals.overhead;
  const decimal instance_time = useful + overhead;
  o += "| useful (" + detail::phases_named(doc, false) + ") | " + usd(useful) + " | " +
       trncost::detail::percent_of(useful, instance_time) + " % |\n";
  o += "| overhead (" + detail::phases_named(doc, true) + ") | " + usd(overhead) + " | " +
       trncost::detail::percent_of(overhead, instance_time) + " % |\n\n";

  o += "## Findings\n\n";
  if (doc.findings.empty()) o += "None.\n";
  for (const auto& f : doc.findings) o += "- " + md_cell(f) + "\n";

  o += "\n## Assumptions\n\n";
  bool any = false;
  for (const auto& in : doc.inputs) {
    if (!detail::is_assumed(in)) continue;
    const auto s = detail::source_of(in.origin);
    o += "- `" + in.name + "` = " + (in.known ? in.value + " " + in.unit : "unknown") + " (" +
         s.kind + "): " + md_cell(s.source) + (s.date.empty() ? "" : ", " + s.date) + "\n";
    any = true;
  }
  if (!any) o += "None: no input is an assumption or a third-party figure.\n";

  o += "\n## Given\n\nChoices, forecasts and trncost's defaults: stated, not doubted; they never "
       "lower the status.\n\n";
  any = false;
  for (const auto& in : doc.inputs) {
    if (!detail::is_given(in)) continue;
    const auto s = detail::source_of(in.origin);
    o += "- `" + in.name + "` = " + in.value + (in.unit.empty() ? "" : " " + in.unit) + " (" +
         s.kind + "): " + md_cell(s.source) + (s.date.empty() ? "" : ", " + md_cell(s.date)) + "\n";
    any = true;
  }
  if (!any) o += "None.\n";
  bool swing_header = true;
  for (const auto& sw : report::forecast_swings(doc)) {
    if (std::exchange(swing_header, false)) {
      o += "\nHow the total moves with each forecast, recomputed from this report:\n\n"
           "| forecast | value | total at -10 % | total at +10 % |\n|---|---:|---:|---:|\n";
    }
    o += "| `" + sw.input + "` | " + sw.value.to_string() + " " + sw.unit + " | " +
         usd(sw.low_total) + " (" + sw.low_value.to_string() + ") | " + usd(sw.high_total) + " (" +
         sw.high_value.to_string() + ") |\n";
  }

  if (!doc.uncertainties.empty()) {
    o += "\n## Migration uncertainties\n\n";
    for (const auto& u : doc.uncertainties) {
      o += "- **" + std::string(report::to_string(u.status)) + "**: " + md_cell(u.subject) +
           " (owner " + md_cell(u.owner) + "): " + md_cell(u.detail) + "\n";
    }
  }

  o += "\n## Lines\n\n| category | phase | line | billed as | formula | USD (exact) |\n"
       "|---|---|---|---|---|---:|\n";
  for (const auto& l : doc.lines) {
    o += "| " + std::string(to_string(l.cat)) + " | " +
         (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + " | " +
         md_cell(l.description) + " | " + md_cell(detail::billed_as(l)) + " | `" +
         md_cell(l.formula) + "` | " + detail::exact_or_unpriced(l.amount) + " |\n";
  }

  o += "\n## Sources\n\n| input | value | kind | source | date |\n|---|---|---|---|---|\n";
  for (const auto& in : doc.inputs) {
    const auto s = detail::source_of(in.origin);
    o += "| `" + md_cell(in.name) + "` | " + (in.known ? in.value + " " + in.unit : "unknown") +
         " | " + s.kind + " | " + md_cell(s.source) + " | " + s.date + " |\n";
  }

  o += "\n## Protocol\n\n" + detail::protocol_sentence(doc) + "\n\n";
  const auto runs = detail::protocol_rows(doc.runs);
  if (runs.empty()) o += std::string(detail::no_runs_sentence) + "\n";
  if (!runs.empty()) {
    o += "| run | model | code version | data set | parameters | software stack |\n"
         "|---|---|---|---|---|---|\n";
  }
  for (const auto& r : runs) {
    o += "| `" + md_cell(r.run) + "` | " + md_cell(r.model) + " | " + md_cell(r.code_version) +
         " | " + md_cell(r.dataset) + " | " + md_cell(r.parameters) + " | " +
         md_cell(r.software_stack) + " |\n";
  }
  // The medians over the runs, with the runs each leaves out (their derivation's formula).
  const auto medians = detail::median_rows(doc);
  if (!medians.empty()) o += "\nMedians over the runs:\n\n";
  for (const auto& m : medians) {
    o += "- `" + md_cell(m.name) + "` = " + m.value + ": " + md_cell(m.formula) + "\n";
  }
  return o;
}

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est,
                                                       std::string_view title) {
  return render_markdown(report::from_estimate(est), title);
}

TRNCOST_DECL void write_markdown(const estimate& est, std::ostream& out, std::string_view title) {
  const std::string text = render_markdown(est, title);
  out << text;
}

}  // namespace report

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_MARKDOWN_IPP
