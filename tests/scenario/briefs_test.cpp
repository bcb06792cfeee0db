// The three briefs the credit articles put to a team, shipped as examples and written with what a
// user knows, with no carrier component and nothing that has a cost declared none; every total
// computed by hand in the comments:
// - fixed fleets against a weekday peak (examples/studies/weekday-peak-fixed-fleets.toml);
// - continued pre-training with its interruptions, then sweeps, on one grant
//   (examples/plans/cpt-and-sweep.toml);
// - a reference fine-tune with its failed work, restarts and data preparation
//   (examples/scenarios/reference-fine-tune-failures.toml).
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/plan.hpp>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_briefs_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string examples = TRNCOST_TESTS_DIR "/../examples/";

/// Every category declared none costs nothing in `e`: no line of a component was hidden behind a
/// declaration (a carrier component would be one whose lines sit in another category). Plain
/// iteration, not a structured binding: clang 14 cannot capture one in INFO's lambda.
void check_honest(const estimate& e) {
  for (const auto& declared : e.declared) {
    const category c = declared.first;
    INFO("declared none: " << to_string(c));
    CHECK(e.by_category.at(c).is_zero());
  }
}

}  // namespace

TEST_CASE("brief 1: fixed fleets against a weekday peak, windows counted on the calendar") {
  const study_result r = run_study(examples + "studies/weekday-peak-fixed-fleets.toml");
  REQUIRE(r.options.size() == 2);
  // Monday 2027-01-04 to Monday 2027-04-05: 91 days, 2,184 h, 65 weekdays. Peak: 65 x 8 h = 520 h
  // at 1,500 token/s; the rest 2,184 - 520 = 1,664 h at 200: served = (520 x 1,500 + 1,664 x 200)
  // x 3,600 = 1,112,800 x 3,600 = 4,006,080,000 tokens, exact.
  // trn2: 3 x 2,184 h = 6,552 instance-h x 35.76 = 234,299.52 USD; / 4,006.08 M tokens =
  // 58.485981308411214953 USD per million. The peak fits: 3 x 718.75 x 0.9 = 1,940.625 >= 1,500.
  const auto& trn2 = r.options[0];
  CHECK(trn2.est.total == decimal::parse("234299.52"));
  REQUIRE(trn2.est.work);
  CHECK(trn2.est.work->amount->value == "4006080000");
  CHECK((*trn2.est.work->full)->value == "58.485981308411214953");
  // Busy: 4,006,080,000 / 718.75 = 5,573,676.52... instance-s, the rest of the 6,552 h idle.
  CHECK(trn2.est.by_phase.at(phase::serving) + trn2.est.by_phase.at(phase::idle_capacity) ==
        trn2.est.total);
  // p5: 2 x 2,184 h = 4,368 instance-h x 55.04 (the offer file) = 240,414.72 USD;
  // 60.012461059190031153 USD per million. 2 x 1,285 x 0.9 = 2,313 >= 1,500.
  const auto& p5 = r.options[1];
  CHECK(p5.est.total == decimal::parse("240414.72"));
  CHECK((*p5.est.work->full)->value == "60.012461059190031153");
  check_honest(trn2.est);
  check_honest(p5.est);
}

