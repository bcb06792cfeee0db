// The definitions of units/symbol.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_UNITS_IMPL_SYMBOL_IPP
#define TRNCOST_UNITS_IMPL_SYMBOL_IPP

#include "../symbol.hpp"

namespace trncost {
namespace units::detail {

TRNCOST_DECL std::uint64_t exact_power(long base, long exponent) {
  std::uint64_t v = 1;
  for (long i = 0; i < exponent; ++i) {
    const auto b = static_cast<std::uint64_t>(base);
    if (v > (std::uint64_t{1} << 62) / b) return 0;
    v *= b;
  }
  return v;
}

TRNCOST_DECL std::string scaled_symbol(const std::string& text,
                                       const std::vector<scale_power>& scales) {
  std::uint64_t num = 1;
  std::uint64_t den = 1;
  bool exact = true;
  bool only_time = true;
  long minutes = 0;  // exponent of 60
  long days = 0;     // exponent of 86400
  for (const auto& p : scales) {
    if (p.num == 0) continue;
    if (p.den != 1) {
      exact = false;
      break;
    }
    if (p.base == 60) {
      minutes += p.num;
    } else if (p.base == 86400) {
      days += p.num;
    } else {
      only_time = false;
    }
    const std::uint64_t f = exact_power(p.base, p.num < 0 ? -p.num : p.num);
    std::uint64_t& side = p.num < 0 ? den : num;
    if (f == 0 || (side != 0 && side > (std::uint64_t{1} << 62) / f)) {
      exact = false;
      break;
    }
    side *= f;
  }
  if (exact && num == 1 && den == 1) return text;
  // Built by appending: g++ 12 at -O3 reports a false -Wrestrict for "(" + std::string&&.
  std::string out = "(";
  if (exact && den == 1)
    return out.append(std::to_string(num)).append(" ").append(text).append(")");
  if (exact && only_time && num == 1 && days == 0 && (minutes == -1 || minutes == -2)) {
    return text + (text.empty() ? "" : " ") + (minutes == -2 ? "s/h" : "s/min");
  }
  if (exact && only_time && num == 1 && minutes == 0 && days == -1) {
    return text + (text.empty() ? "" : " ") + "s/d";
  }
  if (exact && num == 1) return "(" + text + "/" + std::to_string(den) + ")";
  if (exact) {
    return out.append(std::to_string(num))
        .append("/")
        .append(std::to_string(den))
        .append(" ")
        .append(text)
        .append(")");
  }
  return "(scaled " + text + ")";
}

}  // namespace units::detail

}  // namespace trncost

#endif  // TRNCOST_UNITS_IMPL_SYMBOL_IPP
