// The definitions of model/aws_service.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP
#define TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP

#include "../aws_service.hpp"

namespace trncost {

TRNCOST_DECL std::string offer_code_of(const quoted& q) {
  if (!q.offer_code.empty()) return q.offer_code;
  const std::string first = q.source.substr(0, q.source.find(' '));
  for (const auto& s : known_aws_services) {
    if (first == s.code) return first;
  }
  return {};
}

namespace detail {

TRNCOST_DECL void quoted_offer_codes(const input_ref& r, std::set<std::string>& codes,
                                     bool& unnamed) {
  if (r == nullptr) return;
  if (const auto* q = std::get_if<quoted>(&r->origin)) {
    const std::string code = offer_code_of(*q);
    if (code.empty()) {
      unnamed = true;
    } else {
      codes.insert(code);
    }
  } else if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) quoted_offer_codes(in, codes, unnamed);
  }
}

}  // namespace detail

[[nodiscard]] TRNCOST_DECL std::optional<std::string> service_of(const line_item& l) {
  std::set<std::string> codes;
  bool unnamed = false;
  detail::quoted_offer_codes(l.price, codes, unnamed);
  if (unnamed || codes.size() != 1) return std::nullopt;
  return *codes.begin();
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_AWS_SERVICE_IPP
