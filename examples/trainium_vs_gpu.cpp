// Trainium vs GPU for one fine-tuning job: which option reaches the target quality for less, how
// sure we are (tornado, Monte Carlo budget band), and whether to go on.
// Run: build/examples/example_trainium_vs_gpu
#include <cstdio>
#include <iostream>
#include <string>
#include <trncost/analysis/decision.hpp>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/analysis/sensitivity.hpp>

#include "fine_tune_options.hpp"
#include "json_reports.hpp"

int main(int argc, char** argv) {
  using namespace trncost;
  using namespace trncost::analysis;
  const auto options = fine_tune::options();
  const auto json_dir = examples::json_dir(argc, argv);
  examples::write_json_report(json_dir, "trainium_vs_gpu-trn1", options[0].est);
  examples::write_json_report(json_dir, "trainium_vs_gpu-p5", options[1].est);
  examples::write_json_report(json_dir, "trainium_vs_gpu-trn2", options[2].est);

  // [compare]
  const comparison c = compare(options);
  for (const auto& g : c.groups) {
    std::cout << "Protocol: dataset " << g.dataset_id << ", " << g.metric << " target "
              << g.target.to_string() << "\n";
    for (const auto& d : g.differences)
      std::cout << "  not comparable with the first: " << d << "\n";
    for (const auto& r : g.ranked) {
      std::cout << "  #" << r.cost_rank << " " << r.name << ": "
                << r.cost.to_fixed(decimal_places{2}) << " USD (x"
                << r.cost_ratio.to_fixed(decimal_places{2}) << ")";
      if (r.seconds) std::cout << ", " << r.seconds->to_string() << " s to the target";
      std::cout << "\n";
    }
    for (const auto& a : g.apart)
      std::cout << "  set apart: " << a.name << ": " << a.reason << "\n";
  }
  // [compare]

  // The trn1 option: tornado over what was observed, and a Monte Carlo budget band.
  const model trn1 = fine_tune::build(fine_tune::which::trn1);
  const model_inputs in(trn1);
  // [tornado]
  // +/-10 % on what was measured, except the node count (a choice, not an observation) and the
  // token count (counted exactly); the throughput over the range its repetitions showed.
  auto variations = observed_bands(in, decimal::parse("0.1"));
  std::erase_if(variations, [](const variation& v) {
    return v.input == "nodes" || v.input == "tokens_to_train";
  });
  for (auto& v : variations) {
    if (v.input == "useful_throughput") {
      v = observed_range("useful_throughput", fine_tune::trn1_throughput_repetitions());
    }
  }
  const tornado t = sensitivity(in, variations);
  std::cout << "\nTornado (total " << t.baseline_total.to_fixed(decimal_places{2}) << " USD):\n";
  for (const auto& bar : t.observed) {
    std::cout << "  " << bar.input << " " << bar.low.to_string() << ".." << bar.high.to_string()
              << " (" << bar.basis << "): " << bar.total_at_low.to_fixed(decimal_places{2})
              << " .. " << bar.total_at_high.to_fixed(decimal_places{2}) << " USD\n";
  }
  // [tornado]

  // [monte_carlo]
  const monte_carlo_result mc = monte_carlo(
      in,
      {{"useful_throughput", distribution::empirical(fine_tune::trn1_throughput_repetitions())},
       {"compile_s", distribution::lognormal_90(decimal(900), decimal(1800))},
       {"interruption_rate", distribution::uniform(decimal(0), decimal::parse("0.006"))},
       {"work_lost_s", distribution::triangular(decimal(300), decimal(900), decimal(1800))}},
      {200'000, 2026, make(units::usd, "310")});
  std::printf(
      "\nMonte Carlo (%llu samples, seed %llu): P5 %.2f, P50 %.2f, P95 %.2f USD; "
      "P(total > 310 USD) = %.3f\n",
      static_cast<unsigned long long>(mc.samples), static_cast<unsigned long long>(mc.seed), mc.p5,
      mc.p50, mc.p95, mc.p_over_budget.value_or(0));
  // [monte_carlo]

  // [decide]
  decision_inputs di;
  di.est = &options[0].est;
  di.quality = options[0].proto;
  di.region = "us-east-1";
  di.support.stated_check = "replayed 200 steps on neuronx-cc 2.21 on 2026-11-20: no fallback";
  const decision d = decide(di);
  std::cout << "\nDecision for " << options[0].name << ": " << to_string(d.outcome) << "\n";
  for (const auto& r : d.suspend_reasons) std::cout << "  suspend: " << r << "\n";
  for (const auto& r : d.compare_reasons) std::cout << "  compare: " << r << "\n";
  for (const auto& r : d.continue_reasons) std::cout << "  holds: " << r << "\n";
  // [decide]
  return 0;
}
