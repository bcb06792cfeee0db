// Sensitivity (tornado) on a small model whose every total is computed by hand below.
#include "trncost/analysis/sensitivity.hpp"

#include <doctest/doctest.h>

#include <array>

#include "small_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_sensitivity_test {

using namespace trncost;
using namespace trncost::analysis;

using small::small_model;

TEST_CASE("model_inputs: leaves under derived inputs, recomputed exactly as derived") {
  const model m = small_model();
  const model_inputs in(m);
  std::vector<std::string> names;
  for (const auto& l : in.leaves()) names.push_back(l.name);
  CHECK(names == std::vector<std::string>{"price", "nodes", "tokens", "throughput", "gp3_price",
                                          "volume", "kept_hours"});
  CHECK(in.leaves()[in.find("throughput")].baseline == decimal(1000));
  CHECK_THROWS_WITH_AS((void)in.find("thruput"),
                       "trncost: analysis: the model has no input named 'thruput' (its inputs: "
                       "price, nodes, tokens, throughput, gp3_price, volume, kept_hours)",
                       input_error);
  leaf_evaluator e(in);
  CHECK(e.total() == decimal(208));  // the same as the model's own evaluation
  evaluator plain(m);
  CHECK(plain.run() == decimal(208));
  e.set(in.find("throughput"), decimal(900));
  // 36e6 / 900 = 40,000 s; x 2 = 80,000 instance-s; 10 * 80000 / 3600 = 222.2...2; + 8.
  CHECK(e.total() == decimal::parse("230.222222222222222222"));
  e.reset();
  CHECK(e.total() == decimal(208));
}

TEST_CASE("sensitivity: bars ranked by swing, observed apart from assumptions") {
  const model m = small_model();
  const model_inputs in(m);
  const auto bands = observed_bands(in, decimal::parse("0.1"));
  REQUIRE(bands.size() == 4);  // nodes, tokens, throughput, volume: the measured leaves
  const auto t = sensitivity(in, bands);
  CHECK(t.baseline_total == decimal(208));
  REQUIRE(t.observed.size() == 4);
  CHECK(t.assumptions.empty());
  // throughput 900..1100: totals 230.222222222222222222 and 8 + 10 * 2 * (36e6 / 1100 =
  // 32727.272727272727272727) / 3600 = 189.818181818181818182; swing 40.40...40.
  CHECK(t.observed[0].input == "throughput");
  CHECK(t.observed[0].total_at_low == decimal::parse("230.222222222222222222"));
  CHECK(t.observed[0].total_at_high == decimal::parse("189.818181818181818182"));
  CHECK(t.observed[0].swing == decimal::parse("40.40404040404040404"));
  CHECK(t.observed[0].basis == "stated band +/-10 %");
  CHECK(t.observed[0].kind == "measured");
  // tokens 32.4M..39.6M moves compute 180..220: swing 40.
  CHECK(t.observed[1].input == "tokens");
  CHECK(t.observed[1].swing == decimal(40));
  // volume 90..110 GiB: storage 7.2..8.8, swing 1.6.
  CHECK(t.observed[2].input == "volume");
  CHECK(t.observed[2].swing == decimal::parse("1.6"));
  // nodes is a count: +/-10 % of 2 instances is 1.8..2.2, whole numbers 2..2 (half-even), no
  // swing; never 1.8 instances.
  CHECK(t.observed[3].input == "nodes");
  CHECK(t.observed[3].low == decimal(2));
  CHECK(t.observed[3].high == decimal(2));
  CHECK(t.observed[3].swing == decimal{});
  CHECK(t.observed[3].basis == "stated band +/-10 %, whole numbers");
  // At +/-50 %, 1..3 instances: compute 100..300.
  const auto wide = sensitivity(in, {band(in, "nodes", decimal::parse("0.5"))});
  CHECK(wide.observed[0].low == decimal(1));
  CHECK(wide.observed[0].high == decimal(3));
  CHECK(wide.observed[0].total_at_low == decimal(108));
  CHECK(wide.observed[0].total_at_high == decimal(308));
}

TEST_CASE("sensitivity: observed ranges from repetitions, assumptions only when asked") {
  const model m = small_model();
  const model_inputs in(m);
  const std::array<decimal, 3> reps{decimal(1000), decimal(950), decimal(1080)};
  const auto v = observed_range("throughput", reps);
  CHECK(v.low == decimal(950));
  CHECK(v.high == decimal(1080));
  CHECK(v.basis == "min and max of 3 repetitions");
  const variation hours{"kept_hours", decimal(365), decimal(1460), "between half and two months"};
  CHECK_THROWS_WITH_AS((void)sensitivity(in, {v, hours}),
                       "trncost: sensitivity: 'kept_hours' is not measured (assumption); set "
                       "vary_assumptions to vary it (it is shown apart)",
                       input_error);
  const auto t = sensitivity(in, {v, hours}, sensitivity_options{true});
  REQUIRE(t.observed.size() == 1);
  // 950: 8 + 210.526315789473684211; 1080: 8 + 185.185185185185185185.
  CHECK(t.observed[0].total_at_low == decimal::parse("218.526315789473684211"));
  CHECK(t.observed[0].total_at_high == decimal::parse("193.185185185185185185"));
  REQUIRE(t.assumptions.size() == 1);
  // 0.08 * 100 * 365 / 730 = 4 and * 1460 / 730 = 16: totals 204 and 216.
  CHECK(t.assumptions[0].total_at_low == decimal(204));
  CHECK(t.assumptions[0].total_at_high == decimal(216));
  CHECK(t.assumptions[0].kind == "assumption");
}

TEST_CASE("sensitivity: bad variations are refused") {
  const model m = small_model();
  const model_inputs in(m);
  CHECK_THROWS_WITH_AS((void)sensitivity(in, {}), "trncost: sensitivity: no input to vary",
                       input_error);
  CHECK_THROWS_WITH_AS((void)sensitivity(in, {{"nodes", decimal(3), decimal(1), "typo"}}),
                       "trncost: sensitivity: the range of 'nodes' has low 3 above high 1",
                       input_error);
  const variation n{"nodes", decimal(1), decimal(3), "x"};
  CHECK_THROWS_WITH_AS((void)sensitivity(in, {n, n}),
                       "trncost: sensitivity: 'nodes' is varied twice", input_error);
  CHECK_THROWS_AS((void)band(in, "nodes", decimal(2)), input_error);
  CHECK_THROWS_AS((void)observed_range("nodes", std::span<const decimal>{}), input_error);
}

}  // namespace trncost_tests::analysis_sensitivity_test
