// sourced<Q>: a named, typed, exact value with its provenance; arithmetic on sourced values records
// how each result was derived, and charge() is where sourced prices and usage become money.
#ifndef TRNCOST_PROVENANCE_SOURCED_HPP
#define TRNCOST_PROVENANCE_SOURCED_HPP

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../units/amount.hpp"
#include "provenance.hpp"

namespace trncost {

template <class Q>
class sourced;

namespace detail {
template <class T>
inline constexpr bool is_sourced = false;
template <class Q>
inline constexpr bool is_sourced<sourced<Q>> = true;
}  // namespace detail

namespace detail {
template <class Q>
struct unit_of_sourced {
  using type = void;  // sourced<double>, refused by its static_assert
};
template <exact_quantity Q>
struct unit_of_sourced<Q> {
  using type = typename Q::unit_type;
};
}  // namespace detail

/// A value that may enter a cost: a trncost::sourced<Q>. Bare numbers and unsourced quantities are
/// not.
template <class T>
concept sourced_value = detail::is_sourced<std::remove_cvref_t<T>>;

namespace detail {

/// The checks and the shared record of a sourced value, one non-template function for every Q (a
/// sourced<Q> constructor only adds its unit's symbol: compile time).
TRNCOST_DECL input_ref make_source_record(std::string name, const decimal& value, std::string unit,
                                          provenance&& origin, bool refuse_negative);

/// Whether T is one of provenance's alternatives (measured, quoted, ...).
template <class T, class Variant = provenance>
inline constexpr bool provenance_alternative = false;
template <class T, class... Alternatives>
inline constexpr bool provenance_alternative<T, std::variant<Alternatives...>> =
    (std::is_same_v<T, Alternatives> || ...);
/// A name that views as text and one kind of provenance: sourced<Q>'s out-of-line constructor.
template <class Name, class Origin>
concept name_and_origin =
    std::convertible_to<const Name&, std::string_view> && provenance_alternative<Origin>;

/// The same from one alternative, which it copies into the record: a sourced value built from a
/// `quoted` or a `measured` then neither copies its strings into a variant nor destroys one in the
/// caller's code (compile time).
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const measured& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const quoted& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const documented& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const third_party& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const derived& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const assumption& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const declared_none& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const choice& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const forecast& origin,
                                          bool refuse_negative);
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const tool_default& origin,
                                          bool refuse_negative);

/// The record of a value derived from two named inputs, `a op b`: the formula people read over
/// their names and the operation the verifiers replay. Named `name`, or by its formula when `name`
/// is empty. (Non-template, so that charge() and the operators of every unit pair share its code.)
TRNCOST_DECL input_ref binary_record(std::string name, const decimal& value, std::string_view unit,
                                     const input_ref& a, std::string_view op, const input_ref& b,
                                     const operation& how);

struct sourced_access;

/// Which sentence refuses taking a sourced value of unit From as one of unit To.
template <class From, class To>
constexpr unit_mix sourced_conversion_kind() {
  if constexpr (refusable_unit_pair<From, To>) {
    return classify_unit_mix<From, To>();
  } else {
    return unit_mix::one_dimension;  // Boost's own units (SI metres): the general sentence
  }
}

/// `sourced<quantity<To>> x = a sourced<quantity<From>>`: the sentence of the units' own mix-up
/// (money and a price, GB and GiB, a storage price and an instance-hour price), or, within one
/// dimension, convert<ToUnit>(name, s), which records the conversion in the derivation.
template <class From, class To>
constexpr void refuse_sourced_conversion() {
  constexpr unit_mix kind = sourced_conversion_kind<From, To>();
  if constexpr (kind != unit_mix::one_dimension) {
    refuse_unit_assignment<kind>();
  } else {
    // (refuses<kind>: clang prints the kind, not the units' types)
    static_assert(
        refuses<kind>,
        "trncost: a sourced value keeps the unit its source gives and is never taken "
        "as one of another unit implicitly (sourced seconds as sourced hours): within one "
        "dimension, convert it on purpose, convert<ToUnit>(name, s), exact or throws "
        "and recorded in its derivation; see "
        "docs/troubleshooting.md#one-dimension-two-units");
  }
}

}  // namespace detail

