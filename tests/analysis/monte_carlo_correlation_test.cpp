// Monte Carlo with correlated inputs: the rank correlation and the covariance drawn against the
// stated ones, a correlation of 0 leaving the draws bit for bit, a total computed by hand, and the
// refusals. The draws of each input are read back as the totals of a model where only that input
// is priced: the stream does not depend on the model, so the same seed gives the same draws.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "trncost/analysis/monte_carlo.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_monte_carlo_correlation_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

quoted page() {
  quoted q;
  q.source = "test price page";
  q.region = "us-east-1";
  q.consulted = parse_date("2026-11-29");
  return q;
}

/// total = prices[0] * h1 + prices[1] * h2 + prices[2] * h3 (USD per instance-hour, each h at
/// 0.5 instance-h, an assumption).
model three_lines(const std::vector<const char*>& prices) {
  model m;
  const char* names[] = {"h1", "h2", "h3"};
  for (std::size_t i = 0; i < 3; ++i) {
    const sourced<quantity<units::usd_per_instance_hour_t>> p{
        "p" + std::to_string(i + 1), make(units::usd_per_instance_hour, prices[i]), page()};
    const sourced<quantity<units::instance_hour_t>> h{names[i], make(units::instance_hour, "0.5"),
                                                      assumption{"uncertain"}};
    const auto pn = m.input(p);
    const auto hn = m.input(h);
    m.add_line(category::compute, names[i], line_meta{phase::training, names[i]}, pn, hn);
  }
  return m;
}

/// The draws of input `which` (0, 1 or 2): the totals of the model pricing only that input at 1.
std::vector<double> draws_of(std::size_t which, const std::vector<uncertain_input>& inputs,
                             monte_carlo_options o) {
  std::vector<const char*> prices{"0", "0", "0"};
  prices[which] = "1";
  const model m = three_lines(prices);
  o.keep_samples = true;
  return monte_carlo(model_inputs(m), inputs, o).totals;
}

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < order.size(); ++i) r[order[i]] = static_cast<double>(i);
  return r;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0;
  double sxx = 0;
  double syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxy / std::sqrt(sxx * syy);
}

double covariance(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) s += (x[i] - mx) * (y[i] - my);
  return s / (n - 1);
}

const distribution unit_uniform = distribution::uniform(decimal(0), decimal(1));

}  // namespace

TEST_CASE("normal_cdf and normal_quantile: known values and each other's inverse") {
  CHECK(analysis::detail::normal_cdf(0) == 0.5);
  CHECK(analysis::detail::normal_quantile(0.5) == doctest::Approx(0.0).epsilon(1e-15));
  // Phi^-1(0.975) = 1.959963984540054 and Phi^-1(0.05) = -1.6448536269514722 (z95).
  CHECK(analysis::detail::normal_quantile(0.975) ==
        doctest::Approx(1.959963984540054).epsilon(1e-13));
  CHECK(analysis::detail::normal_quantile(0.05) ==
        doctest::Approx(-distribution::z95).epsilon(1e-13));
  for (const double p : {1e-12, 1e-6, 0.01, 0.02425, 0.3, 0.7, 0.97575, 0.999, 1 - 1e-9}) {
    CAPTURE(p);
    CHECK(analysis::detail::normal_cdf(analysis::detail::normal_quantile(p)) ==
          doctest::Approx(p).epsilon(1e-12));
  }
  CHECK(std::isinf(analysis::detail::normal_quantile(0)));
  CHECK(std::isinf(analysis::detail::normal_quantile(1)));
}

TEST_CASE("cholesky: definite, semi-definite and impossible correlation matrices") {
  // [[1, 0.5], [0.5, 1]] = L L^T with L = [[1, 0], [0.5, sqrt(0.75)]].
  const auto l = analysis::detail::cholesky({1, 0.5, 0.5, 1}, 2);
  REQUIRE(l);
  CHECK((*l)[0] == 1.0);
  CHECK((*l)[1] == 0.0);
  CHECK((*l)[2] == 0.5);
  CHECK((*l)[3] == doctest::Approx(std::sqrt(0.75)));
  // Perfectly correlated: semi-definite, the second row is the first's normal.
  const auto one = analysis::detail::cholesky({1, 1, 1, 1}, 2);
  REQUIRE(one);
  CHECK((*one)[2] == 1.0);
  CHECK((*one)[3] == 0.0);
  // a with b 0.9, b with c 0.9, a with c -0.9: determinant 1 - 3 (0.81) - 2 (0.729) < 0.
  CHECK_FALSE(analysis::detail::cholesky({1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1}, 3));
}

