// trncost::decimal: exact fixed-point money and quantity values (18 fractional digits, 128-bit),
// and the Boost.Units hook that keeps unit conversions of decimal quantities exact.
#ifndef TRNCOST_UNITS_DECIMAL_HPP
#define TRNCOST_UNITS_DECIMAL_HPP

#include <boost/units/conversion.hpp>
#include <boost/units/quantity.hpp>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "../config.hpp"
#include "../detail/wide_int.hpp"
#include "../error.hpp"

namespace trncost {

/// A whole number that can become a decimal exactly: an integer type of at most 64 bits, not bool
/// and not a character type ('3' is 51, not 3).
template <class I>
concept whole_number = std::integral<I> && !std::same_as<I, bool> && !std::same_as<I, char> &&
                       !std::same_as<I, wchar_t> && !std::same_as<I, char8_t> &&
                       !std::same_as<I, char16_t> && !std::same_as<I, char32_t> && sizeof(I) <= 8;

/// A named number of fractional digits to round to, so a call site says what it rounds to:
/// `round(x, decimal_places{2})`.
struct decimal_places {
  int value;
  constexpr explicit decimal_places(int v) : value(v) {}
};

/// Cents: two fractional digits, the precision of a USD bill line.
inline constexpr decimal_places cents{2};

class decimal;

namespace detail {
/// Throws trncost::overflow_error for `a op b`. Kept out of line and cold so the arithmetic that
/// calls it stays small enough to inline (the message costs nothing until it is needed).
/// (A template so that a header can define it without `inline`, which g++ refuses with noinline.)
/// The operands come by value: taking their address would keep a running total in memory.
template <class D>
[[noreturn, gnu::cold, gnu::noinline]] void throw_overflow(D a, const char* op, D b);

/// `text` quoted for an error message: bytes outside printable ASCII as \xHH (a message stays
/// one line of valid text), and only the first 40 bytes of a long text, with its length.
TRNCOST_DECL std::string quoted_for_message(std::string_view text);
}  // namespace detail

/// An exact signed decimal: value = raw / 10^18.
///
/// - Range: about +/-1.7 * 10^20 (above +/-10^12 USD with room for sums of many lines).
/// - Parsing a price string is exact ("0.0000004000" is 4 * 10^-7, not a binary approximation).
/// - Addition, subtraction, negation, multiplication by an integer and comparison are exact; any
///   result out of range throws trncost::overflow_error (never wraps).
/// - Multiplying or dividing two decimals rounds once, half-even, at the 18th fractional digit;
///   products of AWS prices (10 digits) and quantities with up to 8 fractional digits are exact.
/// - Nothing else rounds unless asked: `round(decimal_places, rounding)`.
/// - There is no conversion from or to floating point except the explicit `to_double()` (for
///   analysis that samples, never for amounts).
class decimal {
 public:
  using rep = detail::int128;
  static constexpr int fractional_digits = 18;
  static constexpr std::uint64_t scale = 1'000'000'000'000'000'000ULL;

  constexpr decimal() noexcept = default;

  /// Exact conversion from any integer type (every 64-bit integer fits).
  template <whole_number I>
  constexpr explicit decimal(I units) noexcept
      : raw_(static_cast<rep>(units) * static_cast<rep>(scale)) {}

  /// Parses a decimal string exactly; see parse().
  explicit decimal(std::string_view text) : decimal(parse(text)) {}

  /// Floating point never becomes a decimal (0.1 has no exact binary value): this constructor
  /// exists only to stop the compile with that sentence, for `decimal(0.5)`, `decimal d = 0.1` and
  /// a double-valued quantity made into money. (So std::is_constructible_v<decimal, double> is
  /// true: ask trncost::decimal_source<double> instead.)
  template <class F>
  requires std::floating_point<F> decimal(
      F) {  // NOLINT(google-explicit-constructor): `decimal d = 0.1` must reach the sentence
    static_assert(sizeof(F) == 0,
                  "trncost: a decimal is never made from a double or a float (0.1 has no exact "
                  "binary value): write the number as text, decimal::parse(\"0.1\"), or as a "
                  "whole number, decimal(3); see docs/troubleshooting.md#doubles-and-money");
  }

