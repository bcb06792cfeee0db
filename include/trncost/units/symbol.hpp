// units::symbol<Unit>(): the text trncost prints after a value, for named and unnamed units alike.
#ifndef TRNCOST_UNITS_SYMBOL_HPP
#define TRNCOST_UNITS_SYMBOL_HPP

#include <boost/units/heterogeneous_system.hpp>
#include <boost/units/reduce_unit.hpp>
#include <charconv>
#include <string>

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

template <>
struct symbol_walk<boost::units::dimensionless_type> {
  static void base_units(std::string&) {}
  static double scale() { return 1.0; }
};

template <class BaseUnit, class Exponent, class Rest>
struct symbol_walk<
    boost::units::list<boost::units::heterogeneous_system_dim<BaseUnit, Exponent>, Rest>> {
  static void base_units(std::string& out) {
    if (!out.empty()) out += ' ';
    out += BaseUnit::symbol();
    if (Exponent::Numerator != 1 || Exponent::Denominator != 1) {
      out += '^' + std::to_string(Exponent::Numerator);
      if (Exponent::Denominator != 1) out += '/' + std::to_string(Exponent::Denominator);
    }
    symbol_walk<Rest>::base_units(out);
  }
};

template <class Scale, class Rest>
struct symbol_walk<boost::units::list<boost::units::scale_list_dim<Scale>, Rest>> {
  static double scale() { return Scale::value() * symbol_walk<Rest>::scale(); }
};

}  // namespace detail

/// The symbol of a unit: its trncost name when it has one (units::symbol_v), otherwise its base
/// units with their exponents, behind its scale when that is not 1: "(3600 s B)" for an hour times
/// a byte, "GPU s" for a user's GPU times a second.
template <class Unit>
std::string symbol() {
  if constexpr (!units::symbol_v<Unit>.empty()) {
    return std::string(units::symbol_v<Unit>);
  } else {
    using impl = typename detail::heterogeneous_impl<
        typename boost::units::reduce_unit<Unit>::type::system_type>::type;
    std::string text;
    detail::symbol_walk<typename impl::type>::base_units(text);
    const double factor = detail::symbol_walk<typename impl::scale>::scale();
    if (factor == 1.0) return text;
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, factor).ptr;
    return "(" + std::string(buf, end) + " " + text + ")";
  }
}

}  // namespace trncost::units

#endif  // TRNCOST_UNITS_SYMBOL_HPP