TEST_CASE("distribution: standard_normal_of and value_of_normal give draw() back") {
  const std::vector<distribution> kinds{
      distribution::uniform(decimal(10), decimal(20)),
      distribution::triangular(decimal(1), decimal(2), decimal(5)),
      distribution::lognormal_90(decimal(900), decimal(1100)),
      distribution::empirical({decimal(1), decimal(2), decimal(3)})};
  for (const auto& d : kinds) {
    CAPTURE(d.describe());
    for (const double u1 : {0.013, 0.25, 0.5, 0.8, 0.996}) {
      const double u[2] = {u1, 0.37};
      // draw() from these uniforms is what draw_block() gives for one sample.
      double direct = 0;
      d.draw_block(u, 2, 1, &direct);
      CHECK(d.value_of_normal(d.standard_normal_of(u)) == doctest::Approx(direct).epsilon(1e-12));
    }
  }
  // Uniform 10 to 20 at the normal's median: 15; at z = 1.959963984540054 (Phi = 0.975): 19.75.
  const auto& uni = kinds[0];
  CHECK(uni.value_of_normal(0) == doctest::Approx(15.0));
  CHECK(uni.value_of_normal(1.959963984540054) == doctest::Approx(19.75));
}

TEST_CASE("monte_carlo: two uniforms with rank correlation 0.8 move together as stated") {
  constexpr std::size_t n = 400'000;
  const std::vector<uncertain_input> in{{"h1", unit_uniform}, {"h2", unit_uniform}};
  monte_carlo_options o;
  o.samples = n;
  o.seed = 2026;
  o.correlations = {correlation{.first = "h1", .second = "h2", .rho = decimal::parse("0.8")}};
  const auto a = draws_of(0, in, o);
  const auto b = draws_of(1, in, o);
  REQUIRE(a.size() == n);
  // Each keeps its uniform distribution: mean 1/2, variance 1/12 (standard errors 0.00046 and
  // 0.00011 at 400,000 samples: tolerances of about 5 of them).
  CHECK(std::accumulate(a.begin(), a.end(), 0.0) / n == doctest::Approx(0.5).epsilon(0.005));
  CHECK(covariance(b, b) == doctest::Approx(1.0 / 12).epsilon(0.007));
  // The sample rank correlation: its standard error is at most 1 / sqrt(n - 1) (the independent
  // case's; smaller when correlated), 0.0016 here: 4 of them is 0.0063. A copula read as a normal
  // correlation of 0.8 would give (6 / pi) asin(0.4) = 0.786, outside it.
  const double spearman = pearson(ranks(a), ranks(b));
  CHECK(std::abs(spearman - 0.8) < 4.0 / std::sqrt(static_cast<double>(n - 1)));
  // For uniform marginals the rank correlation is the correlation of the values: covariance
  // 0.8 / 12 = 0.0667. (x - 1/2)(y - 1/2) is within +/-1/4, so the sample covariance's standard
  // error is below 0.25 / sqrt(n) = 0.0004; 4 of them.
  CHECK(std::abs(covariance(a, b) - 0.8 / 12) < 4 * 0.25 / std::sqrt(static_cast<double>(n)));
  // A negative correlation the same way.
  o.correlations[0].rho = decimal::parse("-0.5");
  const double against = pearson(ranks(draws_of(0, in, o)), ranks(draws_of(1, in, o)));
  CHECK(std::abs(against + 0.5) < 4.0 / std::sqrt(static_cast<double>(n - 1)));
}

TEST_CASE("monte_carlo: a correlation of 0 and an input outside the correlations draw as before") {
  const std::vector<uncertain_input> in{
      {"h1", unit_uniform},
      {"h2", distribution::lognormal_90(decimal(1), decimal(4))},
      {"h3", distribution::triangular(decimal(0), decimal(1), decimal(3))}};
  monte_carlo_options plain;
  plain.samples = 1000;
  plain.seed = 7;
  plain.keep_samples = true;
  const model m = three_lines({"1", "2", "3"});
  const model_inputs mi(m);
  const auto before = monte_carlo(mi, in, plain);
  auto zero = plain;
  zero.correlations = {correlation{.first = "h1", .second = "h2", .rho = decimal(0)}};
  const auto with_zero = monte_carlo(mi, in, zero);
  CHECK(with_zero.totals == before.totals);  // bit for bit
  CHECK(with_zero.p50 == before.p50);
  REQUIRE(with_zero.correlations.size() == 1);
  CHECK(with_zero.correlations[0] == "h1 and h2: rank correlation 0");
  CHECK(before.correlations.empty());
  // h1 and h2 correlated: h3, outside, draws exactly what it drew without.
  auto some = plain;
  some.correlations = {correlation{.first = "h2", .second = "h1", .rho = decimal::parse("0.6")}};
  CHECK(draws_of(2, in, some) == draws_of(2, in, plain));
  CHECK(draws_of(0, in, some) != draws_of(0, in, plain));
}

