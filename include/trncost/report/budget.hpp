// A budget gate: an estimate's report held against limits a team sets (a total not to pass, an
// increase over a previous report not to pass, a status it must have at least), with every check's
// sentence whether it passed or not. `trncost check` exits 7 when one fails, so a pull request that
// raises a budget past its limit fails CI (docs/cli.md#check).
#ifndef TRNCOST_REPORT_BUDGET_HPP
#define TRNCOST_REPORT_BUDGET_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "report.hpp"

namespace trncost::report {

/// The limits of a budget; an absent limit is not checked.
struct budget_limits {
  /// The largest total accepted, in USD. An estimate with an unpriced line fails it: its total
  /// leaves that line out, so it cannot show the limit holds.
  std::optional<decimal> max_total{};
  /// The largest increase of the total over the baseline report accepted, in percent of the
  /// baseline's total (10 for 10 %); needs a baseline.
  std::optional<decimal> max_increase_percent{};
  /// The worst status accepted (verified is the best; estimate_status is ordered best to worst).
  std::optional<estimate_status> min_status{};
};

/// One limit held against the report.
struct budget_check {
  std::string limit;  ///< "max-total", "max-increase" or "min-status"
  bool passed = false;
  std::string sentence;  ///< what was compared, with the numbers, passed or not
};

/// Every limit given, in the order max-total, max-increase, min-status; `passed` when all pass.
struct budget_verdict {
  bool passed = true;
  std::vector<budget_check> checks;
};

/// Holds `doc` against `limits`. `baseline` (named `baseline_name` in the sentences) is the report
/// an increase is measured from; input_error when max_increase_percent is given without one, or a
/// limit is negative, or the two reports are in different currencies.
TRNCOST_DECL budget_verdict check_budget(const document& doc, const budget_limits& limits,
                                         const document* baseline = nullptr,
                                         std::string_view baseline_name = "the baseline");

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/budget.ipp"
#endif

#endif  // TRNCOST_REPORT_BUDGET_HPP
