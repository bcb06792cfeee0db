// The definitions of model/aws_service.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP
#define TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP

#include "../aws_service.hpp"

namespace trncost {

TRNCOST_DECL std::string offer_code_of(const quoted& q) { return q.offer_code; }

[[nodiscard]] TRNCOST_DECL std::optional<std::string> service_of(const line_item& l) {
  if (l.identity.service.empty()) return std::nullopt;
  return l.identity.service;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP
