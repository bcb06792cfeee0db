// Derived provenance records the operation, so analysis can recompute a derivation from other
// input values without reading its formula text.
#include <doctest/doctest.h>

#include "trncost/provenance/sourced.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::provenance_derivation_op_test {

using namespace trncost;

namespace {
assumption because() { return assumption{"for the test"}; }
}  // namespace

TEST_CASE("derived: sourced arithmetic records its operation and exact factor") {
  const sourced<quantity<units::token_t>> tokens{"tokens", make(units::token, "1296000000"),
                                                 because()};
  const sourced<quantity<units::tokens_per_second_t>> tput{
      "throughput", make(units::tokens_per_second, "60000"), because()};
  const sourced<quantity<units::second_t>> a{"a", make(units::second, "10"), because()};
  const sourced<quantity<units::second_t>> b{"b", make(units::second, "4"), because()};

  const auto sum = a + b;
  CHECK(std::get<derived>(sum.origin()).op.kind == op_kind::add);
  CHECK(std::get<derived>((a - b).origin()).op.kind == op_kind::sub);
  const auto time = tokens / tput;
  CHECK(std::get<derived>(time.origin()).op.kind == op_kind::div);
  CHECK(std::get<derived>((a * tput).origin()).op.kind == op_kind::mul);

  // Seconds to hours: value * 1 / 3600, exact here (7200 s = 2 h).
  const sourced<quantity<units::second_t>> two_hours{"t", make(units::second, "7200"), because()};
  const auto h = convert<units::hour_t>("t_h", two_hours);
  const auto& conv = std::get<derived>(h.origin());
  CHECK(conv.op.kind == op_kind::convert);
  CHECK(conv.op.num == 1);
  CHECK(conv.op.den == 3600);
  CHECK(h.value().value() == decimal(2));

  // A charge: USD per instance-hour times instance-seconds divides by 3600, rounded once.
  const sourced<quantity<units::usd_per_instance_hour_t>> price{
      "price", make(units::usd_per_instance_hour, "21.50"), because()};
  const sourced<quantity<units::instance_second_t>> usage{
      "usage", make(units::instance_second, "100000"), because()};
  const auto cost = charge("cost", price, usage);
  const auto& how = std::get<derived>(cost.origin());
  CHECK(how.op.kind == op_kind::charge);
  CHECK(how.op.num == 1);
  CHECK(how.op.den == 3600);
  // Rounded otherwise than half-even, it is recorded as opaque: it cannot be recomputed the
  // default way.
  CHECK(std::get<derived>(charge("c2", price, usage, rounding::ceiling).origin()).op.kind ==
        op_kind::opaque);

  // Per month, 730 h: USD/GiB-month x GiB-hours / 730.
  const sourced<quantity<units::usd_per_gibibyte_month_t>> gp3{
      "gp3", make(units::usd_per_gibibyte_month, "0.08"), because()};
  const sourced<quantity<units::gibibyte_hour_t>> kept{"kept", make(units::gibibyte_hour, "4000"),
                                                       because()};
  const auto monthly = charge("ebs", gp3, kept, month_730h);
  CHECK(std::get<derived>(monthly.origin()).op.kind == op_kind::charge);
  CHECK(std::get<derived>(monthly.origin()).op.den == 730);
  CHECK(monthly.value().value() == decimal::parse("0.438356164383561644"));  // 320 / 730

  // A host's own derivation says nothing of its operation.
  const derived host{"tokens * epochs", {tokens.record()}};
  CHECK(host.op.kind == op_kind::opaque);
}

}  // namespace trncost_tests::provenance_derivation_op_test
