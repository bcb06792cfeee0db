// The block form of the double program (compiled_model::totals) against the one-sample form
// (set_leaf, total): the same draws must give the same totals bit for bit, on the flagship and on
// random graphs that use every operation; and monte_carlo(), which runs on blocks, must give what
// a sample-at-a-time loop over the same random stream gives.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "../../examples/flagship_model.hpp"
#include "trncost/analysis/monte_carlo.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_monte_carlo_block_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

std::uint64_t bits(double x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

/// Runs `samples` samples through both forms with leaves drawn uniformly in [0.5, 1.5] times
/// their baseline (from one stream, sample by sample); returns how many totals differ in a bit.
std::size_t differing_totals(const model_inputs& in, const std::vector<std::size_t>& varied,
                             std::size_t samples, std::uint64_t seed) {
  compiled_model block(in, varied);
  compiled_model one(in, varied);
  random_stream rng(seed);
  std::vector<double> draws(samples * varied.size());
  for (std::size_t s = 0; s < samples; ++s) {
    for (std::size_t k = 0; k < varied.size(); ++k) {
      const double base = in.leaves()[varied[k]].baseline.to_double();
      draws[s * varied.size() + k] = base * (0.5 + rng.uniform());
    }
  }
  std::vector<double> got(samples);
  for (std::size_t first = 0; first < samples; first += compiled_model::block) {
    const std::size_t n = std::min(compiled_model::block, samples - first);
    for (std::size_t k = 0; k < varied.size(); ++k) {
      double* row = block.leaf_row(k);
      for (std::size_t j = 0; j < n; ++j) row[j] = draws[(first + j) * varied.size() + k];
    }
    block.totals(n, got.data() + first);
  }
  std::size_t differ = 0;
  for (std::size_t s = 0; s < samples; ++s) {
    for (std::size_t k = 0; k < varied.size(); ++k) one.set_leaf(k, draws[s * varied.size() + k]);
    if (bits(one.total()) != bits(got[s])) ++differ;
  }
  return differ;
}

/// A random model over `leaves` inputs: derived inputs (add, sub, mul, div, convert, charge
/// records, which analysis recomputes), every graph operation on random earlier nodes, and lines
/// on random pairs of nodes. Values are random too; nothing has a meaning but the arithmetic.
model random_model(std::uint64_t seed, std::size_t leaves, std::size_t ops, std::size_t lines) {
  random_stream rng(seed);
  const auto pick = [&](std::size_t n) {
    return static_cast<std::size_t>(rng.uniform() * static_cast<double>(n)) % n;
  };
  const auto value = [&] {
    // 0.25 to 400, six decimals, so decimal and double agree on the baseline.
    const auto micro = static_cast<std::int64_t>((0.25 + rng.uniform() * 400.0) * 1e6);
    return decimal(micro) / decimal(1'000'000);
  };
  model m;
  auto& d = m.data();
  std::vector<input_ref> records;
  const auto push_input = [&](input_ref r) {
    trncost::detail::node_rec n;  // a leaf: its operation is opaque
    n.name = r->name;
    n.record = r;
    d.nodes.push_back(n);
    d.baseline.push_back(decimal::parse(r->value));
    records.push_back(std::move(r));
  };
  for (std::size_t i = 0; i < leaves; ++i) {
    push_input(std::make_shared<const source_record>(source_record{
        "leaf" + std::to_string(i), value().to_string(), "", assumption{"random"}, true}));
  }
  // Inputs derived from leaves by a recorded operation: analysis follows them down.
  const op_kind kinds[] = {op_kind::add, op_kind::sub,     op_kind::mul,
                           op_kind::div, op_kind::convert, op_kind::charge};
  for (std::size_t i = 0; i < leaves; ++i) {
    const auto& a = records[pick(records.size())];
    const auto& b = records[pick(records.size())];
    derived how{"random", {a}, operation{.kind = kinds[pick(6)]}};
    if (how.op.kind == op_kind::convert) {
      how.op.num = 3600;
    } else {
      how.inputs.push_back(b);
      if (how.op.kind == op_kind::charge) how.op.den = 3600;
    }
    // The recorded value is not used by analysis (it recomputes from the leaves), only parsed.
    push_input(std::make_shared<const source_record>(
        source_record{"derived" + std::to_string(i), "1", "", how, true}));
  }
  const op_kind graph_ops[] = {op_kind::add,     op_kind::sub,    op_kind::mul,   op_kind::div,
                               op_kind::max,     op_kind::min,    op_kind::scale, op_kind::band,
                               op_kind::ceil_to, op_kind::convert};
  for (std::size_t i = 0; i < ops; ++i) {
    trncost::detail::node_rec n;
    n.op.kind = graph_ops[pick(10)];
    n.a = static_cast<std::uint32_t>(pick(d.nodes.size()));
    n.b = static_cast<std::uint32_t>(pick(d.nodes.size()));
    n.op.factor = static_cast<std::int64_t>(1 + pick(5));
    n.op.num = 1 + pick(3);
    n.op.den = 1 + pick(3600);
    // band: [lower, upper) or open; ceil_to: the step is the lower value drawn.
    n.op.lower = value();
    n.op.upper = n.op.lower + value();
    if (pick(2) == 0) n.op.upper.reset();
    n.op.step = n.op.lower;
    n.name = "op" + std::to_string(i);
    d.nodes.push_back(n);
    d.baseline.push_back(decimal{});
  }
  for (std::size_t i = 0; i < lines; ++i) {
    trncost::detail::line_rec l;
    l.price = static_cast<std::uint32_t>(pick(d.nodes.size()));
    l.quantity = static_cast<std::uint32_t>(pick(d.nodes.size()));
    l.den = pick(2) == 0 ? 3600 : 730;
    l.description = "line" + std::to_string(i);
    d.lines.push_back(l);
  }
  return m;
}

}  // namespace

