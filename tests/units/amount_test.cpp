// Tests for amount(): rate x usage -> USD with one rounding step, and the named month convention.
#include <doctest/doctest.h>

#include <trncost/units.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::units_amount_test {

using namespace trncost;

TEST_CASE("an instance line billed per second rounds once at the 18th digit") {
  // trn1.32xlarge at 21.50 USD/instance-h, 2 instances for 5,399 s:
  // 21.5 * 2 * 5399 / 3600 = 232157 / 3600 = 64.48805555... -> ...555556 (half-even, next digit
  // 5+).
  const auto price = make(units::usd_per_instance_hour, "21.5000000000");
  const auto usage = make(units::instance, 2) * seconds(5399);
  CHECK(amount(price, usage).value() == decimal("64.488055555555555556"));
  CHECK(amount(price, usage, rounding::floor).value() == decimal("64.488055555555555555"));
  // The same usage in instance-hours gives the same amount when it is exact: 1.5 h -> 64.5.
  CHECK(amount(price, make(units::instance_hour, "3")).value() == decimal("64.5"));
  // A chip-hour price against chip-hours: 16 chips * 10 h * 1.34375 = 215.
  CHECK(amount(make(units::usd_per_chip_hour, "1.34375"),
               make(units::chip, 16) * make(units::hour, 10))
            .value() == decimal("215"));
}

TEST_CASE("a per-month rate against hours needs the month convention named") {
  // EBS gp3 0.08 USD per GiB-month, 500 GiB kept for 100 h, 730-hour month:
  // 0.08 * 500 * 100 / 730 = 4000 / 730 = 5.479452054794520547|945... -> ...548.
  const auto gp3 = make(units::usd_per_gibibyte_month, "0.08");
  const auto kept = make(units::gibibyte, 500) * make(units::hour, 100);
  CHECK(amount(gp3, kept, month_730h).value() == decimal("5.479452054794520548"));
  // Whole months need no convention: 0.08 * 500 * 2 = 80.
  CHECK(amount(gp3, make(units::gibibyte, 500) * make(units::month, 2)).value() == decimal("80"));
  CHECK(month_730h.hours_per_month == 730);
  // 730 h at the convention is exactly one month: 0.08 * 500 = 40.
  CHECK(amount(gp3, make(units::gibibyte, 500) * make(units::hour, 730), month_730h).value() ==
        decimal("40"));
  const month_convention none{"broken", 0};
  CHECK_THROWS_AS(amount(gp3, kept, none), trncost::input_error);
}

TEST_CASE("request and token prices apply their scale exactly") {
  // S3 PUT 0.005 USD per 1,000 requests, 12,345 requests: 0.005 * 12345 / 1000 = 0.061725.
  CHECK(amount(make(units::usd_per_thousand_requests, "0.005"), make(units::request, 12345))
            .value() == decimal("0.061725"));
  // The same at 0.000005 USD per request: 0.000005 * 12345 = 0.061725.
  CHECK(amount(make(units::usd_per_request, "0.0000050000"), make(units::request, 12345)).value() ==
        decimal("0.061725"));
  // 0.60 USD per million tokens, 1,234,567 tokens: 0.6 * 1234567 / 10^6 = 0.7407402.
  CHECK(amount(make(units::usd_per_million_tokens, "0.60"), make(units::token, 1234567)).value() ==
        decimal("0.7407402"));
}

TEST_CASE("a per-GiB price against bytes divides by 2^30 in the same rounding step") {
  const auto egress = make(units::usd_per_gibibyte, "0.09");
  // 5 GiB = 5,368,709,120 B: 0.09 * 5 = 0.45 exactly.
  CHECK(amount(egress, make(units::byte, 5368709120LL)).value() == decimal("0.45"));
  // 10^9 B: 0.09 * 10^9 / 2^30 = 0.08381903171539306640625 -> 0.083819031715393066 (18 digits).
  CHECK(amount(egress, make(units::byte, 1000000000)).value() == decimal("0.083819031715393066"));
  // Priced in GB it is 0.09 exactly: GB and GiB are different units.
  CHECK(amount(make(units::usd_per_gigabyte, "0.09"), make(units::gigabyte, 1)).value() ==
        decimal("0.09"));
}

TEST_CASE("amounts are summed exactly and rounded to cents only on request") {
  const money compute =
      amount(make(units::usd_per_instance_hour, "21.5"), make(units::instance, 2) * seconds(5399));
  const money storage = amount(make(units::usd_per_gibibyte_month, "0.08"),
                               make(units::gibibyte, 500) * make(units::hour, 100), month_730h);
  const money total = compute + storage;
  // 64.488055555555555556 + 5.479452054794520548 = 69.967507610350076104.
  CHECK(total.value() == decimal("69.967507610350076104"));
  CHECK(round(total.value(), cents) == decimal("69.97"));
}

TEST_CASE("amounts past the decimal range throw instead of wrapping") {
  const auto huge = make(units::usd_per_instance_hour, "100000000000");
  CHECK_THROWS_AS(amount(huge, make(units::instance_hour, "100000000000")),
                  trncost::overflow_error);
  // 10^12 USD of capacity is within range: 10^9 USD/h * 1000 h.
  CHECK(amount(make(units::usd_per_instance_hour, "1000000000"), make(units::instance_hour, 1000))
            .value() == decimal("1000000000000"));
}

}  // namespace trncost_tests::units_amount_test
