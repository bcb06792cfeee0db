// The one vocabulary of operations and its exact apply(): every operation on hand-computed values,
// the arity and argument checks, and the names reports use.
#include "trncost/provenance/operation.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::provenance_operation_test {

using namespace trncost;

namespace {
decimal d(const char* s) { return decimal::parse(s); }
decimal run(const operation& o, std::vector<decimal> v) { return apply(o, v, "x"); }
}  // namespace

TEST_CASE("apply computes each operation of two operands as its definition says") {
  CHECK(run({.kind = op_kind::add}, {d("1.5"), d("2.25")}) == d("3.75"));
  CHECK(run({.kind = op_kind::sub}, {d("1.5"), d("2.25")}) == d("-0.75"));
  // 1 / 3 = 0.333333333333333333 (18 digits, the 19th is 3: rounded down).
  CHECK(run({.kind = op_kind::div}, {d("1"), d("3")}) == d("0.333333333333333333"));
  // 2 / 3 = 0.666...667: the 19th digit is 6, rounded up.
  CHECK(run({.kind = op_kind::div}, {d("2"), d("3")}) == d("0.666666666666666667"));
  // 0.000000001 * 0.0000000015 = 1.5e-18 exactly: half-even at the 18th digit gives 2e-18.
  CHECK(run({.kind = op_kind::mul}, {d("0.000000001"), d("0.0000000015")}) ==
        d("0.000000000000000002"));
  CHECK(run({.kind = op_kind::max}, {d("4"), d("7")}) == d("7"));
  CHECK(run({.kind = op_kind::min}, {d("4"), d("7")}) == d("4"));
  // A charge: 21.5 USD/instance-h * 100 instance-s / 3600 = 0.597222222222222222 (2150 / 3600,
  // the 19th digit 2 rounds down), one rounding of the whole product.
  CHECK(run({.kind = op_kind::charge, .num = 1, .den = 3600}, {d("21.5"), d("100")}) ==
        d("0.597222222222222222"));
}

TEST_CASE("apply computes each operation of one operand with its exact arguments") {
  CHECK(run({.kind = op_kind::scale, .factor = 2}, {d("1.25")}) == d("2.5"));
  // band [10, 40): 25 -> 15, 5 -> 0, 100 -> 30; open above 10: 100 -> 90.
  const operation band{.kind = op_kind::band, .lower = d("10"), .upper = d("40")};
  CHECK(run(band, {d("25")}) == d("15"));
  CHECK(run(band, {d("5")}) == d("0"));
  CHECK(run(band, {d("100")}) == d("30"));
  CHECK(run({.kind = op_kind::band, .lower = d("10")}, {d("100")}) == d("90"));
  // ceil_to 3600: 3601 s bills two hours, 7200 s exactly two.
  CHECK(run({.kind = op_kind::ceil_to, .step = d("3600")}, {d("3601")}) == d("7200"));
  CHECK(run({.kind = op_kind::ceil_to, .step = d("3600")}, {d("7200")}) == d("7200"));
  // convert: 30 s in hours = 30 / 3600 = 0.008333333333333333 (19th digit 3); 2 h in s = 7200.
  CHECK(run({.kind = op_kind::convert, .num = 1, .den = 3600}, {d("30")}) ==
        d("0.008333333333333333"));
  CHECK(run({.kind = op_kind::convert, .num = 3600, .den = 1}, {d("2")}) == d("7200"));
  // 6 / 7 = 0.857142857142857142|857...: the 19th digit 8 rounds the 18th up.
  CHECK(run({.kind = op_kind::convert, .num = 1, .den = 7}, {d("6")}) == d("0.857142857142857143"));
}

TEST_CASE("apply takes the median of any number of operands") {
  CHECK(run({.kind = op_kind::median}, {d("58000"), d("61000"), d("60000")}) == d("60000"));
  // Of an even count, the mean of the middle two: (1 + 2) / 2 = 1.5.
  CHECK(run({.kind = op_kind::median}, {d("2"), d("9"), d("1"), d("0")}) == d("1.5"));
  CHECK(run({.kind = op_kind::median}, {d("3")}) == d("3"));
}

TEST_CASE("apply refuses a wrong operand count - an opaque derivation and bad arguments") {
  CHECK_THROWS_WITH_AS(run({.kind = op_kind::add}, {d("1")}),
                       "trncost: derivation 'x': add takes 2 operand(s), not 1", input_error);
  CHECK_THROWS_WITH_AS(run({.kind = op_kind::convert}, {d("1"), d("2")}),
                       "trncost: derivation 'x': convert takes 1 operand(s), not 2", input_error);
  CHECK_THROWS_WITH_AS(run({.kind = op_kind::median}, {}),
                       "trncost: derivation 'x': median takes at least 1 operand(s), not 0",
                       input_error);
  CHECK_THROWS_AS(run({.kind = op_kind::opaque}, {d("1")}), input_error);
  CHECK_THROWS_WITH_AS(run({.kind = op_kind::div}, {d("1"), d("0")}),
                       "trncost: division by zero in 'x'", input_error);
  CHECK_THROWS_AS(run({.kind = op_kind::ceil_to, .step = d("0")}, {d("1")}), input_error);
  CHECK_THROWS_AS(run({.kind = op_kind::convert, .num = 1, .den = 0}, {d("1")}), input_error);
  CHECK_THROWS_AS(run({.kind = op_kind::convert, .num = 1'000'000'000, .den = 1}, {decimal::max()}),
                  overflow_error);
}

TEST_CASE("every operation of a report has a name arity and description") {
  for (const auto k : all_ops) {
    CAPTURE(to_string(k));
    CHECK(to_string(k) != "unknown");
    CHECK(to_string(k) != "opaque");
  }
  CHECK(arity(op_kind::charge) == 2);
  CHECK(arity(op_kind::band) == 1);
  CHECK(arity(op_kind::median) == 0);
  CHECK(describe(operation{.kind = op_kind::convert, .num = 1, .den = 3600}) == "convert 1/3600");
  CHECK(describe(operation{.kind = op_kind::band, .lower = d("0"), .upper = d("4000")}) ==
        "band [0, 4000)");
  CHECK(describe(operation{.kind = op_kind::band, .lower = d("5")}) == "band [5, inf)");
  CHECK(describe(operation{.kind = op_kind::scale, .factor = -2}) == "scale -2");
  CHECK(describe(operation{.kind = op_kind::ceil_to, .step = d("60")}) == "ceil_to 60");
  CHECK(describe(operation{.kind = op_kind::add}) == "add");
}

}  // namespace trncost_tests::provenance_operation_test