  /// A decimal never becomes an int or a double silently (1.99 would truncate to 1): this
  /// conversion exists only to stop the compile with that sentence, for `int n = price` and money
  /// made into an int-valued quantity. (So std::is_convertible_v<decimal, int> is true: ask
  /// trncost::decimal_target<int> instead.)
  template <class T>
  requires std::is_arithmetic_v<T>
  operator T()
      const {  // NOLINT(google-explicit-constructor): `int n = price` must reach the sentence
    static_assert(
        sizeof(T) == 0,
        "trncost: a decimal never converts to an int or a double by itself (1.99 would "
        "truncate to 1 or round in binary): name the rounding, round(x, "
        "decimal_places{0}, rounding::toward_zero), or ask for x.to_double() in analysis; "
        "see docs/troubleshooting.md#decimal-to-number");
    return T{};
  }

  static constexpr decimal from_raw(rep raw) noexcept {
    decimal d;
    d.raw_ = raw;
    return d;
  }
  [[nodiscard]] constexpr rep raw() const noexcept { return raw_; }

  static constexpr decimal max() noexcept { return from_raw(detail::int128_max); }
  static constexpr decimal min() noexcept { return from_raw(-detail::int128_max); }

  /// Parses `[+-]digits[.digits]` exactly ("21.5000000000", "-3", "0.0000004000"). Fractional
  /// digits beyond the 18th are accepted only when they are zeros. Throws trncost::parse_error
  /// naming the text, the offset and the rule; trncost::overflow_error when out of range.
  static decimal parse(std::string_view text);

  /// The shortest exact text: "21.5", "0.0000004", "-3", "0".
  [[nodiscard]] std::string to_string() const;

  /// Exactly `places` fractional digits ("21.5000000000" for 10), rounding under `mode` only when
  /// the value has more digits than that.
  [[nodiscard]] std::string to_fixed(decimal_places places,
                                     rounding mode = rounding::half_even) const {
    return round(places, mode).to_fixed_unchecked(places.value);
  }

  /// This value rounded to `places` fractional digits (0 to 18) under `mode`.
  [[nodiscard]] constexpr decimal round(decimal_places places,
                                        rounding mode = rounding::half_even) const {
    if (places.value < 0 || places.value > fractional_digits) {
      throw input_error("cannot round to " + std::to_string(places.value) +
                        " fractional digits: decimal keeps 0 to 18");
    }
    std::uint64_t step = 1;
    for (int k = places.value; k < fractional_digits; ++k) step *= 10;
    rep out = 0;
    // round(raw / step) * step: reuse the single rounding step with num = 1.
    if (!detail::mul_div(raw_, 1, 1, step, 1, mode, out) ||
        !checked_mul(out, static_cast<rep>(step), out)) {
      throw overflow_error("rounding " + to_string() + " overflows the decimal range");
    }
    return from_raw(out);
  }

  /// For analysis that samples (Monte Carlo, charts); never for amounts.
  [[nodiscard]] constexpr double to_double() const noexcept {
    const auto mag = detail::magnitude(raw_);
    const double v = static_cast<double>(static_cast<std::uint64_t>(mag / scale)) +
                     static_cast<double>(static_cast<std::uint64_t>(mag % scale)) / 1e18;
    return raw_ < 0 ? -v : v;
  }

  [[nodiscard]] constexpr bool is_zero() const noexcept { return raw_ == 0; }
  [[nodiscard]] constexpr bool is_negative() const noexcept { return raw_ < 0; }
  [[nodiscard]] constexpr int signum() const noexcept { return raw_ < 0 ? -1 : (raw_ > 0 ? 1 : 0); }

  friend constexpr auto operator<=>(const decimal&, const decimal&) noexcept = default;
  friend constexpr bool operator==(const decimal&, const decimal&) noexcept = default;

  constexpr decimal operator-() const {
    if (raw_ == -detail::int128_max - 1) throw overflow_error("negating the decimal minimum");
    return from_raw(-raw_);
  }
  constexpr decimal operator+() const noexcept { return *this; }

  friend constexpr decimal operator+(decimal a, decimal b) {
    rep out = 0;
    if (__builtin_add_overflow(a.raw_, b.raw_, &out) || out > detail::int128_max ||
        out < -detail::int128_max) {
      detail::throw_overflow(a, "+", b);
    }
    return from_raw(out);
  }
  friend constexpr decimal operator-(decimal a, decimal b) {
    rep out = 0;
    if (__builtin_sub_overflow(a.raw_, b.raw_, &out) || out < -detail::int128_max) {
      detail::throw_overflow(a, "-", b);
    }
    return from_raw(out);
  }
  /// Rounds once, half-even, at the 18th fractional digit.
  friend constexpr decimal operator*(decimal a, decimal b) { return multiply(a, b); }
  /// Rounds once, half-even, at the 18th fractional digit; throws on division by zero.
  friend constexpr decimal operator/(decimal a, decimal b) { return divide(a, b); }

