// Monte Carlo checked against analytic results for simple models.
#include "trncost/analysis/monte_carlo.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "small_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_monte_carlo_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

quoted price_page() {
  quoted q;
  q.source = "test price page";
  q.region = "us-east-1";
  q.consulted = parse_date("2026-11-29");
  return q;
}

using rate = sourced<quantity<units::usd_per_instance_hour_t>>;
using hours = sourced<quantity<units::instance_hour_t>>;

/// total = p1 * h1 + p2 * h2 with p1 = p2 = 1 USD/instance-h; `shared` uses h1 in both lines.
model two_lines(bool shared, const char* price = "1") {
  model m;
  const rate p1{"p1", make(units::usd_per_instance_hour, price), price_page()};
  const rate p2{"p2", make(units::usd_per_instance_hour, price), price_page()};
  const hours h1{"h1", make(units::instance_hour, "0.5"), assumption{"uncertain"}};
  const hours h2{"h2", make(units::instance_hour, "0.5"), assumption{"uncertain"}};
  const auto n1 = m.input(p1);
  const auto n2 = m.input(h1);
  const auto n3 = m.input(p2);
  const auto n4 = shared ? n2 : m.input(h2);
  m.add_line(category::compute, "a", line_meta{phase::training, "first"}, n1, n2);
  m.add_line(category::compute, "b", line_meta{phase::training, "second"}, n3, n4);
  return m;
}

}  // namespace

TEST_CASE("monte_carlo: a sum of two uniforms is triangular on [0, 2]") {
  const model m = two_lines(false);
  const model_inputs in(m);
  const auto u = distribution::uniform(decimal(0), decimal(1));
  const auto r = monte_carlo(in, {{"h1", u}, {"h2", u}},
                             {1'000'000, 42, money::from_value(decimal::parse("1.5"))});
  // Triangular on [0, 2]: P5 = sqrt(2 * 0.05) = 0.316228, P50 = 1, P95 = 2 - 0.316228, mean 1.
  // With a million samples a quantile's standard error is about 0.001: 0.01 is a loose bound.
  CHECK(r.p5 == doctest::Approx(0.316228).epsilon(0.01));
  CHECK(r.p50 == doctest::Approx(1.0).epsilon(0.01));
  CHECK(r.p95 == doctest::Approx(1.683772).epsilon(0.01));
  CHECK(r.mean == doctest::Approx(1.0).epsilon(0.01));
  CHECK(r.min >= 0.0);
  CHECK(r.max <= 2.0);
  // P(total > 1.5) = (2 - 1.5)^2 / 2 = 0.125.
  REQUIRE(r.p_over_budget.has_value());
  CHECK(*r.p_over_budget == doctest::Approx(0.125).epsilon(0.02));
  CHECK(r.baseline == doctest::Approx(1.0));  // 0.5 + 0.5 at the sourced values
  CHECK(r.samples == 1'000'000);
  CHECK(r.varied == std::vector<std::string>{"h1: uniform 0 to 1", "h2: uniform 0 to 1"});
}

TEST_CASE("monte_carlo: an input that cannot move the total is flagged by evaluating it") {
  // total = p1 * h1 + p2 * h2. At 1 USD/instance-h both hours move it; at 0 USD/instance-h no draw
  // of either does: both are flagged, and the band is the fixed total 0.
  const auto u = distribution::uniform(decimal(0), decimal(1));
  const model priced = two_lines(false);
  const auto moving = monte_carlo(model_inputs(priced), {{"h1", u}, {"h2", u}}, {1000, 3});
  CHECK(moving.moves_total == std::vector<bool>{true, true});
  CHECK(moving.varied[0] == "h1: " + u.describe());
  const model free = two_lines(false, "0");
  const auto still = monte_carlo(model_inputs(free), {{"h1", u}, {"h2", u}}, {1000, 3});
  CHECK(still.moves_total == std::vector<bool>{false, false});
  CHECK(still.varied[0] == "h1: " + u.describe() + std::string(does_not_move_note));
  CHECK(still.min == 0.0);
  CHECK(still.max == 0.0);
}

