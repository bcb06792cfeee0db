// Tests for trncost::decimal: exact parsing and printing, arithmetic, rounding modes, overflow.
#include <doctest/doctest.h>

#include <string>
#include <trncost/units/decimal.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::units_decimal_test {

using trncost::decimal;
using trncost::decimal_places;
using trncost::rounding;

namespace {
decimal d(const char* text) { return decimal::parse(text); }
}  // namespace

TEST_CASE("AWS price strings parse exactly and print back without loss") {
  CHECK(d("21.5000000000").to_string() == "21.5");
  CHECK(d("21.5000000000").to_fixed(decimal_places{10}) == "21.5000000000");
  CHECK(d("0.0000004000").to_string() == "0.0000004");
  // 4 * 10^-7 held as 4 * 10^11 units of 10^-18: no binary approximation.
  CHECK(d("0.0000004000").raw() == 400'000'000'000);
  CHECK(d("1.34375").to_string() == "1.34375");
  CHECK(d("-3").to_string() == "-3");
  CHECK(d("+7.25").to_string() == "7.25");
  CHECK(d("0").to_string() == "0");
  CHECK(d("-0.000").to_string() == "0");
  CHECK(d("123456789012345678.123456789012345678").to_string() ==
        "123456789012345678.123456789012345678");
  // A 19th fractional digit that is zero loses nothing, so it is accepted.
  CHECK(d("1.0000000000000000010").to_string() == "1.000000000000000001");
}

TEST_CASE("decimal text that is not a number is refused with the offset and the rule") {
  // Each row: text that is not a decimal number, and the refusal's message where the case pins it
  // (nullptr: only that it is a parse_error).
  struct refused {
    const char* text;
    const char* message;
  };
  const refused rows[] = {
      {"", "trncost: an empty string is not a decimal number"},
      {"abc", "trncost: \"abc\" is not a decimal number: expected a digit at offset 0"},
      {"1.", "trncost: \"1.\" is not a decimal number: expected a digit after '.' at offset 2"},
      {".5", nullptr},
      {"-", nullptr},
      {"1.2.3", "trncost: \"1.2.3\" is not a decimal number: unexpected character '.' at offset 3"},
      {"1e5", nullptr},
      {" 21.5", nullptr},
      {"21.5 ", nullptr},
      {"Inf", nullptr},
      {"1.0000000000000000001",
       "trncost: \"1.0000000000000000001\" is not a decimal number: more than 18 fractional digits "
       "(trncost would have to round) at offset 20"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.text);
    if (row.message != nullptr) {
      CHECK_THROWS_WITH_AS(d(row.text), row.message, trncost::parse_error);
    } else {
      CHECK_THROWS_AS(d(row.text), trncost::parse_error);
    }
  }
}

TEST_CASE("decimal covers at least +/-10^12 USD and detects overflow instead of wrapping") {
  CHECK(d("1000000000000").to_string() == "1000000000000");
  CHECK(d("-1000000000000.0000000001").to_string() == "-1000000000000.0000000001");
  CHECK(decimal::max().to_string() == "170141183460469231731.687303715884105727");
  CHECK_THROWS_AS(d("200000000000000000000"), trncost::overflow_error);
  CHECK_THROWS_AS(d("170141183460469231731.687303715884105728"), trncost::overflow_error);
  CHECK_THROWS_AS(decimal::max() + decimal::from_raw(1), trncost::overflow_error);
  CHECK_THROWS_AS(decimal::min() - decimal::from_raw(1), trncost::overflow_error);
  // 10^11 * 10^11 = 10^22, beyond the range: the product is checked, not wrapped.
  CHECK_THROWS_AS(d("100000000000") * d("100000000000"), trncost::overflow_error);
  CHECK_THROWS_AS(d("100000000000") * 10'000'000'000LL, trncost::overflow_error);
  CHECK_THROWS_AS(decimal::max() / d("0.5"), trncost::overflow_error);
  CHECK_THROWS_AS(d("1") / decimal{}, trncost::input_error);
}

TEST_CASE("the rounding step returns its result or the overflow mark and never a wrapped value") {
  using trncost::detail::int128;
  using trncost::detail::int128_max;
  using trncost::detail::mul_div_overflow;
  using trncost::detail::mul_div_value;
  // 7 x 5 / 2 = 17.5: half-even gives 18 (even), toward zero 17, floor of -17.5 is -18.
  CHECK(mul_div_value(7, 5, 1, 2, 1, trncost::rounding::half_even) == 18);
  CHECK(mul_div_value(7, 5, 1, 2, 1, trncost::rounding::toward_zero) == 17);
  CHECK(mul_div_value(-7, 5, 1, 2, 1, trncost::rounding::floor) == -18);
  // 10 x 3 x 4 / (5 x 3) = 8 exactly, through num and both denominators.
  CHECK(mul_div_value(10, 3, 4, 5, 3, trncost::rounding::half_even) == 8);
  // The largest and smallest decimals pass through unchanged; one more does not fit.
  CHECK(mul_div_value(int128_max, 1, 1, 1, 1, trncost::rounding::half_even) == int128_max);
  CHECK(mul_div_value(-int128_max, 1, 1, 1, 1, trncost::rounding::half_even) == -int128_max);
  CHECK(mul_div_value(int128_max, 2, 1, 1, 1, trncost::rounding::half_even) == mul_div_overflow);
  CHECK(mul_div_value(int128_max, -2, 1, 1, 1, trncost::rounding::half_even) == mul_div_overflow);
  // The mark is below every decimal, and mul_div() turns it into false and leaves `out` alone.
  CHECK(mul_div_overflow < -int128_max);
  int128 out = 42;
  CHECK_FALSE(trncost::detail::mul_div(int128_max, 2, 1, 1, 1, trncost::rounding::half_even, out));
  CHECK(out == 42);
  CHECK(trncost::detail::mul_div(7, 5, 1, 2, 1, trncost::rounding::half_even, out));
  CHECK(out == 18);
  // And in a constant expression.
  static_assert(mul_div_value(3, 3, 1, 2, 1, trncost::rounding::half_up) == 5);
}

TEST_CASE("decimal addition and subtraction are exact") {
  CHECK(d("0.1") + d("0.2") == d("0.3"));
  CHECK(d("21.5") - d("21.4999999999999999") == d("0.0000000000000001"));
  decimal total;
  for (int i = 0; i < 1000; ++i) total += d("0.0000004");
  CHECK(total == d("0.0004"));
  CHECK(-d("2.5") == d("-2.5"));
  CHECK(abs(d("-2.5")) == d("2.5"));
  CHECK(d("3") * 7 == d("21"));
  CHECK(7 * d("3") == d("21"));
  CHECK(decimal(-5).to_string() == "-5");
  CHECK(decimal(5U) == d("5"));
}

TEST_CASE("decimal multiplication and division round once, half-even, at the 18th digit") {
  // 21.5 * 2.5 = 53.75 exactly: no rounding happens when the product fits in 18 digits.
  CHECK(d("21.5") * d("2.5") == d("53.75"));
  // 5e-18 * 0.1 = 0.5e-18: a tie, rounded to the even neighbour 0.
  CHECK(decimal::from_raw(5) * d("0.1") == decimal{});
  // 15e-18 * 0.1 = 1.5e-18: a tie, rounded to the even neighbour 2e-18.
  CHECK(decimal::from_raw(15) * d("0.1") == decimal::from_raw(2));
  // 25e-18 * 0.1 = 2.5e-18: a tie, rounded to 2e-18 (even).
  CHECK(decimal::from_raw(25) * d("0.1") == decimal::from_raw(2));
  CHECK(decimal::from_raw(-15) * d("0.1") == decimal::from_raw(-2));
  CHECK(decimal::multiply(decimal::from_raw(15), d("0.1"), rounding::toward_zero) ==
        decimal::from_raw(1));
  // 1/3 and 2/3 at 18 digits: ...333 (down) and ...667 (up).
  CHECK((d("1") / d("3")).to_string() == "0.333333333333333333");
  CHECK((d("2") / d("3")).to_string() == "0.666666666666666667");
  CHECK((d("-2") / d("3")).to_string() == "-0.666666666666666667");
  CHECK((d("21.5") / 3600).to_string() == "0.005972222222222222");
  // A divisor wider than 64 bits takes the long-division path: 10^3 / 10^2 = 10.
  CHECK(d("1000") / d("100") == d("10"));
  CHECK(decimal::divide(d("1"), d("3"), rounding::ceiling).to_string() == "0.333333333333333334");
}

TEST_CASE("rounding to a named precision follows the requested mode") {
  struct row {
    const char* value;
    rounding mode;
    const char* expected;
  };
  // Hand table: 2.345 and -2.345 at two places sit exactly on a tie; 2.355 too (odd neighbour 5).
  const row rows[] = {
      {"2.345", rounding::half_even, "2.34"},      {"2.345", rounding::half_up, "2.35"},
      {"2.345", rounding::half_down, "2.34"},      {"2.345", rounding::toward_zero, "2.34"},
      {"2.345", rounding::away_from_zero, "2.35"}, {"2.345", rounding::floor, "2.34"},
      {"2.345", rounding::ceiling, "2.35"},        {"-2.345", rounding::half_even, "-2.34"},
      {"-2.345", rounding::half_up, "-2.35"},      {"-2.345", rounding::half_down, "-2.34"},
      {"-2.345", rounding::toward_zero, "-2.34"},  {"-2.345", rounding::away_from_zero, "-2.35"},
      {"-2.345", rounding::floor, "-2.35"},        {"-2.345", rounding::ceiling, "-2.34"},
      {"2.355", rounding::half_even, "2.36"},      {"2.3451", rounding::half_even, "2.35"},
      {"2.3449", rounding::half_up, "2.34"},       {"2.34", rounding::ceiling, "2.34"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.value);
    CAPTURE(static_cast<int>(r.mode));
    CHECK(round(d(r.value), trncost::cents, r.mode).to_string() == r.expected);
  }
  CHECK(round(d("64.488055555555555556"), trncost::cents) == d("64.49"));
  CHECK(d("0.5").round(decimal_places{0}) == d("0"));
  CHECK(d("1.5").round(decimal_places{0}) == d("2"));
  CHECK(d("64.4").to_fixed(trncost::cents) == "64.40");
  CHECK(d("64.485").to_fixed(trncost::cents, rounding::half_up) == "64.49");
  CHECK_THROWS_AS((void)d("1").round(decimal_places{19}), trncost::input_error);
  CHECK_THROWS_AS((void)d("1").round(decimal_places{-1}), trncost::input_error);
}

TEST_CASE("decimals compare by value and convert to double only on request") {
  CHECK(d("21.5") > d("21.4999999999"));
  CHECK(d("-1") < d("0"));
  CHECK(d("1.50") == d("1.5"));
  CHECK(d("21.5").to_double() == doctest::Approx(21.5));
  CHECK(d("-0.0000004").to_double() == doctest::Approx(-4e-7));
  CHECK(d("0").is_zero());
  CHECK(d("-1").is_negative());
  CHECK(d("-1").signum() == -1);
  CHECK(d("2").signum() == 1);
  CHECK(decimal{"3.25"} == d("3.25"));
}

}  // namespace trncost_tests::units_decimal_test