TEST_CASE("brief 2: continued pre-training with its interruptions, then sweeps, on one grant") {
  const plan_result r = run_plan(read_plan(examples + "plans/cpt-and-sweep.toml"));
  REQUIRE(r.workloads.size() == 2);
  // The pre-training on 4 x trn2.48xlarge at 35.76: setup 4 x 1,800 s -> 71.52; training
  // 20e9 / 40,000 = 500,000 s, x 4 -> 19,866.666666666666666667; ceil(500,000 / 7,200) = 70
  // checkpoints x 300 s x 4 = 84,000 s -> 834.40: 20,772.586666666666666667 USD of compute.
  const estimate& cpt = r.workloads[0].est;
  CHECK(cpt.by_category.at(category::compute) == decimal::parse("20772.586666666666666667"));
  // Its interruptions, written in the workload: 0.02 x 4 x 522,800 s = 11.6177... interruptions;
  // restarts 4 x that x 1,200 s x 35.76 / 3,600 = 553.935644444444444444, work lost (3,600 s)
  // 1,661.806933333333333333: 2,215.742577777777777777 USD of failures.
  CHECK(cpt.by_phase.at(phase::restarts) == decimal::parse("553.935644444444444444"));
  CHECK(cpt.by_phase.at(phase::failed_work) == decimal::parse("1661.806933333333333333"));
  // Checkpoints in S3, 10 x 100 GiB kept for the run and 30 days after it: the run's wall-clock
  // time is its billed 522,800 s plus 11.6177... interruptions x (1,200 + 3,600) s =
  // 578,565.333... s (6.6964 days, a figure of the report), + 30 x 86,400 = 3,170,565.333... s =
  // 880.7126 h = 1.206455606... months of 730 h; 1,000 GiB x 0.023 (the offer file's "GB-Mo" of
  // S3 is the binary GB, docs/prices.md) x that = 27.74847894469812278 USD. The copy to
  // us-west-2: 100 GiB x 0.02 (InterRegion Outbound) = 2.
  CHECK(cpt.by_category.at(category::storage) == decimal::parse("27.74847894469812278"));
  CHECK(cpt.by_category.at(category::transfer) == decimal(2));
  CHECK(cpt.total == decimal::parse("23018.077723389142567224"));
  REQUIRE(cpt.figures.size() == 3);
  CHECK(cpt.figures[1].what == figure_wall_clock_time);
  CHECK(decimal::parse(cpt.figures[1].value->value).round(decimal_places(6)) ==
        decimal::parse("578565.333333"));
  // Quoted per billion tokens trained ([estimate] cost_per): 23,018.08 / 20 = 1,150.90 USD.
  REQUIRE(cpt.work);
  CHECK(cpt.work->per == 1'000'000'000);
  CHECK(cpt.work->unit == "USD/1B tokens");
  CHECK((*cpt.work->full)->value == "1150.903886169457128361");
  check_honest(cpt);
  CHECK(cpt.declared.count(category::failures_restarts) == 0);
  // The sweeps: 1,161 USD each (tests/scenario/plan_test.cpp), from March 8 (the day the
  // pre-training's week ends) every 14 days, six times: 6,966 USD.
  const auto& sweeps = r.workloads[1];
  CHECK(sweeps.occurrences.front().start == date{2027, 3, 8});
  CHECK(sweeps.occurrences.back().start == date{2027, 5, 17});
  CHECK(sweeps.draw.spend == decimal(6966));
  // The pre-training lasts its wall-clock time, 578,565.333... s to the next second: 578,566 s,
  // 6.696365740740740741 days (578,566 / 86,400, half-even at the 18th digit), from March 1 00:00
  // to 16:42:46 on March 7. Its 23,018.077723389142567224 USD are spread by the second, 3,437.40 a
  // day: March 1-6 (518,400 s) 23,018.077723389142567224 x 518,400 / 578,566 =
  // 20,624.391152962551388863 (half-even at the 18th digit), March 7 (60,166 s, 0.6964 of it) the
  // remainder 2,393.686570426591178361. Its occurrence still ends on March 8 (the day after its
  // last), where the sweeps start, so no total moves: the run-out day is a day of the sweeps.
  const auto& pre = r.workloads[0];
  CHECK(pre.days_from_workload);
  CHECK(pre.seconds == 578'566);
  CHECK(pre.days == decimal::parse("6.696365740740740741"));
  REQUIRE(pre.occurrences.size() == 1);
  CHECK(pre.occurrences[0].end == date{2027, 3, 8});
  CHECK(pre.occurrences[0].seconds == 578'566);
  const auto& first = r.schedule.periods()[0];
  CHECK(first.end == date{2027, 3, 7});
  decimal first_spend{};
  for (const auto& c : first.charges) first_spend += c.amount;
  CHECK(first_spend == decimal::parse("20624.391152962551388863"));
  decimal last_day{};
  for (const auto& c : r.schedule.periods()[1].charges) last_day += c.amount;
  CHECK(r.schedule.periods()[1].end == date{2027, 3, 8});
  CHECK(last_day == decimal::parse("2393.686570426591178361"));
  // Spend 23,018.08... + 6,966 = 29,984.077723389142567224 USD. The grant's 25,000 pay the
  // pre-training's 6.6964 days, the first sweep (580.50 a day: 24,179.08 by March 9) and run out
  // on the second sweep's second day, March 23 (25,340.08 by its end); 4,984.08 is cash.
  const auto& b = r.burn_down;
  CHECK(b.total_spend == decimal::parse("29984.077723389142567224"));
  CHECK(b.total_credits == decimal(25000));
  CHECK(b.total_uncovered == decimal::parse("4984.077723389142567224"));
  REQUIRE(b.runway);
  CHECK(*b.runway == date{2027, 3, 23});
  CHECK(r.workloads[0].draw.credits == r.workloads[0].draw.spend);
}

TEST_CASE("brief 3: a reference fine-tune with its failed work, restarts and data preparation") {
  const estimate e =
      evaluate_scenario(read_scenario(examples + "scenarios/reference-fine-tune-failures.toml"));
  // Instance time on 4 x trn1.32xlarge at 21.50 (the offer file), each phase 4 x its seconds:
  // setup 1,800 s = 2 h -> 43; compilation 2,400 s -> 57.333...; training 72,000 s = 80 h ->
  // 1,720; evaluation 43; checkpointing 3,600 s = 4 h -> 86; waiting 600 s -> 14.333...:
  // 1,963.666666666666666666 USD (two lines rounded down at the 18th digit).
  CHECK(e.by_category.at(category::compute) == decimal::parse("1963.666666666666666666"));
  // Interruptions: 0.005 x 4 x 82,200 s / 3,600 = 0.005 x 91.333... instance-h = 137/300; restarts
  // 4 x 137/300 x 1,200 s x 21.50 / 3,600 = 13.091111...; work lost 4 x 137/300 x 1,800 s
  // = 19.636666...
  CHECK(round(e.by_phase.at(phase::restarts), decimal_places{6}) == decimal::parse("13.091111"));
  CHECK(round(e.by_phase.at(phase::failed_work), decimal_places{6}) == decimal::parse("19.636667"));
  // Data preparation: 2 x m7i.8xlarge x 3 h x 1.6128 = 9.6768 USD.
  CHECK(e.by_category.at(category::data_preparation) == decimal::parse("9.6768"));
  // Checkpoints: 400 GiB x 0.023 (first tier, per binary GB-month) x 1 month = 9.20 USD.
  CHECK(e.by_category.at(category::storage) == decimal::parse("9.2"));
  // 1,963.67 + 13.09 + 19.64 + 9.68 + 9.20 = 2,015.27 USD.
  CHECK(round(e.total, decimal_places{2}) == decimal::parse("2015.27"));
  check_honest(e);
  CHECK(e.declared.count(category::failures_restarts) == 0);
  CHECK(e.declared.count(category::data_preparation) == 0);
}

}  // namespace trncost_tests::cli_briefs_test
