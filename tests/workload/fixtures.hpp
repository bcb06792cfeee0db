// Inputs the workload tests share: a date, measured and planned provenance, the inputs of a
// serving fleet and of the jobs that jobs_test.cpp and sweep_test.cpp price (their archetypes
// build the same models), and a model whose categories besides compute are declared none, so each
// test sees only its workload's lines; and the audit of an estimate's JSON report.
#ifndef TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP
#define TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP

#include <doctest/doctest.h>

#include <string>
#include <trncost/model.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>
#include <trncost/workload/continued_pretraining.hpp>
#include <trncost/workload/serving.hpp>
#include <trncost/workload/sweep.hpp>
#include <trncost/workload/training.hpp>
#include <utility>
#include <vector>

namespace trncost_tests::workload_fixtures {

using namespace trncost;

inline const date as_of = parse_date("2026-11-30");

inline measured bench() {
  return measured{"bench-1", "benchmark at the stated operating point",
                  parse_timestamp("2026-11-20T10:00:00Z"), parse_timestamp("2026-11-20T12:00:00Z")};
}

template <class Unit>
sourced<quantity<Unit>> meas(const char* name, Unit u, const char* value) {
  return sourced(name, make(u, value), bench());
}
template <class Unit>
sourced<quantity<Unit>> plan(const char* name, Unit u, const char* value) {
  return sourced(name, make(u, value), assumption{"the service plan"});
}
inline sourced<quantity<units::usd_per_instance_hour_t>> price(const char* value) {
  return sourced(
      "price", make(units::usd_per_instance_hour, value),
      quoted{.source = "EC2 on-demand pricing page", .region = "us-east-1", .consulted = as_of});
}

/// The chat service the serving tests size: 10 USD/instance-h, 720 h, average 1000 token/s, peak
/// 1800 token/s (only `with_peak`), 500 token/s per instance at the latency target, target
/// utilisation `utilisation`.
inline workload::token_serving_inputs chat_service(bool with_peak = true,
                                                   const char* utilisation = "0.8") {
  workload::token_serving_inputs in{
      .name = "chat-service",
      .instance_type = "trn2.48xlarge",
      .price = price("10"),
      .period = plan("period_h", units::hour, "720"),
      .average_demand = plan("average_demand", units::tokens_per_second, "1000"),
      .throughput_per_instance =
          meas("throughput_per_instance", units::tokens_per_second_per_instance, "500"),
      .latency_target = "p99 TTFT <= 2 s",
      .target_utilisation = plan("target_utilisation", units::dimensionless, utilisation)};
  if (with_peak) in.peak_demand = plan("peak_demand", units::tokens_per_second, "1800");
  return in;
}

/// The fine-tune job of jobs_test.cpp (and the fine-tuning archetype): 2 trn1.32xlarge at 21.50
/// USD/h, one run of `tokens` tokens at `throughput` token/s, with the `other` phases around it.
inline workload::training_to_target_inputs fine_tune(const char* tokens, const char* throughput,
                                                     std::vector<phase_time> other) {
  return {"fine-tune",
          "trn1.32xlarge",
          price("21.50"),
          meas("instances", units::instance, "2"),
          plan("tokens_to_target", units::token, tokens),
          meas("useful_throughput", units::tokens_per_second, throughput),
          std::move(other),
          plan("runs", units::job, "1")};
}

/// The frontier run of jobs_test.cpp (and the frontier archetype): 400,000 token/s measured on 16
/// trn2.48xlarge at 30 USD/h, scaled at 0.8 efficiency to `nodes` nodes, over `token_budget`
/// tokens.
inline workload::frontier_inputs pretrain(const char* nodes, const char* token_budget) {
  return {"pretrain",
          "trn2.48xlarge",
          price("30"),
          meas("reference_nodes", units::instance, "16"),
          meas("reference_throughput", units::tokens_per_second, "400000"),
          plan("nodes", units::instance, nodes),
          meas("scaling_efficiency", units::dimensionless, "0.8"),
          plan("token_budget", units::token, token_budget)};
}

/// The continued pre-training of jobs_test.cpp (and its archetype): 4 trn2.48xlarge at 20 USD/h, a
/// budget of 1.08e10 tokens at 100,000 token/s measured, a checkpoint of 120 s every 8000 s.
inline workload::continued_pretraining_inputs domain_cpt() {
  return {"domain-cpt",
          "trn2.48xlarge",
          price("20"),
          meas("instances", units::instance, "4"),
          plan("token_budget", units::token, "10800000000"),
          meas("throughput", units::tokens_per_second, "100000"),
          plan("checkpoint_interval_s", units::second, "8000"),
          meas("checkpoint_s", units::second, "120")};
}

/// The sweep of sweep_test.cpp (and the research-sweep archetype): 20 trials of 3600 s on 1
/// instance each, 4 at a time, half stopped after a quarter of the trial, at 36 USD/instance-h
/// (0.01 USD/instance-s).
inline workload::sweep_inputs lr_sweep(bool kept_up = true) {
  return {.name = "lr-sweep",
          .instance_type = "trn1.32xlarge",
          .price = price("36"),
          .trials = plan("trials", units::job, "20"),
          .time_per_trial = meas("time_per_trial_s", units::second, "3600"),
          .instances_per_trial = plan("instances_per_trial", units::instances_per_job, "1"),
          .parallel_trials = plan("parallel_trials", units::job, "4"),
          .stopped_early = plan("stopped_early", units::dimensionless, "0.5"),
          .stopped_trial_run = meas("stopped_trial_run", units::dimensionless, "0.25"),
          .cluster_kept_up = kept_up,
          .rerun_instances = plan("rerun_instances", units::instance, "2"),
          .rerun_time = meas("rerun_s", units::second, "7200")};
}

/// Declares every category but compute none (and, with `but_transfer`, transfer too is left to
/// the test).
inline void declare_others(model& m, bool but_transfer = false) {
  for (const auto c : all_categories) {
    if (c == category::compute || (but_transfer && c == category::transfer)) continue;
    m.declare_none(c, declared_none{"not part of this workload test"});
  }
}

/// The JSON report of `est` passes the audit, read as the file `name`; when it does not, the first
/// mismatch is shown.
inline void check_audits(const estimate& est, const char* name) {
  const auto r = report::audit(report::render_json(est), name);
  CHECK(r.ok);
  if (!r.ok) MESSAGE(r.first_mismatch);
}

}  // namespace trncost_tests::workload_fixtures

#endif  // TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP
