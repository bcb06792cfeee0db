// The definitions of units/amount.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_UNITS_IMPL_AMOUNT_IPP
#define TRNCOST_UNITS_IMPL_AMOUNT_IPP

#include "../amount.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL money round_amount(decimal rate, decimal usage, exact_factor f,
                                std::uint64_t extra_den, rounding mode) {
  decimal out;
  // rate * usage * num / (den * extra_den): the one priced-amount formula (detail::charged).
  if (!charged(rate, usage, f.num, f.den * extra_den, out, mode)) throw_overflow(rate, "x", usage);
  return money::from_value(out);
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_UNITS_IMPL_AMOUNT_IPP
