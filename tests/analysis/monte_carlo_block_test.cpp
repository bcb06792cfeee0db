// The block form of the double program (compiled_model::totals) against the one-sample form
// (set_leaf, total): the same draws must give the same totals bit for bit, on the flagship and on
// random graphs that use every operation; and monte_carlo(), which runs on blocks, must give what
// a sample-at-a-time loop over the same random stream gives.
#include <doctest/doctest.h>

#include <algorithm>
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
  const op_kind graph_ops[] = {op_kind::add,   op_kind::sub,  op_kind::mul,     op_kind::div,
                               op_kind::max,   op_kind::min,  op_kind::scale,   op_kind::band,
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
  for (std::size_t i = 0; i < in.leaves().size() && inputs.size() < 3; ++i) {
    const decimal v = in.leaves()[i].baseline;
    if (v.is_zero()) continue;
    const decimal lo = v * decimal::parse("0.8");
    const decimal hi = v * decimal::parse("1.3");
    // One of each kind that draws differently: uniform, triangular, lognormal.
    inputs.push_back({in.leaves()[i].name,
                      inputs.empty()         ? distribution::uniform(lo, hi)
                      : inputs.size() == 1   ? distribution::triangular(lo, v, hi)
                                             : distribution::lognormal_90(lo, hi)});
    varied.push_back(i);
  }
  REQUIRE(inputs.size() == 3);
  const std::uint64_t samples = 1000;  // 7 blocks of 128 and one of 104
  const auto r = monte_carlo(in, inputs, {samples, 99, std::nullopt});

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