TEST_CASE("monte_carlo: a total with perfectly correlated inputs, by hand") {
  // h1 uniform 0 to 1, h2 uniform 10 to 20, rank correlation 1, both lines at 1 USD/instance-h.
  // The first sample takes the stream's first two uniforms u1 and u2 (h1's, then h2's). h1 = u1;
  // h2 follows h1's normal (the copula's normal correlation 2 sin(pi / 6) = 1), so its quantile
  // is h1's: h2 = 10 + 10 u1, and the total is u1 + 10 + 10 u1 = 10 + 11 u1. With -1, h2 = 20 - 10
  // u1 and the total is 20 - 9 u1.
  const model m = three_lines({"1", "1", "0"});
  const model_inputs mi(m);
  const std::vector<uncertain_input> in{{"h1", unit_uniform},
                                        {"h2", distribution::uniform(decimal(10), decimal(20))}};
  monte_carlo_options o;
  o.samples = 3;
  o.seed = 11;
  o.keep_samples = true;
  o.correlations = {correlation{.first = "h1", .second = "h2", .rho = decimal(1)}};
  random_stream s(11);
  const double u1 = s.uniform();
  const auto r = monte_carlo(mi, in, o);
  CHECK(r.totals[0] == doctest::Approx(10 + 11 * u1).epsilon(1e-9));
  o.correlations[0].rho = decimal(-1);
  CHECK(monte_carlo(mi, in, o).totals[0] == doctest::Approx(20 - 9 * u1).epsilon(1e-9));
}

TEST_CASE("monte_carlo: correlations that cannot be are refused") {
  const model m = three_lines({"1", "1", "1"});
  const model_inputs mi(m);
  const std::vector<uncertain_input> in{
      {"h1", unit_uniform}, {"h2", unit_uniform}, {"h3", unit_uniform}};
  const auto with = [&](std::vector<correlation> c) {
    monte_carlo_options o;
    o.samples = 10;
    o.correlations = std::move(c);
    return monte_carlo(mi, in, o);
  };
  const auto c = [](const char* a, const char* b, const char* rho) {
    return correlation{.first = a, .second = b, .rho = decimal::parse(rho)};
  };
  CHECK_THROWS_WITH_AS((void)with({c("h1", "h1", "0.5")}),
                       "trncost: Monte Carlo: 'h1' is correlated with itself; a correlation is "
                       "between two inputs",
                       input_error);
  CHECK_THROWS_WITH_AS((void)with({c("h1", "h2", "1.5")}),
                       "trncost: Monte Carlo: the correlation of 'h1' and 'h2' is 1.5; a "
                       "correlation is from -1 to 1",
                       input_error);
  CHECK_THROWS_WITH_AS((void)with({c("h1", "h2", "0.5"), c("h2", "h1", "0.4")}),
                       "trncost: Monte Carlo: the correlation of 'h2' and 'h1' is given twice",
                       input_error);
  CHECK_THROWS_WITH_AS((void)with({c("h1", "p1", "0.5")}),
                       "trncost: Monte Carlo: the correlation of 'h1' and 'p1': 'p1' is not one of "
                       "the uncertain inputs (only drawn inputs move together)",
                       input_error);
  CHECK_THROWS_AS((void)with({c("h1", "nope", "0.5")}), input_error);  // no such input at all
  CHECK_THROWS_WITH_AS(
      (void)with({c("h1", "h2", "0.9"), c("h2", "h3", "0.9"), c("h1", "h3", "-0.9")}),
      "trncost: Monte Carlo: the correlations are not positive semi-definite: no joint "
      "distribution has them all (three inputs cannot each move with the next and against the "
      "first); loosen one",
      input_error);
  // The same three at 0.9, 0.9 and 0.7 can be: accepted.
  const auto ok = with({c("h1", "h2", "0.9"), c("h2", "h3", "0.9"), c("h1", "h3", "0.7")});
  CHECK(ok.correlations.size() == 3);
}

}  // namespace trncost_tests::analysis_monte_carlo_correlation_test
