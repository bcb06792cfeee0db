// The definitions of compat/uncertainty.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_UNCERTAINTY_IPP
#define TRNCOST_COMPAT_IMPL_UNCERTAINTY_IPP

#include "../uncertainty.hpp"

namespace trncost {

namespace compat {

[[nodiscard]] TRNCOST_DECL std::string describe(const migration_uncertainty& u) {
  return std::string(to_string(u.what)) + " '" + u.subject +
         "': " + std::string(to_string(u.status)) + ", owner " + u.owner + ": " + u.detail;
}

[[nodiscard]] TRNCOST_DECL bool blocks_continue(
    const std::vector<migration_uncertainty>& us) noexcept {
  for (const auto& u : us) {
    if (u.status == uncertainty_state::open) return true;
  }
  return false;
}

[[nodiscard]] TRNCOST_DECL bool blocks_continue(const estimate& est) noexcept {
  return blocks_continue(est.uncertainties);
}

[[nodiscard]] TRNCOST_DECL std::vector<const migration_uncertainty*> open_uncertainties(
    const estimate& est) {
  std::vector<const migration_uncertainty*> out;
  for (const auto& u : est.uncertainties) {
    if (u.status == uncertainty_state::open) out.push_back(&u);
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL std::optional<migration_uncertainty> uncertainty_from(
    const lookup_result& r, std::string owner) {
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
    case evidence_outcome::passed_same_stack:
      return std::nullopt;
    case evidence_outcome::failed_same_stack:
      u.detail = "failed on the target stack" + at() + ": " +
                 (r.deciding->row.error.empty() ? std::string("no error recorded")
                                                : r.deciding->row.error);
      break;
    case evidence_outcome::passed_other_stack:
    case evidence_outcome::failed_other_stack:
      u.what = uncertainty_kind::porting_work;
      u.detail = std::string(to_string(r.outcome)) + at() +
                 "; align the stack or replay run.py: " + diffs();
      break;
    case evidence_outcome::excluded:
      u.detail = "excluded from the test campaign" + at() + ": " + r.deciding->row.exclusion +
                 "; replay on the target stack";
      break;
    case evidence_outcome::no_evidence:
      u.detail =
          "no evidence in the dataset (absent is not incompatible); replay on the target "
          "stack";
      break;
  }
  return u;
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_UNCERTAINTY_IPP
