// The definitions of provenance/operation.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PROVENANCE_IMPL_OPERATION_IPP
#define TRNCOST_PROVENANCE_IMPL_OPERATION_IPP

#include <algorithm>

#include "../operation.hpp"

namespace trncost {

TRNCOST_DECL std::string describe(const operation& o) {
  std::string s(to_string(o.kind));
  switch (o.kind) {
    case op_kind::scale:
      return s + " " + std::to_string(o.factor);
    case op_kind::band:
      return s + " [" + o.lower.to_string() + ", " + (o.upper ? o.upper->to_string() : "inf") + ")";
    case op_kind::ceil_to:
      return s + " " + o.step.to_string();
    case op_kind::convert:
    case op_kind::charge:
      return s + " " + std::to_string(o.num) + "/" + std::to_string(o.den);
    default:
      return s;
  }
}

TRNCOST_DECL decimal apply(const operation& o, std::span<const decimal> v, std::string_view what) {
  if (o.kind == op_kind::opaque) {
    throw input_error("'" + std::string(what) +
                      "' is an opaque derivation: only its formula text says how it was computed");
  }
  const std::size_t want = arity(o.kind);
  if (o.kind == op_kind::median ? v.empty() : v.size() != want) {
    throw input_error(
        "derivation '" + std::string(what) + "': " + std::string(to_string(o.kind)) + " takes " +
        (o.kind == op_kind::median ? std::string("at least 1") : std::to_string(want)) +
        " operand(s), not " + std::to_string(v.size()));
  }
  if (o.kind == op_kind::median) {
    std::vector<decimal> sorted(v.begin(), v.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
  return apply(o, v[0], want == 2 ? v[1] : decimal{}, what);
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_IMPL_OPERATION_IPP
