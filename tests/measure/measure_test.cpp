// Tests for the measure layer built in code (run records, validation, derived measures,
// repetitions, feeding the model). The same runs read from run-log files are tested in
// tests/readers/run_log_test.cpp. Every expected value is computed by hand in a comment.
#include <doctest/doctest.h>

#include <trncost/measure.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::measure_test {

using namespace trncost;
using namespace trncost::measure;

namespace {

phase_interval stretch(phase p, const char* start, long long secs, long long tokens = -1) {
  phase_interval x{.ph = p, .start = parse_timestamp(start), .duration = make(units::second, secs)};
  if (tokens >= 0) x.tokens = make(units::token, tokens);
  return x;
}

// A fine-tune run on 2 x trn1.32xlarge interrupted once by a node failure: 900 s of work lost,
// a 900 s restart, then training resumed. 9,000 s billed per instance.
run_record interrupted_run() {
  run_record r{.id = "ft-r2",
               .model_id = "llama-3.1-8b",
               .code_version = "git:4f2a9c1",
               .dataset_id = "ft-v4",
               .instance_type = "trn1.32xlarge",
               .instances = make(units::instance, 2),
               .region = "us-east-1"};
  r.phases = {stretch(phase::setup, "2026-11-21T09:00:00Z", 300),
              stretch(phase::compilation, "2026-11-21T09:05:00Z", 1200),
              stretch(phase::training, "2026-11-21T09:25:00Z", 1800, 108720000),
              stretch(phase::failed_work, "2026-11-21T09:55:00Z", 900, 54360000),
              stretch(phase::restarts, "2026-11-21T10:10:00Z", 900),
              stretch(phase::training, "2026-11-21T10:25:00Z", 1800, 108720000),
              stretch(phase::evaluation, "2026-11-21T10:55:00Z", 1200),
              stretch(phase::checkpointing, "2026-11-21T11:15:00Z", 600),
              stretch(phase::waiting, "2026-11-21T11:25:00Z", 300)};
  r.incidents = {{.kind = "node_failure",
                  .start = parse_timestamp("2026-11-21T10:10:00Z"),
                  .duration = make(units::second, 900),
                  .work_lost = make(units::second, 900)}};
  r.target = quality_target{.metric = "eval_loss", .target = decimal("1.9")};
  r.quality = {{.metric = "eval_loss",
                .at = parse_timestamp("2026-11-21T10:55:00Z"),
                .value = decimal("1.95")},
               {.metric = "eval_loss",
                .at = parse_timestamp("2026-11-21T11:15:00Z"),
                .value = decimal("1.87")}};
  r.ended = parse_timestamp("2026-11-21T11:30:00Z");
  return r;
}

// A clean run: 360 + 1260 + 3600 + 1200 + 540 + 240 = 7,200 s; 216,000,000 tokens in 3,600 s.
run_record clean_run(const char* id, long long tokens) {
  run_record r{.id = id,
               .instance_type = "trn1.32xlarge",
               .instances = make(units::instance, 2),
               .region = "us-east-1"};
  r.phases = {stretch(phase::setup, "2026-11-20T09:00:00Z", 360),
              stretch(phase::compilation, "2026-11-20T09:06:00Z", 1260),
              stretch(phase::training, "2026-11-20T09:27:00Z", 3600, tokens),
              stretch(phase::evaluation, "2026-11-20T10:27:00Z", 1200),
              stretch(phase::checkpointing, "2026-11-20T10:47:00Z", 540),
              stretch(phase::waiting, "2026-11-20T10:56:00Z", 240)};
  return r;
}

}  // namespace

TEST_CASE("phase names read and write as the run log spells them") {
  CHECK(parse_phase("failed_work") == phase::failed_work);
  CHECK(parse_phase("restart") == phase::restarts);
  CHECK(log_name(phase::compilation) == "compilation");
  CHECK_FALSE(parse_phase("training ").has_value());
  CHECK(parse_run_outcome("failed") == run_outcome::failed);
  CHECK(to_string(run_outcome::stopped) == "stopped");
  CHECK_FALSE(parse_run_outcome("crashed").has_value());
  CHECK(seconds_since_epoch(parse_timestamp("1970-01-01T01:00:00Z")) == decimal(3600));
}

TEST_CASE("a well-formed run validates, and its phase totals add up") {
  const auto r = interrupted_run();
  CHECK_NOTHROW(validate(r));
  // training 1,800 + 1,800; billed 300+1200+1800+900+900+1800+1200+600+300 = 9,000 s.
  CHECK(phase_seconds(r, phase::training).value() == decimal(3600));
  CHECK(billed_seconds(r).value() == decimal(9000));
  CHECK(instance_seconds(r).value() == decimal(18000));  // 2 x 9,000
  CHECK(training_work<units::tokens_per_second_t>(r).value() == decimal(217440000));
}

