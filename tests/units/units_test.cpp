// Tests for the named units: exact conversions, conversions that would round, symbols.
#include <doctest/doctest.h>

#include <trncost/units.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::units_test {

using namespace trncost;

TEST_CASE("exact time conversions just work") {
  CHECK(convert<units::second_t>(make(units::hour, "1.5")).value() == decimal(5400));
  CHECK(convert<units::hour_t>(make(units::day, 2)).value() == decimal(48));
  CHECK(convert<units::second_t>(make(units::minute, 3)).value() == decimal(180));
  CHECK(convert<units::hour_t>(seconds(7200)).value() == decimal(2));
  CHECK(convert<units::hour_t>(seconds(900)).value() == decimal("0.25"));
  // Latencies: a millisecond is an exact thousandth of a second, both ways.
  CHECK(convert<units::second_t>(make(units::millisecond, "1253.5")).value() == decimal("1.2535"));
  CHECK(convert<units::millisecond_t>(make(units::second, "0.042")).value() == decimal(42));
  CHECK(units::symbol<units::millisecond_t>() == "ms");
  // The Boost.Units explicit constructor takes the same exact path.
  const quantity<units::second_t> s(make(units::hour, 2));
  CHECK(s.value() == decimal(7200));
}

TEST_CASE("exact data conversions keep decimal and binary multiples apart") {
  CHECK(convert<units::byte_t>(make(units::gibibyte, 1)).value() == decimal(1073741824));
  CHECK(convert<units::gibibyte_t>(make(units::tebibyte, 2)).value() == decimal(2048));
  CHECK(convert<units::byte_t>(make(units::gigabyte, 1)).value() == decimal(1000000000));
  CHECK(convert<units::gigabyte_t>(make(units::terabyte, "1.5")).value() == decimal(1500));
  CHECK(convert<units::kilobyte_t>(make(units::megabyte, 3)).value() == decimal(3000));
  CHECK(convert<units::kibibyte_t>(make(units::mebibyte, 3)).value() == decimal(3072));
  // 2^31 bytes are exactly 2 GiB.
  CHECK(convert<units::gibibyte_t>(make(units::byte, 2147483648LL)).value() == decimal(2));
  // 1 GB is 0.931322574615478515625 GiB: 21 fractional digits, beyond the decimal's 18.
  CHECK_THROWS_AS(convert<units::gibibyte_t>(make(units::byte, 1000000000)),
                  trncost::inexact_error);
}

TEST_CASE("a conversion that would round throws unless rounding is asked for") {
  // 5399 s / 3600 = 1.49972222...: Boost.Units would truncate an integer quantity to 1 h.
  CHECK_THROWS_WITH_AS(
      convert<units::hour_t>(seconds(5399)),
      "trncost: unit conversion: converting 5399 divides by 3600 and would round; use "
      "trncost::amount() for a priced line or trncost::convert(q, rounding) to round on purpose",
      trncost::inexact_error);
  // Rounded on purpose: 1.499722222222222222|2 -> ...222 (half-even), ...223 (ceiling).
  CHECK(convert<units::hour_t>(seconds(5399), rounding::half_even).value() ==
        decimal("1.499722222222222222"));
  CHECK(convert<units::hour_t>(seconds(5399), rounding::ceiling).value() ==
        decimal("1.499722222222222223"));
}

TEST_CASE("per-request and per-1000-request prices convert only exactly") {
  // S3 PUT: 0.005 USD per 1,000 requests is 0.000005 USD per request.
  const auto per_thousand = make(units::usd_per_thousand_requests, "0.005");
  CHECK(convert<units::usd_per_request_t>(per_thousand).value() == decimal("0.000005"));
  CHECK(convert<units::usd_per_thousand_requests_t>(make(units::usd_per_request, "0.0000004"))
            .value() == decimal("0.0004"));
  // 0.60 USD per million tokens is 6 * 10^-7 USD per token.
  using usd_per_token_t = units::per<units::usd_t, units::token_t>;
  CHECK(convert<usd_per_token_t>(make(units::usd_per_million_tokens, "0.60")).value() ==
        decimal("0.0000006"));
  // A Bedrock row's 0.00015 USD per 1K tokens is 0.15 USD per 1M tokens (x 1000, exactly).
  CHECK(convert<units::usd_per_million_tokens_t>(make(units::usd_per_thousand_tokens, "0.00015"))
            .value() == decimal("0.15"));
}