TEST_CASE("compiled_model: a block of flagship samples equals one sample at a time bit for bit") {
  const model m = flagship::build();
  const model_inputs in(m);
  std::vector<std::size_t> all(in.leaves().size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  // 300 samples: two whole blocks of 128 and a partial one of 44.
  CHECK(differing_totals(in, all, 300, 7) == 0);
  CHECK(differing_totals(in, {0, all.size() - 1}, 300, 8) == 0);
}

TEST_CASE("compiled_model: blocks equal single samples bit for bit on random graphs") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    const model m = random_model(seed, 6, 60, 12);
    const model_inputs in(m);
    REQUIRE(in.leaves().size() == 6);  // the derived inputs lead back to the six leaves
    std::vector<std::size_t> varied;
    for (std::size_t i = 0; i < in.leaves().size(); ++i) {
      if ((seed >> (i % 3)) % 2 == 0 || i == 0) varied.push_back(i);
    }
    CHECK(differing_totals(in, varied, 130, seed) == 0);
  }
}

TEST_CASE("monte_carlo: blocks give what one sample at a time gives from the same stream") {
  const model m = flagship::build();
  const model_inputs in(m);
  std::vector<uncertain_input> inputs;
  std::vector<std::size_t> varied;
  for (std::size_t i = 0; i < in.leaves().size() && inputs.size() < 4; ++i) {
    const decimal v = in.leaves()[i].baseline;
    if (v.is_zero()) continue;
    const decimal lo = v * decimal::parse("0.8");
    const decimal hi = v * decimal::parse("1.3");
    // One of each kind: uniform, triangular, lognormal (two uniforms a draw), empirical.
    inputs.push_back(
        {in.leaves()[i].name, inputs.empty()       ? distribution::uniform(lo, hi)
                              : inputs.size() == 1 ? distribution::triangular(lo, v, hi)
                              : inputs.size() == 2 ? distribution::lognormal_90(lo, hi)
                                                   : distribution::empirical({lo, v, hi})});
    varied.push_back(i);
  }
  REQUIRE(inputs.size() == 4);
  const std::uint64_t samples = 1000;  // 7 blocks of 128 and one of 104
  const auto r = monte_carlo(in, inputs, {samples, 99, std::nullopt, true});

  // The reference: the loop monte_carlo ran before it had blocks.
  compiled_model one(in, varied);
  random_stream rng(99);
  std::vector<double> totals;
  double sum = 0;
  for (std::uint64_t s = 0; s < samples; ++s) {
    for (std::size_t k = 0; k < inputs.size(); ++k) one.set_leaf(k, inputs[k].dist.draw(rng));
    totals.push_back(one.total());
    sum += totals.back();
  }
  REQUIRE(r.totals.size() == samples);
  std::size_t differ = 0;
  for (std::size_t s = 0; s < samples; ++s) {
    if (bits(r.totals[s]) != bits(totals[s])) ++differ;
  }
  CHECK(differ == 0);  // every sample, in draw order
  std::sort(totals.begin(), totals.end());
  // Nearest rank: the 50th, 500th and 950th smallest of 1000.
  CHECK(bits(r.p5) == bits(totals[49]));
  CHECK(bits(r.p50) == bits(totals[499]));
  CHECK(bits(r.p95) == bits(totals[949]));
  CHECK(bits(r.min) == bits(totals.front()));
  CHECK(bits(r.max) == bits(totals.back()));
  CHECK(bits(r.mean) == bits(sum / 1000.0));
  CHECK(totals.front() < totals.back());  // the draws did vary the total
}

TEST_CASE("random_stream: fill_uniform gives the values uniform gives in the same order") {
  random_stream one(7);
  random_stream block(7);
  std::vector<double> got(1000);
  block.fill_uniform(got.data(), got.size());
  std::size_t differ = 0;
  for (const double x : got) {
    if (bits(x) != bits(one.uniform())) ++differ;
    if (!(x > 0.0 && x < 1.0)) ++differ;
  }
  CHECK(differ == 0);
  CHECK(block.next() == one.next());  // the state moved on by as many steps
  CHECK(bits(random_stream::normal_of(0.25, 0.5)) ==
        bits(std::sqrt(-2.0 * std::log(0.25)) * std::cos(6.283185307179586476925 * 0.5)));
}

