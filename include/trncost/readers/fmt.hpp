// fmt formatters for trncost: decimals, quantities (with their unit symbol), provenance and sourced
// values. The only core-adjacent header that includes fmt; include it on purpose.
#ifndef TRNCOST_READERS_FMT_HPP
#define TRNCOST_READERS_FMT_HPP

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "../provenance/provenance.hpp"
#include "../provenance/sourced.hpp"
#include "../units/symbol.hpp"
#include "../units/units.hpp"

namespace trncost::readers::detail {

/// Copies text to a formatter's output. (Not fmt::format_to(out, "{}", text): each such call
/// instantiates fmt's compile-time format-string check, which took a unit formatting one trncost
/// value from 1.9x to 4.1x the compile time of the anchor, benchmarks/compile_time.)
template <class Out>
Out append(Out out, std::string_view text) {
  return std::copy(text.begin(), text.end(), out);
}

/// The spec trncost values accept: [[fill]align][width][.precision][f]. Precision rounds
/// (half-even) to that many fractional digits; without it a decimal prints exactly. Fill, align and
/// width apply to the whole text, unit symbol included.
struct value_spec {
  char fill = ' ';  // one character: clang 14 cannot build a std::string in fmt's consteval check
  char align = '\0';
  std::size_t width = 0;
  int precision = -1;

  constexpr auto parse(fmt::format_parse_context& ctx) -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    const auto end = ctx.end();
    const auto is_align = [](char c) { return c == '<' || c == '>' || c == '^'; };
    if (it != end && it + 1 != end && *it != '}' && is_align(*(it + 1))) {
      fill = *it;
      align = *(it + 1);
      it += 2;
    } else if (it != end && is_align(*it)) {
      align = *it++;
    }
    while (it != end && *it >= '0' && *it <= '9') {
      width = width * 10 + static_cast<std::size_t>(*it++ - '0');
    }
    if (it != end && *it == '.') {
      ++it;
      if (it == end || *it < '0' || *it > '9') {
        throw fmt::format_error("trncost: expected digits after '.' in a format spec");
      }
      precision = 0;
      while (it != end && *it >= '0' && *it <= '9') precision = precision * 10 + (*it++ - '0');
      if (precision > decimal::fractional_digits) {
        throw fmt::format_error("trncost: a decimal has at most 18 fractional digits");
      }
    }
    if (it != end && *it == 'f') ++it;
    if (it != end && *it != '}') {
      throw fmt::format_error(
          "trncost: invalid format spec for a trncost value (use "
          "[[fill]align][width][.precision][f])");
    }
    return it;
  }

  [[nodiscard]] std::string number(decimal v) const {
    return precision < 0 ? v.to_string() : v.to_fixed(decimal_places{precision});
  }

  template <class Out>
  Out pad(Out out, std::string_view text) const {
    const std::size_t len = text.size();
    if (len >= width) return append(out, text);
    const std::size_t gap = width - len;
    // Text (left) by default, as fmt aligns strings; numbers right-align only when asked.
    const std::size_t left = align == '>' ? gap : (align == '^' ? gap / 2 : 0);
    for (std::size_t i = 0; i < left; ++i) *out++ = fill;
    out = append(out, text);
    for (std::size_t i = 0; i < gap - left; ++i) *out++ = fill;
    return out;
  }
};

}  // namespace trncost::readers::detail

namespace fmt {

/// `{}` prints the exact shortest text ("21.5"), `{:.2f}` rounds half-even to cents.
template <>
struct formatter<trncost::decimal> : trncost::readers::detail::value_spec {
  template <class Ctx>
  auto format(const trncost::decimal& v, Ctx& ctx) const -> decltype(ctx.out()) {
    return pad(ctx.out(), number(v));
  }
};

/// A decimal quantity prints as "value symbol": `{:.2f}` -> "64.49 USD", `{:>16}` pads the whole.
template <class Unit>
struct formatter<boost::units::quantity<Unit, trncost::decimal>>
    : trncost::readers::detail::value_spec {
  template <class Ctx>
  auto format(const boost::units::quantity<Unit, trncost::decimal>& q, Ctx& ctx) const
      -> decltype(ctx.out()) {
    std::string text = number(q.value());
    const std::string symbol = trncost::units::symbol<Unit>();
    if (!symbol.empty()) text += " " + symbol;
    return pad(ctx.out(), text);
  }
};

/// Provenance prints as one readable line (trncost::describe()).
template <>
struct formatter<trncost::provenance> : formatter<std::string_view> {
  template <class Ctx>
  auto format(const trncost::provenance& p, Ctx& ctx) const -> decltype(ctx.out()) {
    return fmt::formatter<std::string_view>::format(trncost::describe(p), ctx);
  }
};

/// "name = value unit [provenance line]"; the spec applies to the value.
template <class Q>
struct formatter<trncost::sourced<Q>> : formatter<Q> {
  template <class Ctx>
  auto format(const trncost::sourced<Q>& s, Ctx& ctx) const -> decltype(ctx.out()) {
    auto out = trncost::readers::detail::append(ctx.out(), s.name());
    ctx.advance_to(trncost::readers::detail::append(out, " = "));
    out = fmt::formatter<Q>::format(s.value(), ctx);
    out = trncost::readers::detail::append(out, " [");
    return trncost::readers::detail::append(out, trncost::describe(s.origin()) + "]");
  }
};

}  // namespace fmt

#endif  // TRNCOST_READERS_FMT_HPP
