// Scenarios: the measured scenario and named conservative ones (overrides, each an assumption with
// its rationale), evaluated side by side and never blended. Each scenario's gap to the measured one
// is traced to its overrides (each alone, and what they add together), and line by line.
#ifndef TRNCOST_ANALYSIS_SCENARIOS_HPP
#define TRNCOST_ANALYSIS_SCENARIOS_HPP

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "inputs.hpp"

namespace trncost::analysis {

/// One input set to another value in a scenario: an assumption, so it needs its rationale.
struct override_value {
  std::string input;
  decimal value{};
  std::string rationale;
};

struct scenario {
  std::string name;
  std::vector<override_value> overrides;
};

/// The part of a scenario's gap that one override explains alone.
struct gap_part {
  std::string input;
  decimal from{};
  decimal to{};
  decimal effect{};  ///< the total with only this override, minus the measured total
};

struct scenario_result {
  std::string name;
  std::vector<override_value> overrides;  ///< empty for the measured scenario
  decimal total{};                        ///< priced lines
  decimal gap{};                          ///< total - measured total
  std::map<category, decimal> by_category;
  std::vector<std::optional<decimal>> lines;  ///< per model line; empty when unpriced
  std::vector<gap_part> parts;                ///< each override alone
  decimal interaction{};  ///< gap - sum of the parts (overrides acting together)
};

struct scenario_table {
  std::vector<std::string> line_names;  ///< "component: description", per model line
  std::vector<category> line_categories;
  std::vector<scenario_result> scenarios;  ///< the measured scenario first
};

namespace detail {

TRNCOST_DECL scenario_result evaluate_scenario(const model_inputs& in, leaf_evaluator& e,
                                               const std::string& name,
                                               const std::vector<override_value>& overrides);

}  // namespace detail

/// The measured scenario (every input as sourced) and each named scenario.
TRNCOST_DECL scenario_table compare_scenarios(const model_inputs& in,
                                              const std::vector<scenario>& scenarios);

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/scenarios.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_SCENARIOS_HPP
