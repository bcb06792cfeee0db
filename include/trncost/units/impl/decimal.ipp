// The definitions of units/decimal.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_UNITS_IMPL_DECIMAL_IPP
#define TRNCOST_UNITS_IMPL_DECIMAL_IPP

#include "../decimal.hpp"

namespace trncost {

[[noreturn]] TRNCOST_DECL void detail::throw_decimal_overflow(decimal a, const char* op,
                                                              decimal b) {
  throw overflow_error(a.to_string() + " " + op + " " + b.to_string() +
                       " overflows the decimal range");
}
namespace detail {

TRNCOST_DECL std::string quoted_for_message(std::string_view text) {
  constexpr std::size_t shown = 40;
  std::string out = "\"";
  for (std::size_t k = 0; k < text.size() && k < shown; ++k) {
    const auto c = static_cast<unsigned char>(text[k]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      constexpr char hex[] = "0123456789ABCDEF";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xF];
    }
  }
  out += '"';
  if (text.size() > shown) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace detail

TRNCOST_DECL decimal decimal::parse(std::string_view text) {
  std::size_t i = 0;
  bool negative = false;
  const auto fail = [&](std::size_t at, const std::string& rule) -> parse_error {
    return parse_error(detail::quoted_for_message(text) + " is not a decimal number: " + rule +
                       " at offset " + std::to_string(at));
  };
  if (text.empty()) throw parse_error("an empty string is not a decimal number");
  if (text[0] == '+' || text[0] == '-') {
    negative = text[0] == '-';
    ++i;
  }
  detail::uint128 mag = 0;
  const auto limit = static_cast<detail::uint128>(detail::int128_max);
  std::size_t int_digits = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++int_digits) {
    mag = mag * 10 + static_cast<unsigned>(text[i] - '0');
    if (mag > limit / scale) {
      throw overflow_error(detail::quoted_for_message(text) +
                           " is out of the decimal range (about +/-1.7e20)");
    }
  }
  if (int_digits == 0) throw fail(i, "expected a digit");
  mag *= scale;
  if (i < text.size() && text[i] == '.') {
    ++i;
    std::size_t frac_digits = 0;
    detail::uint128 place = scale / 10;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++frac_digits) {
      const auto digit = static_cast<unsigned>(text[i] - '0');
      if (frac_digits < static_cast<std::size_t>(fractional_digits)) {
        mag += digit * place;
        place /= 10;
      } else if (digit != 0) {
        throw fail(i, "more than 18 fractional digits (trncost would have to round)");
      }
    }
    if (frac_digits == 0) throw fail(i, "expected a digit after '.'");
  }
  if (i != text.size()) {
    const std::string c = detail::quoted_for_message(text.substr(i, 1));
    throw fail(i, "unexpected character '" + c.substr(1, c.size() - 2) + "'");
  }
  if (mag > limit) {
    throw overflow_error(detail::quoted_for_message(text) + " is out of the decimal range");
  }
  return from_raw(negative ? -static_cast<rep>(mag) : static_cast<rep>(mag));
}

TRNCOST_DECL std::string decimal::to_string() const {
  std::string s = to_fixed_unchecked(fractional_digits);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

TRNCOST_DECL std::string decimal::to_fixed_unchecked(int places) const {
  const auto mag = detail::magnitude(raw_);
  auto int_part = mag / scale;
  auto frac = static_cast<std::uint64_t>(mag % scale);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(int_part % 10)));
    int_part /= 10;
  } while (int_part != 0);
  std::string s = raw_ < 0 ? "-" + digits : digits;
  if (places > 0) {
    std::string f(static_cast<std::size_t>(fractional_digits), '0');
    for (auto k = f.size(); k-- > 0;) {
      f[k] = static_cast<char>('0' + frac % 10);
      frac /= 10;
    }
    s += '.';
    s += f.substr(0, static_cast<std::size_t>(places));
  }
  return s;
}

namespace detail {

TRNCOST_DECL decimal apply_exact(decimal v, exact_factor f, const char* what) {
  decimal::rep out = 0;
  if (!detail::mul_div(v.raw(), 1, f.num, f.den, 1, rounding::toward_zero, out)) {
    throw overflow_error(std::string(what) + ": converting " + v.to_string() +
                         " overflows the decimal range");
  }
  decimal::rep back = 0;
  if (f.den != 1 &&
      (!detail::mul_div(out, 1, f.den, 1, 1, rounding::toward_zero, back) || back != v.raw())) {
    throw inexact_error(std::string(what) + ": converting " + v.to_string() + " divides by " +
                        std::to_string(f.den) +
                        " and would round; use trncost::amount() for a priced line or "
                        "trncost::convert(q, rounding) to round on purpose");
  }
  return decimal::from_raw(out);
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_UNITS_IMPL_DECIMAL_IPP
