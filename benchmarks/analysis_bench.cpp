// Analysis speed: Monte Carlo samples per second on the flagship model (target:
// at least 25 million per second on one core); the model's evaluation as the flat double program
// analysis uses, one sample and a block at a time, next to the same model written by hand on
// double (targets: within 10 %, and within 1.5x per sample for blocks) and the exact
// decimal evaluation; and Monte Carlo on the Trainium vs GPU example's trn1 model, the same model
// as benchmarks/monte_carlo_fine_tune.py (the plain-Python anchor, run beside it: README.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/analysis/sensitivity.hpp>
#include <vector>

#include "../examples/fine_tune_options.hpp"
#include "../examples/flagship_model.hpp"

using namespace trncost;
using namespace trncost::analysis;

namespace {

/// Up to four measured leaves of a model, each drawn uniformly within +/-10 % of its value.
std::vector<uncertain_input> measured_inputs(const model_inputs& in, std::size_t n) {
  std::vector<uncertain_input> out;
  for (const auto& l : in.leaves()) {
    if (out.size() == n) break;
    if (!is_observed(l.record->origin) || l.baseline.is_zero()) continue;
    const decimal lo = l.baseline * decimal::parse("0.9");
    const decimal hi = l.baseline * decimal::parse("1.1");
    out.push_back({l.name, distribution::uniform(lo, hi)});
  }
  return out;
}

void monte_carlo_flagship(benchmark::State& state) {
  const auto m = flagship::build();
  const model_inputs in(m);
  const auto inputs = measured_inputs(in, 4);
  const auto samples = static_cast<std::uint64_t>(state.range(0));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const auto r = monte_carlo(in, inputs, {samples, seed++, std::nullopt});
    benchmark::DoNotOptimize(r.p50);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(samples));
  state.counters["inputs_drawn"] = static_cast<double>(inputs.size());
  state.counters["nodes"] = static_cast<double>(m.data().nodes.size());
  state.counters["lines"] = static_cast<double>(m.data().lines.size());
  state.SetLabel("samples/s is items_per_second; target >= 25e6");
}
BENCHMARK(monte_carlo_flagship)->Arg(100'000)->Unit(benchmark::kMillisecond);

// The trn1 fine-tune model (examples/fine_tune_options.hpp) written by hand on double, line by
// line as the model computes it.
struct fine_tune_inputs {
  double tokens = 1296000000, throughput = 60000, nodes = 2, price = 21.5, setup = 360,
         compile = 1260, eval = 1200, checkpoint = 540, wait = 240, volume = 1000, gp3 = 0.08,
         rate = 0.002, restart = 600, lost = 900;
};

double fine_tune_total(const fine_tune_inputs& x) {
  const double train = x.tokens / x.throughput;
  const double total = x.setup + x.compile + train + x.eval + x.checkpoint + x.wait;
  double cost = 0;
  for (const double phase : {x.setup, x.compile, train, x.eval, x.checkpoint, x.wait}) {
    cost += x.price * (x.nodes * phase) / 3600.0;
  }
  cost += x.price * (x.nodes * std::max(60.0 - total, 0.0)) / 3600.0;
  const double wall_h = total / 3600.0;
  cost += x.gp3 * (x.volume * wall_h) / 730.0;
  const double interruptions = x.rate * (x.nodes * wall_h);
  cost += x.price * (x.nodes * (interruptions * x.restart)) / 3600.0;
  cost += x.price * (x.nodes * (interruptions * x.lost)) / 3600.0;
  return cost;
}

// The same model written by hand with typed quantities on double (Boost.Units with trncost's
// units): what "typed code compiles down to hand-written double code" means for a user's own model.
template <class Unit>
using dq = boost::units::quantity<Unit, double>;

struct fine_tune_typed_inputs {
  dq<units::token_t> tokens = 1296000000 * units::token;
  dq<units::tokens_per_second_t> throughput = 60000 * units::tokens_per_second;
  dq<units::instance_t> nodes = 2 * units::instance;
  dq<units::usd_per_instance_hour_t> price = 21.5 * units::usd_per_instance_hour;
  dq<units::second_t> setup = 360 * units::second, compile = 1260 * units::second,
                      eval = 1200 * units::second, checkpoint = 540 * units::second,
                      wait = 240 * units::second;
  dq<units::gibibyte_t> volume = 1000 * units::gibibyte;
  dq<units::usd_per_gibibyte_month_t> gp3 = 0.08 * units::usd_per_gibibyte_month;
  dq<units::interruptions_per_instance_hour_t> rate =
      0.002 * units::interruptions_per_instance_hour;
  dq<units::seconds_per_interruption_t> restart = 600 * units::seconds_per_interruption,
                                        lost = 900 * units::seconds_per_interruption;
};

double fine_tune_total_typed(const fine_tune_typed_inputs& x) {
  using boost::units::quantity;
  const dq<units::second_t> train(x.tokens / x.throughput);
  const dq<units::second_t> total = x.setup + x.compile + train + x.eval + x.checkpoint + x.wait;
  dq<units::usd_t> cost = 0 * units::usd;
  for (const auto& phase : {x.setup, x.compile, train, x.eval, x.checkpoint, x.wait}) {
    cost += dq<units::usd_t>(x.price * (x.nodes * phase));
  }
  const dq<units::second_t> minimum = 60 * units::second;
  const dq<units::second_t> extra = total < minimum ? minimum - total : 0 * units::second;
  cost += dq<units::usd_t>(x.price * (x.nodes * extra));
  const dq<units::hour_t> wall(total);
  // 730 hours to the month: the convention named, as trncost's month_730h does.
  cost +=
      dq<units::usd_t>(x.gp3 * (x.volume * wall) * (1.0 * units::month / (730.0 * units::hour)));
  const auto interruptions = x.rate * (x.nodes * wall);
  cost += dq<units::usd_t>(x.price * (x.nodes * (interruptions * x.restart)));
  cost += dq<units::usd_t>(x.price * (x.nodes * (interruptions * x.lost)));
  return cost.value();
}

const double throughputs[] = {58500, 60000, 61200};

void evaluate_typed_double(benchmark::State& state) {
  fine_tune_typed_inputs x;
  std::size_t k = 0;
  for (auto _ : state) {
    x.throughput = throughputs[k++ % 3] * units::tokens_per_second;
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(fine_tune_total_typed(x));
  }
  x.throughput = 60000 * units::tokens_per_second;
  state.counters["agrees_with_hand_written"] =
      std::abs(fine_tune_total_typed(x) - fine_tune_total(fine_tune_inputs{})) < 1e-9 ? 1 : 0;
  state.SetLabel("target: within 10 % of the anchor");
}
BENCHMARK(evaluate_typed_double);

void evaluate_hand_written_double(benchmark::State& state) {
  fine_tune_inputs x;
  std::size_t k = 0;
  for (auto _ : state) {
    x.throughput = throughputs[k++ % 3];
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(fine_tune_total(x));
  }
  state.SetLabel("anchor");
}
BENCHMARK(evaluate_hand_written_double);

void evaluate_compiled_double(benchmark::State& state) {
  const auto m = fine_tune::build(fine_tune::which::trn1);
  const model_inputs in(m);
  compiled_model program(in, {in.find("useful_throughput")});
  std::size_t k = 0;
  for (auto _ : state) {
    program.set_leaf(0, throughputs[k++ % 3]);
    benchmark::DoNotOptimize(program.total());
  }
  fine_tune_inputs x;
  program.set_leaf(0, 60000);
  state.counters["agrees_with_hand_written"] =
      std::abs(program.total() - fine_tune_total(x)) < 1e-9 ? 1 : 0;
  state.counters["operations"] = static_cast<double>(program.operations());
  state.SetLabel("target: within 10 % of the anchor");
}
BENCHMARK(evaluate_compiled_double);

// The same program over blocks of samples (what Monte Carlo runs): time per sample (items/s).
// Target: within 1.5x of evaluate_hand_written_double per sample.
void evaluate_compiled_double_block(benchmark::State& state) {
  const auto m = fine_tune::build(fine_tune::which::trn1);
  const model_inputs in(m);
  compiled_model program(in, {in.find("useful_throughput")});
  constexpr std::size_t n = compiled_model::block;
  std::vector<double> out(n);
  double* row = program.leaf_row(0);
  std::size_t k = 0;
  for (auto _ : state) {
    for (std::size_t j = 0; j < n; ++j) row[j] = throughputs[k++ % 3];
    program.totals(n, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
  fine_tune_inputs x;
  row[0] = 60000;
  program.totals(1, out.data());
  state.counters["agrees_with_hand_written"] = std::abs(out[0] - fine_tune_total(x)) < 1e-9 ? 1 : 0;
  state.SetLabel("per sample: 1 / items_per_second; target within 1.5x of the anchor");
}
BENCHMARK(evaluate_compiled_double_block);

void evaluate_exact_decimal(benchmark::State& state) {
  const auto m = fine_tune::build(fine_tune::which::trn1);
  const model_inputs in(m);
  leaf_evaluator e(in);
  const auto leaf = in.find("useful_throughput");
  const decimal values[] = {decimal(58500), decimal(60000), decimal(61200)};
  std::size_t k = 0;
  for (auto _ : state) {
    e.set(leaf, values[k++ % 3]);
    benchmark::DoNotOptimize(e.total());
  }
  state.SetLabel("exact: what sensitivity and scenarios use");
}
BENCHMARK(evaluate_exact_decimal);

// The same Monte Carlo as benchmarks/monte_carlo_fine_tune.py: four inputs, 200,000 samples.
void monte_carlo_fine_tune(benchmark::State& state) {
  const auto m = fine_tune::build(fine_tune::which::trn1);
  const model_inputs in(m);
  const std::vector<uncertain_input> inputs{
      {"useful_throughput", distribution::empirical(fine_tune::trn1_throughput_repetitions())},
      {"compile_s", distribution::lognormal_90(decimal(900), decimal(1800))},
      {"interruption_rate", distribution::uniform(decimal(0), decimal::parse("0.006"))},
      {"work_lost_s", distribution::triangular(decimal(300), decimal(900), decimal(1800))}};
  const auto samples = static_cast<std::uint64_t>(state.range(0));
  monte_carlo_result r;
  for (auto _ : state) {
    r = monte_carlo(in, inputs, {samples, 2026, make(units::usd, "310")});
    benchmark::DoNotOptimize(r.p50);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(samples));
  state.counters["p50"] = r.p50;
  state.counters["p95"] = r.p95;
  state.SetLabel("compare items_per_second with monte_carlo_fine_tune.py");
}
BENCHMARK(monte_carlo_fine_tune)->Arg(200'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
