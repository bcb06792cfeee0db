// The definitions of report/diff.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_REPORT_IMPL_DIFF_IPP
#define TRNCOST_REPORT_IMPL_DIFF_IPP

#include "../diff.hpp"

namespace trncost::report {

namespace detail {

TRNCOST_DECL std::string line_key(category c, const std::string& component,
                                  const std::optional<trncost::phase>& ph,
                                  const std::string& description) {
  return std::string(to_string(c)) + "\n" + component + "\n" +
         (ph ? std::string(to_string(*ph)) : std::string("-")) + "\n" + description;
}

}  // namespace detail

TRNCOST_DECL estimate_diff diff(const report::document& a, const report::document& b) {
  estimate_diff d;
  d.total_before = a.totals.total;
  d.total_after = b.totals.total;
  d.total_change = b.totals.total - a.totals.total;
  d.status_before = a.status;
  d.status_after = b.status;

  // Lines, matched by key (the n-th occurrence of a key with the n-th).
  std::map<std::string, std::vector<std::size_t>> after_lines;
  for (std::size_t i = 0; i < b.lines.size(); ++i) {
    const auto& l = b.lines[i];
    after_lines[detail::line_key(l.cat, l.component, l.ph, l.description)].push_back(i);
  }
  std::vector<bool> matched(b.lines.size(), false);
  std::map<std::string, std::size_t> seen;
  for (const auto& l : a.lines) {
    const auto key = detail::line_key(l.cat, l.component, l.ph, l.description);
    line_change c{l.cat,        l.component, l.ph, l.description, true, false, l.amount,
                  std::nullopt, {},          {}};
    const auto nth = seen[key]++;
    if (const auto it = after_lines.find(key); it != after_lines.end() && nth < it->second.size()) {
      const auto j = it->second[nth];
      matched[j] = true;
      c.in_after = true;
      c.after = b.lines[j].amount;
    }
    c.change = c.after.value_or(decimal{}) - c.before.value_or(decimal{});
    d.lines.push_back(std::move(c));
  }
  // Then the lines left on both sides by their role: the n-th unmatched line of a category,
  // component and phase before with the n-th after (trn1's training with trn2's).
  {
    const auto role = [](const report::line_entry& l) {
      return detail::line_key(l.cat, l.component, l.ph, "");
    };
    std::map<std::string, std::vector<std::size_t>> left_after;
    for (std::size_t j = 0; j < b.lines.size(); ++j) {
      if (!matched[j]) left_after[role(b.lines[j])].push_back(j);
    }
    std::map<std::string, std::size_t> taken;
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
      line_change& c = d.lines[i];
      if (c.in_after) continue;
      const auto key = role(a.lines[i]);
      const auto it = left_after.find(key);
      if (it == left_after.end() || taken[key] >= it->second.size()) continue;
      const auto j = it->second[taken[key]++];
      matched[j] = true;
      c.in_after = true;
      c.after = b.lines[j].amount;
      c.description_after = b.lines[j].description;
      c.change = c.after.value_or(decimal{}) - c.before.value_or(decimal{});
    }
  }
  for (std::size_t j = 0; j < b.lines.size(); ++j) {
    if (matched[j]) continue;
    const auto& l = b.lines[j];
    line_change c{l.cat,    l.component, l.ph, l.description, false, true, std::nullopt,
                  l.amount, {},          {}};
    c.change = c.after.value_or(decimal{});
    d.lines.push_back(std::move(c));
  }