TEST_CASE("derived units are products and quotients of the named ones") {
  const auto usage = make(units::instance, 2) * make(units::hour, 3);
  CHECK(quantity<units::instance_hour_t>(usage).value() == decimal(6));
  const auto chips = make(units::chip, 16) * make(units::hour, 1);
  CHECK(quantity<units::chip_hour_t>(chips).value() == decimal(16));
  const auto kept = make(units::gibibyte, 500) * make(units::month, 1);
  CHECK(quantity<units::gibibyte_month_t>(kept).value() == decimal(500));
  const auto throughput = make(units::token, 7200) / seconds(3600);
  CHECK(quantity<units::tokens_per_second_t>(throughput).value() == decimal(2));
  const auto rate = make(units::usd, "21.5") / make(units::instance_hour, 1);
  CHECK(quantity<units::usd_per_instance_hour_t>(rate).value() == decimal("21.5"));
  CHECK(usd("21.50") == make(units::usd, "21.5"));
  CHECK(make<units::hour_t>("2.5").value() == decimal("2.5"));
}

TEST_CASE("the refusal sentences are there at run time for a host that checks units itself") {
  using trncost::detail::classify_unit_mix;
  using trncost::detail::unit_assignment_sentence;
  using trncost::detail::unit_mix;
  using trncost::detail::unit_mix_sentence;
  // The same text the static_asserts print (tests/compile_fail checks those), chosen by kind.
  CHECK(unit_assignment_sentence(classify_unit_mix<units::hour_t, units::usd_t>())
            .starts_with(
                "trncost: cannot assign or convert a usage (hours, instance-hours) to money"));
  CHECK(unit_assignment_sentence(classify_unit_mix<units::hour_t, units::second_t>())
            .starts_with("trncost: no implicit conversion between two units of one dimension"));
  CHECK(unit_mix_sentence(classify_unit_mix<units::gigabyte_t, units::gibibyte_t>())
            .starts_with("trncost: cannot add, subtract or compare gigabytes (GB, 10^9 bytes)"));
  CHECK(unit_mix_sentence(unit_mix::instance_and_chip_hours)
            .starts_with("trncost: cannot add, subtract or compare instance-hours and chip-hours"));
  for (const auto kind : {unit_mix::money_and_usage, unit_mix::money_and_price,
                          unit_mix::gigabytes_and_gibibytes, unit_mix::decimal_and_binary_bytes,
                          unit_mix::months_and_hours, unit_mix::instance_and_chip_hours,
                          unit_mix::one_dimension, unit_mix::different_dimensions}) {
    for (const auto sentence : {unit_mix_sentence(kind), unit_assignment_sentence(kind)}) {
      CHECK(sentence.starts_with("trncost: "));
      CHECK(sentence.find("see docs/troubleshooting.md#") != std::string_view::npos);
    }
    CHECK(unit_mix_sentence(kind) != unit_assignment_sentence(kind));
  }
  CHECK(trncost::detail::make_from_floating_sentence.starts_with(
      "trncost: make() takes exact decimal text or a whole number, never a double or a float"));
}