TEST_CASE("useful throughput counts training phases only and is measured on the run") {
  const auto t = useful_throughput<units::tokens_per_second_t>(interrupted_run());
  // (108,720,000 + 108,720,000) tokens / 3,600 s = 60,400 token/s; the 54,360,000 tokens of the
  // failed_work stretch are lost work, not counted.
  CHECK(t.value().value() == decimal(60400));
  const auto& m = std::get<measured>(t.origin());
  CHECK(m.run_id == "ft-r2");
  CHECK(m.from == parse_timestamp("2026-11-21T09:00:00Z"));
  CHECK(m.to == parse_timestamp("2026-11-21T11:30:00Z"));
  CHECK(m.method ==
        "tokens counted in training phases (217440000) / their seconds (3600), from "
        "the run log");
  // Another unit: steps are missing from the training phases, so it says which phase lacks them.
  CHECK_THROWS_WITH_AS(useful_throughput<units::steps_per_second_t>(interrupted_run()),
                       "trncost: run 'ft-r2': phase 3: steps: a training phase does not say how "
                       "many steps it processed",
                       input_error);
  auto r = clean_run("s", 0);
  r.phases[2].samples = make(units::sample, 52740);  // 52,740 sequences / 3,600 s = 14.65 sample/s
  CHECK(useful_throughput<units::samples_per_second_t>(r).value().value() == decimal("14.65"));
}

TEST_CASE("goodput is training over billed time, with the badput of every other phase") {
  const auto g = goodput(interrupted_run());
  CHECK(g.goodput.value().value() == decimal("0.4"));  // 3,600 / 9,000
  CHECK(std::get<derived>(g.goodput.origin()).formula == "training_s / billed_s");
  REQUIRE(g.badput.size() == 7);
  // In phase order: setup 300, compilation 1,200, evaluation 1,200, checkpointing 600, waiting 300,
  // failed work 900, restarts 900, each / 9,000, rounded half-even at 18 digits.
  CHECK(g.badput[0].first == phase::setup);
  CHECK(g.badput[0].second.value().value() == decimal("0.033333333333333333"));
  CHECK(g.badput[1].second.value().value() == decimal("0.133333333333333333"));
  CHECK(g.badput[3].first == phase::checkpointing);
  CHECK(g.badput[3].second.value().value() == decimal("0.066666666666666667"));
  CHECK(g.badput[5].first == phase::failed_work);
  CHECK(g.badput[5].second.value().value() == decimal("0.1"));
  CHECK(g.badput[6].first == phase::restarts);
  CHECK(g.badput[6].second.name() == "badput_restart");
}

TEST_CASE("MFU uses model FLOPs per token, the measured throughput and the catalog peak") {
  const sourced fpt("flops_per_token", make(units::flops_per_token, 48000000000LL),
                    assumption{"6 x 8e9 parameters, dense transformer"});
  const sourced peak(
      "trn1_peak", make(units::flops_per_second, 3040000000000000LL),
      documented{"AWS Neuron documentation: Trn1 architecture", parse_date("2026-11-30")});
  const auto u = mfu(interrupted_run(), fpt, peak);
  // 4.8e10 FLOP/token x 60,400 token/s = 2.8992e15 FLOP/s; / (3.04e15 x 2 instances = 6.08e15)
  // = 0.476842105263157894736..., rounded half-even at 18 digits.
  CHECK(u.value().value() == decimal("0.476842105263157895"));
  CHECK(u.name() == "mfu");
  CHECK(kind_name(u.origin()) == "derived");
}

TEST_CASE("time to quality runs from the first data touch to the first evaluation at target") {
  auto r = interrupted_run();
  const auto t = time_to_quality(r);
  REQUIRE(t.has_value());
  // First training start 09:25:00 to the first eval_loss <= 1.9 (1.87 at 11:15:00): 6,600 s.
  CHECK(t->value().value() == decimal(6600));
  CHECK(std::get<measured>(t->origin()).method ==
        "MLPerf-style time to quality: from the first data touch to the first eval_loss <= 1.9 "
        "(1.87)");
  r.first_data_touch = parse_timestamp("2026-11-21T09:20:00Z");  // data read during compilation
  CHECK(time_to_quality(r)->value().value() == decimal(6900));
  r.quality[1].value = decimal("1.91");  // never reached
  CHECK_FALSE(time_to_quality(r).has_value());
  r.target.reset();
  CHECK_THROWS_WITH_AS(time_to_quality(r), "trncost: run 'ft-r2' has no quality target",
                       input_error);
  quality_target acc{.metric = "accuracy", .target = decimal("0.8"), .higher_is_better = true};
  CHECK(acc.reached_by(decimal("0.81")));
  CHECK_FALSE(acc.reached_by(decimal("0.79")));
}

