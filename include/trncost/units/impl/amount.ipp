// The definitions of units/amount.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_UNITS_IMPL_AMOUNT_IPP
#define TRNCOST_UNITS_IMPL_AMOUNT_IPP

#include "../amount.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL money round_amount(decimal rate, decimal usage, exact_factor f,
                                std::uint64_t extra_den, rounding mode) {
  decimal::rep out = 0;
  // rate * usage * num / (10^18 * den * extra_den): one multiplication, one division, one rounding.
  if (!mul_div(rate.raw(), usage.raw(), f.num, decimal::scale, f.den * extra_den, mode, out)) {
    throw_overflow(rate, "x", usage);
  }
  return money::from_value(decimal::from_raw(out));
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_UNITS_IMPL_AMOUNT_IPP