  // Inputs.
  std::map<std::string, const report::input_entry*, std::less<>> after_inputs;
  for (const auto& in : b.inputs) after_inputs.emplace(in.name, &in);
  std::map<std::string, const report::input_entry*, std::less<>> before_inputs;
  for (const auto& in : a.inputs) before_inputs.emplace(in.name, &in);
  std::map<std::string, std::optional<decimal>, std::less<>> overrides;
  decimal running = report::recompute(a).total;
  const decimal start = running;
  for (const auto& in : a.inputs) {
    const auto it = after_inputs.find(in.name);
    const std::string src = describe(in.origin);
    if (it == after_inputs.end()) {
      d.inputs.push_back({in.name, detail::shown(in), std::nullopt, src, ""});
      continue;
    }
    const auto& nb = *it->second;
    const std::string nsrc = describe(nb.origin);
    const bool value_changed =
        in.known != nb.known || (in.known && detail::value_of(in) != detail::value_of(nb));
    if (value_changed || in.unit != nb.unit || src != nsrc) {
      d.inputs.push_back({in.name, detail::shown(in), detail::shown(nb), src, nsrc});
    }
    if (!value_changed) continue;
    overrides[in.name] = detail::value_of(nb);
    const decimal now = report::recompute(a, overrides).total;
    d.attribution.push_back({in.name, detail::shown(in), detail::shown(nb), now - running});
    running = now;
  }
  for (const auto& in : b.inputs) {
    if (before_inputs.count(in.name) == 0) {
      d.inputs.push_back({in.name, std::nullopt, detail::shown(in), "", describe(in.origin)});
    }
  }
  // A value both sides derive under one name from different operands is an input of the model by
  // another route: the run-fed `useful_throughput`, `setup_s`... (medians over each side's own
  // runs, whose per-run values carry the run ids). Its change is attributed under its plain name.
  std::map<std::string, const report::derivation_entry*, std::less<>> after_derived;
  for (const auto& x : b.derivations) after_derived.emplace(x.name, &x);
  for (const auto& x : a.derivations) {
    const auto it = after_derived.find(x.name);
    if (it == after_derived.end() || it->second->operands == x.operands) continue;
    const auto& nb = *it->second;
    const bool value_changed =
        x.known != nb.known || (x.known && detail::value_of(x) != detail::value_of(nb));
    if (!value_changed) continue;
    d.inputs.push_back({x.name, detail::shown(x), detail::shown(nb), "derived: " + x.formula,
                        "derived: " + nb.formula});
    overrides[x.name] = detail::value_of(nb);
    const decimal now = report::recompute(a, overrides).total;
    d.attribution.push_back({x.name, detail::shown(x), detail::shown(nb), now - running});
    running = now;
  }
  // Whatever the substitutions do not explain: lines, formulas or inputs added or removed (and any
  // difference between a report's stated and recomputed total, should a report not audit).
  const decimal structural = d.total_change - (running - start);
  if (!structural.is_zero()) d.attribution.push_back({"", "", "", structural});
  return d;
}

TRNCOST_DECL estimate_diff diff(const estimate& before, const estimate& after) {
  return diff(report::from_estimate(before), report::from_estimate(after));
}

TRNCOST_DECL std::string explain(const estimate_diff& d) {
  const auto signed_cents = [](decimal v) {
    return (v.is_negative() ? "" : "+") + v.to_fixed(cents);
  };
  std::string s = "total " + d.total_before.to_fixed(cents) + " -> " +
                  d.total_after.to_fixed(cents) + " USD (" + signed_cents(d.total_change) + ")";
  if (d.status_before != d.status_after) {
    s += "; status " + std::string(to_string(d.status_before)) + " -> " +
         std::string(to_string(d.status_after));
  }
  s += "\n";
  auto steps = d.attribution;
  std::stable_sort(steps.begin(), steps.end(), [](const auto& x, const auto& y) {
    const decimal ax = x.effect.is_negative() ? -x.effect : x.effect;
    const decimal ay = y.effect.is_negative() ? -y.effect : y.effect;
    return ay < ax;
  });
  for (const auto& st : steps) {
    if (st.input.empty()) {
      s += "  " + signed_cents(st.effect) + "  lines, formulas or inputs added or removed\n";
    } else {
      s +=
          "  " + signed_cents(st.effect) + "  " + st.input + ": " + st.from + " -> " + st.to + "\n";
    }
  }
  return s;
}

}  // namespace trncost::report

#endif  // TRNCOST_REPORT_IMPL_DIFF_IPP