TEST_CASE("a full job is extrapolated from the reference run, derived and never measured") {
  const sourced tokens("tokens_to_train", make(units::token, 1296000000LL),
                       assumption{"dataset size x epochs"});
  const auto secs = extrapolate(
      "train_s", tokens, useful_throughput<units::tokens_per_second_t>(clean_run("a", 216000000)));
  // 1,296,000,000 / (216,000,000 / 3,600 = 60,000 token/s) = 21,600 s.
  CHECK(secs.value().value() == decimal(21600));
  CHECK(std::get<derived>(secs.origin()).formula == "(tokens_to_train / useful_throughput) in s");
}

TEST_CASE("validation names the element, the field and the rule") {
  auto r = interrupted_run();
  r.phases[3].origin = "runs.csv:9";
  r.phases[3].start = parse_timestamp("2026-11-21T09:50:00Z");  // training runs until 09:55:00
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: runs.csv:9: start: 2026-11-21T09:50:00Z overlaps the previous "
                       "phase 'training', which starts at 2026-11-21T09:25:00Z and lasts 1800 s",
                       input_error);
  r = interrupted_run();
  r.phases[2].origin = "runs.csv:5";
  r.phases[3].start = parse_timestamp("2026-11-21T09:00:00Z");
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': phase 4: start: 2026-11-21T09:00:00Z is before the "
                       "start of the previous phase 'training' (runs.csv:5), 2026-11-21T09:25:00Z; "
                       "phases must be in time order",
                       input_error);
  r = interrupted_run();
  r.phases[0].duration = make(units::second, -5);
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': phase 1: duration_s: is -5; it cannot be negative",
                       input_error);
  r = interrupted_run();
  r.target->metric.clear();
  r.target->origin = "runs.csv:3";
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: runs.csv:3: quality_metric: a quality target is given but no "
                       "metric names what it measures",
                       input_error);
  r = interrupted_run();
  r.utilization = {{.instrument = "neuron-monitor",
                    .method = "mean of 20 reports",
                    .period = make(units::second, 1),
                    .percent = decimal("100.5"),
                    .origin = "runs.csv:12"}};
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: runs.csv:12: value: utilization 100.5 % is outside 0-100 %",
                       input_error);
  r = interrupted_run();
  r.incidents[0].work_lost = make(units::second, -1);
  CHECK_THROWS_WITH_AS(
      validate(r), "trncost: run 'ft-r2': incident 1: work_lost_s: is -1; it cannot be negative",
      input_error);
  r = interrupted_run();
  r.instances = make(units::instance, 0);
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': instance_count: is 0; a run needs at least one "
                       "instance",
                       input_error);
}

