// The C++ side of the Python module's measurement (README.md, "Python module"): the budget
// scenario read and built, then the same Monte Carlo that benchmarks/python_module.py runs through
// trncost.Scenario.monte_carlo(), timed the same way (wall clock, best of the repetitions). Built
// by hand with the flags of the module's build, not by CMake (README.md has the command).
//
//   scenario_monte_carlo SCENARIO.toml SAMPLES REPETITIONS KEEP_SAMPLES(0|1)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/scenario/scenario.hpp>
#include <vector>

int main(int argc, char** argv) {
  using namespace trncost;
  if (argc != 5) {
    std::fprintf(stderr, "usage: scenario_monte_carlo SCENARIO.toml SAMPLES REPETITIONS KEEP\n");
    return 2;
  }
  const auto samples = std::stoull(argv[2]);
  const int repetitions = std::stoi(argv[3]);
  const bool keep = std::string(argv[4]) == "1";
  const auto spec = scenario::read_scenario(argv[1]);
  const model m = scenario::build_model(spec);
  // The scenario's own [analysis.monte_carlo] inputs (as python_module.py gives them).
  const std::vector<analysis::uncertain_input> inputs{
      {"useful_throughput", analysis::distribution::uniform(decimal(59000), decimal(60400))},
      {"compilation_s", analysis::distribution::lognormal_90(decimal(1100), decimal(1800))},
      {"work_lost_seen",
       analysis::distribution::triangular(decimal(1800), decimal(2700), decimal(4500))}};
  double best = 1e9;
  analysis::monte_carlo_result r;
  for (int i = 0; i < repetitions; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const analysis::model_inputs in(m);  // as the module builds it on each call
    analysis::monte_carlo_options o;
    o.samples = samples;
    o.seed = 2026;
    o.budget = money::from_value(decimal(420));
    o.keep_samples = keep;  // as the Python call asks
    r = analysis::monte_carlo(in, inputs, o);
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    best = std::min(best, dt.count());
  }
  std::printf("%.6f s best of %d; %.3f M samples/s; p50 %.6f\n", best, repetitions,
              static_cast<double>(samples) / best / 1e6, r.p50);
  return 0;
}
