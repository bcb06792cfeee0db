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

/// The estimate of the model `archetype` builds from `in`, every category but compute declared
/// none.
template <class Inputs>
estimate evaluated(model (*archetype)(const Inputs&,
                                      const std::vector<workload::declared_category>&),
                   const Inputs& in) {
  return archetype(in, all_but_compute()).evaluate(as_of);
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
  // 10 USD/instance-h, 720 h, average 1000 token/s (no peak), 500 token/s per instance, target
  // utilisation 1.
  const auto in = chat_service(false, "1");
  const auto est = workload::constant_load_inference(in, all_but_compute()).evaluate(as_of);
  // ceil(1000 / (500 x 1)) = 2 instances x 720 h x 10 = 14,400 USD; every category accounted for.
  CHECK(est.total == decimal(14'400));
  CHECK(est.status == estimate_status::provisional);
  // 1000 token/s x 2,592,000 s = 2,592,000,000 tokens; 14,400 x 1e6 / 2.592e9 = 5.555...,
  // rounded half-even to 18 places: 5.555555555555555556.
  CHECK((*est.work->full)->value == "5.555555555555555556");
}

TEST_CASE("the job archetypes build their workloads and deliver their work") {
  // The jobs jobs_test.cpp and sweep_test.cpp price (fixtures.hpp), built by their archetypes:
  // the same totals, computed there.
  // fine-tuning: training 2 x 6 h x 21.50 = 258, setup 4.30, evaluation 14.333333333333333333:
  // 276.633333333333333333 per run.
  const auto ft =
      evaluated(workload::fine_tuning,
                fine_tune("1296000000", "60000",
                          {{phase::setup, meas("setup_s", units::second, "360")},
                           {phase::evaluation, meas("eval_s", units::second, "1200")}}));
  CHECK(ft.total == decimal::parse("276.633333333333333333"));
  CHECK(ft.work->kind == work_kind::runs_to_target);
  // continued pre-training: training 4 x 30 h x 20 = 2400, checkpointing (14 of 120 s)
  // 37.333333333333333333: 2437.333333333333333333.
  const auto cpt = evaluated(workload::continued_pretraining, domain_cpt());
  CHECK(cpt.total == decimal::parse("2437.333333333333333333"));
  CHECK(cpt.work->kind == work_kind::tokens_trained);
  // sweep: trials 450, idle slots 270, the re-run 144: 864 USD; 864 / 20 trials = 43.2 per trial.
  const auto sw = evaluated(workload::research_sweep, lr_sweep());
  CHECK(sw.total == decimal(864));
  CHECK((*sw.work->full)->value == "43.2");
  // frontier: 1,280,000 token/s over 64 nodes; 1.152e12 tokens = 250 h; 64 x 250 h x 30 = 480,000
  // USD.
  const auto fr = evaluated(workload::frontier_training, pretrain("64", "1152000000000"));
  CHECK(fr.total == decimal(480'000));
}

}  // namespace trncost_tests::workload_archetypes_test
