// units::symbol<Unit>(): the text trncost prints after a value, for named and unnamed units alike.
#ifndef TRNCOST_UNITS_SYMBOL_HPP
#define TRNCOST_UNITS_SYMBOL_HPP

#include <boost/units/heterogeneous_system.hpp>
#include <boost/units/reduce_unit.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../config.hpp"
#include "system.hpp"

namespace trncost::units {

namespace detail {

template <class System>
struct heterogeneous_impl;
template <class Impl>
struct heterogeneous_impl<boost::units::heterogeneous_system<Impl>> {
  using type = Impl;
};

template <class List>
struct symbol_walk;  // over a Boost.Units type list of a reduced (heterogeneous) unit

/// One factor of a unit's scale: base^(num/den) (hour: 60^2, GiB: 2^30).
struct scale_power {
  long base;
  long num;
  long den;
};

template <>
struct symbol_walk<boost::units::dimensionless_type> {
  static void base_units(std::string&, std::string&) {}
  static void scales(std::vector<scale_power>&) {}
};

/// Appends each base unit with its exponent to `out`, but the byte to `bytes`: Boost.Units lists
/// the byte first (its ordinal is negative, system.hpp), and trncost prints it last, "(3600 s B)".
template <class BaseUnit, class Exponent, class Rest>
struct symbol_walk<
    boost::units::list<boost::units::heterogeneous_system_dim<BaseUnit, Exponent>, Rest>> {
  static void base_units(std::string& out, std::string& bytes) {
    std::string& to = std::is_same_v<BaseUnit, byte_base_unit> ? bytes : out;
    if (!to.empty()) to += ' ';
    to += BaseUnit::symbol();
    if (Exponent::Numerator != 1 || Exponent::Denominator != 1) {
      to += '^' + std::to_string(Exponent::Numerator);
      if (Exponent::Denominator != 1) to += '/' + std::to_string(Exponent::Denominator);
    }
    symbol_walk<Rest>::base_units(out, bytes);
  }
};

template <class Scale, class Rest>
struct symbol_walk<boost::units::list<boost::units::scale_list_dim<Scale>, Rest>> {
  static void scales(std::vector<scale_power>& out) {
    out.push_back({Scale::base, Scale::exponent::Numerator, Scale::exponent::Denominator});
    symbol_walk<Rest>::scales(out);
  }
};

/// A whole power of a base as an exact integer, or 0 when it does not fit in 63 bits.
TRNCOST_DECL std::uint64_t exact_power(long base, long exponent);

/// The scale as exact text in front of (or after) the base units: a whole factor "(3600 s B)";
/// a time ratio, which only base-60 and base-86400 scales are (minutes, hours, days), as its
/// units "USD s/h" (USD/h x s); another fraction "(token/1000)". Empty `out` when the scale is 1.
TRNCOST_DECL std::string scaled_symbol(const std::string& text,
                                       const std::vector<scale_power>& scales);

}  // namespace detail

/// The symbol of a unit: its trncost name when it has one (units::symbol_v), otherwise its base
/// units with their exponents, with its scale written exactly when that is not 1: "(3600 s B)" for
/// an hour times a byte, "USD s/h" for USD per hour times a second, "GPU s" for a user's GPU times
/// a second.
template <class Unit>
std::string symbol() {
  if constexpr (!units::symbol_v<Unit>.empty()) {
    return std::string(units::symbol_v<Unit>);
  } else {
    using impl = typename detail::heterogeneous_impl<
        typename boost::units::reduce_unit<Unit>::type::system_type>::type;
    std::string text;
    std::string bytes;
    detail::symbol_walk<typename impl::type>::base_units(text, bytes);
    if (!bytes.empty()) text.append(text.empty() ? "" : " ").append(bytes);
    std::vector<detail::scale_power> scales;
    detail::symbol_walk<typename impl::scale>::scales(scales);
    return detail::scaled_symbol(text, scales);
  }
}

namespace detail {

/// symbol<Unit>() as a view, for the non-template functions that copy it: a named unit's symbol
/// itself, an unnamed unit's built once. (A caller's unit then builds no string inline.)
template <class Unit>
std::string_view symbol_view() {
  if constexpr (!units::symbol_v<Unit>.empty()) {
    return units::symbol_v<Unit>;
  } else {
    static const std::string text = symbol<Unit>();
    return text;
  }
}

}  // namespace detail

}  // namespace trncost::units

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/symbol.ipp"
#endif

#endif  // TRNCOST_UNITS_SYMBOL_HPP