/// A named exact quantity with its provenance. It cannot be built without a name and a provenance
/// that validate() accepts, so a bare number never becomes a cost input.
template <class Q>
class sourced {
  // Not a constraint on Q: a static_assert says trncost's sentence first (sourced<double>).
  static_assert(exact_quantity<Q>,
                "trncost: sourced<Q> holds an exact quantity, trncost::quantity<Unit> (a decimal "
                "with a unit), never a double, an int or a bare decimal: "
                "sourced<quantity<units::hour_t>>; see docs/troubleshooting.md#unsourced-input");

 public:
  using quantity_type = Q;
  using unit_type = typename detail::unit_of_sourced<Q>::type;

  /// (Only for sourced<double> and the like: takes any arguments, so the sentence above is the
  /// only error of the line.)
  template <class... Args>
  requires(!exact_quantity<Q>) explicit sourced(Args&&...) {}

  sourced(std::string name, Q value, provenance origin)
      : value_(value),
        record_(detail::make_source_record(std::move(name), value.value(),
                                           units::symbol<unit_type>(), std::move(origin),
                                           !detail::is_usage_unit<unit_type>)) {}
  /// The same from one kind of provenance (`quoted`, `measured{...}`, ...), copied out of line.
  template <class Name, class Origin>
  requires detail::name_and_origin<Name, Origin> sourced(const Name& name, Q value,
                                                         const Origin& origin)
      : value_(value),
        record_(detail::make_source_record(std::string_view(name), value.value(),
                                           units::detail::symbol_view<unit_type>(), origin,
                                           !detail::is_usage_unit<unit_type>)) {}

  /// Refused with one sentence: a value without its provenance (`sourced<money> fee("fee",
  /// usd("100"))`).
  template <class Value>
  requires std::constructible_from<Q, Value> sourced(std::string, const Value&) {
    constexpr bool refused_call = sizeof(Value) == 0;  // clang prints this name, not Value's type
    static_assert(
        refused_call,
        "trncost: a sourced value needs its provenance, sourced<Q>(name, value, "
        "provenance): where the number comes from, measured{...}, quoted{...}, "
        "documented{...} or assumption{\"why\"}; see docs/troubleshooting.md#unsourced-input");
  }

  /// Refused with one sentence: a sourced value taken as one of another unit (`const
  /// sourced<quantity<units::usd_per_gibibyte_month_t>> p = pricing::ec2_on_demand(...)`, an
  /// instance-hour price). A conversion function, not a constructor of the target, so that the
  /// refusal never competes with a component's input_of<> parameters (one user-defined conversion
  /// only) and an exact match always wins; sourced_constructible tells it from a real conversion.
  template <class Q2>
  requires(exact_quantity<Q>&& exact_quantity<Q2> && !std::same_as<Q2, Q>) operator sourced<Q2>()
      const {  // NOLINT(google-explicit-constructor): it exists to be found
    detail::refuse_sourced_conversion<unit_type, typename Q2::unit_type>();
    return sourced<Q2>(Q2{}, input_ref{});  // not reached: the line above stops the compile
  }

  [[nodiscard]] const std::string& name() const noexcept { return record_->name; }
  [[nodiscard]] const Q& value() const noexcept { return value_; }
  [[nodiscard]] const provenance& origin() const noexcept { return record_->origin; }
  /// The shared record that derivations refer to.
  [[nodiscard]] const input_ref& record() const noexcept { return record_; }

  /// The same value and provenance under another name (to name a derived result: "train_cost").
  [[nodiscard]] sourced named(std::string new_name) const {
    return sourced(std::move(new_name), value_, record_->origin);
  }

 private:
  friend struct detail::sourced_access;
  template <class>
  friend class sourced;  // the refused conversion's (unreached) result
  /// A value and its record, already checked (detail::binary_record()).
  sourced(Q value, input_ref record) : value_(value), record_(std::move(record)) {}

  Q value_;
  input_ref record_;
};

template <class Unit>
sourced(std::string, boost::units::quantity<Unit, decimal>, provenance)
    -> sourced<boost::units::quantity<Unit, decimal>>;

