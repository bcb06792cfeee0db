// Tests for the workloads of a job: batch inference, continued pre-training, training to a target
// and frontier scale (workload/batch_inference.hpp, continued_pretraining.hpp, training.hpp). Every
// expected figure is computed by hand in the comment above it.
#include <doctest/doctest.h>

#include <trncost/workload/batch_inference.hpp>
#include <trncost/workload/continued_pretraining.hpp>
#include <trncost/workload/training.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_jobs_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

/// The estimate's cost per unit of work is of `kind` and `full` in full precision, and its JSON
/// audits.
void check_work(const estimate& est, work_kind kind, const char* full) {
  CHECK(est.work->kind == kind);
  CHECK((*est.work->full)->value == full);
  check_audits(est, "job.json");
}

}  // namespace

TEST_CASE("batch inference bills the tokens over the instances' measured throughput") {
  model m;
  const auto p = workload::add_batch_inference(
      m, {"nightly-batch", "inf2.48xlarge", price("12"), meas("instances", units::instance, "2"),
          plan("tokens", units::token, "3600000000"),
          meas("throughput_per_instance", units::tokens_per_second_per_instance, "2500"),
          meas("setup_s", units::second, "600")});
  declare_others(m);
  // 3.6e9 tokens / (2 x 2500 token/s) = 720,000 s = 200 h.
  CHECK(m.value(p.processing)->value() == decimal(720'000));
  const auto est = m.evaluate(as_of);
  // processing: 2 x 200 h x 12 = 4800 USD; setup: 2 x 600 s = 1/3 instance-h x 12 = 4 USD; the
  // per-second minimum adds nothing (0 USD).
  CHECK(est.by_phase.at(phase::batch_inference) == decimal(4800));
  CHECK(est.by_phase.at(phase::setup) == decimal(4));
  CHECK(est.total == decimal(4804));
  // 4804 x 1e6 / 3.6e9 = 1.3344444... USD per million tokens processed.
  check_work(est, work_kind::tokens_processed, "1.334444444444444444");
}

TEST_CASE("continued pre-training adds checkpoints at its cadence") {
  model m;
  const auto p = workload::add_continued_pretraining(m, domain_cpt());
  declare_others(m);
  // 1.08e10 / 100,000 = 108,000 s (30 h); 108,000 / 8000 = 13.5 -> 14 checkpoints x 120 s = 1680 s.
  CHECK(m.value(p.training)->value() == decimal(108'000));
  REQUIRE(p.checkpoints.has_value());
  CHECK(m.value(*p.checkpoints)->value() == decimal(14));
  CHECK(m.value(p.checkpointing)->value() == decimal(1680));
  const auto est = m.evaluate(as_of);
  // training: 4 x 30 h x 20 = 2400 USD; checkpointing: 4 x 1680 s x 20 / 3600 = 37.333...
  CHECK(est.by_phase.at(phase::training) == decimal(2400));
  CHECK(est.by_phase.at(phase::checkpointing) == decimal::parse("37.333333333333333333"));
  // per million tokens trained: 2437.333333333333333333 x 1e6 / 1.08e10 = 0.225679012345679012.
  check_work(est, work_kind::tokens_trained, "0.225679012345679012");
}

TEST_CASE("training to a target wraps instance time and delivers runs to the target") {
  model m;
  const auto train = workload::add_training_to_target(
      m, fine_tune("1296000000", "60000",
                   {{phase::setup, meas("setup_s", units::second, "360")},
                    {phase::evaluation, meas("eval_s", units::second, "1200")}}));
  declare_others(m);
  // 1,296,000,000 / 60,000 = 21,600 s.
  CHECK(train.value().value() == decimal(21'600));
  const auto est = m.evaluate(as_of);
  // training 2 x 6 h x 21.50 = 258; setup 2 x 360 s = 0.2 h x 21.50 = 4.30; evaluation
  // 2 x 1200 s = 2/3 h x 21.50 = 14.333333333333333333; total 276.633333333333333333 per run.
  CHECK(est.by_phase.at(phase::training) == decimal(258));
  CHECK(est.total == decimal::parse("276.633333333333333333"));
  // The phases keep a run's order: setup, then training, then evaluation.
  REQUIRE(est.lines.size() >= 3);
  CHECK(est.lines[0].ph == phase::setup);
  CHECK(est.lines[1].ph == phase::training);
  CHECK(est.lines[2].ph == phase::evaluation);
  CHECK(est.work->unit == "USD/job");
  check_work(est, work_kind::runs_to_target, "276.633333333333333333");
  model again;
  CHECK_THROWS_WITH_AS(
      workload::add_training_to_target(
          again, fine_tune("1", "1", {{phase::training, meas("train_s", units::second, "5")}})),
      doctest::Contains("give only the other phases"), input_error);
}

TEST_CASE("frontier scale extrapolates the measured throughput with the scaling efficiency") {
  model m;
  // 1.152e12 tokens over 64 nodes.
  const auto p = workload::add_frontier_training(m, pretrain("64", "1152000000000"));
  declare_others(m);
  // 400,000 x (64 / 16) x 0.8 = 1,280,000 token/s, a derivation, not a measurement.
  CHECK(m.value(p.throughput)->value() == decimal(1'280'000));
  CHECK(std::holds_alternative<derived>(m.record(p.throughput)->origin));
  // 1.152e12 / 1.28e6 = 900,000 s = 250 h; 64 x 250 h x 30 = 480,000 USD.
  CHECK(m.value(p.training)->value() == decimal(900'000));
  const auto est = m.evaluate(as_of);
  CHECK(est.total == decimal(480'000));
  // 480,000 x 1e6 / 1.152e12 = 0.41666... rounded half-even: 0.416666666666666667 per million
  // tokens trained.
  check_work(est, work_kind::tokens_trained, "0.416666666666666667");
  model fewer;
  // 8 nodes, fewer than the 16 the throughput was measured on.
  CHECK_THROWS_WITH_AS(workload::add_frontier_training(fewer, pretrain("8", "1")),
                       doctest::Contains("frontier scale extrapolates up"), input_error);
}

}  // namespace trncost_tests::workload_jobs_test
