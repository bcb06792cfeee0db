// Tests for the archetypes of workload/archetypes.hpp: each builds a whole model from its
// workload's inputs and the categories declared none, and says what drives its bill.
#include <doctest/doctest.h>

#include <trncost/workload/archetypes.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_archetypes_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

std::vector<workload::declared_category> all_but_compute() {
  std::vector<workload::declared_category> out;
  for (const auto c : all_categories) {
    if (c != category::compute) out.push_back({c, declared_none{"not in this test"}});
  }
  return out;
}

}  // namespace

TEST_CASE("the five archetypes have names and say what drives their bill") {
  CHECK(workload::all_archetypes.size() == 5);
  for (const auto a : workload::all_archetypes) {
    CHECK_FALSE(workload::to_string(a).empty());
    CHECK_FALSE(workload::what_drives_the_bill(a).empty());
  }
  CHECK(workload::to_string(workload::archetype::research_sweep) ==
        "evaluation and research sweeps");
  CHECK(workload::what_drives_the_bill(workload::archetype::constant_load_inference)
            .find("the same at 40 % and at 90 %") != std::string_view::npos);
}

TEST_CASE("inference at constant load builds a complete model from the serving inputs") {
  const workload::token_serving_inputs in{
      "svc",
      "trn2.48xlarge",
      price("10"),
      plan("period_h", units::hour, "100"),
      plan("average_demand", units::tokens_per_second, "900"),
      std::nullopt,
      meas("throughput_per_instance", units::tokens_per_second_per_instance, "1000"),
      "p99 TTFT <= 2 s",
      plan("target_utilisation", units::dimensionless, "0.9")};
  const auto est = workload::constant_load_inference(in, all_but_compute()).evaluate(as_of);
  // ceil(900 / 900) = 1 instance x 100 h x 10 = 1000 USD; every category accounted for.
  CHECK(est.total == decimal(1000));
  CHECK(est.status == estimate_status::provisional);
  // 900 token/s x 360,000 s = 324,000,000 tokens; 1000 x 1e6 / 3.24e8 = 3.086419753086419753.
  CHECK((*est.work->full)->value == "3.086419753086419753");
}

TEST_CASE("the job archetypes build their workloads and deliver their work") {
  const auto none = all_but_compute();
  // fine-tuning: 3,600,000 tokens / 1000 token/s = 3600 s on 1 instance at 10 USD/h = 10 USD/run.
  const auto ft = workload::fine_tuning({"ft",
                                         "trn1.32xlarge",
                                         price("10"),
                                         meas("instances", units::instance, "1"),
                                         plan("tokens_to_target", units::token, "3600000"),
                                         meas("throughput", units::tokens_per_second, "1000"),
                                         {},
                                         plan("runs", units::job, "1")},
                                        none)
                      .evaluate(as_of);
  CHECK(ft.total == decimal(10));
  CHECK(ft.work->kind == work_kind::runs_to_target);
  // continued pre-training: 3,600,000 / 1000 = 3600 s; ceil(3600 / 3600) = 1 checkpoint of 0 s.
  const auto cpt =
      workload::continued_pretraining(
          {"cpt", "trn2.48xlarge", price("10"), meas("instances", units::instance, "1"),
           plan("token_budget", units::token, "3600000"),
           meas("throughput", units::tokens_per_second, "1000"),
           plan("checkpoint_interval_s", units::second, "3600"),
           meas("checkpoint_s", units::second, "0")},
          none)
          .evaluate(as_of);
  CHECK(cpt.total == decimal(10));
  CHECK(cpt.work->kind == work_kind::tokens_trained);
  // sweep: 2 trials of 1800 s on 1 instance, 2 at once, none stopped: 3600 instance-s = 10 USD.
  const auto sw =
      workload::research_sweep(
          {"sweep", "trn1.32xlarge", price("10"), plan("trials", units::job, "2"),
           meas("time_per_trial_s", units::second, "1800"),
           plan("per_trial", units::instances_per_job, "1"), plan("parallel", units::job, "2"),
           plan("stopped", units::dimensionless, "0"), meas("ran", units::dimensionless, "1")},
          none)
          .evaluate(as_of);
  CHECK(sw.total == decimal(10));
  CHECK((*sw.work->full)->value == "5");
  // frontier: 1000 token/s x (2 / 1) x 0.5 = 1000 token/s; 3,600,000 tokens = 3600 s on 2
  // instances = 20 USD.
  const auto fr =
      workload::frontier_training(
          {"frontier", "trn2.48xlarge", price("10"), meas("reference_nodes", units::instance, "1"),
           meas("reference_throughput", units::tokens_per_second, "1000"),
           plan("nodes", units::instance, "2"), meas("efficiency", units::dimensionless, "0.5"),
           plan("token_budget", units::token, "3600000")},
          none)
          .evaluate(as_of);
  CHECK(fr.total == decimal(20));
}

}  // namespace trncost_tests::workload_archetypes_test
