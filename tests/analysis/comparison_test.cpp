// Quality-normalised comparison, by hand on the small model (tests/analysis/small_model.hpp).
#include "trncost/analysis/comparison.hpp"

#include <doctest/doctest.h>

#include "small_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_comparison_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

protocol proto(const char* dataset, std::optional<decimal> reached, const char* stack = "") {
  return {dataset, "eval_loss", decimal(2), quality_direction::lower_is_better, reached, stack};
}

}  // namespace

TEST_CASE("compare: ranked by cost to the target within a protocol, the rest set apart") {
  // trn1: 10 USD/h at 1,000 token/s: 208 USD (see small_model.hpp), 40,000 s to the target.
  // gpu: 40 USD/h at 5,000 token/s: 2 * 36e6 / 5000 = 14,400 instance-s, 40 * 14400 / 3600 =
  // 160, + 8 = 168 USD, 9,000 s. trn2: 30 USD/h at 3,000 token/s: 24,000 instance-s, 200 + 8 =
  // 208, but its loss 2.1 misses the target 2.0.
  const std::vector<option> options{
      {"trn1", small::small_estimate(), proto("ds-v1", decimal::parse("1.9"), "neuronx-cc 2.21"),
       decimal(40000)},
      {"trn2", small::small_estimate({.price = "30", .throughput = "3000"}),
       proto("ds-v1", decimal::parse("2.1")), decimal(12000)},
      {"gpu", small::small_estimate({.price = "40", .throughput = "5000"}),
       proto("ds-v1", decimal::parse("1.95"), "CUDA 12.8"), decimal(9000)},
      {"gpu-other-data", small::small_estimate(), proto("ds-v2", decimal::parse("1.5")),
       decimal(100)},
      {"unmeasured", small::small_estimate(), proto("ds-v1", std::nullopt), std::nullopt},
  };
  const auto c = compare(options);
  CHECK(c.option_count() == 5);  // nothing dropped
  REQUIRE(c.groups.size() == 2);
  const auto& g = c.groups[0];
  CHECK(g.dataset_id == "ds-v1");
  CHECK(g.differences.empty());
  REQUIRE(g.ranked.size() == 2);
  CHECK(g.ranked[0].name == "gpu");
  CHECK(g.ranked[0].cost == decimal(168));
  CHECK(g.ranked[0].cost_rank == 1);
  CHECK(g.ranked[0].cost_ratio == decimal(1));
  CHECK(g.ranked[0].time_rank == 1u);
  CHECK(g.ranked[0].stack == "CUDA 12.8");
  CHECK(g.ranked[1].name == "trn1");
  CHECK(g.ranked[1].cost == decimal(208));
  CHECK(g.ranked[1].cost_ratio == decimal::parse("1.238095238095238095"));  // 208 / 168
  CHECK(g.ranked[1].time_rank == 2u);
  CHECK(g.ranked[1].time_ratio == decimal::parse("4.444444444444444444"));  // 40000 / 9000
  REQUIRE(g.apart.size() == 2);
  CHECK(g.apart[0].name == "trn2");
  CHECK(g.apart[0].reason == "did not reach the target: eval_loss 2.1 against 2 (lower is better)");
  CHECK(g.apart[1].name == "unmeasured");
  CHECK(g.apart[1].reason == "quality not measured: no value of 'eval_loss' reached");

  const auto& other = c.groups[1];
  CHECK(other.dataset_id == "ds-v2");
  CHECK(other.differences == std::vector<std::string>{"dataset 'ds-v2' instead of 'ds-v1'"});
  REQUIRE(other.ranked.size() == 1);
  CHECK(other.ranked[0].name == "gpu-other-data");
}

TEST_CASE("compare: an option that did not reach the target is never ahead of one that did") {
  // The cheaper option misses the target: it is set apart, the dearer one ranks first.
  const std::vector<option> options{
      {"cheap-but-wrong", small::small_estimate({.price = "1"}), proto("ds", decimal(3))},
      {"dear-but-good", small::small_estimate({.price = "50"}), proto("ds", decimal(1))},
  };
  const auto c = compare(options);
  REQUIRE(c.groups.size() == 1);
  REQUIRE(c.groups[0].ranked.size() == 1);
  CHECK(c.groups[0].ranked[0].name == "dear-but-good");
  CHECK(c.groups[0].ranked[0].time_rank == std::nullopt);  // no time given
  CHECK(c.groups[0].apart[0].name == "cheap-but-wrong");
}

TEST_CASE("compare: higher-is-better metrics, other targets and incomplete costs") {
  const protocol acc{"ds",
                     "accuracy",
                     decimal::parse("0.8"),
                     quality_direction::higher_is_better,
                     decimal::parse("0.82"),
                     ""};
  CHECK(acc.target_reached());
  protocol acc_low = acc;
  acc_low.reached = decimal::parse("0.79");
  CHECK_FALSE(acc_low.target_reached());
  protocol acc_other = acc;
  acc_other.target = decimal::parse("0.9");
  acc_other.reached = decimal::parse("0.91");
  const auto c = compare({{"a", small::small_estimate(), acc},
                          {"b", small::small_estimate({.declare_transfer = false}), acc},
                          {"c", small::small_estimate(), acc_other}});
  REQUIRE(c.groups.size() == 2);
  CHECK(c.groups[0].apart.size() == 1);
  CHECK(c.groups[0].apart[0].reason ==
        "its cost is incomplete (status incomplete): a partial total cannot be ranked");
  CHECK(c.groups[1].differences == std::vector<std::string>{"target 0.9 instead of 0.8"});
}

TEST_CASE("compare: bad option lists are refused") {
  CHECK_THROWS_WITH_AS((void)compare({}), "trncost: comparison: no option to compare", input_error);
  const auto e = small::small_estimate();
  CHECK_THROWS_WITH_AS(
      (void)compare({{"a", e, proto("ds", decimal(1))}, {"a", e, proto("ds", decimal(1))}}),
      "trncost: comparison: two options are named 'a'", input_error);
  CHECK_THROWS_AS((void)compare({{"a", e, proto("", decimal(1))}}), input_error);
  CHECK_THROWS_AS((void)compare({{"a", e, proto("ds", decimal(1)), decimal(-1)}}), input_error);
}

}  // namespace trncost_tests::analysis_comparison_test