TEST_CASE("a run holds together in time: phases, incidents and work lost lie within it") {
  // interrupted_run: 09:00 to 11:30, its phases back to back until 11:30.
  CHECK_NOTHROW(validate(interrupted_run()));
  auto r = interrupted_run();
  r.phases[8].duration = make(units::second, 300 + 86400);  // waiting runs a day past the end
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': phase 9: duration_s: phase 'waiting' starts at "
                       "2026-11-21T11:25:00Z and lasts 86700 s, so it ends 86400 s after the run's "
                       "end at 2026-11-21T11:30:00Z; a phase lies within its run",
                       input_error);
  // 100,000 s of untimed phases after a timed first one, in a 2.5-hour run.
  r = interrupted_run();
  for (std::size_t i = 1; i < r.phases.size(); ++i) r.phases[i].start.reset();
  r.phases[2].duration = make(units::second, 100000);
  r.incidents.clear();
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': start: the run's phases from 2026-11-21T09:00:00Z on "
                       "last 107200 s in all, but only 9000 s pass from then to the run's end at "
                       "2026-11-21T11:30:00Z; phases do not overlap, so together they fit within "
                       "the run",
                       input_error);
  r = interrupted_run();
  r.ended = parse_timestamp("2026-11-21T08:00:00Z");
  r.ended_origin = "runs.csv:30";
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: runs.csv:30: start: the run ends at 2026-11-21T08:00:00Z, before "
                       "its first timed phase starts at 2026-11-21T09:00:00Z; the end row closes "
                       "the run",
                       input_error);
  // 900,000 s of work lost in a 9,000 s run; 3,000 s lost 20 minutes in.
  r = interrupted_run();
  r.incidents[0].work_lost = make(units::second, 900000);
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': incident 1: work_lost_s: is 900000 s, more than the "
                       "run's 9000 s of phases; work lost since the last checkpoint was done "
                       "within the run",
                       input_error);
  r = interrupted_run();
  r.incidents[0].start = parse_timestamp("2026-11-21T09:20:00Z");
  r.incidents[0].work_lost = make(units::second, 3000);
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': incident 1: work_lost_s: is 3000 s, but the run had "
                       "run only 1200 s when the incident happened at 2026-11-21T09:20:00Z (its "
                       "first phase starts at 2026-11-21T09:00:00Z); work lost since the last "
                       "checkpoint was done before the incident",
                       input_error);
  r = interrupted_run();
  r.incidents[0].start = parse_timestamp("2026-11-21T12:00:00Z");
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: run 'ft-r2': incident 1: start: incident \"node_failure\" happens "
                       "at 2026-11-21T12:00:00Z, after the run's end at 2026-11-21T11:30:00Z; an "
                       "incident lies within its run",
                       input_error);
  // Without an end instant, phases and incidents are checked against each other only.
  r = interrupted_run();
  r.ended.reset();
  r.phases[8].duration = make(units::second, 86400);
  CHECK_NOTHROW(validate(r));
  // A duration the time arithmetic cannot hold is refused where it was read, not as a bare
  // overflow.
  r = interrupted_run();
  r.phases[0].duration = quantity<units::second_t>::from_value(decimal("170141183460000000000"));
  r.phases[0].origin = "runs.csv:10";
  CHECK_THROWS_WITH_AS(validate(r),
                       "trncost: runs.csv:10: duration_s: is 170141183460000000000 s; added to "
                       "1795251600 s it overflows the decimal range (no run lasts that long)",
                       input_error);
}

TEST_CASE("repetitions give median, min, max, spread and the olympic mean") {
  const auto s = summarize({{"a", decimal(3)},
                            {"b", decimal(1)},
                            {"c", decimal(2)},
                            {"d", decimal(5)},
                            {"e", decimal(4)}},
                           true);
  CHECK(s.median == decimal(3));
  CHECK(s.min == decimal(1));
  CHECK(s.max == decimal(5));
  CHECK(s.spread == decimal(4));
  CHECK(s.olympic_mean == decimal(3));  // (2 + 3 + 4) / 3
  CHECK(s.values.at(3).first == "d");
  // An even count: the mean of the two middle values, (2 + 3) / 2.
  CHECK(summarize({{"a", decimal(1)}, {"b", decimal(2)}, {"c", decimal(3)}, {"d", decimal(10)}})
            .median == decimal("2.5"));
  CHECK_THROWS_WITH_AS(summarize({{"a", decimal(1)}, {"b", decimal(2)}}, true),
                       "trncost: an olympic mean drops the lowest and the highest value: it needs "
                       "at least 3 runs, not 2",
                       input_error);
  CHECK_THROWS_AS(summarize({}), input_error);
}

TEST_CASE("failed runs stay in a repetition set: counted, costed, and listed where left out") {
  auto failed = clean_run("ft-r4", 216000000);
  failed.outcome = run_outcome::failed;
  const std::vector<run_record> runs{clean_run("ft-r1", 216000000), interrupted_run(),
                                     clean_run("ft-r3", 212400000), failed};
  const auto rep = summarize_runs<units::tokens_per_second_t>(runs, true);
  CHECK(rep.runs == 4);
  CHECK(rep.completed == 3);
  CHECK(rep.failed == 1);
  // Every run's instance time: 2 x (7,200 + 9,000 + 7,200 + 7,200) = 61,200 instance-s.
  CHECK(rep.instance_seconds.value() == decimal(61200));
  // Throughput of the completed runs: 60,000, 60,400, 59,000 (212,400,000 / 3,600) token/s.
  CHECK(rep.throughput.median == decimal(60000));
  CHECK(rep.throughput.spread == decimal(1400));
  CHECK(rep.throughput.olympic_mean == decimal(60000));
  REQUIRE(rep.throughput_excluded.size() == 1);
  CHECK(rep.throughput_excluded[0].run_id == "ft-r4");
  CHECK(rep.throughput_excluded[0].reason == "failed");
  // Goodput of all four: 3,600/7,200 = 0.5 three times, 0.4 for the interrupted run.
  CHECK(rep.goodput.min == decimal("0.4"));
  CHECK(rep.goodput.median == decimal("0.5"));
  // Only ft-r2 has a target; it reached it.
  CHECK(rep.reached_target == 1);
  REQUIRE(rep.time_to_quality.has_value());
  CHECK(rep.time_to_quality->median == decimal(6600));
}

