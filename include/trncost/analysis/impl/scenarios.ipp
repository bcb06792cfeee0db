// The definitions of analysis/scenarios.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_SCENARIOS_IPP
#define TRNCOST_ANALYSIS_IMPL_SCENARIOS_IPP

#include "../scenarios.hpp"

namespace trncost {

namespace analysis::detail {

TRNCOST_DECL scenario_result evaluate_scenario(const model_inputs& in, leaf_evaluator& e,
                                               const std::string& name,
                                               const std::vector<override_value>& overrides) {
  e.reset();
  for (const auto& o : overrides) e.set(in.find(o.input), o.value);
  scenario_result r;
  r.name = name;
  r.overrides = overrides;
  r.total = e.total();
  const auto& lines = in.source().data().lines;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (e.state().priced(i)) {
      const decimal a = e.state().amount(i);
      r.lines.emplace_back(a);
      r.by_category[lines[i].cat] = r.by_category[lines[i].cat] + a;
    } else {
      r.lines.emplace_back(std::nullopt);
    }
  }
  return r;
}

}  // namespace analysis::detail

namespace analysis {

TRNCOST_DECL scenario_table compare_scenarios(const model_inputs& in,
                                              const std::vector<scenario>& scenarios) {
  std::set<std::string> names{"measured"};
  for (const auto& s : scenarios) {
    if (s.name.empty()) throw input_error("scenario: a scenario needs a name");
    if (!names.insert(s.name).second) {
      throw input_error("scenario '" + s.name +
                        "': the name is used twice (\"measured\" is the "
                        "scenario of the sourced inputs)");
    }
    if (s.overrides.empty()) {
      throw input_error("scenario '" + s.name +
                        "': overrides nothing, so it is the measured "
                        "scenario");
    }
    std::set<std::string> seen;
    for (const auto& o : s.overrides) {
      (void)in.find(o.input);
      if (o.rationale.empty()) {
        throw input_error("scenario '" + s.name + "': the override of '" + o.input +
                          "' is an assumption and needs its rationale");
      }
      if (!seen.insert(o.input).second) {
        throw input_error("scenario '" + s.name + "': overrides '" + o.input + "' twice");
      }
    }
  }
  scenario_table t;
  const auto& lines = in.source().data().lines;
  for (const auto& l : lines) {
    t.line_names.push_back(l.component + ": " + l.description);
    t.line_categories.push_back(l.cat);
  }
  leaf_evaluator e(in);
  t.scenarios.push_back(detail::evaluate_scenario(in, e, "measured", {}));
  const decimal base = t.scenarios.front().total;
  for (const auto& s : scenarios) {
    auto r = detail::evaluate_scenario(in, e, s.name, s.overrides);
    r.gap = r.total - base;
    decimal explained{};
    for (const auto& o : s.overrides) {
      e.reset();
      const std::size_t i = in.find(o.input);
      e.set(i, o.value);
      const decimal effect = e.total() - base;
      r.parts.push_back({o.input, in.leaves()[i].baseline, o.value, effect});
      explained = explained + effect;
    }
    r.interaction = r.gap - explained;
    t.scenarios.push_back(std::move(r));
  }
  return t;
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_SCENARIOS_IPP
