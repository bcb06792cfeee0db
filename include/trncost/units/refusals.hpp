// Readable refusals of the common unit mistakes (money + hours, GB + GiB, money * 0.85, money = a
// price): overloads that match only the wrong combinations and stop the compile with one trncost
// sentence, instead of Boost.Units' "no match" and 20 KB of candidates.
#ifndef TRNCOST_UNITS_REFUSALS_HPP
#define TRNCOST_UNITS_REFUSALS_HPP

#include <boost/units/quantity.hpp>
#include <boost/units/unit.hpp>
#include <concepts>
#include <string_view>
#include <type_traits>

#include "decimal.hpp"
#include "system.hpp"

namespace trncost {

/// What an operation that trncost refuses would give (money + hours, GB + GiB, money * 0.85,
/// amount() of a price that does not price the usage). Calling one fails to compile with a
/// `static_assert` sentence that links to docs/troubleshooting.md; its declared result lets a
/// requires-expression tell a refusal from an accepted operation without compiling the call:
/// `requires(A a, B b) { { a + b } -> not_refused; }`. No value of this type ever exists.
struct refused final {
  // Converts to whatever the caller expected, so the refusal is the only error of the line.
  template <class T>
  operator T() const;  // NOLINT(google-explicit-constructor): never defined, never called
};

/// An operation's result that trncost accepted (not trncost::refused).
template <class T>
concept not_refused = !std::same_as<std::remove_cvref_t<T>, refused>;

namespace detail {

template <class Unit>
inline constexpr bool is_money_unit =
    std::is_same_v<typename Unit::dimension_type, units::usd_base_unit::dimension_type>;

/// Whether a unit's dimension has money in it (a price does, a usage does not).
template <class DimensionList>
struct has_money : std::false_type {};
template <class Exponent, class Rest>
struct has_money<boost::units::list<boost::units::dim<units::money_dimension, Exponent>, Rest>>
    : std::true_type {};
template <class Other, class Rest>
struct has_money<boost::units::list<Other, Rest>> : has_money<Rest> {};

/// The kinds of unit mix-ups that have their own sentence.
enum class unit_mix {
  money_and_usage,
  money_and_price,
  gigabytes_and_gibibytes,
  decimal_and_binary_bytes,
  months_and_hours,
  instance_and_chip_hours,
  one_dimension,
  different_dimensions,
};

template <class Dimension>
using plain_unit = units::unit_of<Dimension>;
template <class A, class B>
using dim_times =
    typename boost::units::multiply_typeof_helper<plain_unit<A>,
                                                  plain_unit<B>>::type::dimension_type;
template <class A, class B>
using dim_per =
    typename boost::units::divide_typeof_helper<plain_unit<A>, plain_unit<B>>::type::dimension_type;

using month_dim = units::billing_month_base_unit::dimension_type;
using time_dim = boost::units::time_dimension;
using gigabyte_unit = units::scaled<plain_unit<boost::units::information_dimension>, 10, 9>;
using gibibyte_unit = units::scaled<plain_unit<boost::units::information_dimension>, 2, 30>;
using instance_hour_dim = dim_times<units::instance_base_unit::dimension_type, time_dim>;
using chip_hour_dim = dim_times<units::chip_base_unit::dimension_type, time_dim>;

/// Whether `D2` is `D1` with billing months in place of time (GiB-hours and GiB-months, USD per
/// hour and USD per month), or the other way round.
template <class D1, class D2>
inline constexpr bool month_for_time =
    std::is_same_v<dim_times<dim_per<D1, time_dim>, month_dim>, D2> ||
    std::is_same_v<dim_times<dim_per<D1, month_dim>, time_dim>, D2>;

template <class U1, class U2>
constexpr unit_mix classify_unit_mix() {
  using D1 = typename U1::dimension_type;
  using D2 = typename U2::dimension_type;
  if constexpr (is_money_unit<U1> || is_money_unit<U2>) {
    using other = std::conditional_t<is_money_unit<U1>, D2, D1>;
    return has_money<other>::value ? unit_mix::money_and_price : unit_mix::money_and_usage;
  } else if constexpr (std::is_same_v<D1, D2>) {
    if constexpr ((std::is_same_v<U1, gigabyte_unit> && std::is_same_v<U2, gibibyte_unit>) ||
                  (std::is_same_v<U1, gibibyte_unit> && std::is_same_v<U2, gigabyte_unit>)) {
      return unit_mix::gigabytes_and_gibibytes;
    } else if constexpr (!exact_factor_of<U1, U2>().ok()) {
      return unit_mix::decimal_and_binary_bytes;
    } else {
      return unit_mix::one_dimension;
    }
  } else if constexpr (month_for_time<D1, D2>) {
    return unit_mix::months_and_hours;
  } else if constexpr ((std::is_same_v<D1, instance_hour_dim> &&
                        std::is_same_v<D2, chip_hour_dim>) ||
                       (std::is_same_v<D1, chip_hour_dim> &&
                        std::is_same_v<D2, instance_hour_dim>)) {
    return unit_mix::instance_and_chip_hours;
  } else {
    return unit_mix::different_dimensions;
  }
}

// The sentences of the refusals below, each written once: a static_assert message must be a
// string literal in C++20, and a host that checks units at run time (the Python module) says
// the same sentence through unit_mix_sentence() and unit_assignment_sentence(). #undef at the
// end of this header.
#define TRNCOST_DETAIL_MIX_MONEY_AND_USAGE                                                    \
  "trncost: cannot add, subtract or compare money (USD) and a usage (hours, instance-hours, " \
  "GiB-months): price the usage first, amount(price, usage) is money; see "                   \
  "docs/troubleshooting.md#money-and-usage"
#define TRNCOST_DETAIL_MIX_MONEY_AND_PRICE                                                    \
  "trncost: cannot add, subtract or compare money (USD) and a price (USD per unit): a price " \
  "becomes money times its usage, amount(price, usage); see "                                 \
  "docs/troubleshooting.md#money-and-price"
#define TRNCOST_DETAIL_MIX_GIGABYTES_AND_GIBIBYTES                                           \
  "trncost: cannot add, subtract or compare gigabytes (GB, 10^9 bytes) and gibibytes (GiB, " \
  "2^30 bytes): no exact conversion exists; keep one unit (AWS bills storage 'GB' as GiB); " \
  "see docs/troubleshooting.md#decimal-and-binary-bytes"
#define TRNCOST_DETAIL_MIX_DECIMAL_AND_BINARY_BYTES                                           \
  "trncost: cannot add, subtract or compare a decimal byte multiple (kB, MB, GB, TB: powers " \
  "of 10) and a binary one (KiB, MiB, GiB, TiB: powers of 2), alone or in a rate: no exact "  \
  "conversion exists; keep one unit; see docs/troubleshooting.md#decimal-and-binary-bytes"
#define TRNCOST_DETAIL_MIX_MONTHS_AND_HOURS                                                \
  "trncost: cannot add, subtract or compare billing months and hours (or per-month and "   \
  "per-hour rates): a month's hours are a convention; keep one unit, or price hours at a " \
  "monthly rate with amount(price, usage, month_730h); see "                               \
  "docs/troubleshooting.md#months-and-hours"
#define TRNCOST_DETAIL_MIX_INSTANCE_AND_CHIP_HOURS                                            \
  "trncost: cannot add, subtract or compare instance-hours and chip-hours (a trn1.32xlarge "  \
  "instance-hour is 16 chip-hours): price each with its own rate, then add the amounts; see " \
  "docs/troubleshooting.md#different-dimensions"
#define TRNCOST_DETAIL_MIX_ONE_DIMENSION                                                      \
  "trncost: cannot add, subtract or compare two different units of one dimension (hours and " \
  "seconds, USD/request and USD/1000 requests) without converting: convert one side "         \
  "explicitly, convert<ToUnit>(q) (exact or throws); see "                                    \
  "docs/troubleshooting.md#one-dimension-two-units"
#define TRNCOST_DETAIL_MIX_DIFFERENT_DIMENSIONS                                                 \
  "trncost: cannot add, subtract or compare quantities of different dimensions (a count and a " \
  "duration, a price per GiB-month and a price per instance-hour): check which unit you mean; " \
  "see docs/troubleshooting.md#different-dimensions"
#define TRNCOST_DETAIL_ASSIGN_MONEY_AND_PRICE                                                   \
  "trncost: cannot assign or convert a price (USD per unit) to money or back: a price becomes " \
  "money times its usage, amount(price, usage); see docs/troubleshooting.md#money-and-price"
#define TRNCOST_DETAIL_ASSIGN_MONEY_AND_USAGE                                                  \
  "trncost: cannot assign or convert a usage (hours, instance-hours) to money or back: a "     \
  "budget or a balance is money, make(units::usd, \"310\"); price a usage with amount(price, " \
  "usage); see docs/troubleshooting.md#money-and-usage"
#define TRNCOST_DETAIL_ASSIGN_GIGABYTES_AND_GIBIBYTES                                           \
  "trncost: cannot assign or convert a decimal byte multiple (kB, MB, GB, TB) to a binary one " \
  "(KiB, MiB, GiB, TiB) or back: no exact conversion exists; keep one unit; see "               \
  "docs/troubleshooting.md#decimal-and-binary-bytes"
#define TRNCOST_DETAIL_ASSIGN_ONE_DIMENSION                                                   \
  "trncost: no implicit conversion between two units of one dimension (seconds to hours, "    \
  "USD/1000 requests to USD/request): construct the target explicitly, quantity<ToUnit>(q), " \
  "or convert<ToUnit>(q) (exact or throws); see "                                             \
  "docs/troubleshooting.md#one-dimension-two-units"
#define TRNCOST_DETAIL_ASSIGN_MONTHS_AND_HOURS                                                \
  "trncost: cannot assign or convert hours to billing months or back: a month's hours are a " \
  "convention; price hours at a monthly rate with amount(price, usage, month_730h); see "     \
  "docs/troubleshooting.md#months-and-hours"
#define TRNCOST_DETAIL_ASSIGN_INSTANCE_AND_CHIP_HOURS                                           \
  "trncost: cannot assign or convert chip-hours to instance-hours or back (a trn1.32xlarge "    \
  "instance-hour is 16 chip-hours): keep each in its own unit and price it with its own rate; " \
  "see docs/troubleshooting.md#different-dimensions"
#define TRNCOST_DETAIL_ASSIGN_DIFFERENT_DIMENSIONS                                          \
  "trncost: cannot assign or convert a quantity of one dimension to another (a count to a " \
  "duration, a storage price to an instance-hour price): check which unit you mean; see "   \
  "docs/troubleshooting.md#different-dimensions"

/// What `a + b`, `a - b` or a comparison of two units of this kind is refused with.
constexpr std::string_view unit_mix_sentence(unit_mix kind) noexcept {
  switch (kind) {
    case unit_mix::money_and_usage:
      return TRNCOST_DETAIL_MIX_MONEY_AND_USAGE;
    case unit_mix::money_and_price:
      return TRNCOST_DETAIL_MIX_MONEY_AND_PRICE;
    case unit_mix::gigabytes_and_gibibytes:
      return TRNCOST_DETAIL_MIX_GIGABYTES_AND_GIBIBYTES;
    case unit_mix::decimal_and_binary_bytes:
      return TRNCOST_DETAIL_MIX_DECIMAL_AND_BINARY_BYTES;
    case unit_mix::months_and_hours:
      return TRNCOST_DETAIL_MIX_MONTHS_AND_HOURS;
    case unit_mix::instance_and_chip_hours:
      return TRNCOST_DETAIL_MIX_INSTANCE_AND_CHIP_HOURS;
    case unit_mix::one_dimension:
      return TRNCOST_DETAIL_MIX_ONE_DIMENSION;
    case unit_mix::different_dimensions:
      return TRNCOST_DETAIL_MIX_DIFFERENT_DIMENSIONS;
  }
  return TRNCOST_DETAIL_MIX_DIFFERENT_DIMENSIONS;
}

/// What assigning or converting a quantity to a unit of this kind is refused with.
constexpr std::string_view unit_assignment_sentence(unit_mix kind) noexcept {
  switch (kind) {
    case unit_mix::money_and_price:
      return TRNCOST_DETAIL_ASSIGN_MONEY_AND_PRICE;
    case unit_mix::money_and_usage:
      return TRNCOST_DETAIL_ASSIGN_MONEY_AND_USAGE;
    case unit_mix::gigabytes_and_gibibytes:
    case unit_mix::decimal_and_binary_bytes:
      return TRNCOST_DETAIL_ASSIGN_GIGABYTES_AND_GIBIBYTES;
    case unit_mix::one_dimension:
      return TRNCOST_DETAIL_ASSIGN_ONE_DIMENSION;
    case unit_mix::months_and_hours:
      return TRNCOST_DETAIL_ASSIGN_MONTHS_AND_HOURS;
    case unit_mix::instance_and_chip_hours:
      return TRNCOST_DETAIL_ASSIGN_INSTANCE_AND_CHIP_HOURS;
    case unit_mix::different_dimensions:
      return TRNCOST_DETAIL_ASSIGN_DIFFERENT_DIMENSIONS;
  }
  return TRNCOST_DETAIL_ASSIGN_DIFFERENT_DIMENSIONS;
}

/// Always false, but only once instantiated; clang prints the kind (`refuses<unit_mix::...>`)
/// rather than three screens of Boost.Units types.
template <auto>
inline constexpr bool refuses = false;

/// Two different units of which at least one is trncost's (units::is_trncost_unit): the only pairs
/// trncost speaks for. Two units of Boost's own systems keep Boost.Units' own diagnostics.
template <class U1, class U2>
concept refusable_unit_pair =
    !std::is_same_v<U1, U2> && (units::is_trncost_unit<U1> || units::is_trncost_unit<U2>);

/// `a + b`, `a - b`, `a < b`, `a == b` of two different units: one sentence, chosen by kind.
/// (Templated on the kind alone, so the compiler's instantiation notes stay one line.)
template <unit_mix kind>
constexpr void refuse_unit_mix() {
  if constexpr (kind == unit_mix::money_and_usage) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_MONEY_AND_USAGE);
  } else if constexpr (kind == unit_mix::money_and_price) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_MONEY_AND_PRICE);
  } else if constexpr (kind == unit_mix::gigabytes_and_gibibytes) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_GIGABYTES_AND_GIBIBYTES);
  } else if constexpr (kind == unit_mix::decimal_and_binary_bytes) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_DECIMAL_AND_BINARY_BYTES);
  } else if constexpr (kind == unit_mix::months_and_hours) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_MONTHS_AND_HOURS);
  } else if constexpr (kind == unit_mix::instance_and_chip_hours) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_INSTANCE_AND_CHIP_HOURS);
  } else if constexpr (kind == unit_mix::one_dimension) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_ONE_DIMENSION);
  } else {
    static_assert(refuses<kind>, TRNCOST_DETAIL_MIX_DIFFERENT_DIMENSIONS);
  }
}

