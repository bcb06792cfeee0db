// Google Benchmark runner for the kernels of kernels.hpp: a typed cost line vs the same arithmetic
// on raw integers and on double, charge() on sourced values, money add/multiply/parse throughput.
//
// Counters: `per_op` is the CPU time of one operation (printed with an SI prefix: "51.7n" is
// 51.7 ns); `allocs_per_op` counts calls of the global operator new per operation. The label names
// the anchors a kernel is compared with ("line_raw_int128<=1.05" carries the target ratio);
// summarize.py turns a JSON result into Markdown tables. With --benchmark_repetitions, each
// benchmark also reports a `min` aggregate: on a shared, noisy machine the fastest repetition is
// the least disturbed one.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#include "../tests/support/allocation_counter.hpp"
#include "kernels.hpp"

using trncost_support::allocations;

namespace {

double min_of(const std::vector<double>& v) {
  return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

void run_kernel(benchmark::State& state, const trncost_bench::kernel& k) {
  k.prepare();
  k.run();  // warm-up; first-call allocations (static output arrays) stay out of the count below
  for (auto _ : state) k.run();
  const auto ops = static_cast<double>(k.ops);
  state.counters["per_op"] = benchmark::Counter(
      ops, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  // Counted outside the timed loop, so the benchmark library's own allocations stay out.
  constexpr int counted_runs = 4;
  const std::size_t allocations_before = allocations;
  for (int i = 0; i < counted_runs; ++i) k.run();
  state.counters["allocs_per_op"] =
      static_cast<double>(allocations - allocations_before) / (ops * counted_runs);
  state.SetLabel(k.compare);
}

const bool registered = [] {
  for (const auto& k : trncost_bench::kernels()) {
    benchmark::RegisterBenchmark(k.name, run_kernel, k)->ComputeStatistics("min", min_of);
  }
  return true;
}();

}  // namespace
