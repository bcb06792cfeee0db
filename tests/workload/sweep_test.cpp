// Tests for sweeps and autoscaled serving (workload/sweep.hpp, autoscaled_serving.hpp). Every
// expected figure is computed by hand in the comment above it.
#include <doctest/doctest.h>

#include <trncost/workload/autoscaled_serving.hpp>
#include <trncost/workload/sweep.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_sweep_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

workload::token_autoscaled_inputs autoscaled(const char* day_load = "2500") {
  return {"autoscaled-chat",
          "trn2.48xlarge",
          price("10"),
          {{"night", plan("night_h", units::hour, "12"),
            plan("night_load", units::tokens_per_second, "500")},
           {"day", plan("day_h", units::hour, "12"),
            plan("day_load", units::tokens_per_second, day_load)}},
          plan("days", units::dimensionless, "30"),
          plan("target_per_replica", units::tokens_per_second_per_instance, "1000"),
          plan("min_replicas", units::instance, "1"),
          plan("max_replicas", units::instance, "4"),
          meas("startup_s", units::second, "600")};
}

}  // namespace

TEST_CASE("a sweep bills its trials with early stops and the idle slots of its cluster") {
  model m;
  const auto p = workload::add_sweep(m, lr_sweep());
  declare_others(m);
  // stopped = 20 x 0.5 = 10; full part = 1 x 10 x 3600 = 36,000 instance-s; stopped part =
  // 1 x 10 x (3600 x 0.25) = 9000 instance-s; trials ran 45,000 instance-s.
  CHECK(m.value(p.trial_time)->value() == decimal(45'000));
  // waves = ceil(20 / 4) = 5; the cluster of 4 instances is kept 5 x 3600 s: 72,000 instance-s;
  // idle = 72,000 - 45,000 = 27,000 instance-s.
  CHECK(m.value(*p.waves)->value() == decimal(5));
  CHECK(m.value(*p.idle)->value() == decimal(27'000));
  const auto est = m.evaluate(as_of);
  // trials: (36,000 + 9000) x 0.01 = 450 USD; waiting: 270 USD; re-run: 2 x 7200 x 0.01 = 144 USD.
  CHECK(est.by_phase.at(phase::trials) == decimal(450));
  CHECK(est.by_phase.at(phase::waiting) == decimal(270));
  CHECK(est.by_phase.at(phase::training) == decimal(144));
  CHECK(est.total == decimal(864));
  // 864 / 20 trials = 43.2 USD per trial.
  CHECK(est.work->kind == work_kind::trials);
  CHECK((*est.work->full)->value == "43.2");
  check_audits(est, "sweep.json");
}

TEST_CASE("a sweep's cluster kept up between waves, and a sweep that stops no trial early") {
  // The sweep above with 30 minutes between waves: 5 waves, 4 gaps; the cluster of 4 instances
  // waits 4 x 4 x 1800 s = 28,800 instance-s, 288 USD more: 864 + 288 = 1,152 USD.
  auto in = lr_sweep();
  in.wave_gap = plan("wave_gap_s", units::second, "1800");
  {
    model m;
    (void)workload::add_sweep(m, in);
    declare_others(m);
    const auto est = m.evaluate(as_of);
    CHECK(est.by_phase.at(phase::waiting) == decimal(270 + 288));
    CHECK(est.total == decimal(1152));
    check_audits(est, "sweep.json");
  }
  // No trial stops early: no share of a stopped trial is asked, one trials line: 1 x 20 x 3600
  // instance-s = 720 USD; the cluster is kept up exactly: waves 5 x 4 x 3600 = 72,000 = the trials.
  in = lr_sweep();
  in.stopped_early = plan("stopped_early", units::dimensionless, "0");
  in.stopped_trial_run.reset();
  {
    model m;
    (void)workload::add_sweep(m, in);
    declare_others(m);
    const auto est = m.evaluate(as_of);
    CHECK(est.by_phase.at(phase::trials) == decimal(720));
    CHECK(est.by_phase.at(phase::waiting) == decimal(0));
    std::size_t trial_lines = 0;
    for (const auto& l : est.lines) trial_lines += l.ph == phase::trials ? 1U : 0U;
    CHECK(trial_lines == 1);
  }
  // Trials stop early but their share is not given; a gap without a kept-up cluster: refused.
  in = lr_sweep();
  in.stopped_trial_run.reset();
  model m;
  CHECK_THROWS_WITH_AS((void)workload::add_sweep(m, in),
                       doctest::Contains("trials stop early, so the share of a trial a stopped "
                                         "one runs is needed"),
                       input_error);
  in = lr_sweep(false);
  in.wave_gap = plan("wave_gap_s", units::second, "1800");
  CHECK_THROWS_WITH_AS((void)workload::add_sweep(m, in),
                       doctest::Contains("a gap between waves is billed only while a cluster is "
                                         "kept up"),
                       input_error);
}

TEST_CASE("a sweep whose trials launch their own instances has no idle cluster") {
  model m;
  const auto p = workload::add_sweep(m, lr_sweep(false));
  declare_others(m);
  CHECK_FALSE(p.idle.has_value());
  // 450 + 144 = 594 USD.
  CHECK(m.evaluate(as_of).total == decimal(594));
  auto bad = lr_sweep();
  bad.parallel_trials = plan("parallel_trials", units::job, "30");
  model again;
  CHECK_THROWS_WITH_AS(workload::add_sweep(again, bad), doctest::Contains("exceeds the trials"),
                       input_error);
  bad = lr_sweep();
  bad.rerun_time.reset();
  CHECK_THROWS_WITH_AS(workload::add_sweep(again, bad),
                       doctest::Contains("needs both its instances and its time"), input_error);
}

TEST_CASE("autoscaled serving clamps replicas per period and bills each scale-up's start-up") {
  model m;
  const auto p = workload::add_autoscaled_serving(m, autoscaled());
  declare_others(m);
  // night: ceil(500 / 1000) = 1 replica; day: ceil(2500 / 1000) = 3 replicas (within 1..4).
  REQUIRE(p.replicas.size() == 2);
  CHECK(m.value(p.replicas[0])->value() == decimal(1));
  CHECK(m.value(p.replicas[1])->value() == decimal(3));
  // entering night from day: 1 - min(1, 3) = 0 added; entering day: 3 - min(3, 1) = 2 added.
  CHECK(m.value(p.added[0])->value() == decimal(0));
  CHECK(m.value(p.added[1])->value() == decimal(2));
  const auto est = m.evaluate(as_of);
  // serving: (1 x 12 h + 3 x 12 h) x 30 days = 1440 instance-h x 10 = 14,400 USD; start-up:
  // 2 x 600 s x 30 = 36,000 instance-s = 10 instance-h x 10 = 100 USD (overhead).
  CHECK(est.by_phase.at(phase::serving) == decimal(14'400));
  CHECK(est.by_phase.at(phase::scale_up) == decimal(100));
  CHECK(est.overhead == decimal(100));
  CHECK(est.total == decimal(14'500));
  // tokens: (500 + 2500) x 43,200 s x 30 = 3,888,000,000; 14,500 x 1e6 / 3.888e9 = 3.7294...
  CHECK(est.work->amount->value == "3888000000");
  CHECK((*est.work->full)->value == "3.729423868312757202");
  check_audits(est, "autoscaled.json");
}

TEST_CASE("autoscaled serving keeps the minimum and refuses demand beyond the maximum") {
  auto quiet = autoscaled();
  quiet.profile[0].load = plan("night_load", units::tokens_per_second, "0");
  model m;
  const auto p = workload::add_autoscaled_serving(m, quiet);
  // ceil(0 / 1000) = 0, raised to min replicas 1.
  CHECK(m.value(p.replicas[0])->value() == decimal(1));
  model over;
  // 4500 token/s > 4 replicas x 1000.
  CHECK_THROWS_WITH_AS(workload::add_autoscaled_serving(over, autoscaled("4500")),
                       doctest::Contains("above max replicas x target (4000)"), input_error);
}

}  // namespace trncost_tests::workload_sweep_test
