// The definitions of credits/grant.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CREDITS_IMPL_GRANT_IPP
#define TRNCOST_CREDITS_IMPL_GRANT_IPP

#include "../grant.hpp"

namespace trncost {

namespace credits {

TRNCOST_DECL const std::set<charge_kind>& default_exclusions() {
  static const std::set<charge_kind> kinds{charge_kind::upfront_fee, charge_kind::marketplace,
                                           charge_kind::support};
  return kinds;
}

TRNCOST_DECL std::set<std::string> all_known_services() {
  std::set<std::string> out;
  for (const auto& s : known_aws_services) out.insert(std::string(s.code));
  return out;
}

}  // namespace credits

}  // namespace trncost

#endif  // TRNCOST_CREDITS_IMPL_GRANT_IPP
