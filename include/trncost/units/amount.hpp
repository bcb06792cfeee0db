// Rate x usage -> money with exactly one rounding step, explicit conversions, and the named
// conventions (the 730-hour month) that relate a billing month to hours.
#ifndef TRNCOST_UNITS_AMOUNT_HPP
#define TRNCOST_UNITS_AMOUNT_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "../config.hpp"
#include "units.hpp"

namespace trncost {

namespace detail {

template <class T>
inline constexpr bool is_decimal_quantity = false;
template <class Unit>
inline constexpr bool is_decimal_quantity<boost::units::quantity<Unit, decimal>> = true;

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
    return exact_factor_of<ProductUnit, units::usd_t>();
  } else {
    return {};
  }
}

template <class Unit>
inline constexpr bool is_usage_unit = !has_money<typename Unit::dimension_type>::value;

/// Price first, usage second: the usage must not be money (so amount(usage, price) is refused and
/// formulas always read "price * usage").
template <class Rate, class Usage>
inline constexpr bool prices_to_money =
    is_money_unit<product_unit_t<Rate, Usage>>&& is_usage_unit<Usage>;

template <class Rate, class Usage>
inline constexpr bool prices_to_money_by_month =
    is_money_unit<product_unit_t<product_unit_t<Rate, Usage>,
                                 units::per<units::month_t, units::hour_t>>>&& is_usage_unit<Usage>;

TRNCOST_DECL money round_amount(decimal rate, decimal usage, exact_factor f,
                                std::uint64_t extra_den, rounding mode);

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
requires prices<Rate, Usage> money amount(const Rate& rate, const Usage& usage,
                                          rounding mode = rounding::half_even) {
  constexpr auto f = detail::money_factor<
      detail::product_unit_t<typename Rate::unit_type, typename Usage::unit_type>>();
  return detail::round_amount(rate.value(), usage.value(), f, 1, mode);
}

/// The same for a per-month rate applied to hours (GiB-hours against USD per GiB-month), with the
/// month's length named by `convention`: rate x usage / hours_per_month, still one rounding.
template <exact_quantity Rate, exact_quantity Usage>
requires detail::prices_to_money_by_month<typename Rate::unit_type, typename Usage::unit_type> money
amount(const Rate& rate, const Usage& usage, month_convention convention,
       rounding mode = rounding::half_even) {
  using product = detail::product_unit_t<
      detail::product_unit_t<typename Rate::unit_type, typename Usage::unit_type>,
      units::per<units::month_t, units::hour_t>>;
  constexpr auto f = detail::money_factor<product>();
  static_assert(f.ok(),
                "trncost: these units do not price to USD by a whole-number factor; see "
                "docs/troubleshooting.md#no-exact-conversion");
  if (convention.hours_per_month == 0) {
    throw input_error(std::string("month convention '") + std::string(convention.name) +
                      "' has zero hours");
  }
  return detail::round_amount(rate.value(), usage.value(), f, convention.hours_per_month, mode);
}