namespace detail {
template <class Q, class... Args>
inline constexpr bool refused_sourced_arguments = false;
template <class Q, class Name, class Value>
inline constexpr bool refused_sourced_arguments<Q, Name, Value> =
    std::constructible_from<std::string, Name>&& std::constructible_from<Q, Value>;
template <class Q, class Q2>  // the refused conversion from a sourced value of another unit
inline constexpr bool refused_sourced_arguments<Q, sourced<Q2>> = !std::is_same_v<Q, Q2>;
}  // namespace detail

/// Whether a sourced<Q> is built from these arguments for real. sourced<Q> also has a constructor
/// that exists only to stop the compile with trncost's sentence (a value without its provenance),
/// which std::is_constructible_v counts; static checks ask this instead.
template <class Q, class... Args>
concept sourced_constructible = std::constructible_from<sourced<Q>, Args...> &&
    !detail::refused_sourced_arguments<Q, std::remove_cvref_t<Args>...>;

namespace detail {

/// How the derivations below build a sourced value from a record made by binary_record().
struct sourced_access {
  template <class Q>
  static sourced<Q> make(Q value, input_ref record) {
    return sourced<Q>(value, std::move(record));
  }
};

/// An operand's name inside a formula: bare when it is one word, parenthesised otherwise.
TRNCOST_DECL std::string operand(const std::string& name);

template <class R, class A, class B>
sourced<R> derive(const R& value, const sourced<A>& a, std::string_view op, const sourced<B>& b,
                  op_kind kind) {
  return sourced_access::make(
      value, binary_record({}, value.value(), units::detail::symbol_view<typename R::unit_type>(),
                           a.record(), op, b.record(), operation{.kind = kind}));
}

/// A value a rule computes from named inputs, with the formula people read (a cost per completed
/// run, an estimate's cost per unit of work): the one place such a derivation is made.
template <class Q>
sourced<Q> derive_named(std::string name, Q value, std::string formula,
                        std::vector<input_ref> inputs) {
  return sourced<Q>(std::move(name), value, derived{std::move(formula), std::move(inputs)});
}

}  // namespace detail

/// Sum of two sourced values of the same unit; the result is derived from both.
template <class Q>
sourced<Q> operator+(const sourced<Q>& a, const sourced<Q>& b) {
  return detail::derive(Q(a.value() + b.value()), a, "+", b, op_kind::add);
}
template <class Q>
sourced<Q> operator-(const sourced<Q>& a, const sourced<Q>& b) {
  return detail::derive(Q(a.value() - b.value()), a, "-", b, op_kind::sub);
}
/// Refused, with the sentence of the quantities' own operators: sourced values of different units.
template <class A, class B>
requires trncost::detail::refusable_unit_pair<typename A::unit_type, typename B::unit_type> refused
operator+(const sourced<A>&, const sourced<B>&) {
  trncost::detail::refuse_unit_mix<
      trncost::detail::classify_unit_mix<typename A::unit_type, typename B::unit_type>()>();
  return {};
}
template <class A, class B>
requires trncost::detail::refusable_unit_pair<typename A::unit_type, typename B::unit_type> refused
operator-(const sourced<A>&, const sourced<B>&) {
  trncost::detail::refuse_unit_mix<
      trncost::detail::classify_unit_mix<typename A::unit_type, typename B::unit_type>()>();
  return {};
}
/// Product (one half-even rounding at the 18th fractional digit, as for decimals).
template <class A, class B>
auto operator*(const sourced<A>& a, const sourced<B>& b) {
  auto v = a.value() * b.value();
  return detail::derive(v, a, "*", b, op_kind::mul);
}
template <class A, class B>
auto operator/(const sourced<A>& a, const sourced<B>& b) {
  auto v = a.value() / b.value();
  return detail::derive(v, a, "/", b, op_kind::div);
}

