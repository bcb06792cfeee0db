// The flagship example: a fine-tuning job on trn1.32xlarge estimated the way a budget review needs
// it (every term of the formula, every input sourced), then the same job measured on trn2.48xlarge
// but priced with a third-party figure, then the baseline with a category forgotten.
#include <cstdio>
#include <exception>
#include <trncost/readers/fmt.hpp>

#include "flagship_model.hpp"
#include "json_reports.hpp"

namespace {

void print(const trncost::estimate& est, const char* title) {
  using namespace trncost;
  fmt::print("== {}\n", title);
  fmt::print("status: {}\n", to_string(est.status));
  for (const auto& r : est.reasons) fmt::print("  because {}\n", r.text);
  fmt::print("\n{:<22} {:<16} {:<62} {:>10}\n", "category", "phase", "line", "USD");
  for (const auto& l : est.lines) {
    if (l.amount && l.amount->is_zero()) continue;  // a billing minimum that did not bind
    fmt::print("{:<22} {:<16} {:<62} {:>10}\n", to_string(l.cat),
               l.ph ? std::string(to_string(*l.ph)) : std::string("-"), l.description,
               l.amount ? l.amount->to_fixed(cents) : std::string("unpriced"));
  }
  fmt::print("\n");
  for (const auto& [c, amt] : est.by_category) {
    fmt::print("{:<22} {:>10.2f}\n", to_string(c), amt);
  }
  fmt::print("{:<22} {:>10.2f}   (exact {})\n", "total", est.total, est.total);
  fmt::print("{:<22} {:>10.2f}\n{:<22} {:>10.2f}\n", "useful instance time", est.useful, "overhead",
             est.overhead);
  fmt::print("findings:\n");
  for (const auto& f : est.findings) fmt::print("  - {}\n", f);
  fmt::print("\n");
}

// What the reference runs say, before any price: the repetitions behind the model's inputs.
void print_runs(const std::string& path) {
  using namespace trncost;
  const auto runs = readers::read_run_log(path);
  const auto rep = measure::summarize_runs<units::tokens_per_second_t>(runs, true);
  fmt::print("== reference runs ({})\n", path);
  fmt::print("{} runs: {} completed, {} failed, {} stopped; {} reached the quality target\n",
             rep.runs, rep.completed, rep.failed, rep.stopped, rep.reached_target);
  fmt::print("instance time of all runs, failed ones included: {} instance-s\n",
             rep.instance_seconds.value());
  fmt::print("useful throughput (completed runs): median {} token/s, min {}, max {}, spread {}\n",
             rep.throughput.median, rep.throughput.min, rep.throughput.max, rep.throughput.spread);
  for (const auto& x : rep.throughput_excluded) {
    fmt::print("  left out of throughput: {} ({})\n", x.run_id, x.reason);
  }
  for (const auto& r : runs) {
    const auto g = measure::goodput(r);
    fmt::print("  {} {:<9} goodput {:.3f}", r.id, to_string(r.outcome), g.goodput.value().value());
    for (const auto& [p, share] : g.badput) {
      fmt::print("  {} {:.3f}", measure::log_name(p), share.value().value());
    }
    fmt::print("\n");
  }
  if (rep.time_to_quality) {
    fmt::print("time to quality: median {} s over {} runs\n", rep.time_to_quality->median,
               rep.time_to_quality->values.size());
  }
  for (const auto& x : rep.time_to_quality_excluded) {
    fmt::print("  no time to quality: {} ({})\n", x.run_id, x.reason);
  }
  fmt::print("\n");
}

}  // namespace

int main(int argc, char** argv) try {
  using namespace trncost;
  // [flagship]
  const model m = flagship::build(flagship::variant::baseline);
  const estimate est = m.evaluate(flagship::as_of);
  // [flagship]
  print_runs(flagship::run_log(flagship::variant::baseline, TRNCOST_EXAMPLES_DATA_DIR));
  print(est, "fine-tune on 2 x trn1.32xlarge, official prices");

  const estimate trn2 =
      flagship::build(flagship::variant::trn2_third_party).evaluate(flagship::as_of);
  print(trn2, "the same job measured on 1 x trn2.48xlarge, third-party price");

  const estimate missing =
      flagship::build(flagship::variant::logs_missing).evaluate(flagship::as_of);
  print(missing, "the baseline with the logs category forgotten");

  const auto json_dir = examples::json_dir(argc, argv);
  examples::write_json_report(json_dir, "flagship-baseline", est);
  examples::write_json_report(json_dir, "flagship-trn2-third-party", trn2);
  examples::write_json_report(json_dir, "flagship-logs-missing", missing);

  fmt::print("every line of the baseline, with its formula and inputs:\n");
  for (const auto& l : est.lines) {
    fmt::print("  {} = {} USD\n", l.formula, l.amount ? l.amount->to_string() : "unpriced");
    for (const auto& in : l.inputs) {
      fmt::print("      {} = {} {} [{}]\n", in->name, in->value, in->unit, describe(in->origin));
    }
  }
  return 0;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "flagship: %s\n", e.what());
  return 1;
}
