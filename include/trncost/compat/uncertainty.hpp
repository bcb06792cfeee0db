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

#include "../config.hpp"
#include "../model/estimate.hpp"
#include "evidence.hpp"

namespace trncost::compat {

using migration_uncertainty = ::trncost::migration_uncertainty;
using uncertainty_kind = migration_uncertainty::kind;
using uncertainty_state = migration_uncertainty::state;

constexpr std::string_view to_string(uncertainty_kind k) noexcept {
  switch (k) {
    case uncertainty_kind::custom_operator:
      return "custom operator";
    case uncertainty_kind::unsupported_operation:
      return "unsupported operation";
    case uncertainty_kind::porting_work:
      return "porting work";
    case uncertainty_kind::other:
      return "other";
  }
  return "other";
}

constexpr std::string_view to_string(uncertainty_state s) noexcept {
  return s == uncertainty_state::open ? "open" : "resolved";
}

/// "unsupported operation 'aten::x': open, owner ml-platform: <detail>".
[[nodiscard]] TRNCOST_DECL std::string describe(const migration_uncertainty& u);

/// True when any uncertainty is open: the decision must not be "continue" while one is.
[[nodiscard]] TRNCOST_DECL bool blocks_continue(
    const std::vector<migration_uncertainty>& us) noexcept;
[[nodiscard]] TRNCOST_DECL bool blocks_continue(const estimate& est) noexcept;

/// The open ones, in the order recorded.
[[nodiscard]] TRNCOST_DECL std::vector<const migration_uncertainty*> open_uncertainties(
    const estimate& est);

/// The uncertainty a lookup leaves open for `owner` to close, or nothing after a same-stack pass.
/// A failure's kind is `other` (the error text is quoted, not interpreted into a cause); another
/// stack's result is porting work (align the stack); no evidence and an exclusion ask for a replay.
[[nodiscard]] TRNCOST_DECL std::optional<migration_uncertainty> uncertainty_from(
    const lookup_result& r, std::string owner);

}  // namespace trncost::compat

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/uncertainty.ipp"
#endif

#endif  // TRNCOST_COMPAT_UNCERTAINTY_HPP