  /// Exact multiplication by an integer (overflow throws).
  template <whole_number I>
  friend constexpr decimal operator*(decimal a, I n) {
    rep out = 0;
    if (!checked_mul(a.raw_, static_cast<rep>(n), out)) detail::throw_overflow(a, "*", decimal(n));
    return from_raw(out);
  }
  template <whole_number I>
  friend constexpr decimal operator*(I n, decimal a) {
    return a * n;
  }
  /// Division by an integer, rounding once, half-even, at the 18th fractional digit.
  template <whole_number I>
  friend constexpr decimal operator/(decimal a, I n) {
    return divide(a, decimal(n));
  }

  constexpr decimal& operator+=(decimal b) { return *this = *this + b; }
  constexpr decimal& operator-=(decimal b) { return *this = *this - b; }
  constexpr decimal& operator*=(decimal b) { return *this = *this * b; }
  constexpr decimal& operator/=(decimal b) { return *this = *this / b; }

  /// a * b, rounded once under `mode` at the 18th fractional digit.
  static constexpr decimal multiply(decimal a, decimal b, rounding mode = rounding::half_even) {
    rep out = 0;
    if (!detail::mul_div(a.raw_, b.raw_, 1, scale, 1, mode, out)) detail::throw_overflow(a, "*", b);
    return from_raw(out);
  }
  /// a / b, rounded once under `mode` at the 18th fractional digit.
  static constexpr decimal divide(decimal a, decimal b, rounding mode = rounding::half_even) {
    if (b.raw_ == 0) throw input_error("division of " + a.to_string() + " by zero");
    rep out = 0;
    if (!detail::scaled_div(a.raw_, scale, b.raw_, mode, out)) detail::throw_overflow(a, "/", b);
    return from_raw(out);
  }

 private:
  static constexpr bool checked_mul(rep a, rep b, rep& out) noexcept {
    return !__builtin_mul_overflow(a, b, &out) && out <= detail::int128_max &&
           out >= -detail::int128_max;
  }

  [[nodiscard]] std::string to_fixed_unchecked(int places) const;

