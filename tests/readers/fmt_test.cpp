// Tests for readers/fmt.hpp: decimals, quantities, provenance and sourced values through fmt.
#include <doctest/doctest.h>

#include <trncost/readers/fmt.hpp>
#include <trncost/trncost.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_fmt_test {

using namespace trncost;

TEST_CASE("decimals print exactly by default and rounded when a precision is given") {
  const auto v = decimal("64.488055555555555556");
  CHECK(fmt::format("{}", v) == "64.488055555555555556");
  CHECK(fmt::format("{:.2f}", v) == "64.49");
  CHECK(fmt::format("{:.2}", decimal("2.345")) == "2.34");  // half-even
  CHECK(fmt::format("{:.10f}", decimal("21.5")) == "21.5000000000");
  CHECK(fmt::format("{:>8.2f}", v) == "   64.49");
  CHECK(fmt::format("{:<8.1f}|", v) == "64.5    |");
  CHECK(fmt::format("{:*^9.1f}", v) == "**64.5***");
  CHECK(fmt::format("{:8}|", decimal(7)) == "7       |");
  CHECK_THROWS_AS((void)fmt::format(fmt::runtime("{:.19f}"), v), fmt::format_error);
  CHECK_THROWS_AS((void)fmt::format(fmt::runtime("{:x}"), v), fmt::format_error);
  CHECK_THROWS_AS((void)fmt::format(fmt::runtime("{:.}"), v), fmt::format_error);
}

TEST_CASE("quantities print with their unit symbol and honour the spec") {
  CHECK(fmt::format("{}", make(units::usd_per_instance_hour, "21.5")) == "21.5 USD/instance-h");
  CHECK(fmt::format("{:.2f}", make(units::usd, "64.488055555555555556")) == "64.49 USD");
  CHECK(fmt::format("{:>12.2f}", make(units::usd, "64.488")) == "   64.49 USD");
  CHECK(fmt::format("{}", make(units::gibibyte, 500)) == "500 GiB");
  CHECK(fmt::format("{}", make(units::gigabyte, 500)) == "500 GB");
  CHECK(fmt::format("{}", make(units::usd_per_thousand_requests, "0.005")) ==
        "0.005 USD/1000 requests");
  // A unit without a trncost name prints through Boost with its scale: an hour-byte is 3600 s B.
  CHECK(fmt::format("{}", make(units::hour, 2) * make(units::byte, 1)) == "2 (3600 s B)");
  CHECK(fmt::format("{}", make(units::token, 2) / make(units::request, 1)) == "2 token request^-1");
}

TEST_CASE("provenance and sourced values print as one readable line") {
  const provenance p = third_party{"a price comparison site", parse_date("2026-10-02")};
  CHECK(fmt::format("{}", p) == "third-party: a price comparison site, seen 2026-10-02");
  CHECK(fmt::format("{:>12}", provenance{assumption{"x"}}) == "assumption: x");
  const sourced price("trn2_price", make(units::usd_per_instance_hour, "35.76"), p);
  CHECK(fmt::format("{}", price) ==
        "trn2_price = 35.76 USD/instance-h [third-party: a price comparison site, seen "
        "2026-10-02]");
  CHECK(fmt::format("{:.1f}", price) ==
        "trn2_price = 35.8 USD/instance-h [third-party: a price comparison site, seen "
        "2026-10-02]");
}

}  // namespace trncost_tests::io_fmt_test