/// `to = from` or `To(from)` of two units Boost.Units does not convert implicitly: one sentence,
/// chosen by kind (Boost.Units' assignment asks is_implicitly_convertible<From, To>::value first).
template <unit_mix kind>
constexpr void refuse_unit_assignment() {
  if constexpr (kind == unit_mix::money_and_price) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_MONEY_AND_PRICE);
  } else if constexpr (kind == unit_mix::money_and_usage) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_MONEY_AND_USAGE);
  } else if constexpr (kind == unit_mix::gigabytes_and_gibibytes ||
                       kind == unit_mix::decimal_and_binary_bytes) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_GIGABYTES_AND_GIBIBYTES);
  } else if constexpr (kind == unit_mix::one_dimension) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_ONE_DIMENSION);
  } else if constexpr (kind == unit_mix::months_and_hours) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_MONTHS_AND_HOURS);
  } else if constexpr (kind == unit_mix::instance_and_chip_hours) {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_INSTANCE_AND_CHIP_HOURS);
  } else {
    static_assert(refuses<kind>, TRNCOST_DETAIL_ASSIGN_DIFFERENT_DIMENSIONS);
  }
}

/// What is_implicitly_convertible<From, To>::value is for two units Boost.Units will not assign:
/// false, but comparing it with `true` (Boost's own static assertion in quantity::operator=) says
/// our sentence instead. Only that comparison instantiates it: SFINAE uses `::type`.
template <class From, class To>
struct unit_assignment_refusal {
  constexpr bool operator==(bool) const {
    refuse_unit_assignment<classify_unit_mix<From, To>()>();
    return true;  // our sentence was the error; Boost's assertion would only repeat it
  }
  constexpr explicit operator bool() const { return false; }
};

}  // namespace detail

