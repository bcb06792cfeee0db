// A fixed fleet billed over its period with no demand said (workload/serving.hpp,
// add_fixed_fleet): one line, instances x period at the price, no idle capacity and no work
// delivered; an unknown count leaves the line unpriced; what is not a fleet is refused.
#include <doctest/doctest.h>

#include <string>
#include <trncost/model.hpp>
#include <trncost/workload/serving.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_fixed_fleet_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

workload::fixed_fleet_inputs two_for_a_month() {
  return {"chat-fleet", "inf2.48xlarge", price("12.98127"),
          sourced("fleet", make(units::instance, 2),
                  provenance{choice{"as run today", "platform team"}}),
          sourced("period_h", make(units::hour, 744), provenance{choice{"January 2027", ""}})};
}

}  // namespace

TEST_CASE("a fixed fleet bills every instance over the period, in one line") {
  model m;
  const auto billed = workload::add_fixed_fleet(m, two_for_a_month());
  declare_others(m);
  // 2 x 744 h = 1,488 instance-h = 5,356,800 instance-s; x 12.98127 USD = 19,316.12976 USD.
  CHECK(m.value(billed)->value() == decimal(5'356'800));
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].description == "fleet of 2 x inf2.48xlarge, billed over the whole period");
  CHECK(est.total == decimal::parse("19316.12976"));
  CHECK(est.by_phase.count(phase::idle_capacity) == 0);
  CHECK_FALSE(est.work.has_value());
  // The fleet and the period are choices and the price a fresh quote: verified.
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("a fixed fleet of unknown size is unpriced and what is not a fleet is refused") {
  {
    model m;
    auto in = two_for_a_month();
    in.instances = unknown_input{"fleet", "sized after the load test"};
    (void)workload::add_fixed_fleet(m, in);
    declare_others(m);
    const auto est = m.evaluate(as_of);
    CHECK(est.unpriced_lines() == 1);
    CHECK(est.status == estimate_status::unpriced);
    CHECK(est.lines[0].description ==
          "fleet of fleet x inf2.48xlarge, billed over the whole period");
  }
  model m;
  auto half = two_for_a_month();
  half.instances = sourced("fleet", make(units::instance, "2.5"), provenance{choice{"x", ""}});
  CHECK_THROWS_WITH_AS((void)workload::add_fixed_fleet(m, half),
                       doctest::Contains("a fleet is a whole number of instances"), input_error);
  auto none = two_for_a_month();
  none.instances = sourced("fleet", make(units::instance, 0), provenance{choice{"x", ""}});
  CHECK_THROWS_AS((void)workload::add_fixed_fleet(m, none), input_error);
  auto brief = two_for_a_month();
  brief.period =
      sourced("period_h", make(units::hour, "0.01"), provenance{choice{"x", ""}});  // 36 s
  CHECK_THROWS_WITH_AS((void)workload::add_fixed_fleet(m, brief),
                       doctest::Contains("under the 60-second billing minimum"), input_error);
}

}  // namespace trncost_tests::workload_fixed_fleet_test