TEST_CASE("monte_carlo: an input that cannot move the total alone is held at its sourced value") {
  // total = 1 USD/instance-h x max(h1, h2), h1 = 1.5 and h2 = 3 instance-h as sourced. h1 drawn
  // alone from [1, 2] never reaches h2's 3: flagged. h2 drawn from [0, 4] moves it. In the band,
  // h1 is held at 1.5, so no sample falls below max(1.5, h2) >= 1.5; were h1 drawn, samples with
  // h2 and h1 both under 1.5 (about 0.375 x 0.5 of them) would fall to 1.
  model m;
  const rate p{"p", make(units::usd_per_instance_hour, "1"), price_page()};
  const hours h1{"h1", make(units::instance_hour, "1.5"), assumption{"uncertain"}};
  const hours h2{"h2", make(units::instance_hour, "3"), assumption{"uncertain"}};
  const auto price = m.input(p);
  const auto usage = max(m.input(h1), m.input(h2));
  m.add_line(category::compute, "a", line_meta{phase::training, "the longer"}, price, usage);
  const auto r = monte_carlo(model_inputs(m),
                             {{"h1", distribution::uniform(decimal(1), decimal(2))},
                              {"h2", distribution::uniform(decimal(0), decimal(4))}},
                             {10'000, 11});
  CHECK(r.moves_total == std::vector<bool>{false, true});
  CHECK(r.min == doctest::Approx(1.5));  // h2 under 1.5 in about 3,750 samples: h1's 1.5 holds
  CHECK(r.max <= 4.0);
  CHECK(r.max > 3.9);
}

TEST_CASE("monte_carlo: keep_samples hands over every total in draw order") {
  // total = h1 + h2 (prices 1): each kept total is one sample of the band computed beside it.
  const model m = two_lines(false);
  const model_inputs in(m);
  const auto u = distribution::uniform(decimal(0), decimal(1));
  monte_carlo_options o{1000, 5, money::from_value(decimal::parse("1.5"))};
  o.keep_samples = true;
  const auto kept = monte_carlo(in, {{"h1", u}, {"h2", u}}, o);
  REQUIRE(kept.totals.size() == 1000);
  double sum = 0;
  std::size_t over = 0;
  for (const double t : kept.totals) {
    sum += t;
    over += t > 1.5 ? 1 : 0;
  }
  CHECK(sum / 1000 == doctest::Approx(kept.mean).epsilon(1e-12));
  CHECK(*std::min_element(kept.totals.begin(), kept.totals.end()) == kept.min);
  CHECK(*std::max_element(kept.totals.begin(), kept.totals.end()) == kept.max);
  CHECK(static_cast<double>(over) / 1000 == *kept.p_over_budget);
  // Draw order, not sorted (the percentiles reorder a copy): the same seed without keeping gives
  // the same band, and the first draws are not in ascending order.
  o.keep_samples = false;
  const auto band = monte_carlo(in, {{"h1", u}, {"h2", u}}, o);
  CHECK(band.totals.empty());
  CHECK(band.p50 == kept.p50);
  CHECK_FALSE(std::is_sorted(kept.totals.begin(), kept.totals.end()));
}

TEST_CASE("monte_carlo: an input shared by two lines is drawn once per sample") {
  // total = 2 * h1 with h1 uniform on [0, 1]: P95 = 1.9 (independent draws would give 1.68).
  const model m = two_lines(true);
  const model_inputs in(m);
  const auto r = monte_carlo(in, {{"h1", distribution::uniform(decimal(0), decimal(1))}},
                             {400'000, 7, std::nullopt});
  CHECK(r.p95 == doctest::Approx(1.9).epsilon(0.01));
  CHECK(r.p5 == doctest::Approx(0.1).epsilon(0.05));
  CHECK_FALSE(r.p_over_budget.has_value());
}

TEST_CASE("monte_carlo: a price times a lognormal read from its 90 % interval") {
  // total = 2 * h1 + 2 * h2 with h2 fixed at 0.5 (so + 1) and h1 lognormal with 90 % in [1, 4]:
  // h1's P5 = 1, P50 = sqrt(1 * 4) = 2, P95 = 4, so the total's are 3, 5 and 9.
  // mean: sigma = ln 4 / (2 * 1.6448536) = 0.4214036, E[h1] = exp(ln 2 + sigma^2 / 2) = 2.185707;
  // total mean = 2 * 2.185707 + 1 = 5.371413.
  const model m = two_lines(false, "2");
  const model_inputs in(m);
  const auto r = monte_carlo(in, {{"h1", distribution::lognormal_90(decimal(1), decimal(4))}},
                             {1'000'000, 3, std::nullopt});
  CHECK(r.p5 == doctest::Approx(3.0).epsilon(0.01));
  CHECK(r.p50 == doctest::Approx(5.0).epsilon(0.01));
  CHECK(r.p95 == doctest::Approx(9.0).epsilon(0.01));
  CHECK(r.mean == doctest::Approx(5.371413).epsilon(0.01));
}

TEST_CASE("monte_carlo: triangular and empirical distributions") {
  const model m = two_lines(false);
  const model_inputs in(m);
  // Triangular (0, 0, 1) for h1 and h2 fixed at 0.5: h1's median is 1 - sqrt(0.5) = 0.292893.
  const auto t =
      monte_carlo(in, {{"h1", distribution::triangular(decimal(0), decimal(0), decimal(1))}},
                  {400'000, 11, std::nullopt});
  CHECK(t.p50 == doctest::Approx(0.5 + 0.292893).epsilon(0.01));
  // Empirical {1, 2, 3} for h1: the median sample is 2, so the total's is 2.5.
  const auto e =
      monte_carlo(in, {{"h1", distribution::empirical({decimal(1), decimal(2), decimal(3)})}},
                  {90'000, 5, std::nullopt});
  CHECK(e.p50 == doctest::Approx(2.5));
  CHECK(e.min == doctest::Approx(1.5));
  CHECK(e.max == doctest::Approx(3.5));
}

TEST_CASE("monte_carlo: the same seed gives the same numbers, another seed others") {
  const model m = small::small_model();
  const model_inputs in(m);
  const std::vector<uncertain_input> u{
      {"throughput", distribution::lognormal_90(decimal(900), decimal(1100))},
      {"nodes", distribution::empirical({decimal(2)})},
      {"kept_hours", distribution::triangular(decimal(365), decimal(730), decimal(1460))}};
  const auto a = monte_carlo(in, u, {50'000, 99, std::nullopt});
  const auto b = monte_carlo(in, u, {50'000, 99, std::nullopt});
  const auto c = monte_carlo(in, u, {50'000, 100, std::nullopt});
  CHECK(a.p50 == b.p50);  // bit for bit
  CHECK(a.mean == b.mean);
  CHECK(a.p95 == b.p95);
  CHECK(a.p50 != c.p50);
  // The double program agrees with the exact model at the sourced values: 208 USD.
  CHECK(a.baseline == doctest::Approx(208.0));
  // The median total is close to the sum of the medians: compute 200 * 1000 / sqrt(900 * 1100)
  // = 201.01, storage 8 * (1460 - sqrt(0.5 * 1095 * 730)) / 730 = 8 * 827.8 / 730 = 9.07; 210.1.
  // (A sum's median is not exactly the sum of the medians: 1 % tolerance.)
  CHECK(a.p50 == doctest::Approx(210.1).epsilon(0.01));
}

TEST_CASE("monte_carlo and distributions: bad input is refused") {
  CHECK_THROWS_WITH_AS((void)distribution::uniform(decimal(5), decimal(3)),
                       "trncost: uniform distribution: low 5 is above high 3", input_error);
  CHECK_THROWS_WITH_AS((void)distribution::lognormal_90(decimal(-1), decimal(3)),
                       "trncost: lognormal distribution: both bounds of its 90 % interval must be "
                       "above 0; low is -1",
                       input_error);
  CHECK_THROWS_WITH_AS((void)distribution::triangular(decimal(1), decimal(5), decimal(3)),
                       "trncost: triangular distribution: the mode 5 is outside 1 to 3",
                       input_error);
  CHECK_THROWS_AS((void)distribution::empirical({}), input_error);
  const model m = two_lines(false);
  const model_inputs in(m);
  const auto u = distribution::uniform(decimal(0), decimal(1));
  CHECK_THROWS_WITH_AS((void)monte_carlo(in, {{"h1", u}}, {0, 1, std::nullopt}),
                       "trncost: Monte Carlo: the number of samples must be above 0", input_error);
  CHECK_THROWS_WITH_AS((void)monte_carlo(in, {}),
                       "trncost: Monte Carlo: no uncertain input "
                       "(nothing would vary)",
                       input_error);
  CHECK_THROWS_WITH_AS((void)monte_carlo(in, {{"h1", u}, {"h1", u}}),
                       "trncost: Monte Carlo: 'h1' has two distributions", input_error);
  CHECK_THROWS_AS((void)monte_carlo(in, {{"h9", u}}), input_error);
}

}  // namespace trncost_tests::analysis_monte_carlo_test
