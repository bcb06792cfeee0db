// Evaluating the flagship model (examples/flagship_model.hpp) once it is built: the pass that
// sensitivity and Monte Carlo repeat. Target: under 2 us per evaluation and no heap allocation.
// Building the model and turning it into an estimate (records, strings, findings) are measured too,
// for scale: they happen once per estimate, not per sample.
#include <benchmark/benchmark.h>

#include "../examples/flagship_model.hpp"
#include "../tests/support/allocation_counter.hpp"

using trncost_support::allocations;

namespace {

void flagship_evaluate(benchmark::State& state) {
  const auto m = flagship::build();
  trncost::evaluator e(m);
  for (auto _ : state) benchmark::DoNotOptimize(e.run());
  // Counted outside the timed loop so the benchmark library's own allocations stay out.
  constexpr int runs = 1000;
  const std::size_t before = allocations;
  for (int i = 0; i < runs; ++i) benchmark::DoNotOptimize(e.run());
  state.counters["allocs_per_eval"] = static_cast<double>(allocations - before) / runs;
  state.counters["lines"] = static_cast<double>(m.data().lines.size());
  state.counters["nodes"] = static_cast<double>(m.data().nodes.size());
}

// The same pass with one input overridden before each run, as a Monte Carlo sample does.
void flagship_evaluate_with_override(benchmark::State& state) {
  const auto m = flagship::build();
  trncost::evaluator e(m);
  std::uint32_t throughput_id = 0;
  for (std::uint32_t i = 0; i < m.data().nodes.size(); ++i) {
    if (m.data().nodes[i].name == "useful_throughput") throughput_id = i;
  }
  const trncost::decimal values[] = {trncost::decimal(55000), trncost::decimal(60000),
                                     trncost::decimal(65000)};
  std::size_t k = 0;
  for (auto _ : state) {
    e.set(throughput_id, values[k++ % 3]);
    benchmark::DoNotOptimize(e.run());
  }
}

void flagship_build(benchmark::State& state) {
  for (auto _ : state) {
    auto m = flagship::build();
    benchmark::DoNotOptimize(m);
  }
}

void flagship_estimate(benchmark::State& state) {
  const auto m = flagship::build();
  for (auto _ : state) {
    auto est = m.evaluate(flagship::as_of);
    benchmark::DoNotOptimize(est);
  }
}

}  // namespace

BENCHMARK(flagship_evaluate);
BENCHMARK(flagship_evaluate_with_override);
BENCHMARK(flagship_build)->Unit(benchmark::kMicrosecond);
BENCHMARK(flagship_estimate)->Unit(benchmark::kMicrosecond);