TEST_CASE("feeding the model: medians of completed runs, rates over every run") {
  auto failed = clean_run("ft-r4", 216000000);
  failed.outcome = run_outcome::failed;
  failed.incidents = {{.kind = "runtime_error",
                       .start = parse_timestamp("2026-11-20T10:27:00Z"),
                       .work_lost = make(units::second, 1800)}};
  const std::vector<run_record> runs{clean_run("ft-r1", 216000000), interrupted_run(),
                                     clean_run("ft-r3", 212400000), failed};
  const auto f = feed_model<units::tokens_per_second_t>(runs);
  // setup: median of 360, 300, 360 = 360; checkpointing: median of 540, 600, 540 = 540.
  CHECK(f.seconds(phase::setup).value().value() == decimal(360));
  CHECK(f.seconds(phase::checkpointing).value().value() == decimal(540));
  CHECK(f.seconds(phase::checkpointing).name() == "checkpointing_s");
  // The failed run is named as kept out of the median, with its outcome.
  CHECK(std::get<derived>(f.seconds(phase::setup).origin()).formula ==
        "median of setup_s over 3 runs; kept out: ft-r4 (failed)");
  CHECK(std::get<derived>(f.seconds(phase::setup).origin()).inputs.size() == 3);
  // The median is recorded as an operation (reports and analysis read it, never the formula).
  CHECK(std::get<derived>(f.seconds(phase::setup).origin()).op.kind == op_kind::median);
  CHECK_THROWS_WITH_AS((void)f.seconds(phase::restarts), "trncost: the runs have no restart phase",
                       input_error);
  CHECK(f.throughput.value().value() == decimal(60000));
  CHECK(f.instances.value().value() == decimal(2));
  // 2 incidents / 61,200 instance-s x 3,600 = 0.117647058823529412 per instance-h: the quotient
  // 2 / 61,200 = 0.0000326797385620915032679... rounds at 18 digits to 0.000032679738562092,
  // and x 3,600 = 0.1176470588235312 exactly.
  CHECK(f.interruption_rate.value().value() == decimal("0.1176470588235312"));
  CHECK(std::get<derived>(f.interruption_rate.origin()).formula ==
        "(interruptions_seen / instance_seconds_seen) in interruption/instance-h");
  CHECK(std::get<derived>(f.interruption_rate.origin()).op.kind == op_kind::convert);
  // Restart seconds 900 (only ft-r2 restarted) / 2 = 450; work lost (900 + 1,800) / 2 = 1,350.
  REQUIRE(f.restart_time.has_value());
  CHECK(f.restart_time->value().value() == decimal(450));
  CHECK(f.work_lost->value().value() == decimal(1350));
  REQUIRE(f.excluded_from_medians.size() == 1);
  CHECK(f.excluded_from_medians[0].run_id == "ft-r4");
  CHECK(f.excluded_from_medians[0].label == "failed");
  // A median's derivation says the kept-out run's label; without one, its whole reason, colons
  // and all (a reason is never cut at its first colon).
  CHECK(std::get<derived>(f.throughput.origin()).formula.ends_with("; kept out: ft-r4 (failed)"));
  const auto by_hand = trncost::measure::detail::median_of(
      "x_s",
      std::vector{sourced("a.x_s", seconds(10), provenance{assumption{"a"}}),
                  sourced("b.x_s", seconds(30), provenance{assumption{"b"}})},
      {{"r9", "stopped: by hand: out of budget"}});
  CHECK(by_hand.value().value() == decimal(20));  // (10 + 30) / 2
  CHECK(std::get<derived>(by_hand.origin()).formula ==
        "median of x_s over 2 runs; kept out: r9 (stopped: by hand: out of budget)");
  CHECK(f.runs == std::vector<std::string>{"ft-r1", "ft-r2", "ft-r3", "ft-r4"});

  const auto quiet = feed_model<units::tokens_per_second_t>({clean_run("ft-r1", 216000000)});
  CHECK(quiet.interruption_rate.value().value().is_zero());
  CHECK_FALSE(quiet.restart_time.has_value());
  auto other = clean_run("big", 216000000);
  other.instances = make(units::instance, 4);
  CHECK_THROWS_WITH_AS(feed_model<units::tokens_per_second_t>({clean_run("a", 1), other}),
                       "trncost: run 'big' uses 4 instances, run 'a' 2; feed the model one "
                       "configuration at a time",
                       input_error);
}

}  // namespace trncost_tests::measure_test