/// Refused: two quantities of different units. Boost.Units' own operators take the same unit on
/// both sides only, so these never compete with them.
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator+(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator-(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator<(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator>(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator<=(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator>=(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator==(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}
template <class U1, class U2>
requires detail::refusable_unit_pair<U1, U2> refused
operator!=(const boost::units::quantity<U1, decimal>&, const boost::units::quantity<U2, decimal>&) {
  detail::refuse_unit_mix<detail::classify_unit_mix<U1, U2>()>();
  return {};
}

namespace detail {
template <class F>
constexpr void refuse_floating_factor() {
  constexpr bool refused_call = refuses<sizeof(F)>;
  static_assert(refused_call,
                "trncost: cannot multiply or divide an exact quantity by a double or a float (0.85 "
                "has no exact binary value): write the factor as decimal text, "
                "q * decimal::parse(\"0.85\"), or a whole number; see "
                "docs/troubleshooting.md#doubles-and-money");
}
}  // namespace detail

/// Refused: a quantity times or divided by a floating-point number (`usd("10") * 1.5`). Not limited
/// to units::is_trncost_unit: the value type, trncost::decimal, is trncost's already (and trncost's
/// hours are not trncost's by their unit alone), while a host's SI quantities hold doubles.
template <class U, std::floating_point F>
refused operator*(const boost::units::quantity<U, decimal>&, F) {
  detail::refuse_floating_factor<F>();
  return {};
}
template <class U, std::floating_point F>
refused operator*(F, const boost::units::quantity<U, decimal>&) {
  detail::refuse_floating_factor<F>();
  return {};
}
template <class U, std::floating_point F>
refused operator/(const boost::units::quantity<U, decimal>&, F) {
  detail::refuse_floating_factor<F>();
  return {};
}
/// Refused: a decimal times or divided by a floating-point number (`decimal(2) * 0.85`), with the
/// same sentence rather than the one of decimal's catching constructor.
template <std::floating_point F>
refused operator*(decimal, F) {
  detail::refuse_floating_factor<F>();
  return {};
}
template <std::floating_point F>
refused operator*(F, decimal) {
  detail::refuse_floating_factor<F>();
  return {};
}
template <std::floating_point F>
refused operator/(decimal, F) {
  detail::refuse_floating_factor<F>();
  return {};
}

}  // namespace trncost

namespace boost::units {

/// Boost.Units assigns a quantity of another unit only when is_implicitly_convertible says so, and
/// otherwise fails its own static assertion; for two units it will not assign (the same test as its
/// primary template), at least one of them trncost's, the value says trncost's sentence first.
/// `type` is unchanged; pairs of Boost's own units (SI metres and seconds) keep the primary
/// template.
template <class D1, class S1, class D2, class S2>
requires(trncost::detail::refusable_unit_pair<unit<D1, S1>, unit<D2, S2>> &&
         !std::is_same_v<typename reduce_unit<unit<D1, S1>>::type,
                         typename reduce_unit<unit<D2, S2>>::
                             type>) struct is_implicitly_convertible<unit<D1, S1>, unit<D2, S2>> {
  using type = boost::mpl::false_;
  static constexpr trncost::detail::unit_assignment_refusal<unit<D1, S1>, unit<D2, S2>> value{};
};

/// Constructing a quantity from one of another dimension (`money m(rate)`) compiles at overload
/// resolution and fails here, with the sentence of the assignment.
template <class Unit1, class Unit2>
requires(
    trncost::detail::refusable_unit_pair<Unit1, Unit2> &&
    !std::is_same_v<
        typename Unit1::dimension_type,
        typename Unit2::dimension_type>) struct conversion_helper<quantity<Unit1, trncost::decimal>,
                                                                  quantity<Unit2,
                                                                           trncost::decimal>> {
  static quantity<Unit2, trncost::decimal> convert(const quantity<Unit1, trncost::decimal>&) {
    trncost::detail::refuse_unit_assignment<trncost::detail::classify_unit_mix<Unit1, Unit2>()>();
    return quantity<Unit2, trncost::decimal>::from_value(trncost::decimal{});
  }
};

}  // namespace boost::units

#undef TRNCOST_DETAIL_MIX_MONEY_AND_USAGE
#undef TRNCOST_DETAIL_MIX_MONEY_AND_PRICE
#undef TRNCOST_DETAIL_MIX_GIGABYTES_AND_GIBIBYTES
#undef TRNCOST_DETAIL_MIX_DECIMAL_AND_BINARY_BYTES
#undef TRNCOST_DETAIL_MIX_MONTHS_AND_HOURS
#undef TRNCOST_DETAIL_MIX_INSTANCE_AND_CHIP_HOURS
#undef TRNCOST_DETAIL_MIX_ONE_DIMENSION
#undef TRNCOST_DETAIL_MIX_DIFFERENT_DIMENSIONS
#undef TRNCOST_DETAIL_ASSIGN_MONEY_AND_PRICE
#undef TRNCOST_DETAIL_ASSIGN_MONEY_AND_USAGE
#undef TRNCOST_DETAIL_ASSIGN_GIGABYTES_AND_GIBIBYTES
#undef TRNCOST_DETAIL_ASSIGN_ONE_DIMENSION
#undef TRNCOST_DETAIL_ASSIGN_MONTHS_AND_HOURS
#undef TRNCOST_DETAIL_ASSIGN_INSTANCE_AND_CHIP_HOURS
#undef TRNCOST_DETAIL_ASSIGN_DIFFERENT_DIMENSIONS

#endif  // TRNCOST_UNITS_REFUSALS_HPP
