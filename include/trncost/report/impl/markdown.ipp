// The definitions of report/markdown.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_MARKDOWN_IPP
#define TRNCOST_REPORT_IMPL_MARKDOWN_IPP

#include "../markdown.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL source_row source_of(const provenance& p) {
  const std::string kind(kind_name(p));
  return std::visit(
      [&](const auto& k) -> source_row {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, measured>) {
          return {kind, "run " + k.run_id + ": " + k.method,
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

TRNCOST_DECL bool is_assumed(const source_record& r) {
  return !r.known || std::holds_alternative<assumption>(r.origin) ||
         std::holds_alternative<third_party>(r.origin);
}

TRNCOST_DECL std::string status_sentence(const estimate& est) {
  switch (est.status) {
    case estimate_status::verified:
      return "Every input is measured, quoted within " +
             std::to_string(est.freshness_window.count()) +
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

TRNCOST_DECL std::vector<protocol_row> protocol_rows(const estimate& est) {
  const auto given = [](const std::string& s) { return s.empty() ? std::string("not given") : s; };
  const auto joined = [&](const std::vector<std::pair<std::string, std::string>>& items,
                          std::string_view sep) {
    std::string out;
    for (const auto& [a, b] : items) out += (out.empty() ? "" : ", ") + a + std::string(sep) + b;
    return given(out);
  };
  std::vector<protocol_row> rows;
  for (const auto& r : est.runs) {
    rows.push_back({r.run_id, given(r.model), given(r.code_version), given(r.dataset_id),
                    joined(r.parameters, " = "), joined(r.software_stack, " ")});
  }
  return rows;
}

TRNCOST_DECL std::string protocol_sentence(const estimate& est) {
  return "Made by trncost " + std::string(trncost::version) + " for the as-of date " +
         to_string(est.as_of) + "; a quote is fresh for " +
         std::to_string(est.freshness_window.count()) + " days.";
}

TRNCOST_DECL std::vector<sizing_row> sizing_rows(const estimate& est) {
  std::vector<sizing_row> out;
  for (const auto& z : workload::serving_sizings(est)) {
    const std::string rate = z.demand->unit;
    sizing_row r;
    r.service = z.component;
    r.demand = z.demand->value + " " + rate + " (" + z.demand->name + ")";
    r.usable = z.usable->value + " " + z.usable->unit + " = " + z.throughput->value + " x " +
               z.utilisation->value;
    r.instances = z.instances->value + " = ceil(" + z.demand->value + " / " + z.usable->value + ")";
    r.capacity = z.capacity ? z.capacity->to_string() + " " + rate : std::string("unknown");
    r.headroom = z.headroom ? z.headroom->to_string() + " " + rate + " (" +
                                  trncost::detail::percent_of(*z.headroom, *z.capacity) +
                                  " % of the capacity)"
                            : std::string("unknown");
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace io::detail

namespace io {

[[nodiscard]] TRNCOST_DECL std::string render_markdown(const estimate& est,
                                                       std::string_view title) {
  using detail::md_cell;
  using detail::usd;
  std::string o;
  o += "# " + std::string(title) + "\n\n";
  o += "**Status: " + std::string(to_string(est.status)) + "** (as of " + to_string(est.as_of) +
       "). " + detail::status_sentence(est) + "\n\n";
  if (!est.reasons.empty()) {
    o += "Why it is not better:\n\n";
    for (const auto& r : est.reasons) {
      o += "- **" + std::string(to_string(r.status)) +
           "** (rule: " + std::string(entry_of(r.rule).name) + "): " + md_cell(r.text) + "\n";
    }
    o += "\n";
  }
  o += "**Total: " + usd(est.total) + " USD**";
  if (const auto n = est.unpriced_lines(); n != 0) {
    o += " (" + std::to_string(n) + " unpriced line" + (n == 1 ? "" : "s") + " not included)";
  }
  o += "\n\n";

  if (est.work) {
    // Cost per unit of work: the total and the compute cost over the work delivered.
    const auto& w = *est.work;
    const auto cost = [](const std::optional<input_ref>& r) {
      return r ? decimal::parse((*r)->value).to_fixed(decimal_places{4}) + " " + (*r)->unit
               : std::string("none (see the findings)");
    };
    o += "## Cost per unit of work\n\n| work | amount | full cost | compute only |\n"
         "|---|---:|---:|---:|\n";
    o += "| " + std::string(to_string(w.kind)) + " (" + md_cell(w.amount->name) + ") | " +
         w.amount->value + " " + w.amount->unit + " | " + cost(w.full) + " | " +
         cost(w.compute_only) + " |\n\n";
    o += "Full cost = total x " + std::to_string(w.per) + " / " +
         md_cell(trncost::detail::operand(w.amount->name)) +
         "; compute only = the compute category x " + std::to_string(w.per) + " / " +
         md_cell(trncost::detail::operand(w.amount->name)) +
         " (rounded half-even at 18 digits).\n\n";
    if (const auto rows = detail::sizing_rows(est); !rows.empty()) {
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

  o += "## Totals by category\n\n| category | USD | share |\n|---|---:|---:|\n";
  for (const auto c : all_categories) {
    const auto it = est.by_category.find(c);
    std::string amount;
    if (est.declared.count(c) != 0) {
      amount = "declared none";
    } else if (it != est.by_category.end()) {
      amount = usd(it->second);
      std::size_t unpriced = 0;
      for (const auto& l : est.lines) unpriced += (l.cat == c && !l.amount) ? 1U : 0U;
      if (unpriced != 0) amount += " + " + std::to_string(unpriced) + " unpriced";
    } else {
      amount = "**missing**";
    }
    const std::string share = it != est.by_category.end() && est.declared.count(c) == 0
                                  ? trncost::detail::percent_of(it->second, est.total) + " %"
                                  : "";
    o += "| " + std::string(to_string(c)) + " | " + amount + " | " + share + " |\n";
  }
  o += "| **total** | **" + usd(est.total) + "** | 100.0 % |\n\n";

  o += "## Instance time by phase\n\n| phase | kind | USD |\n|---|---|---:|\n";
  for (const auto& [p, amt] : est.by_phase) {
    o += "| " + std::string(to_string(p)) + " | " + (is_overhead(p) ? "overhead" : "useful") +
         " | " + usd(amt) + " |\n";
  }
  o += "\n## Useful vs overhead\n\n| | USD | share |\n|---|---:|---:|\n";
  const decimal instance_time = est.useful + est.overhead;
  o += "| useful (" + phases_named(est, false) + ") | " + usd(est.useful) + " | " +
       trncost::detail::percent_of(est.useful, instance_time) + " % |\n";
  o += "| overhead (" + phases_named(est, true) + ") | " + usd(est.overhead) + " | " +
       trncost::detail::percent_of(est.overhead, instance_time) + " % |\n\n";

  o += "## Findings\n\n";
  if (est.findings.empty()) o += "None.\n";
  for (const auto& f : est.findings) o += "- " + md_cell(f) + "\n";

  o += "\n## Assumptions\n\n";
  bool any = false;
  for (const auto& in : est.inputs) {
    if (!detail::is_assumed(*in)) continue;
    const auto s = detail::source_of(in->origin);
    o += "- `" + in->name + "` = " + (in->known ? in->value + " " + in->unit : "unknown") + " (" +
         s.kind + "): " + md_cell(s.source) + (s.date.empty() ? "" : ", " + s.date) + "\n";
    any = true;
  }
  if (!any) o += "None: no input is an assumption or a third-party figure.\n";

  if (!est.uncertainties.empty()) {
    o += "\n## Migration uncertainties\n\n";
    for (const auto& u : est.uncertainties) {
      o += "- **" +
           std::string(u.status == migration_uncertainty::state::open ? "open" : "resolved") +
           "**: " + md_cell(u.subject) + " (owner " + md_cell(u.owner) + "): " + md_cell(u.detail) +
           "\n";
    }
  }

  o += "\n## Lines\n\n| category | phase | line | billed as | formula | USD (exact) |\n"
       "|---|---|---|---|---|---:|\n";
  for (const auto& l : est.lines) {
    o += "| " + std::string(to_string(l.cat)) + " | " +
         (l.ph ? std::string(to_string(*l.ph)) : std::string("-")) + " | " +
         md_cell(l.description) + " | " + md_cell(describe(l.identity)) + " | `" +
         md_cell(l.formula) + "` | " + detail::exact_or_unpriced(l.amount) + " |\n";
  }

  o += "\n## Sources\n\n| input | value | kind | source | date |\n|---|---|---|---|---|\n";
  for (const auto& in : est.inputs) {
    const auto s = detail::source_of(in->origin);
    o += "| `" + md_cell(in->name) + "` | " + (in->known ? in->value + " " + in->unit : "unknown") +
         " | " + s.kind + " | " + md_cell(s.source) + " | " + s.date + " |\n";
  }

  o += "\n## Protocol\n\n" + detail::protocol_sentence(est) + "\n\n";
  const auto runs = detail::protocol_rows(est);
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
  return o;
}

TRNCOST_DECL void write_markdown(const estimate& est, std::ostream& out, std::string_view title) {
  const std::string text = render_markdown(est, title);
  out << text;
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_MARKDOWN_IPP