/// The same sourced value in another unit of its dimension, exactly (or trncost::inexact_error):
/// derived from `s` with the formula "<name> in <unit>", and named `name`.
template <class ToUnit, class Q>
sourced<quantity<ToUnit>> convert(std::string name, const sourced<Q>& s) {
  const auto v = convert<ToUnit>(s.value());
  constexpr auto f = trncost::detail::exact_factor_of<typename Q::unit_type, ToUnit>();
  derived how{detail::operand(s.name()) + " in " + units::symbol<ToUnit>(),
              {s.record()},
              operation{.kind = op_kind::convert, .num = f.num, .den = f.den}};
  return sourced<quantity<ToUnit>>(std::move(name), v, std::move(how));
}

/// A charge: a sourced price times sourced usage, as money with one rounding step (see amount()).
/// The result is named `name` and derived from both inputs with the formula "price * usage".
template <sourced_value Price, sourced_value Usage>
requires prices<typename Price::quantity_type, typename Usage::quantity_type> sourced<money> charge(
    std::string name, const Price& price, const Usage& usage, rounding mode = rounding::half_even) {
  const money m = amount(price.value(), usage.value(), mode);
  constexpr auto f = trncost::detail::money_factor<
      trncost::detail::product_unit_t<typename Price::unit_type, typename Usage::unit_type>>();
  return detail::sourced_access::make(
      m, detail::binary_record(
             std::move(name), m.value(), units::detail::symbol_view<money::unit_type>(),
             price.record(), "*", usage.record(),
             operation{.kind = mode == rounding::half_even ? op_kind::charge : op_kind::opaque,
                       .num = f.num,
                       .den = f.den}));
}

/// A per-month price against usage in hours, with the month's length named by `convention`.
template <sourced_value Price, sourced_value Usage>
requires detail::prices_to_money_by_month<typename Price::unit_type, typename Usage::unit_type>
    sourced<money> charge(std::string name, const Price& price, const Usage& usage,
                          month_convention convention, rounding mode = rounding::half_even) {
  const money m = amount(price.value(), usage.value(), convention, mode);
  derived how{detail::operand(price.name()) + " * " + detail::operand(usage.name()) + " / " +
                  std::to_string(convention.hours_per_month) + " h/mo (" +
                  std::string(convention.name) + ")",
              {price.record(), usage.record()}};
  if (mode == rounding::half_even) {
    constexpr auto f = trncost::detail::money_factor<trncost::detail::product_unit_t<
        trncost::detail::product_unit_t<typename Price::unit_type, typename Usage::unit_type>,
        units::per<units::month_t, units::hour_t>>>();
    how.op =
        operation{.kind = op_kind::charge, .num = f.num, .den = f.den * convention.hours_per_month};
  }
  return sourced<money>(name, m, how);
}

/// Refused, with the sentence amount() gives: sourced values whose units do not price to money.
template <sourced_value Price, sourced_value Usage>
requires(!prices<typename Price::quantity_type, typename Usage::quantity_type>) refused
    charge(std::string, const Price&, const Usage&, rounding = rounding::half_even) {
  trncost::detail::refuse_pricing<trncost::detail::classify_pricing_mistake<
      typename Price::unit_type, typename Usage::unit_type>()>();
  return {};
}
template <sourced_value Price, sourced_value Usage>
requires(!detail::prices_to_money_by_month<typename Price::unit_type, typename Usage::unit_type>)
    refused charge(std::string, const Price&, const Usage&, month_convention,
                   rounding = rounding::half_even) {
  trncost::detail::refuse_pricing<trncost::detail::classify_month_convention_mistake<
      typename Price::unit_type, typename Usage::unit_type>()>();
  return {};
}

/// Anything else passed to charge() is a bare number or an unsourced quantity: refused with one
/// sentence first.
template <class Price, class Usage, class... Rest>
requires(!(sourced_value<Price> && sourced_value<Usage>)) refused
    charge(std::string, const Price&, const Usage&, Rest&&...) {
  constexpr bool refused_call = detail::always_false<Price>;  // clang prints this name
  static_assert(refused_call,
                "trncost: charge() takes sourced values (trncost::sourced<Q>): a bare number or an "
                "unsourced quantity cannot become a cost input; see "
                "docs/troubleshooting.md#unsourced-input");
  return {};
}

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/sourced.ipp"
#endif

#endif  // TRNCOST_PROVENANCE_SOURCED_HPP