TEST_CASE("distribution: draw_block gives what draw gives from the same uniforms") {
  // Lognormal takes two uniforms a draw, the others one. Each kind is drawn from a layout of
  // three uniforms a sample at offset 1 (stride 3), as monte_carlo() lays out several inputs.
  const std::vector<distribution> kinds{
      distribution::uniform(decimal(2), decimal(5)),
      distribution::triangular(decimal(1), decimal(2), decimal(6)),
      distribution::triangular(decimal(3), decimal(3), decimal(3)),  // no span: always 3
      distribution::lognormal_90(decimal(10), decimal(40)),
      distribution::empirical({decimal(1), decimal(4), decimal(9)})};
  CHECK(kinds[0].uniforms_per_draw() == 1);
  CHECK(kinds[1].uniforms_per_draw() == 1);
  CHECK(kinds[3].uniforms_per_draw() == 2);
  CHECK(kinds[4].uniforms_per_draw() == 1);
  const std::size_t n = 300;
  for (const auto& d : kinds) {
    random_stream fill(11);
    std::vector<double> u(n * 3);
    fill.fill_uniform(u.data(), u.size());
    std::vector<double> got(n);
    d.draw_block(u.data() + 1, 3, n, got.data());
    random_stream one(11);
    std::size_t differ = 0;
    for (std::size_t j = 0; j < n; ++j) {
      one.uniform();  // offset 0: another input's uniform
      const double want = d.draw(one);
      if (d.uniforms_per_draw() == 1) one.uniform();  // offset 2 unused by a one-uniform kind
      if (bits(got[j]) != bits(want)) ++differ;
    }
    CHECK_MESSAGE(differ == 0, d.describe());
  }
}

TEST_CASE("monte_carlo percentiles: the values a sort gives without reordering the samples") {
  const auto sorted_at = [](std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[analysis::detail::percentile_rank(v.size(), p)];
  };
  const auto check_all = [&](const std::vector<double>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    const std::vector<double> before = v;
    const std::array<double, 4> ps{0.05, 0.5, 0.95, 1.0};
    const auto got = analysis::detail::percentiles(v, *lo, *hi, ps);
    for (std::size_t i = 0; i < ps.size(); ++i) {
      CHECK_MESSAGE(bits(got[i]) == bits(sorted_at(v, ps[i])), "p = " << ps[i]);
    }
    CHECK(v == before);
  };
  random_stream rng(3);
  std::vector<double> spread(10'000);
  for (auto& x : spread) x = 100.0 + 50.0 * rng.uniform();
  check_all(spread);
  // Most samples in one slice, ties, a far outlier: ranks share a slice, slices are uneven.
  std::vector<double> clustered(5'000, 1.0);
  for (std::size_t i = 0; i < 1'000; ++i) clustered[i * 5] = 1.0 + 1e-12 * rng.uniform();
  clustered[17] = 1e6;
  clustered[18] = -3.0;
  check_all(clustered);
  check_all({4.0});                            // one sample
  check_all({2.0, 1.0});                       // nearest rank 1, 1, 2, 2
  check_all(std::vector<double>(300, 7.5));    // all equal: nothing to slice
  check_all({-1e308, 0.0, 1e308, 5.0, -2.0});  // a span that overflows: searched whole
  CHECK(analysis::detail::percentile_rank(1000, 0.05) == 49);
  CHECK(analysis::detail::percentile_rank(1000, 0.0) == 0);
}

TEST_CASE("monte_carlo: percentiles of a tiny run fall back to a whole search") {
  // Two samples: P5 and P50 are both the smaller total, P95 the larger (nearest rank 1, 1, 2).
  model m;
  quoted q;
  q.source = "test";
  q.region = "us-east-1";
  q.consulted = parse_date("2026-11-29");
  const auto p = m.input(sourced<quantity<units::usd_per_instance_hour_t>>{
      "p", make(units::usd_per_instance_hour, "1"), q});
  const auto h = m.input(sourced<quantity<units::instance_hour_t>>{
      "h", make(units::instance_hour, "1"), assumption{"test"}});
  m.add_line(category::compute, "a", line_meta{phase::training, "l"}, p, h);
  const model_inputs in(m);
  const auto r =
      monte_carlo(in, {{"h", distribution::uniform(decimal(0), decimal(1))}}, {2, 5, std::nullopt});
  CHECK(r.p5 == r.min);
  CHECK(r.p50 == r.min);
  CHECK(r.p95 == r.max);
  CHECK(r.min < r.max);
}

}  // namespace trncost_tests::analysis_monte_carlo_block_test