TEST_CASE("every named unit has its symbol") {
  CHECK(units::symbol_v<units::second_t> == "s");
  CHECK(units::symbol_v<units::minute_t> == "min");
  CHECK(units::symbol_v<units::hour_t> == "h");
  CHECK(units::symbol_v<units::day_t> == "d");
  CHECK(units::symbol_v<units::month_t> == "mo");
  CHECK(units::symbol_v<units::byte_t> == "B");
  CHECK(units::symbol_v<units::kilobyte_t> == "kB");
  CHECK(units::symbol_v<units::megabyte_t> == "MB");
  CHECK(units::symbol_v<units::gigabyte_t> == "GB");
  CHECK(units::symbol_v<units::terabyte_t> == "TB");
  CHECK(units::symbol_v<units::kibibyte_t> == "KiB");
  CHECK(units::symbol_v<units::mebibyte_t> == "MiB");
  CHECK(units::symbol_v<units::gibibyte_t> == "GiB");
  CHECK(units::symbol_v<units::tebibyte_t> == "TiB");
  CHECK(units::symbol_v<units::token_t> == "token");
  CHECK(units::symbol_v<units::thousand_tokens_t> == "1K tokens");
  CHECK(units::symbol_v<units::million_tokens_t> == "1M tokens");
  CHECK(units::symbol_v<units::billion_tokens_t> == "1B tokens");
  CHECK(units::symbol_v<units::instance_t> == "instance");
  CHECK(units::symbol_v<units::chip_t> == "chip");
  CHECK(units::symbol_v<units::neuron_core_t> == "NeuronCore");
  CHECK(units::symbol_v<units::request_t> == "request");
  CHECK(units::symbol_v<units::thousand_requests_t> == "1000 requests");
  CHECK(units::symbol_v<units::step_t> == "step");
  CHECK(units::symbol_v<units::sample_t> == "sample");
  CHECK(units::symbol_v<units::flop_t> == "FLOP");
  CHECK(units::symbol_v<units::exaflop_t> == "EFLOP");
  CHECK(units::symbol_v<units::usd_t> == "USD");
  CHECK(units::symbol_v<units::dimensionless_t>.empty());
  CHECK(units::symbol_v<units::instance_hour_t> == "instance-h");
  CHECK(units::symbol_v<units::instance_second_t> == "instance-s");
  CHECK(units::symbol_v<units::chip_hour_t> == "chip-h");
  CHECK(units::symbol_v<units::neuron_core_hour_t> == "NeuronCore-h");
  CHECK(units::symbol_v<units::gibibyte_month_t> == "GiB-mo");
  CHECK(units::symbol_v<units::gigabyte_month_t> == "GB-mo");
  CHECK(units::symbol_v<units::gibibyte_hour_t> == "GiB-h");
  CHECK(units::symbol_v<units::tokens_per_second_t> == "token/s");
  CHECK(units::symbol_v<units::samples_per_second_t> == "sample/s");
  CHECK(units::symbol_v<units::steps_per_second_t> == "step/s");
  CHECK(units::symbol_v<units::flops_per_second_t> == "FLOP/s");
  CHECK(units::symbol_v<units::exaflops_per_second_t> == "EFLOP/s");
  CHECK(units::symbol_v<units::exaflops_per_second_per_instance_t> == "EFLOP/s/instance");
  CHECK(units::symbol_v<units::flops_per_token_t> == "FLOP/token");
  CHECK(units::symbol_v<units::exaflops_per_token_t> == "EFLOP/token");
  CHECK(units::symbol_v<units::requests_per_second_t> == "request/s");
  CHECK(units::symbol_v<units::tokens_per_second_per_instance_t> == "token/s/instance");
  CHECK(units::symbol_v<units::requests_per_second_per_instance_t> == "request/s/instance");
  CHECK(units::symbol_v<units::instances_per_job_t> == "instance/job");
  CHECK(units::symbol_v<units::usd_per_hour_t> == "USD/h");
  CHECK(units::symbol_v<units::usd_per_instance_hour_t> == "USD/instance-h");
  CHECK(units::symbol_v<units::usd_per_chip_hour_t> == "USD/chip-h");
  CHECK(units::symbol_v<units::usd_per_neuron_core_hour_t> == "USD/NeuronCore-h");
  CHECK(units::symbol_v<units::usd_per_gibibyte_month_t> == "USD/GiB-mo");
  CHECK(units::symbol_v<units::usd_per_gigabyte_month_t> == "USD/GB-mo");
  CHECK(units::symbol_v<units::usd_per_gibibyte_t> == "USD/GiB");
  CHECK(units::symbol_v<units::usd_per_gigabyte_t> == "USD/GB");
  CHECK(units::symbol_v<units::usd_per_request_t> == "USD/request");
  CHECK(units::symbol_v<units::usd_per_thousand_requests_t> == "USD/1000 requests");
  CHECK(units::symbol_v<units::usd_per_thousand_tokens_t> == "USD/1K tokens");
  CHECK(units::symbol_v<units::usd_per_million_tokens_t> == "USD/1M tokens");
  CHECK(units::symbol_v<units::usd_per_billion_tokens_t> == "USD/1B tokens");
  // 0.025 USD per million tokens is 25 per billion, exactly.
  CHECK(convert<units::usd_per_billion_tokens_t>(make(units::usd_per_million_tokens, "0.025"))
            .value() == decimal(25));
  CHECK(units::symbol_v<units::io_operation_t> == "I/O");
  CHECK(units::symbol_v<units::metric_t> == "metric");
  CHECK(units::symbol_v<units::job_t> == "job");
  CHECK(units::symbol_v<units::interruption_t> == "interruption");
  CHECK(units::symbol_v<units::metric_month_t> == "metric-mo");
  CHECK(units::symbol_v<units::iops_t> == "IOPS");
  CHECK(units::symbol_v<units::mebibytes_per_second_t> == "MiB/s");
  CHECK(units::symbol_v<units::gibibytes_per_second_t> == "GiB/s");
  CHECK(units::symbol_v<units::iops_month_t> == "IOPS-mo");
  CHECK(units::symbol_v<units::mibps_month_t> == "MiBps-mo");
  CHECK(units::symbol_v<units::gibps_month_t> == "GiBps-mo");
  CHECK(units::symbol_v<units::interruptions_per_instance_hour_t> == "interruption/instance-h");
  CHECK(units::symbol_v<units::seconds_per_interruption_t> == "s/interruption");
  CHECK(units::symbol_v<units::usd_per_iops_month_t> == "USD/IOPS-mo");
  CHECK(units::symbol_v<units::usd_per_gibps_month_t> == "USD/GiBps-mo");
  CHECK(units::symbol_v<units::usd_per_mibps_month_t> == "USD/MiBps-mo");
  CHECK(units::symbol_v<units::usd_per_metric_month_t> == "USD/metric-mo");
  CHECK(units::symbol_v<units::usd_per_job_t> == "USD/job");
}

