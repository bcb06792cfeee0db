// The definitions of model/components/failures.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_FAILURES_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_FAILURES_IPP

#include "../failures.hpp"

namespace trncost {

TRNCOST_DECL auto failures::check() const -> void {
  if (name_.empty()) throw input_error("a failures component needs a name");
  if (instance_type_.empty()) {
    throw input_error("component '" + name_ + "': the instance type is empty");
  }
  detail::require_positive(count_, name_);
  detail::require_non_negative(price_, name_);
  detail::require_non_negative(rate_, name_);
  std::visit([&](const auto& e) { detail::require_non_negative(e, name_); }, exposure_);
  detail::require_non_negative(restart_time_, name_);
  detail::require_non_negative(work_lost_, name_);
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_FAILURES_IPP
