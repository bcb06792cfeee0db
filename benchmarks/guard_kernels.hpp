// The kernels whose instruction counts check_instructions guards against drift, next to
// the cost line of kernels.hpp: the flagship model's exact evaluation, a Monte Carlo sample on the
// flagship, and reading about 1 MB of an EC2 offer file. Only bench_instructions includes this
// header (it pulls in the flagship model and the offer reader, which cost_line_bench does not
// need).
#ifndef TRNCOST_BENCHMARKS_GUARD_KERNELS_HPP
#define TRNCOST_BENCHMARKS_GUARD_KERNELS_HPP

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/readers/price_list_json.hpp>
#include <vector>

#include "../examples/flagship_model.hpp"
#include "kernels.hpp"

namespace trncost_bench {

namespace guard {

inline constexpr std::size_t evaluations = 64;
inline constexpr std::size_t mc_samples = 12'800;  // 100 blocks of compiled_model::block

struct flagship_state {
  tc::model m = flagship::build();
  tc::evaluator e{m};
  tc::analysis::model_inputs in{m};
  std::vector<tc::analysis::uncertain_input> inputs;
  std::uint64_t seed = 1;
};

inline flagship_state& flagship_model() {
  static flagship_state s = [] {
    flagship_state f;
    // The first four measured leaves, uniform within +/-10 %, as analysis_bench's Monte Carlo.
    for (const auto& l : f.in.leaves()) {
      if (f.inputs.size() == 4) break;
      if (!tc::analysis::is_observed(l.record->origin) || l.baseline.is_zero()) continue;
      f.inputs.push_back(
          {l.name, tc::analysis::distribution::uniform(l.baseline * tc::decimal::parse("0.9"),
                                                       l.baseline * tc::decimal::parse("1.1"))});
    }
    return f;
  }();
  return s;
}

/// The offer file: TRNCOST_BENCH_OFFER_FILE (check_instructions writes a 1 MB one with
/// offer_file_gen.py), else the flagship's small EC2 offer file; read into memory once, so the
/// count holds no file input.
inline const std::string& offer_text() {
  static const std::string text = [] {
    const char* env = std::getenv("TRNCOST_BENCH_OFFER_FILE");
    const std::string path =
        env != nullptr && *env != '\0'
            ? std::string(env)
            : std::string(TRNCOST_EXAMPLES_DATA_DIR) + "/offers/AmazonEC2-us-east-1.json";
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << "cannot open the offer file " << path << '\n';
      std::exit(2);
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }();
  return text;
}

inline tc::pricing::offer_filter accelerators() {
  tc::pricing::offer_filter f;
  f.family("Compute Instance")
      .where_prefix("instanceType", {"trn", "inf", "p4", "p5", "g5", "g6"})
      .where("operatingSystem", "Linux")
      .where("tenancy", "Shared")
      .where("preInstalledSw", "NA")
      .where("capacitystatus", "Used")
      .where("licenseModel", "No License required")
      .where("operation", "RunInstances")
      .where("marketoption", "OnDemand")
      .term_types({"OnDemand"});
  return f;
}

}  // namespace guard

/// One exact evaluation of the flagship (evaluator::run), 64 per run.
inline void flagship_evaluate() {
  auto& f = guard::flagship_model();
  for (std::size_t i = 0; i < guard::evaluations; ++i) benchmark::DoNotOptimize(f.e.run());
}

/// Monte Carlo on the flagship, four inputs drawn: 12,800 samples per run (setup included).
inline void monte_carlo_sample() {
  auto& f = guard::flagship_model();
  const auto r =
      tc::analysis::monte_carlo(f.in, f.inputs, {guard::mc_samples, f.seed++, std::nullopt});
  benchmark::DoNotOptimize(r.p50);
}

/// Reading the offer file once (about 1 MB under check_instructions), keeping the accelerators.
inline void offer_read() {
  std::istringstream in(guard::offer_text());
  const auto o = tc::readers::read_offer_json(in, "offer.json", guard::accelerators());
  benchmark::DoNotOptimize(o.products.size());
}

inline void prepare_flagship() { (void)guard::flagship_model(); }
inline void prepare_offer() { (void)guard::offer_text(); }

/// Every kernel bench_instructions runs: kernels.hpp's, then these.
inline const std::vector<kernel>& all_kernels() {
  static const std::vector<kernel> all = [] {
    std::vector<kernel> v = kernels();
    v.push_back({"flagship_evaluate", flagship_evaluate, guard::evaluations, prepare_flagship, ""});
    v.push_back(
        {"monte_carlo_sample", monte_carlo_sample, guard::mc_samples, prepare_flagship, ""});
    v.push_back({"offer_read", offer_read, 1, prepare_offer, ""});
    return v;
  }();
  return all;
}

}  // namespace trncost_bench

#endif  // TRNCOST_BENCHMARKS_GUARD_KERNELS_HPP