  rep raw_ = 0;
};

namespace detail {
/// The message and the throw of throw_overflow(), compiled once (src.hpp) when built separately.
[[noreturn]] TRNCOST_DECL void throw_decimal_overflow(decimal a, const char* op, decimal b);
}  // namespace detail

namespace detail {
/// The one formula of a priced amount (op_kind::charge, a line of the model and of the report, a
/// typed amount()): price * quantity * num / den, one multiplication and one division of the exact
/// raw values, rounded once at the 18th digit (half-even unless told). False when den is 0 or the
/// result leaves the decimal range; `out` is then unchanged.
[[nodiscard, gnu::always_inline]] constexpr bool charged(decimal price, decimal quantity,
                                                         std::uint64_t num, std::uint64_t den,
                                                         decimal& out,
                                                         rounding mode = rounding::half_even) {
  decimal::rep raw = 0;
  if (den == 0 || !mul_div(price.raw(), quantity.raw(), num, decimal::scale, den, mode, raw)) {
    return false;
  }
  out = decimal::from_raw(raw);
  return true;
}
}  // namespace detail

template <class D>
[[noreturn, gnu::cold, gnu::noinline]] void detail::throw_overflow(D a, const char* op, D b) {
  throw_decimal_overflow(a, op, b);
}

/// What a decimal is made from for real: whole numbers (explicitly, `decimal(3)`) and decimal text
/// (`decimal("0.85")`). A double or a float is refused with trncost's sentence by a constructor
/// that exists only for that, so std::is_constructible_v<decimal, double> is true; static checks
/// ask this.
template <class T>
concept decimal_source =
    std::constructible_from<decimal, T> && !std::floating_point<std::remove_cvref_t<T>>;

/// What a decimal converts to implicitly: nothing but a decimal. An int, a double or a bool is
/// refused with trncost's sentence by a conversion that exists only for that, so
/// std::is_convertible_v<decimal, int> is true; static checks ask this.
template <class T>
concept decimal_target =
    std::convertible_to<decimal, T> && !std::is_arithmetic_v<std::remove_cvref_t<T>>;

/// `round(x, cents)`: x rounded to `places` under `mode` (half-even unless said otherwise).
constexpr decimal round(decimal x, decimal_places places, rounding mode = rounding::half_even) {
  return x.round(places, mode);
}

constexpr decimal abs(decimal x) { return x.is_negative() ? -x : x; }

namespace detail {

/// A unit conversion factor that decimal arithmetic can apply exactly: multiply by num, divide by
/// den (one of the two is 1).
struct exact_factor {
  std::uint64_t num = 0;
  std::uint64_t den = 0;
  [[nodiscard]] constexpr bool ok() const noexcept { return num != 0; }
};

/// `x` is a positive conversion factor (std::lround is not constexpr in C++20).
constexpr double nearest_whole(double x) noexcept {
  return static_cast<double>(
      static_cast<std::uint64_t>(x + 0.5));  // NOLINT(bugprone-incorrect-roundings)
}

/// Boost.Units computes conversion factors as doubles at compile time; those that are a whole
/// number n (hour to second: 3600) or its reciprocal (second to hour: 1/3600, byte to GiB: 1/2^30)
/// are recovered exactly. Anything else (GB to GiB: 0.9313...) is not an exact conversion.
constexpr exact_factor classify_factor(double f) noexcept {
  if (!(f > 0.0) || f > 1.8e19 || f < 1.0 / 1.8e19) return {};
  if (f >= 1.0) {
    const double n = nearest_whole(f);
    if (n - f <= f * 1e-12 && f - n <= f * 1e-12) return {static_cast<std::uint64_t>(n), 1};
    return {};
  }
  const double r = 1.0 / f;
  const double n = nearest_whole(r);
  if (n - r <= r * 1e-12 && r - n <= r * 1e-12) return {1, static_cast<std::uint64_t>(n)};
  return {};
}

/// The exact factor from unit `From` to unit `To`. Boost.Units gives it as a double: exact for a
/// whole number (every product of the scales trncost uses, powers of ten to 10^22 included) but
/// not for a reciprocal (10^-18, which 1 / x reads back as 999,999,999,999,999,872), so a factor
/// below 1 is read from the other direction, whole.
template <class From, class To>
constexpr exact_factor exact_factor_of() noexcept {
  const double f = boost::units::conversion_factor(From{}, To{});
  if (f >= 1.0) return classify_factor(f);
  const exact_factor back = classify_factor(boost::units::conversion_factor(To{}, From{}));
  return back.ok() && back.den == 1 ? exact_factor{1, back.num} : exact_factor{};
}

/// Applies an exact factor; a division that leaves a remainder throws rather than round.
TRNCOST_DECL decimal apply_exact(decimal v, exact_factor f, const char* what);

template <class>
inline constexpr bool always_false = false;

}  // namespace detail
}  // namespace trncost

namespace boost::units {

/// Unit conversions of decimal quantities are exact: a whole-number factor multiplies exactly, a
/// reciprocal one divides exactly or throws trncost::inexact_error, and any other factor (GB to
/// GiB, kB to KiB) does not compile. This specialisation lives in the decimal's own header so that
/// every translation unit converts the same way.
template <class Unit1, class Unit2>
requires std::is_same_v<typename Unit1::dimension_type, typename Unit2::dimension_type>
struct conversion_helper<quantity<Unit1, trncost::decimal>, quantity<Unit2, trncost::decimal>> {
  static constexpr trncost::detail::exact_factor factor =
      trncost::detail::exact_factor_of<Unit1, Unit2>();
  static_assert(factor.ok(),
                "trncost: no exact conversion between these units (decimal and binary byte "
                "multiples such as GB and GiB never convert implicitly); see "
                "docs/troubleshooting.md#no-exact-conversion");

  static quantity<Unit2, trncost::decimal> convert(
      const quantity<Unit1, trncost::decimal>& source) {
    if constexpr (factor.ok()) {
      return quantity<Unit2, trncost::decimal>::from_value(
          trncost::detail::apply_exact(source.value(), factor, "unit conversion"));
    } else {
      return quantity<Unit2, trncost::decimal>::from_value(trncost::decimal{});
    }
  }
};

}  // namespace boost::units

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/decimal.ipp"
#endif

#endif  // TRNCOST_UNITS_DECIMAL_HPP
