// Rate x usage -> money with exactly one rounding step, explicit conversions, and the named
// conventions (the 730-hour month) that relate a billing month to hours.
#ifndef TRNCOST_UNITS_AMOUNT_HPP
#define TRNCOST_UNITS_AMOUNT_HPP

#include <cstdint>
#include <type_traits>
#include <string>
#include <string_view>

#include "units.hpp"

namespace trncost {

namespace detail {

template <class T>
inline constexpr bool is_decimal_quantity = false;
template <class Unit>
inline constexpr bool is_decimal_quantity<boost::units::quantity<Unit, decimal>> = true;

template <class Unit>
inline constexpr bool is_money_unit =
    std::is_same_v<typename Unit::dimension_type, units::usd_t::dimension_type>;

}  // namespace detail

/// A quantity with an exact decimal value (`trncost::quantity<Unit>`).
template <class T>
concept exact_quantity = detail::is_decimal_quantity<T>;

/// A named convention for the length of a billing month in hours. It is never applied silently: a
/// call site passes one to amount() to price hours against a per-month rate.
struct month_convention {
  std::string_view name;
  std::uint64_t hours_per_month;
};

/// 730 hours a month (8,760 h / 12): the convention of the AWS Pricing Calculator and Infracost.
inline constexpr month_convention month_730h{"730-hour month (AWS Pricing Calculator, Infracost)",
                                             730};

namespace detail {

template <class Rate, class Usage>
using product_unit_t = typename boost::units::multiply_typeof_helper<Rate, Usage>::type;

template <class ProductUnit>
constexpr exact_factor money_factor() {
  if constexpr (is_money_unit<ProductUnit>) {
    return classify_factor(boost::units::conversion_factor(ProductUnit{}, units::usd));
  } else {
    return {};
  }
}

/// Whether a unit's dimension has money in it (a price does, a usage does not).
template <class DimensionList>
struct has_money : std::false_type {};
template <class Exponent, class Rest>
struct has_money<boost::units::list<boost::units::dim<units::money_dimension, Exponent>, Rest>>
    : std::true_type {};
template <class Other, class Rest>
struct has_money<boost::units::list<Other, Rest>> : has_money<Rest> {};

template <class Unit>
inline constexpr bool is_usage_unit = !has_money<typename Unit::dimension_type>::value;

/// Price first, usage second: the usage must not be money (so amount(usage, price) is refused and
/// formulas always read "price * usage").
template <class Rate, class Usage>
inline constexpr bool prices_to_money =
    is_money_unit<product_unit_t<Rate, Usage>> && is_usage_unit<Usage>;

template <class Rate, class Usage>
inline constexpr bool prices_to_money_by_month =
    is_money_unit<
        product_unit_t<product_unit_t<Rate, Usage>, units::per<units::month_t, units::hour_t>>> &&
    is_usage_unit<Usage>;

inline money round_amount(decimal rate, decimal usage, exact_factor f, std::uint64_t extra_den,
                          rounding mode) {
  decimal::rep out = 0;
  // rate * usage * num / (10^18 * den * extra_den): one multiplication, one division, one rounding.
  if (!mul_div(rate.raw(), usage.raw(), f.num, decimal::scale, f.den * extra_den, mode, out)) {
    throw_overflow(rate, "x", usage);
  }
  return money::from_value(decimal::from_raw(out));
}

}  // namespace detail

/// Whether pricing `Usage` at `Rate` gives money, exactly (the units cancel up to a whole-number
/// factor or its reciprocal).
template <class Rate, class Usage>
concept prices = exact_quantity<Rate> && exact_quantity<Usage> &&
                 detail::prices_to_money<typename Rate::unit_type, typename Usage::unit_type> &&
                 detail::money_factor<
                     detail::product_unit_t<typename Rate::unit_type, typename Usage::unit_type>>()
                     .ok();

/// The amount of a priced line: rate x usage, in USD, with the one documented rounding step: the
/// exact product, scaled by the exact unit factor (USD/h x s divides by 3600), is rounded once at
/// the 18th fractional digit under `mode` (half-even unless said otherwise). Round the result to
/// cents yourself, on purpose, when a bill needs it.
template <exact_quantity Rate, exact_quantity Usage>
  requires prices<Rate, Usage>
money amount(const Rate& rate, const Usage& usage, rounding mode = rounding::half_even) {
  constexpr auto f =
      detail::money_factor<detail::product_unit_t<typename Rate::unit_type,
                                                  typename Usage::unit_type>>();
  return detail::round_amount(rate.value(), usage.value(), f, 1, mode);
}

/// The same for a per-month rate applied to hours (GiB-hours against USD per GiB-month), with the
/// month's length named by `convention`: rate x usage / hours_per_month, still one rounding.
template <exact_quantity Rate, exact_quantity Usage>
  requires detail::prices_to_money_by_month<typename Rate::unit_type, typename Usage::unit_type>
money amount(const Rate& rate, const Usage& usage, month_convention convention,
             rounding mode = rounding::half_even) {
  using product = detail::product_unit_t<
      detail::product_unit_t<typename Rate::unit_type, typename Usage::unit_type>,
      units::per<units::month_t, units::hour_t>>;
  constexpr auto f = detail::money_factor<product>();
  static_assert(f.ok(), "trncost: these units do not price to USD by a whole-number factor; see "
                        "docs/troubleshooting.md#no-exact-conversion");
  if (convention.hours_per_month == 0) {
    throw input_error(std::string("month convention '") + std::string(convention.name) +
                      "' has zero hours");
  }
  return detail::round_amount(rate.value(), usage.value(), f, convention.hours_per_month, mode);
}

/// Converts to another unit of the same dimension exactly, or throws trncost::inexact_error (the
/// same as constructing the target quantity from it); a conversion that is not a whole-number factor
/// or its reciprocal (GB to GiB) does not compile.
template <class ToUnit, class FromUnit>
quantity<ToUnit> convert(const quantity<FromUnit>& q) {
  return quantity<ToUnit>(q);
}

/// Converts with rounding on purpose: the result is rounded once, at the 18th fractional digit,
/// under `mode`. Decimal and binary byte multiples still do not mix.
template <class ToUnit, class FromUnit>
quantity<ToUnit> convert(const quantity<FromUnit>& q, rounding mode) {
  constexpr auto f = detail::classify_factor(boost::units::conversion_factor(FromUnit{}, ToUnit{}));
  static_assert(f.ok(), "trncost: no exact conversion between these units (decimal and binary byte "
                        "multiples such as GB and GiB never convert implicitly); see "
                        "docs/troubleshooting.md#no-exact-conversion");
  decimal::rep out = 0;
  if (!detail::mul_div(q.value().raw(), 1, f.num, f.den, 1, mode, out)) {
    throw overflow_error("converting " + q.value().to_string() + " overflows the decimal range");
  }
  return quantity<ToUnit>::from_value(decimal::from_raw(out));
}

/// A duration of whole seconds, as AWS meters per-second billing (e.g. a run log's 5399 s).
template <whole_number I>
constexpr quantity<units::second_t> seconds(I n) {
  return quantity<units::second_t>::from_value(decimal(n));
}

}  // namespace trncost

#endif  // TRNCOST_UNITS_AMOUNT_HPP
