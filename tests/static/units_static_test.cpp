// What trncost's units, amounts and sourced values accept and refuse, checked at compile time: each
// question is a concept over a requires-expression (SFINAE-friendly on g++ 12), so a wrong answer
// fails the build of this file. Refusals that a concept cannot see (Boost.Units constructors and
// assignments that accept at overload resolution and fail inside, charge() of a bare number) are
// compile-fail cases in tests/compile_fail/.
#include <doctest/doctest.h>

#include <boost/units/base_units/metric/hour.hpp>
#include <boost/units/detail/linear_algebra.hpp>
#include <boost/units/systems/si/length.hpp>
#include <boost/units/systems/si/time.hpp>
#include <concepts>
#include <string>
#include <string_view>
#include <trncost/trncost.hpp>
#include <type_traits>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::static_units_static_test {

namespace {

namespace u = trncost::units;
using trncost::decimal;
using trncost::money;
using trncost::prices;
using trncost::quantity;
using trncost::sourced;
using trncost::sourced_value;

// --- The questions

// trncost catches common mistakes (money + hours, GB + GiB, money * 0.85) with overloads whose
// result is trncost::refused and whose body stops the compile with a sentence: an operation is
// accepted when it resolves to something else.
using trncost::not_refused;

template <class A, class B>
concept addable = requires(A a, B b) {
  { a + b } -> not_refused;
};
template <class A, class B>
concept subtractable = requires(A a, B b) {
  { a - b } -> not_refused;
};
template <class A, class B>
concept multipliable = requires(A a, B b) {
  { a* b } -> not_refused;
};
template <class A, class B>
concept comparable = requires(A a, B b) {
  { a < b } -> not_refused;
};
template <class A, class B>
concept equality_comparable_with = requires(A a, B b) {
  { a == b } -> not_refused;
};

// Refused with trncost's own sentence (rather than by Boost.Units' "no match"): the operation
// resolves to one of trncost's catching overloads.
template <class A, class B>
concept addition_caught = requires(A a, B b) {
  { a + b } -> std::same_as<trncost::refused>;
};
template <class A, class B>
concept comparison_caught = requires(A a, B b) {
  { a < b } -> std::same_as<trncost::refused>;
  { a == b } -> std::same_as<trncost::refused>;
  { a != b } -> std::same_as<trncost::refused>;
};
template <class A, class B>
concept multiplication_caught = requires(A a, B b) {
  { a* b } -> std::same_as<trncost::refused>;
};
template <class Rate, class Usage>
concept amount_caught = requires(Rate r, Usage q) {
  { trncost::amount(r, q) } -> std::same_as<trncost::refused>;
};
template <class Price, class Usage>
concept charge_caught = requires(Price p, Usage q) {
  { trncost::charge("cost", p, q) } -> std::same_as<trncost::refused>;
};

template <class Rate, class Usage>
concept amount_callable = requires(Rate r, Usage q) {
  { trncost::amount(r, q) } -> std::same_as<money>;
};
template <class Rate, class Usage>
concept amount_by_month_callable = requires(Rate r, Usage q) {
  { trncost::amount(r, q, trncost::month_730h) } -> std::same_as<money>;
};
template <class Price, class Usage>
concept charge_callable = requires(Price p, Usage q) {
  { trncost::charge("cost", p, q) } -> std::same_as<sourced<trncost::money>>;
};
template <class Unit, class Arg>
concept makeable = requires(Unit unit, Arg arg) {
  { trncost::make(unit, arg) } -> not_refused;
};

// --- The types

using hours = quantity<u::hour_t>;
using seconds = quantity<u::second_t>;
using months = quantity<u::month_t>;
using instance_hours = quantity<u::instance_hour_t>;
using chip_hours = quantity<u::chip_hour_t>;
using gigabytes = quantity<u::gigabyte_t>;
using gibibytes = quantity<u::gibibyte_t>;
using kilobytes = quantity<u::kilobyte_t>;
using kibibytes = quantity<u::kibibyte_t>;
using bytes = quantity<u::byte_t>;
using gibibyte_hours = quantity<u::gibibyte_hour_t>;
using gibibyte_months = quantity<u::gibibyte_month_t>;
using requests = quantity<u::request_t>;
using tokens = quantity<u::token_t>;

using per_hour = quantity<u::usd_per_hour_t>;
using per_instance_hour = quantity<u::usd_per_instance_hour_t>;
using per_chip_hour = quantity<u::usd_per_chip_hour_t>;
using per_gibibyte = quantity<u::usd_per_gibibyte_t>;
using per_gigabyte = quantity<u::usd_per_gigabyte_t>;
using per_gibibyte_month = quantity<u::usd_per_gibibyte_month_t>;
using per_request = quantity<u::usd_per_request_t>;
using per_thousand_requests = quantity<u::usd_per_thousand_requests_t>;
using per_million_tokens = quantity<u::usd_per_million_tokens_t>;
using per_token = quantity<u::per<u::usd_t, u::token_t>>;

using approximate_rate = boost::units::quantity<u::usd_per_instance_hour_t, double>;
using approximate_money = boost::units::quantity<u::usd_t, double>;

// --- Addition, subtraction, comparison: only like with like

static_assert(addable<money, money>);
static_assert(!addable<money, hours>);
static_assert(!addable<hours, money>);
static_assert(!addable<money, instance_hours>);
static_assert(!addable<money, per_instance_hour>);
static_assert(!addable<money, decimal>);
static_assert(!addable<money, int>);

static_assert(addable<instance_hours, instance_hours>);
static_assert(!addable<instance_hours, chip_hours>);

static_assert(addable<gigabytes, gigabytes>);
static_assert(!addable<gigabytes, gibibytes>);
static_assert(addable<kibibytes, kibibytes>);
static_assert(!addable<kilobytes, kibibytes>);

// Different units of one dimension do not mix in arithmetic either; convert one side explicitly.
static_assert(addable<hours, hours>);
static_assert(!addable<hours, seconds>);

static_assert(addable<per_request, per_request>);
static_assert(!addable<per_request, per_thousand_requests>);
static_assert(addable<per_token, per_token>);
static_assert(!addable<per_million_tokens, per_token>);

static_assert(addable<months, months>);
static_assert(!addable<months, hours>);

static_assert(subtractable<money, money>);
static_assert(!subtractable<money, hours>);
static_assert(!subtractable<instance_hours, chip_hours>);

static_assert(comparable<money, money>);
static_assert(!comparable<money, hours>);
static_assert(!comparable<money, decimal>);
static_assert(equality_comparable_with<gibibytes, gibibytes>);
static_assert(!equality_comparable_with<gibibytes, gigabytes>);

// The mistakes above are caught by trncost's overloads, which speak first
// (docs/troubleshooting.md).
static_assert(addition_caught<money, hours>);
static_assert(addition_caught<money, per_instance_hour>);
static_assert(addition_caught<instance_hours, chip_hours>);
static_assert(addition_caught<gigabytes, gibibytes>);
static_assert(addition_caught<hours, seconds>);
static_assert(addition_caught<months, hours>);
static_assert(addition_caught<sourced<money>, sourced<hours>>);
static_assert(comparison_caught<money, hours>);
static_assert(comparison_caught<gibibytes, gigabytes>);
// Like with like, and what has no unit at all, never reaches them.
static_assert(!addition_caught<money, money>);
static_assert(!addition_caught<money, decimal>);
static_assert(!addition_caught<sourced<money>, sourced<money>>);
static_assert(!comparison_caught<money, money>);

// --- Multiplication: exact factors only

static_assert(multipliable<money, decimal>);
static_assert(!multipliable<money, double>);
static_assert(!multipliable<money, float>);
static_assert(multipliable<decimal, int>);
static_assert(!multipliable<decimal, double>);
static_assert(multipliable<per_instance_hour, instance_hours>);
static_assert(multiplication_caught<money, double>);
static_assert(multiplication_caught<float, hours>);
static_assert(multiplication_caught<decimal, double>);
static_assert(multiplication_caught<float, decimal>);
static_assert(!multiplication_caught<money, decimal>);
static_assert(!multiplication_caught<decimal, int>);

// --- decimal: from integers and text, never from or to floating point or int

// A decimal from a double or a float, or a decimal into an int or a double, reaches a constructor
// or a conversion that exists only to stop the compile with trncost's sentence (tests/compile_fail/
// casting_a_double_to_decimal, converting_a_decimal_to_int): std::is_constructible_v<decimal,
// double> and std::is_convertible_v<decimal, int> are true, so the rule is asked with
// decimal_source and decimal_target.
using trncost::decimal_source;
using trncost::decimal_target;
static_assert(std::is_constructible_v<decimal, double>);  // the catching constructor...
static_assert(!decimal_source<double>);                   // ...is a refusal
static_assert(std::is_convertible_v<decimal, int>);       // the catching conversion...
static_assert(!decimal_target<int>);                      // ...is a refusal
static_assert(decimal_source<int>);
static_assert(decimal_source<long long>);
static_assert(decimal_source<unsigned long long>);
static_assert(decimal_source<std::string_view>);
static_assert(!decimal_source<double>);
static_assert(!decimal_source<float>);
static_assert(!decimal_source<long double>);
static_assert(!decimal_source<const double&>);
static_assert(!decimal_source<bool>);
static_assert(!decimal_source<char>);
static_assert(!std::is_constructible_v<decimal, bool>);
static_assert(!std::is_convertible_v<int, decimal>);  // explicit: `decimal(3)`, not `= 3`
static_assert(!std::is_convertible_v<std::string_view, decimal>);
static_assert(decimal_target<decimal>);
static_assert(decimal_target<const decimal&>);
static_assert(!decimal_target<int>);
static_assert(!decimal_target<long long>);
static_assert(!decimal_target<double>);
static_assert(!decimal_target<bool>);
static_assert(!decimal_target<std::string>);

static_assert(makeable<u::hour_t, int>);
static_assert(makeable<u::hour_t, const char*>);
static_assert(!makeable<u::hour_t, double>);
static_assert(!makeable<u::hour_t, bool>);
static_assert(std::same_as<decltype(trncost::make(u::hour, 3.5)), trncost::refused>);

// --- Quantities: no implicit unit conversion

static_assert(std::is_convertible_v<hours, hours>);
static_assert(!std::is_convertible_v<seconds, hours>);
static_assert(!std::is_convertible_v<gibibytes, bytes>);
static_assert(!std::is_convertible_v<gigabytes, gibibytes>);
static_assert(!std::is_convertible_v<per_thousand_requests, per_request>);
static_assert(!std::is_convertible_v<per_instance_hour, money>);
// Money and a double-valued amount: Boost.Units converts quantities whose values convert, and a
// decimal's catching constructor and conversion make both directions reach trncost's sentence
// (tests/compile_fail/making_money_from_a_double_quantity): the rule is on the values.
static_assert(!decimal_source<approximate_money::value_type>);
static_assert(!decimal_target<approximate_money::value_type>);
// An explicit conversion by a whole-number factor or its reciprocal is allowed (exact or throws).
static_assert(std::is_constructible_v<hours, seconds>);
static_assert(std::is_constructible_v<per_request, per_thousand_requests>);

// --- amount() and prices: the units must cancel to USD by a whole-number factor

static_assert(trncost::exact_quantity<money>);
static_assert(trncost::exact_quantity<instance_hours>);
static_assert(!trncost::exact_quantity<double>);
static_assert(!trncost::exact_quantity<decimal>);
static_assert(!trncost::exact_quantity<approximate_money>);

static_assert(prices<per_instance_hour, instance_hours>);
static_assert(!prices<per_instance_hour, chip_hours>);
static_assert(prices<per_chip_hour, chip_hours>);
static_assert(!prices<per_chip_hour, instance_hours>);
static_assert(prices<per_hour, hours>);
// Per-second billing of an hourly rate: the division by 3600 happens in amount()'s one rounding.
static_assert(prices<per_hour, seconds>);
static_assert(!prices<per_hour, instance_hours>);

static_assert(prices<per_gibibyte, gibibytes>);
static_assert(prices<per_gibibyte, bytes>);
static_assert(!prices<per_gibibyte, gigabytes>);
static_assert(!prices<per_gigabyte, gibibytes>);

static_assert(prices<per_gibibyte_month, gibibyte_months>);
static_assert(!prices<per_gibibyte_month, gibibyte_hours>);  // needs a month convention

static_assert(prices<per_request, requests>);
static_assert(prices<per_thousand_requests, requests>);
static_assert(!prices<per_request, tokens>);
static_assert(prices<per_million_tokens, tokens>);
static_assert(!prices<per_million_tokens, requests>);

static_assert(!prices<money, money>);
static_assert(!prices<per_instance_hour, double>);
static_assert(!prices<double, instance_hours>);
static_assert(!prices<approximate_rate, instance_hours>);

static_assert(amount_callable<per_instance_hour, instance_hours>);
static_assert(!amount_callable<per_instance_hour, chip_hours>);
static_assert(!amount_callable<per_gibibyte_month, gibibyte_hours>);
static_assert(!amount_callable<approximate_rate, instance_hours>);
static_assert(amount_caught<per_instance_hour, chip_hours>);
static_assert(amount_caught<per_gibibyte_month, gibibyte_hours>);
static_assert(amount_caught<per_gigabyte, gibibytes>);
static_assert(amount_caught<instance_hours, per_instance_hour>);
static_assert(!amount_caught<per_instance_hour, instance_hours>);
static_assert(amount_by_month_callable<per_gibibyte_month, gibibyte_hours>);
static_assert(!amount_by_month_callable<per_instance_hour, instance_hours>);
static_assert(!amount_by_month_callable<per_gibibyte_month, gibibyte_months>);

// --- Sourced values: exact quantities with a provenance

static_assert(sourced_value<sourced<money>>);
static_assert(sourced_value<const sourced<per_instance_hour>&>);
static_assert(!sourced_value<money>);
static_assert(!sourced_value<double>);
static_assert(!sourced_value<decimal>);

// sourced<Q> has a constructor that only says trncost's sentence (tests/compile_fail/
// sourcing_without_provenance), which std::is_constructible_v counts: ask sourced_constructible.
using trncost::sourced_constructible;
static_assert(sourced_constructible<money, std::string, money, trncost::provenance>);
static_assert(sourced_constructible<money, const sourced<money>&>);
static_assert(std::is_constructible_v<sourced<money>, std::string, money>);  // the catching one
static_assert(!sourced_constructible<money, std::string, money>);
static_assert(!sourced_constructible<money, const char*, money>);
static_assert(!sourced_constructible<money, std::string, decimal, trncost::provenance>);
static_assert(!std::is_constructible_v<sourced<money>, std::string, decimal, trncost::provenance>);
static_assert(!sourced_constructible<money, sourced<hours>>);
// A sourced value of one unit converts to one of another only to refuse (tests/compile_fail/
// price_query_into_the_wrong_rate, taking_sourced_seconds_as_sourced_hours): ask
// sourced_constructible.
static_assert(std::is_convertible_v<sourced<per_instance_hour>, sourced<per_gibibyte_month>>);
static_assert(!sourced_constructible<per_gibibyte_month, sourced<per_instance_hour>>);
static_assert(!sourced_constructible<per_gibibyte_month, const sourced<per_instance_hour>&>);
static_assert(!sourced_constructible<hours, sourced<seconds>>);
static_assert(sourced_constructible<per_instance_hour, sourced<per_instance_hour>>);
static_assert(sourced_constructible<per_instance_hour, const sourced<per_instance_hour>&>);

static_assert(addable<sourced<money>, sourced<money>>);
static_assert(!addable<sourced<money>, sourced<hours>>);
static_assert(!addable<sourced<money>, money>);

static_assert(charge_callable<sourced<per_instance_hour>, sourced<instance_hours>>);
static_assert(!charge_callable<sourced<per_instance_hour>, sourced<chip_hours>>);
static_assert(!charge_callable<sourced<per_gibibyte_month>, sourced<gibibyte_hours>>);
static_assert(!charge_callable<double, sourced<instance_hours>>);
static_assert(charge_caught<sourced<per_instance_hour>, sourced<chip_hours>>);
static_assert(charge_caught<sourced<per_gibibyte_month>, sourced<gibibyte_hours>>);
static_assert(charge_caught<per_instance_hour, sourced<instance_hours>>);
static_assert(!charge_caught<sourced<per_instance_hour>, sourced<instance_hours>>);

// --- Compile time: trncost's system takes Boost.Units' "simple system" path (its base units,
// sorted by ordinal, have one base dimension each, in ordinal order too), so a derived unit's
// exponents are read off rather than found by inverting a matrix at compile time (units/system.hpp,
// byte_ordinal).
static_assert(boost::units::detail::is_simple_system<u::system::type>::value);
static_assert(u::byte_base_unit::value == u::byte_ordinal);

// --- Whose units trncost speaks for

// trncost's units: a trncost base dimension, trncost's system, or a scaled trncost byte.
static_assert(u::is_trncost_unit<u::usd_t>);
static_assert(u::is_trncost_unit<u::month_t>);
static_assert(u::is_trncost_unit<u::second_t>);
static_assert(u::is_trncost_unit<u::byte_t>);
static_assert(u::is_trncost_unit<u::gibibyte_t>);
static_assert(u::is_trncost_unit<u::gibibyte_hour_t>);
static_assert(u::is_trncost_unit<u::instance_hour_t>);
static_assert(u::is_trncost_unit<u::usd_per_thousand_requests_t>);
static_assert(u::is_trncost_unit<u::dimensionless_t>);
// Boost's own units are not, and trncost's hour is the very type of an SI second scaled by 3600.
namespace bu = boost::units;
using si_scaled_hour =
    bu::make_scaled_unit<bu::si::time, bu::scale<60, bu::static_rational<2>>>::type;
static_assert(std::is_same_v<si_scaled_hour, u::hour_t>);
static_assert(!u::is_trncost_unit<u::hour_t>);
static_assert(!u::is_trncost_unit<bu::si::length>);
static_assert(!u::is_trncost_unit<bu::si::time>);
static_assert(!u::is_trncost_unit<bu::metric::hour_base_unit::unit_type>);

// An assignment mistake between Boost's own units is left to Boost.Units: its trait keeps its plain
// bool value (trncost's specialisation answers with a type whose comparison says the sentence).
template <class From, class To>
inline constexpr bool boost_answers_assignment =
    std::is_same_v<std::remove_cv_t<decltype(bu::is_implicitly_convertible<From, To>::value)>,
                   bool>;
static_assert(boost_answers_assignment<bu::si::length, bu::si::time>);
static_assert(boost_answers_assignment<bu::si::time, si_scaled_hour>);
static_assert(boost_answers_assignment<bu::si::time, bu::metric::hour_base_unit::unit_type>);
static_assert(!boost_answers_assignment<u::usd_t, u::hour_t>);
static_assert(!boost_answers_assignment<u::second_t, u::hour_t>);
static_assert(!boost_answers_assignment<u::gigabyte_t, u::gibibyte_t>);
// And so are the operators: two SI quantities, or two scaled seconds, are not trncost's to refuse.
static_assert(!addition_caught<quantity<bu::si::length>, quantity<bu::si::time>>);
static_assert(!addition_caught<hours, quantity<u::minute_t>>);
static_assert(!addable<hours, quantity<u::minute_t>>);
static_assert(addition_caught<hours, seconds>);

}  // namespace

