// Scenarios side by side on the small model (tests/analysis/small_model.hpp), by hand.
#include "trncost/analysis/scenarios.hpp"

#include <doctest/doctest.h>

#include "small_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_scenarios_test {

using namespace trncost;
using namespace trncost::analysis;

TEST_CASE("compare_scenarios: measured first, conservative scenarios beside it, gaps traced") {
  const model m = small::small_model();
  const model_inputs in(m);
  const auto t = compare_scenarios(
      in, {{"slower and dearer",
            {{"throughput", decimal(800), "first epoch was 20 % slower on a cold cache"},
             {"price", decimal(12), "on-demand price rise of 20 %"}}},
           {"volumes kept longer", {{"kept_hours", decimal(1460), "kept two months"}}}});
  REQUIRE(t.scenarios.size() == 3);
  CHECK(t.line_names == std::vector<std::string>{"training: instances", "ebs: gp3 volumes"});
  CHECK(t.line_categories[1] == category::storage);

  const auto& measured_s = t.scenarios[0];
  CHECK(measured_s.name == "measured");
  CHECK(measured_s.total == decimal(208));  // 200 compute + 8 storage
  CHECK(measured_s.overrides.empty());
  CHECK(measured_s.by_category.at(category::compute) == decimal(200));

  // 36e6 / 800 = 45,000 s; x 2 = 90,000 instance-s; at 12 USD/h: 12 * 90000 / 3600 = 300; + 8.
  const auto& slow = t.scenarios[1];
  CHECK(slow.total == decimal(308));
  CHECK(slow.gap == decimal(100));
  REQUIRE(slow.lines.size() == 2);
  CHECK(*slow.lines[0] == decimal(300));
  CHECK(*slow.lines[1] == decimal(8));
  // Alone: throughput 800 at 10 USD/h gives 250 (+50); price 12 at 1,000 token/s gives 240 (+40);
  // together they add 100, so 10 comes from the two acting together.
  REQUIRE(slow.parts.size() == 2);
  CHECK(slow.parts[0].input == "throughput");
  CHECK(slow.parts[0].from == decimal(1000));
  CHECK(slow.parts[0].to == decimal(800));
  CHECK(slow.parts[0].effect == decimal(50));
  CHECK(slow.parts[1].effect == decimal(40));
  CHECK(slow.interaction == decimal(10));

  // Storage doubles: 0.08 * 100 * 1460 / 730 = 16 (+8).
  const auto& kept = t.scenarios[2];
  CHECK(kept.total == decimal(216));
  CHECK(kept.by_category.at(category::storage) == decimal(16));
  CHECK(kept.interaction.is_zero());
}

TEST_CASE("compare_scenarios: bad scenarios are refused") {
  const model m = small::small_model();
  const model_inputs in(m);
  CHECK_THROWS_WITH_AS((void)compare_scenarios(in, {{"x", {{"price", decimal(1), ""}}}}),
                       "trncost: scenario 'x': the override of 'price' is an assumption and needs "
                       "its rationale",
                       input_error);
  CHECK_THROWS_WITH_AS((void)compare_scenarios(in, {{"measured", {{"price", decimal(1), "r"}}}}),
                       "trncost: scenario 'measured': the name is used twice (\"measured\" is the "
                       "scenario of the sourced inputs)",
                       input_error);
  CHECK_THROWS_WITH_AS((void)compare_scenarios(in, {{"empty", {}}}),
                       "trncost: scenario 'empty': overrides nothing, so it is the measured "
                       "scenario",
                       input_error);
  CHECK_THROWS_AS((void)compare_scenarios(in, {{"typo", {{"prise", decimal(1), "r"}}}}),
                  input_error);
  CHECK_THROWS_WITH_AS(
      (void)compare_scenarios(
          in, {{"twice", {{"price", decimal(1), "r"}, {"price", decimal(2), "r"}}}}),
      "trncost: scenario 'twice': overrides 'price' twice", input_error);
  CHECK_THROWS_WITH_AS((void)compare_scenarios(in, {{"", {{"price", decimal(1), "r"}}}}),
                       "trncost: scenario: a scenario needs a name", input_error);
}

}  // namespace trncost_tests::analysis_scenarios_test
