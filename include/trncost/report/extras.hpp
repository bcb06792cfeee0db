// The optional analysis and credits parts of a report: whichever of the tornado, the scenario
// table, the Monte Carlo band, the option comparison, the decision and the credit burn-down the
// caller computed. The JSON writer adds them as the "analysis" and "credits" sections (schema
// version 2, docs/reports.md); check() re-checks what the report alone lets one recompute. No
// parsing or formatting library.
#ifndef TRNCOST_REPORT_EXTRAS_HPP
#define TRNCOST_REPORT_EXTRAS_HPP

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "../analysis/comparison.hpp"
#include "../analysis/decision.hpp"
#include "../analysis/monte_carlo.hpp"
#include "../analysis/scenarios.hpp"
#include "../analysis/sensitivity.hpp"
#include "../config.hpp"
#include "../credits/burn_down.hpp"
#include "report.hpp"

namespace trncost::report {

/// The schema version of a report that carries an "analysis" or a "credits" section. A report
/// without them is still written as version 1, byte for byte as before.
inline constexpr int extras_schema_version = 2;
/// The newest schema version this trncost reads: 7, a report that states its workloads' figures
/// (report.hpp).
inline constexpr int newest_schema_version =
    std::max({extras_schema_version, work_schema_version, reasons_schema_version,
              identity_schema_version, roles_schema_version, figures_schema_version});

/// The analysis results and the credit burn-down a report may carry; each is optional.
struct extras {
  std::optional<analysis::tornado> tornado{};
  std::optional<analysis::scenario_table> scenarios{};
  std::optional<analysis::monte_carlo_result> monte_carlo{};
  std::optional<analysis::comparison> comparison{};
  std::optional<analysis::decision> decision{};
  std::optional<credits::burn_down_result> burn_down{};

  [[nodiscard]] bool has_analysis() const noexcept {
    return tornado || scenarios || monte_carlo || comparison || decision;
  }
  [[nodiscard]] bool empty() const noexcept { return !has_analysis() && !burn_down; }
};

namespace detail {

TRNCOST_DECL std::string at(std::string_view array, std::size_t i);

TRNCOST_DECL std::optional<check_result> check_tornado(const analysis::tornado& t);

TRNCOST_DECL std::optional<check_result> check_scenarios(const analysis::scenario_table& t);

TRNCOST_DECL std::optional<check_result> check_monte_carlo(const analysis::monte_carlo_result& m);

TRNCOST_DECL std::optional<check_result> check_comparison(const analysis::comparison& c);

TRNCOST_DECL std::optional<check_result> check_decision(const analysis::decision& d);

TRNCOST_DECL std::optional<check_result> check_burn_down(const credits::burn_down_result& b);

}  // namespace detail

/// Re-checks what a report's analysis and credits parts let one recompute from them alone: tornado
/// swings and order, scenario gaps and their parts, the Monte Carlo percentiles' order, comparison
/// ranks and ratios, the decision's outcome from its reasons, and the burn-down's periods,
/// balances, credit lines and totals. Stops at the first mismatch and names it.
TRNCOST_DECL check_result check(const extras& x);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/extras.ipp"
#endif

#endif  // TRNCOST_REPORT_EXTRAS_HPP
