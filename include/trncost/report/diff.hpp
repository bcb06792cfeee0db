// Why the budget moved: two estimates (or two reports) give the change per line and an attribution
// of the change of the total to the inputs that changed, computed by recomputing the first report
// with the second one's input values substituted one at a time. The steps add up to the change
// exactly.
#ifndef TRNCOST_REPORT_DIFF_HPP
#define TRNCOST_REPORT_DIFF_HPP

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "report.hpp"

namespace trncost::report {

/// One line of either side, matched by category, component, phase and description.
struct line_change {
  category cat = category::compute;
  std::string component;
  std::optional<trncost::phase> ph;
  std::string description;
  bool in_before = false;
  bool in_after = false;
  std::optional<decimal> before;  ///< empty: absent or unpriced
  std::optional<decimal> after;
  /// after - before, counting an absent or unpriced side as contributing nothing to its total.
  decimal change{};
  /// The after side's description when the line was matched by its role (category, component and
  /// phase) rather than word for word: another instance type or count reads as this line changed,
  /// not as one line removed and another added. Empty otherwise.
  std::string description_after;
};

/// An input whose value, unit or provenance differs, or that only one side has.
struct input_change {
  std::string name;
  std::optional<std::string> before;  ///< "21.5 USD/instance-h", "unknown"; empty: absent
  std::optional<std::string> after;
  std::string before_source;  ///< kind and where from ("quoted: ..."), empty when absent
  std::string after_source;
};

/// One step of the attribution: the change of the total when `input` takes its new value (after
/// the inputs of the earlier steps took theirs). `input` is empty for the structural step.
struct attribution_step {
  std::string input;
  std::string from;  ///< the old value ("unknown" when nobody knew it)
  std::string to;
  decimal effect{};
};

struct estimate_diff {
  decimal total_before{};
  decimal total_after{};
  decimal total_change{};
  estimate_status status_before = estimate_status::verified;
  estimate_status status_after = estimate_status::verified;
  std::vector<line_change>
      lines;  ///< every line of both sides: before's order, then after's new ones
  std::vector<input_change> inputs;  ///< inputs that changed, before's order, then after's new ones
  /// Sums exactly to total_change: one step per input whose value changed (in the before report's
  /// order), then one structural step (lines, formulas or inputs added or removed) when not zero.
  std::vector<attribution_step> attribution;
};

namespace detail {

TRNCOST_DECL std::string line_key(category c, const std::string& component,
                                  const std::optional<trncost::phase>& ph,
                                  const std::string& description);

template <class Entry>
std::string shown(const Entry& in) {
  return in.known ? in.value + (in.unit.empty() ? "" : " " + in.unit) : std::string("unknown");
}

template <class Entry>
std::optional<decimal> value_of(const Entry& in) {
  if (!in.known) return std::nullopt;
  return decimal::parse(in.value);
}

}  // namespace detail

/// The difference between two reports: lines, inputs and the attribution of the total's change.
TRNCOST_DECL estimate_diff diff(const report::document& a, const report::document& b);

/// The difference between two estimates (see diff of reports). Throws input_error as
/// report::from_estimate does.
TRNCOST_DECL estimate_diff diff(const estimate& before, const estimate& after);

/// A plain-text explanation: the total's change, then each step of the attribution, largest first
/// in size, to the cent (exact values in the diff itself).
TRNCOST_DECL std::string explain(const estimate_diff& d);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/diff.ipp"
#endif

#endif  // TRNCOST_REPORT_DIFF_HPP