namespace detail {

/// Why a price does not price a usage (amount() and charge() share the sentences).
enum class pricing_mistake {
  usage_first,
  needs_month_convention,
  decimal_and_binary_bytes,
  unrelated_units,
  month_convention_not_needed,
};

template <class Rate, class Usage>
constexpr pricing_mistake classify_pricing_mistake() {
  if constexpr (!is_usage_unit<Usage>) {
    return pricing_mistake::usage_first;
  } else if constexpr (prices_to_money_by_month<Rate, Usage>) {
    return pricing_mistake::needs_month_convention;
  } else if constexpr (prices_to_money<Rate, Usage>) {
    return pricing_mistake::decimal_and_binary_bytes;
  } else {
    return pricing_mistake::unrelated_units;
  }
}

/// One sentence per mistake (templated on the mistake alone, so the notes stay one line).
template <pricing_mistake kind>
constexpr void refuse_pricing() {
  if constexpr (kind == pricing_mistake::usage_first) {
    static_assert(refuses<kind>,
                  "trncost: amount(price, usage) and charge(name, price, usage) take the price "
                  "first, and the usage here is money or a price: swap the two arguments; see "
                  "docs/troubleshooting.md#price-first");
  } else if constexpr (kind == pricing_mistake::needs_month_convention) {
    static_assert(refuses<kind>,
                  "trncost: a per-month price against hours needs the month's length named: "
                  "amount(price, usage, month_730h) or charge(name, price, usage, month_730h); "
                  "see docs/troubleshooting.md#month-convention");
  } else if constexpr (kind == pricing_mistake::decimal_and_binary_bytes) {
    static_assert(refuses<kind>,
                  "trncost: the price and the usage mix a decimal byte unit (GB: 10^9 bytes) and a "
                  "binary one (GiB: 2^30 bytes), so no exact factor prices one with the other: "
                  "declare the usage in the price's unit (AWS bills storage 'GB' as GiB); see "
                  "docs/troubleshooting.md#decimal-and-binary-bytes");
  } else if constexpr (kind == pricing_mistake::month_convention_not_needed) {
    static_assert(refuses<kind>,
                  "trncost: this price already prices this usage: drop the month convention "
                  "(it only applies to a per-month price against hours); see "
                  "docs/troubleshooting.md#month-convention");
  } else {
    static_assert(refuses<kind>,
                  "trncost: this price does not price this usage (price unit x usage unit is not "
                  "USD: an instance-hour price against chip-hours, a storage price against "
                  "instance-hours): use the price quoted for the usage's unit; see "
                  "docs/troubleshooting.md#price-does-not-fit");
  }
}

/// The mistake of a month convention given to a price that does not price hours by the month.
template <class Rate, class Usage>
constexpr pricing_mistake classify_month_convention_mistake() {
  if constexpr (prices_to_money<Rate, Usage>) {
    return pricing_mistake::month_convention_not_needed;
  } else {
    return classify_pricing_mistake<Rate, Usage>();
  }
}

}  // namespace detail

/// Refused, with one sentence: a price that does not price the usage (swapped arguments, a
/// per-month price against hours without a convention, GB against GiB, unrelated units).
template <exact_quantity Rate, exact_quantity Usage>
requires(!prices<Rate, Usage>) refused
    amount(const Rate&, const Usage&, rounding = rounding::half_even) {
  detail::refuse_pricing<
      detail::classify_pricing_mistake<typename Rate::unit_type, typename Usage::unit_type>()>();
  return {};
}
template <exact_quantity Rate, exact_quantity Usage>
requires(!detail::prices_to_money_by_month<typename Rate::unit_type, typename Usage::unit_type>)
    refused amount(const Rate&, const Usage&, month_convention, rounding = rounding::half_even) {
  detail::refuse_pricing<detail::classify_month_convention_mistake<typename Rate::unit_type,
                                                                   typename Usage::unit_type>()>();
  return {};
}

/// Converts to another unit of the same dimension exactly, or throws trncost::inexact_error (the
/// same as constructing the target quantity from it); a conversion that is not a whole-number
/// factor or its reciprocal (GB to GiB) does not compile.
template <class ToUnit, class FromUnit>
quantity<ToUnit> convert(const quantity<FromUnit>& q) {
  return quantity<ToUnit>(q);
}

/// Converts with rounding on purpose: the result is rounded once, at the 18th fractional digit,
/// under `mode`. Decimal and binary byte multiples still do not mix.
template <class ToUnit, class FromUnit>
quantity<ToUnit> convert(const quantity<FromUnit>& q, rounding mode) {
  constexpr auto f = detail::exact_factor_of<FromUnit, ToUnit>();
  static_assert(f.ok(),
                "trncost: no exact conversion between these units (decimal and binary byte "
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

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/amount.ipp"
#endif

#endif  // TRNCOST_UNITS_AMOUNT_HPP
