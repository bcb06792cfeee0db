// Migration uncertainties (custom operators, unsupported operations, porting work): names, the
// predicate the decision reads (an open one blocks "continue"), and the uncertainty a piece of
// compatibility evidence leaves open. They are never costs and never durations.
#ifndef TRNCOST_COMPAT_UNCERTAINTY_HPP
#define TRNCOST_COMPAT_UNCERTAINTY_HPP

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../model/estimate.hpp"
#include "evidence.hpp"

namespace trncost::compat {

using migration_uncertainty = ::trncost::migration_uncertainty;
using uncertainty_kind = migration_uncertainty::kind;
using uncertainty_state = migration_uncertainty::state;

constexpr std::string_view to_string(uncertainty_kind k) noexcept {
  switch (k) {
    case uncertainty_kind::custom_operator: return "custom operator";
    case uncertainty_kind::unsupported_operation: return "unsupported operation";
    case uncertainty_kind::porting_work: return "porting work";
    case uncertainty_kind::other: return "other";
  }
  return "other";
}

constexpr std::string_view to_string(uncertainty_state s) noexcept {
  return s == uncertainty_state::open ? "open" : "resolved";
}

/// "unsupported operation 'aten::x': open, owner ml-platform: <detail>".
[[nodiscard]] inline std::string describe(const migration_uncertainty& u) {
  return std::string(to_string(u.what)) + " '" + u.subject + "': " +
         std::string(to_string(u.status)) + ", owner " + u.owner + ": " + u.detail;
}

/// True when any uncertainty is open: the decision must not be "continue" while one is.
[[nodiscard]] inline bool blocks_continue(const std::vector<migration_uncertainty>& us) noexcept {
  for (const auto& u : us) {
    if (u.status == uncertainty_state::open) return true;
  }
  return false;
}
[[nodiscard]] inline bool blocks_continue(const estimate& est) noexcept {
  return blocks_continue(est.uncertainties);
}

/// The open ones, in the order recorded.
[[nodiscard]] inline std::vector<const migration_uncertainty*> open_uncertainties(
    const estimate& est) {
  std::vector<const migration_uncertainty*> out;
  for (const auto& u : est.uncertainties) {
    if (u.status == uncertainty_state::open) out.push_back(&u);
  }
  return out;
}

/// The uncertainty a lookup leaves open for `owner` to close, or nothing after a same-stack pass.
/// A failure's kind is `other` (the error text is quoted, not interpreted into a cause); another
/// stack's result is porting work (align the stack); no evidence and an exclusion ask for a replay.
[[nodiscard]] inline std::optional<migration_uncertainty> uncertainty_from(const lookup_result& r,
                                                                           std::string owner) {
  const auto at = [&] {
    return r.deciding ? " (line " + std::to_string(r.deciding->row.line) + ")" : std::string();
  };
  const auto diffs = [&] {
    std::string s;
    if (!r.deciding) return s;
    for (const auto& d : r.deciding->differences) s += (s.empty() ? "" : "; ") + describe(d);
    return s;
  };
  migration_uncertainty u{r.model_id, uncertainty_kind::other, uncertainty_state::open,
                          std::move(owner), ""};
  switch (r.outcome) {
    case evidence_outcome::passed_same_stack: return std::nullopt;
    case evidence_outcome::failed_same_stack:
      u.detail = "failed on the target stack" + at() + ": " +
                 (r.deciding->row.error.empty() ? std::string("no error recorded")
                                                 : r.deciding->row.error);
      break;
    case evidence_outcome::passed_other_stack:
    case evidence_outcome::failed_other_stack:
      u.what = uncertainty_kind::porting_work;
      u.detail = std::string(to_string(r.outcome)) + at() + "; align the stack or replay run.py: " +
                 diffs();
      break;
    case evidence_outcome::excluded:
      u.detail = "excluded from the test campaign" + at() + ": " + r.deciding->row.exclusion +
                 "; replay on the target stack";
      break;
    case evidence_outcome::no_evidence:
      u.detail = "no evidence in the dataset (absent is not incompatible); replay on the target "
                 "stack";
      break;
  }
  return u;
}

}  // namespace trncost::compat

#endif  // TRNCOST_COMPAT_UNCERTAINTY_HPP
