// The definitions of report/report.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_REPORT_IPP
#define TRNCOST_REPORT_IMPL_REPORT_IPP

#include "../consistency.hpp"
#include "../report.hpp"

namespace trncost {

namespace report {

TRNCOST_DECL std::optional<category> parse_category(std::string_view s) {
  for (const auto c : all_categories) {
    if (to_string(c) == s) return c;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<trncost::phase> parse_phase(std::string_view s) {
  for (const auto p : all_phases) {
    if (to_string(p) == s) return p;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<work_kind> parse_work_kind(std::string_view s) {
  for (const auto k : all_work_kinds) {
    if (to_string(k) == s) return k;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<verified_rule> parse_rule(std::string_view s) {
  for (const auto& e : verified_rules) {
    if (e.name == s) return e.rule;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<estimate_status> parse_status(std::string_view s) {
  for (const auto st :
       {estimate_status::verified, estimate_status::provisional, estimate_status::stale,
        estimate_status::unpriced, estimate_status::incomplete}) {
    if (to_string(st) == s) return st;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<op_kind> parse_op(std::string_view s) {
  for (const auto k : all_ops) {
    if (to_string(k) == s) return k;
  }
  if (s == "rescale") return op_kind::convert;
  return std::nullopt;
}

TRNCOST_DECL std::optional<coverage> parse_coverage(std::string_view s) {
  for (const auto c :
       {coverage::lines, coverage::declared_none, coverage::no_lines, coverage::missing}) {
    if (to_string(c) == s) return c;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<migration_uncertainty::kind> parse_uncertainty_kind(std::string_view s) {
  for (const auto k :
       {migration_uncertainty::kind::custom_operator,
        migration_uncertainty::kind::unsupported_operation,
        migration_uncertainty::kind::porting_work, migration_uncertainty::kind::other}) {
    if (to_string(k) == s) return k;
  }
  return std::nullopt;
}

TRNCOST_DECL std::optional<migration_uncertainty::state> parse_uncertainty_state(
    std::string_view s) {
  if (s == "open") return migration_uncertainty::state::open;
  if (s == "resolved") return migration_uncertainty::state::resolved;
  return std::nullopt;
}

TRNCOST_DECL std::optional<purchase_option> parse_purchase_option(std::string_view s) {
  for (const auto p :
       {purchase_option::on_demand, purchase_option::reserved, purchase_option::savings_plan,
        purchase_option::spot, purchase_option::capacity_block}) {
    if (to_string(p) == s) return p;
  }
  return std::nullopt;
}

TRNCOST_DECL decimal line_amount(decimal price, decimal quantity, std::uint64_t num,
                                 std::uint64_t den, std::string_view what) {
  decimal out;
  if (!trncost::detail::charged(price, quantity, num, den, out)) {
    throw overflow_error("line '" + std::string(what) + "' overflows the decimal range");
  }
  return out;
}

TRNCOST_DECL recomputed
recompute(const document& doc,
          const std::map<std::string, std::optional<decimal>, std::less<>>& overrides) {
  recomputed r;
  for (const auto& in : doc.inputs) {
    std::optional<decimal> v;
    if (in.known) v = decimal::parse(in.value);
    if (const auto it = overrides.find(in.name); it != overrides.end()) v = it->second;
    if (!r.values.emplace(in.name, v).second) {
      throw input_error("inputs: '" + in.name + "' appears twice");
    }
  }
  for (const auto& d : doc.derivations) {
    std::vector<decimal> operands;
    bool all_known = true;
    for (const auto& name : d.operands) {
      const auto it = r.values.find(name);
      if (it == r.values.end()) {
        throw input_error("derivation '" + d.name + "': operand '" + name +
                          "' is neither an input nor an earlier derivation of the report");
      }
      if (it->second) {
        operands.push_back(*it->second);
      } else {
        all_known = false;
      }
    }
    std::optional<decimal> v;
    if (all_known) v = apply(d.op, operands, d.name);
    if (const auto it = overrides.find(d.name); it != overrides.end()) v = it->second;
    if (!r.values.emplace(d.name, v).second) {
      throw input_error("derivations: '" + d.name + "' is defined twice");
    }
  }
  for (const auto& l : doc.lines) {
    const auto p = r.values.find(l.price);
    const auto q = r.values.find(l.quantity);
    if (p == r.values.end() || q == r.values.end()) {
      throw input_error("line '" + l.description + "': " +
                        (p == r.values.end() ? "price '" + l.price : "quantity '" + l.quantity) +
                        "' is neither an input nor a derivation of the report");
    }
    if (l.den == 0) throw input_error("line '" + l.description + "': the factor's den is 0");
    std::optional<decimal> amt;
    if (p->second && q->second) {
      amt = line_amount(*p->second, *q->second, l.num, l.den, l.description);
      r.total += *amt;
    }
    r.amounts.push_back(amt);
  }
  return r;
}

}  // namespace report

namespace report::detail {

TRNCOST_DECL derivation_entry derivation_of(const source_record& r, const derived& how) {
  if (how.op.kind == op_kind::opaque) {
    throw input_error("report: derivation '" + r.name + "' (formula '" + how.formula +
                      "') is opaque: trncost did not compute it, so a report cannot recompute it "
                      "(see docs/reports.md#derivations); build it with model nodes or sourced "
                      "arithmetic instead");
  }
  derivation_entry d{r.name, r.value, r.unit, r.known, how.formula, how.op, {}};
  for (const auto& in : how.inputs) d.operands.push_back(in->name);
  if (!r.known) return d;
  std::vector<decimal> values;
  for (const auto& in : how.inputs) {
    if (!in->known) return d;  // a value derived from an unknown one is itself unknown
    values.push_back(decimal::parse(in->value));
  }
  const decimal got = apply(how.op, values, r.name);
  if (got != decimal::parse(r.value)) {
    throw input_error("report: derivation '" + r.name + "' records " + r.value + " but " +
                      describe(how.op) + " of its operands gives " + got.to_string());
  }
  return d;
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL value_index index_values(const document& doc) {
  value_index out;
  for (const auto& in : doc.inputs) {
    out.emplace(in.name, named_value{in.name, in.value, in.unit, in.known, &in, nullptr});
  }
  for (const auto& d : doc.derivations) {
    out.emplace(d.name, named_value{d.name, d.value, d.unit, d.known, nullptr, &d});
  }
  return out;
}

TRNCOST_DECL document from_estimate(const estimate& est) {
  document doc;
  doc.as_of = est.as_of;
  doc.freshness_window_days = est.freshness_window.count();
  doc.status = est.status;
  doc.reasons = est.reasons;
  doc.findings = est.findings;
  doc.uncertainties = est.uncertainties;
  doc.runs = est.runs;
  // Every report is of the newest version: lines with their identity, inputs with their role.
  doc.version = figures_schema_version;
  detail::builder b{doc, {}, {}};
  for (const auto& l : est.lines) {
    b.visit(l.price);
    b.visit(l.quantity);
    for (const auto& in : l.inputs) b.visit(in);
  }
  for (const auto& in : est.inputs) b.visit(in);
  if (est.work) {
    b.visit(est.work->amount);
    const auto value_of = [](const std::optional<input_ref>& r) -> std::optional<decimal> {
      if (!r || !(*r)->known) return std::nullopt;
      return decimal::parse((*r)->value);
    };
    doc.work =
        work_entry{est.work->kind, est.work->amount->name,   est.work->per,
                   est.work->unit, value_of(est.work->full), value_of(est.work->compute_only)};
  }
  for (const auto& f : est.figures) {
    b.visit(f.value);
    doc.figures.push_back(figure_entry{f.workload, f.what, f.value->name});
  }
  for (const auto& l : est.lines) {
    line_entry e;
    e.cat = l.cat;
    e.component = l.component;
    e.ph = l.ph;
    e.description = l.description;
    e.price = l.price->name;
    e.quantity = l.quantity->name;
    e.num = l.num;
    e.den = l.den;
    e.formula = l.formula;
    e.amount = l.amount;
    for (const auto& in : l.inputs) e.inputs.push_back(in->name);
    e.identity = l.identity;
    doc.lines.push_back(std::move(e));
  }
  doc.totals.total = est.total;
  for (const auto& [c, amt] : est.by_category) doc.totals.by_category.emplace_back(c, amt);
  for (const auto& [p, amt] : est.by_phase) doc.totals.by_phase.emplace_back(p, amt);
  doc.totals.useful = est.useful;
  doc.totals.overhead = est.overhead;
  for (const auto c : all_categories) {
    category_entry ce{c, coverage::no_lines, {}};
    const bool has_lines =
        std::any_of(est.lines.begin(), est.lines.end(), [c](const auto& l) { return l.cat == c; });
    if (has_lines) {
      ce.cov = coverage::lines;
    } else if (const auto it = est.declared.find(c); it != est.declared.end()) {
      ce.cov = coverage::declared_none;
      ce.justification = it->second.justification;
    } else if (std::any_of(est.reasons.begin(), est.reasons.end(), [&](const auto& r) {
                 return r.rule == verified_rule::every_category_accounted &&
                        r.missing_category == c;
               })) {
      ce.cov = coverage::missing;
    }
    doc.categories.push_back(std::move(ce));
  }
  return doc;
}

TRNCOST_DECL std::vector<forecast_swing> forecast_swings(const document& doc,
                                                         std::uint32_t percent) {
  std::vector<forecast_swing> out;
  for (const auto& in : doc.inputs) {
    if (!in.known || !std::holds_alternative<forecast>(in.origin)) continue;
    forecast_swing s{in.name, in.unit, decimal::parse(in.value)};
    const decimal step =
        decimal::divide(s.value * decimal(percent), decimal(100), rounding::half_even);
    s.low_value = s.value - step;
    s.high_value = s.value + step;
    try {
      s.low_total = recompute(doc, {{in.name, s.low_value}}).total;
      s.high_total = recompute(doc, {{in.name, s.high_value}}).total;
    } catch (const error&) {
      continue;  // the model cannot take the changed value: no swing to show
    }
    out.push_back(std::move(s));
  }
  return out;
}

TRNCOST_DECL std::vector<expected_reason> expected_reasons(const document& doc,
                                                           const recomputed& r) {
  std::vector<expected_reason> out;
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    if (!r.amounts[i]) {
      out.push_back({verified_rule::every_line_priced, std::nullopt,
                     "line '" + doc.lines[i].description + "' is unpriced"});
    }
  }
  for (const auto& c : doc.categories) {
    if (c.cov == coverage::missing) {
      out.push_back({verified_rule::every_category_accounted, c.cat,
                     "category '" + std::string(to_string(c.cat)) + "' is missing"});
    }
  }
  const date oldest_fresh = add_days(doc.as_of, -doc.freshness_window_days);
  for (const auto& in : doc.inputs) {
    if (!in.known) continue;
    if (const auto* q = std::get_if<quoted>(&in.origin)) {
      if (q->consulted < oldest_fresh) {
        out.push_back({verified_rule::quotes_fresh, std::nullopt,
                       in.name + " was consulted on " + to_string(q->consulted) + " (stale)"});
      }
    } else if (std::holds_alternative<third_party>(in.origin)) {
      out.push_back({verified_rule::no_third_party, std::nullopt, in.name + " is third-party"});
    } else if (std::holds_alternative<assumption>(in.origin)) {
      out.push_back({verified_rule::no_assumption, std::nullopt, in.name + " is an assumption"});
    }
  }
  for (const auto& u : doc.uncertainties) {
    if (u.status == migration_uncertainty::state::open) {
      out.push_back({verified_rule::no_open_uncertainty, std::nullopt,
                     "migration uncertainty '" + u.subject + "' is open"});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return static_cast<int>(a.status()) > static_cast<int>(b.status());
  });
  return out;
}

}  // namespace report

namespace report::detail {

TRNCOST_DECL check_result mismatch(std::string what) {
  check_result r;
  r.ok = false;
  r.first_mismatch = std::move(what);
  return r;
}

TRNCOST_DECL std::string show(const std::optional<decimal>& v) {
  return v ? v->to_string() : std::string("unknown");
}

TRNCOST_DECL std::string rule_and_category(verified_rule rule, const std::optional<category>& cat) {
  return "'" + std::string(entry_of(rule).name) + "'" +
         (cat ? ", category '" + std::string(to_string(*cat)) + "'" : std::string());
}

TRNCOST_DECL check_result check_complete(const document& doc) {
  // Every value feeds something: a line (its price, quantity or inputs), another derivation or
  // the work. A value that feeds nothing is what a removed line leaves behind.
  std::set<std::string_view> used;
  for (const auto& d : doc.derivations) used.insert(d.operands.begin(), d.operands.end());
  for (const auto& l : doc.lines) {
    used.insert(l.price);
    used.insert(l.quantity);
    used.insert(l.inputs.begin(), l.inputs.end());
  }
  if (doc.work) used.insert(doc.work->amount);
  for (const auto& f : doc.figures) used.insert(f.value);
  for (std::size_t i = 0; i < doc.inputs.size(); ++i) {
    if (used.count(doc.inputs[i].name) == 0) {
      return mismatch("inputs[" + std::to_string(i) + "] '" + doc.inputs[i].name +
                      "': feeds no line, derivation, work or figure; every value of a report "
                      "feeds something (a line that used it was removed?)");
    }
  }
  for (std::size_t i = 0; i < doc.derivations.size(); ++i) {
    if (used.count(doc.derivations[i].name) == 0) {
      return mismatch("derivations[" + std::to_string(i) + "] '" + doc.derivations[i].name +
                      "': feeds no line, derivation, work or figure; every value of a report "
                      "feeds something (a line that used it was removed?)");
    }
  }
  // No line twice: one component prices one thing once (its phase, its description, its
  // identity), or its money counts twice.
  std::map<std::tuple<std::string_view, std::string_view, int, std::string_view>, std::size_t>
      lines;
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    const auto key =
        std::make_tuple(std::string_view(l.component), std::string_view(l.description),
                        l.ph ? static_cast<int>(*l.ph) : -1, std::string_view(l.price));
    const auto [at, fresh] = lines.emplace(key, i);
    if (!fresh) {
      return mismatch("lines[" + std::to_string(i) + "]: repeats lines[" +
                      std::to_string(at->second) + "] (component '" + l.component + "', '" +
                      l.description + "'); a line appears once, or its money counts twice");
    }
  }
  return {};
}

TRNCOST_DECL check_result check_reason_rules(const document& doc,
                                             const std::vector<expected_reason>& expected) {
  std::vector<bool> matched(expected.size(), false);
  for (std::size_t i = 0; i < doc.reasons.size(); ++i) {
    const auto& got = doc.reasons[i];
    const std::string where = "reasons[" + std::to_string(i) + "]";
    const auto& entry = entry_of(got.rule);
    if (entry.refused) {
      return mismatch(where + ".rule: '" + std::string(entry.name) +
                      "' refuses the input; it gives no reason");
    }
    if (got.status != entry.status) {
      return mismatch(where + ".status: the report says '" + std::string(to_string(got.status)) +
                      "', rule '" + std::string(entry.name) + "' gives '" +
                      std::string(to_string(entry.status)) + "'");
    }
    const bool about_category = got.rule == verified_rule::every_category_accounted;
    if (about_category != got.missing_category.has_value()) {
      return mismatch(where + ".category: " +
                      (about_category
                           ? std::string("missing; rule 'every-category-accounted' "
                                         "names the category it is about")
                           : "rule '" + std::string(entry.name) + "' is not about a category"));
    }
    bool found = false;
    bool same_rule = false;
    for (std::size_t j = 0; j < expected.size() && !found; ++j) {
      if (matched[j] || expected[j].rule != got.rule) continue;
      same_rule = true;
      if (expected[j].cat == got.missing_category) found = matched[j] = true;
    }
    if (!found) {
      return mismatch(where + (same_rule ? ".category" : ".rule") + ": the report gives rule " +
                      rule_and_category(got.rule, got.missing_category) +
                      ", the status rules give no such reason" +
                      (same_rule ? std::string() : " (or not that many)"));
    }
  }
  for (std::size_t j = 0; j < expected.size(); ++j) {
    if (matched[j]) continue;
    return mismatch("reasons: the status rules give rule " +
                    rule_and_category(expected[j].rule, expected[j].cat) + " (" + expected[j].why +
                    "), the report does not");
  }
  return {};
}

}  // namespace report::detail

namespace report {

TRNCOST_DECL check_result check(const document& doc) {
  using detail::mismatch;
  using detail::show;
  if (!doc.as_of.ok()) return mismatch("as_of: not a calendar date");
  if (doc.freshness_window_days < 0) return mismatch("freshness_window_days: negative");
  for (std::size_t i = 0; i < doc.inputs.size(); ++i) {
    const auto& in = doc.inputs[i];
    const std::string where = "inputs[" + std::to_string(i) + "] '" + in.name + "'";
    if (std::holds_alternative<derived>(in.origin)) {
      return mismatch(where + ": an input cannot be derived (derivations are listed apart)");
    }
    try {
      validate(in.origin, in.name);
    } catch (const error& e) {
      return mismatch(where + ": provenance: " + trncost::detail::bare_message(e));
    }
    // Before version 6 a measurement always named its run and its method.
    if (const auto* m = std::get_if<measured>(&in.origin);
        m != nullptr && doc.version < roles_schema_version) {
      const std::string at = "inputs[" + std::to_string(i) + "].provenance.";
      if (m->run_id.empty())
        return mismatch(at + "run_id: is empty (a version " + std::to_string(doc.version) +
                        " measurement names its run)");
      if (m->method.empty())
        return mismatch(at + "method: is empty (a version " + std::to_string(doc.version) +
                        " measurement names its method)");
    }
    if (in.known) {
      try {
        (void)decimal::parse(in.value);
      } catch (const error& e) {
        return mismatch(where + " value: " + trncost::detail::bare_message(e));
      }
    } else if (in.value != "unknown" || !std::holds_alternative<assumption>(in.origin)) {
      return mismatch(where +
                      ": an unknown input has the value 'unknown' and an assumption "
                      "giving the reason");
    }
  }
  for (std::size_t i = 0; i < doc.uncertainties.size(); ++i) {
    const auto& u = doc.uncertainties[i];
    if (u.subject.empty() || u.owner.empty() || u.detail.empty()) {
      return mismatch("uncertainties[" + std::to_string(i) + "] '" + u.subject +
                      "': a migration uncertainty names its subject, owner and detail");
    }
  }
  recomputed r;
  try {
    r = recompute(doc);
  } catch (const error& e) {
    return mismatch(trncost::detail::bare_message(e));
  }
  check_result ok;
  ok.inputs = doc.inputs.size();
  for (std::size_t i = 0; i < doc.derivations.size(); ++i) {
    const auto& d = doc.derivations[i];
    const auto& v = r.values.at(d.name);
    std::optional<decimal> claimed;
    if (d.known) {
      try {
        claimed = decimal::parse(d.value);
      } catch (const error& e) {
        return mismatch("derivations[" + std::to_string(i) + "] '" + d.name +
                        "' value: " + trncost::detail::bare_message(e));
      }
    }
    if (v != claimed) {
      return mismatch("derivations[" + std::to_string(i) + "] '" + d.name + "' = " + d.formula +
                      ": the report says " + show(claimed) + ", recomputed " + show(v));
    }
    ++ok.derivations;
  }
  // Each value with every value it is computed from (itself included), operands first.
  std::map<std::string, std::set<std::string>, std::less<>> upstream;
  for (const auto& in : doc.inputs) upstream[in.name] = {in.name};
  for (const auto& d : doc.derivations) {
    std::set<std::string> from{d.name};
    for (const auto& o : d.operands) from.insert(upstream.at(o).begin(), upstream.at(o).end());
    upstream[d.name] = std::move(from);
  }
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    if (l.amount != r.amounts[i]) {
      return mismatch("lines[" + std::to_string(i) + "] '" + l.description + "' amount: the " +
                      "report says " + show(l.amount) + ", recomputed " + l.price + " * " +
                      l.quantity + " * " + std::to_string(l.num) + " / " + std::to_string(l.den) +
                      " = " + show(r.amounts[i]));
    }
    for (const auto& name : l.inputs) {
      if (r.values.count(name) == 0) {
        return mismatch("lines[" + std::to_string(i) + "] '" + l.description + "' input '" + name +
                        "' is not in the report");
      }
      // A line's inputs are what its price or quantity is computed from: listing another value
      // would misstate where the amount comes from.
      if (upstream.at(l.price).count(name) == 0 && upstream.at(l.quantity).count(name) == 0) {
        return mismatch("lines[" + std::to_string(i) + "] '" + l.description + "' input '" + name +
                        "': neither its price '" + l.price + "' nor its quantity '" + l.quantity +
                        "' is computed from it");
      }
    }
    ++ok.lines;
  }
  // Totals.
  totals_entry t;
  std::map<category, decimal> by_cat;
  std::map<trncost::phase, decimal> by_phase;
  for (const auto& c : doc.categories) {
    if (c.cov == coverage::declared_none) by_cat[c.cat] = decimal{};
  }
  for (std::size_t i = 0; i < doc.lines.size(); ++i) {
    const auto& l = doc.lines[i];
    by_cat.try_emplace(l.cat, decimal{});
    if (!r.amounts[i]) continue;
    t.total += *r.amounts[i];
    by_cat[l.cat] += *r.amounts[i];
    if (l.ph) {
      by_phase[*l.ph] += *r.amounts[i];
      (is_overhead(*l.ph) ? t.overhead : t.useful) += *r.amounts[i];
    }
  }
  if (t.total != doc.totals.total) {
    return mismatch("totals.total: the report says " + doc.totals.total.to_string() +
                    ", the lines sum to " + t.total.to_string());
  }
  const auto check_map = [&](const auto& claimed, const auto& computed,
                             std::string_view what) -> std::optional<check_result> {
    using key = typename std::decay_t<decltype(computed)>::key_type;
    std::map<key, decimal> got(claimed.begin(), claimed.end());
    if (got.size() != claimed.size()) {
      return mismatch("totals." + std::string(what) + ": a key appears twice");
    }
    for (const auto& [k, v] : computed) {
      const auto it = got.find(k);
      if (it == got.end()) {
        return mismatch("totals." + std::string(what) + " '" + std::string(to_string(k)) +
                        "': missing (recomputed " + v.to_string() + ")");
      }
      if (it->second != v) {
        return mismatch("totals." + std::string(what) + " '" + std::string(to_string(k)) +
                        "': the report says " + it->second.to_string() + ", recomputed " +
                        v.to_string());
      }
    }
    for (const auto& [k, v] : got) {
      if (computed.count(k) == 0) {
        return mismatch("totals." + std::string(what) + " '" + std::string(to_string(k)) +
                        "': no line or declaration gives it");
      }
    }
    return std::nullopt;
  };
  if (auto m = check_map(doc.totals.by_category, by_cat, "by_category")) return *m;
  if (auto m = check_map(doc.totals.by_phase, by_phase, "by_phase")) return *m;
  if (t.useful != doc.totals.useful) {
    return mismatch("totals.useful: the report says " + doc.totals.useful.to_string() +
                    ", recomputed " + t.useful.to_string());
  }
  if (t.overhead != doc.totals.overhead) {
    return mismatch("totals.overhead: the report says " + doc.totals.overhead.to_string() +
                    ", recomputed " + t.overhead.to_string());
  }
  // Work delivered and cost per unit of work.
  if (doc.work) {
    const auto& w = *doc.work;
    const auto quotes = quotes_of(w.kind);
    if (std::none_of(quotes.begin(), quotes.end(),
                     [&](const work_quote& q) { return w.per == q.per && w.unit == q.unit; })) {
      std::string allowed;
      for (const auto& q : quotes) {
        allowed +=
            (allowed.empty() ? "" : " or ") + std::to_string(q.per) + " in " + std::string(q.unit);
      }
      return mismatch("work: " + std::string(to_string(w.kind)) + " are quoted per " + allowed +
                      ", not per " + std::to_string(w.per) + " in " + w.unit);
    }
    const auto it = r.values.find(w.amount);
    if (it == r.values.end()) {
      return mismatch("work.amount '" + w.amount +
                      "' is neither an input nor a derivation of the report");
    }
    std::optional<decimal> full;
    std::optional<decimal> compute_only;
    const bool any_priced = std::any_of(doc.lines.begin(), doc.lines.end(),
                                        [](const auto& l) { return l.amount.has_value(); });
    if (it->second && decimal{} < *it->second && any_priced) {
      full = trncost::detail::cost_per_unit(t.total, *it->second, w.per);
      if (by_cat.count(category::compute) != 0 &&
          std::any_of(doc.lines.begin(), doc.lines.end(), [&](const auto& l) {
            return l.cat == category::compute && l.amount.has_value();
          })) {
        compute_only =
            trncost::detail::cost_per_unit(by_cat[category::compute], *it->second, w.per);
      }
    }
    if (w.full != full) {
      return mismatch("work.full: the report says " + show(w.full) + ", recomputed total * " +
                      std::to_string(w.per) + " / " + w.amount + " = " + show(full));
    }
    if (w.compute_only != compute_only) {
      return mismatch("work.compute_only: the report says " + show(w.compute_only) +
                      ", recomputed compute * " + std::to_string(w.per) + " / " + w.amount + " = " +
                      show(compute_only));
    }
  }
  // Figures: each names a value of the report (recomputed above), once per workload and name.
  for (std::size_t i = 0; i < doc.figures.size(); ++i) {
    const auto& f = doc.figures[i];
    const std::string where = "figures[" + std::to_string(i) + "]";
    if (f.workload.empty() || f.what.empty()) {
      return mismatch(where + ": a figure names its workload and what it is");
    }
    if (r.values.find(f.value) == r.values.end()) {
      return mismatch(where + ".value '" + f.value +
                      "' is neither an input nor a derivation of the report");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (doc.figures[j].workload == f.workload && doc.figures[j].what == f.what) {
        return mismatch(where + ": workload '" + f.workload + "' states '" + f.what +
                        "' twice (figures[" + std::to_string(j) + "])");
      }
    }
  }
  // Categories: each of the formula once, consistent with the lines.
  if (doc.categories.size() != all_categories.size()) {
    return mismatch("categories: the report lists " + std::to_string(doc.categories.size()) +
                    ", the formula has " + std::to_string(all_categories.size()));
  }
  for (std::size_t i = 0; i < all_categories.size(); ++i) {
    const auto& c = doc.categories[i];
    const std::string where =
        "categories[" + std::to_string(i) + "] '" + std::string(to_string(all_categories[i])) + "'";
    if (c.cat != all_categories[i]) return mismatch(where + ": out of order or repeated");
    const bool has_lines = std::any_of(doc.lines.begin(), doc.lines.end(),
                                       [&](const auto& l) { return l.cat == c.cat; });
    if (has_lines != (c.cov == coverage::lines)) {
      return mismatch(where + ": coverage '" + std::string(to_string(c.cov)) + "' but the report " +
                      (has_lines ? "has" : "has no") + " lines in it");
    }
    if (c.cov == coverage::declared_none && c.justification.empty()) {
      return mismatch(where + ": declared none without a justification");
    }
  }
  // Status.
  const auto expected = expected_reasons(doc, r);
  const estimate_status want =
      expected.empty() ? estimate_status::verified : expected.front().status();
  if (doc.status != want) {
    return mismatch("status: the report says '" + std::string(to_string(doc.status)) +
                    "', the status rules give '" + std::string(to_string(want)) + "'" +
                    (expected.empty() ? std::string() : " (" + expected.front().why + ")"));
  }
  if (doc.version >= reasons_schema_version) {
    if (auto m = detail::check_reason_rules(doc, expected); !m.ok) return m;
  }
  std::map<estimate_status, std::size_t> want_counts;
  std::map<estimate_status, std::size_t> got_counts;
  for (const auto& e : expected) ++want_counts[e.status()];
  for (const auto& e : doc.reasons) ++got_counts[e.status];
  for (const auto st :
       {estimate_status::incomplete, estimate_status::unpriced, estimate_status::stale,
        estimate_status::provisional, estimate_status::verified}) {
    if (want_counts[st] != got_counts[st]) {
      return mismatch("reasons: the report gives " + std::to_string(got_counts[st]) + " '" +
                      std::string(to_string(st)) + "' reason(s), the status rules give " +
                      std::to_string(want_counts[st]));
    }
  }
  if (auto m = check_consistency(doc); !m.ok) return m;  // units, identities, runs, timeline
  if (auto m = detail::check_complete(doc); !m.ok) return m;
  return ok;
}

}  // namespace report

namespace report::detail {

TRNCOST_DECL auto builder::same(const source_record& a, const source_record& b) -> bool {
  if (a.name != b.name || a.value != b.value || a.unit != b.unit || a.known != b.known ||
      a.origin.index() != b.origin.index()) {
    return false;
  }
  if (const auto* da = std::get_if<derived>(&a.origin)) {
    const auto& db = std::get<derived>(b.origin);
    if (da->formula != db.formula || !(da->op == db.op) || da->inputs.size() != db.inputs.size()) {
      return false;
    }
    for (std::size_t i = 0; i < da->inputs.size(); ++i) {
      if (da->inputs[i]->name != db.inputs[i]->name) return false;
    }
    return true;
  }
  return describe(a.origin) == describe(b.origin);
}

TRNCOST_DECL auto builder::visit(const input_ref& r) -> void {
  if (!seen.insert(r.get()).second) return;
  // Operands first: a clash between two inputs is named at the input, not at what uses it.
  const auto* how = std::get_if<derived>(&r->origin);
  if (how != nullptr) {
    for (const auto& in : how->inputs) visit(in);
  }
  const auto [it, fresh] = by_name.emplace(r->name, r.get());
  if (!fresh) {
    if (!same(*it->second, *r)) {
      throw input_error("report: two different inputs are named '" + r->name + "' (" +
                        describe(it->second->origin) + "; and " + describe(r->origin) +
                        "): a report refers to inputs by name, so each needs its own");
    }
    return;  // the same value under the same name, reached twice: written once
  }
  if (how != nullptr) {
    doc.derivations.push_back(derivation_of(*r, *how));
    return;
  }
  doc.inputs.push_back(input_entry{r->name, r->value, r->unit, r->known, r->origin});
}

TRNCOST_DECL std::size_t unpriced_lines(const document& doc) {
  return static_cast<std::size_t>(
      std::count_if(doc.lines.begin(), doc.lines.end(), [](const auto& l) { return !l.amount; }));
}

}  // namespace report::detail

}  // namespace trncost

#endif  // TRNCOST_REPORT_IMPL_REPORT_IPP