// Holes closed after the first review: characters and bool are not whole numbers, 128-bit
// integers could overflow unchecked, and price and usage cannot be swapped.
static_assert(!std::is_constructible_v<decimal, char>);
static_assert(!std::is_constructible_v<decimal, bool>);
static_assert(std::is_constructible_v<decimal, long long>);
static_assert(!multipliable<decimal, bool>);
static_assert(multipliable<decimal, int>);
static_assert(!makeable<u::hour_t, char>);
static_assert(makeable<u::hour_t, int>);
static_assert(!amount_callable<quantity<u::instance_hour_t>, quantity<u::usd_per_instance_hour_t>>);
static_assert(amount_callable<quantity<u::usd_per_instance_hour_t>, quantity<u::instance_hour_t>>);
static_assert(!charge_callable<sourced<quantity<u::instance_hour_t>>,
                               sourced<quantity<u::usd_per_instance_hour_t>>>);
static_assert(
    !amount_by_month_callable<quantity<u::gibibyte_hour_t>, quantity<u::usd_per_gibibyte_month_t>>);

TEST_CASE("what the static checks accept also computes exactly at run time") {
  using trncost::make;
  const auto rate = make(u::usd_per_instance_hour, "21.50");
  CHECK(trncost::amount(rate, make(u::instance_hour, 2)) == trncost::usd("43"));
  CHECK(make(u::hour, 2) + make(u::hour, "0.5") == make(u::hour, "2.5"));
  CHECK(hours(trncost::seconds(5400)) == make(u::hour, "1.5"));
  CHECK(trncost::amount(make(u::usd_per_gibibyte_month, "0.08"), make(u::gibibyte_hour, 730),
                        trncost::month_730h) == trncost::usd("0.08"));
}

}  // namespace trncost_tests::static_units_static_test