TEST_CASE("a unit without a trncost name gets a symbol from its base units and scale") {
  CHECK(units::symbol<units::usd_per_instance_hour_t>() == "USD/instance-h");
  CHECK(units::symbol<units::times<units::hour_t, units::byte_t>>() == "(3600 s B)");
  CHECK(units::symbol<units::per<units::token_t, units::request_t>>() == "token request^-1");
  CHECK(units::symbol<units::times<units::gibibyte_t, units::gibibyte_t>>() ==
        "(1152921504606846976 B^2)");
}

TEST_CASE("a unit scaled by a fraction gets an exact symbol and never a rounded double") {
  // USD/h x s was printed "(0.0002777777777777778 USD)": a time ratio is written as its units.
  CHECK(units::symbol<units::times<units::usd_per_hour_t, units::second_t>>() == "USD s/h");
  CHECK(units::symbol<
            units::times<units::interruptions_per_instance_hour_t, units::instance_second_t>>() ==
        "interruption s/h");
  CHECK(units::symbol<units::times<units::per<units::usd_t, units::minute_t>, units::second_t>>() ==
        "USD s/min");
  CHECK(units::symbol<units::times<units::per<units::usd_t, units::day_t>, units::second_t>>() ==
        "USD s/d");
  // Another fraction: written exactly.
  CHECK(units::symbol<units::per<units::token_t, units::kilobyte_t>>() == "(token B^-1/1000)");
}

TEST_CASE("frontier training compute is exact in EFLOP where it overflows in FLOP") {
  // 6 x 400e9 parameters = 2.4e12 FLOP/token, exact; x 15e12 tokens = 3.6e25 FLOP, past the
  // decimal's range (about 1.7e20), but 2.4e-6 EFLOP/token x 15e12 tokens = 3.6e7 EFLOP exactly.
  const auto per_token = make(units::flops_per_token, "2400000000000");
  const auto tokens = make(units::token, "15000000000000");
  CHECK_THROWS_AS((void)(per_token * tokens), trncost::overflow_error);
  const quantity<units::exaflops_per_token_t> e = convert<units::exaflops_per_token_t>(per_token);
  CHECK(e.value() == decimal::parse("0.0000024"));
  const quantity<units::exaflop_t> compute = e * tokens;
  CHECK(compute.value() == decimal::parse("36000000"));
}

}  // namespace trncost_tests::units_test
