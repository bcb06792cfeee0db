// Tests for the run-log readers (include/trncost/readers/run_log.hpp) on a realistic multi-run
// fine-tune (tests/readers/data/run-log/finetune-runs.{csv,jsonl}, written by make_finetune_runs.py
// beside them: four runs on 2 x trn1.32xlarge, r2 interrupted by a node failure and restarted, r3
// completed but short of the target, r4 failed), and on bad input, each error naming the file, line
// and field.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/measure.hpp>
#include <trncost/readers/run_log.hpp>
#include <tuple>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_run_log_test {

using namespace trncost;
using namespace trncost::measure;

namespace {

const std::string fixture = std::string(TRNCOST_TESTS_DIR) + "/readers/data/run-log/finetune-runs";

std::vector<run_record> read_csv_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_run_log_csv(in, "bad.csv");
}

std::vector<run_record> read_json_text(const std::string& text) {
  std::istringstream in(text);
  return readers::read_run_log_json(in, "bad.jsonl");
}

const std::string header =
    "run_id,event,name,start,duration_s,value,steps,tokens,samples,work_lost_s,note\n";
// A minimal valid run: instance count, one timed training phase, an end row.
const std::string minimal = header +
                            "a,run,instance_count,,,2,,,,,\n"
                            "a,phase,training,2026-11-20T09:00:00Z,600,,,60000,,,\n"
                            "a,end,completed,2026-11-20T09:10:00Z,,,,,,,\n";

}  // namespace

TEST_CASE("the CSV run log of a multi-run fine-tune reads into four whole runs") {
  const auto runs = readers::read_run_log(fixture + ".csv");
  REQUIRE(runs.size() == 4);
  const auto& r1 = runs[0];
  CHECK(r1.id == "ft-8b-trn1-r1");
  CHECK(r1.origin == fixture + ".csv:2");
  CHECK(r1.model_id == "meta-llama/Llama-3.1-8B");
  CHECK(r1.code_version == "git:4f2a9c1");
  CHECK(r1.dataset_id == "ft-v4");
  CHECK(r1.instance_type == "trn1.32xlarge");
  CHECK(r1.instances.value() == decimal(2));
  CHECK(r1.region == "us-east-1");
  CHECK(r1.option == purchase_option::on_demand);
  CHECK(r1.price_consulted == parse_date("2026-11-19"));
  REQUIRE(r1.parameters.size() == 3);
  CHECK(r1.parameters[0] == std::pair<std::string, std::string>{"learning_rate", "0.00002"});
  CHECK(r1.data.read->value() == decimal(250));
  CHECK(r1.data.logs->value() == decimal("1.5"));
  REQUIRE(r1.target.has_value());
  CHECK(r1.target->metric == "eval_loss");
  CHECK(r1.target->target == decimal("1.9"));
  CHECK_FALSE(r1.target->higher_is_better);
  CHECK(r1.phases.size() == 6);
  CHECK(r1.phases[2].ph == phase::training);
  CHECK(r1.phases[2].steps->value() == decimal(900));      // 216,000,000 / 240,000 tokens a step
  CHECK(r1.phases[2].samples->value() == decimal(72000));  // 216,000,000 / 3,000 tokens a sequence
  CHECK(r1.phases[2].origin == fixture + ".csv:22");
  REQUIRE(r1.utilization.size() == 1);
  CHECK(r1.utilization[0].percent == decimal("87.5"));
  CHECK(r1.utilization[0].method ==
        "mean of 3600 reports, period 1 s, cores 0-31 (training phase)");
  CHECK(r1.ended == parse_timestamp("2026-11-20T11:00:00Z"));
  // r2: the interruption, the lost work and the restart are all there.
  CHECK(runs[1].phases.size() == 9);
  REQUIRE(runs[1].incidents.size() == 1);
  CHECK(runs[1].incidents[0].kind == "node_failure");
  CHECK(runs[1].incidents[0].work_lost.value() == decimal(900));
  CHECK(phase_seconds(runs[1], phase::restarts).value() == decimal(900));
  CHECK(runs[3].outcome == run_outcome::failed);
  CHECK(runs[3].incidents.at(0).kind == "neuron_runtime_error");
}

TEST_CASE("the JSON Lines run log reads the same runs as the CSV one") {
  const auto csv = readers::read_run_log(fixture + ".csv");
  const auto json = readers::read_run_log(fixture + ".jsonl");
  REQUIRE(json.size() == csv.size());
  for (std::size_t i = 0; i < csv.size(); ++i) {
    CAPTURE(i);
    CHECK(json[i].id == csv[i].id);
    CHECK(json[i].outcome == csv[i].outcome);
    CHECK(json[i].parameters == csv[i].parameters);
    REQUIRE(json[i].phases.size() == csv[i].phases.size());
    for (std::size_t k = 0; k < csv[i].phases.size(); ++k) {
      CHECK(json[i].phases[k].duration == csv[i].phases[k].duration);
      CHECK(json[i].phases[k].start == csv[i].phases[k].start);
      CHECK(json[i].phases[k].tokens == csv[i].phases[k].tokens);
    }
    CHECK(json[i].incidents.size() == csv[i].incidents.size());
    CHECK(json[i].quality.size() == csv[i].quality.size());
  }
  CHECK(json[0].phases[2].origin == fixture + ".jsonl:21");  // no header line in JSON Lines
}

TEST_CASE("repetitions of the fine-tune keep the failed run and the one short of the target") {
  const auto rep =
      summarize_runs<units::tokens_per_second_t>(readers::read_run_log(fixture + ".csv"));
  CHECK(rep.runs == 4);
  CHECK(rep.completed == 3);
  CHECK(rep.failed == 1);
  // Billed: r1 7,200; r2 9,000; r3 420+1320+3600+1260+480+180 = 7,260;
  // r4 360+1260+3600+540+1800+980 = 8,540; x 2 instances = 64,000 instance-s.
  CHECK(rep.instance_seconds.value() == decimal(64000));
  // Throughput of the completed runs: r1 216,000,000/3,600 = 60,000; r2 217,440,000/3,600 = 60,400;
  // r3 212,400,000/3,600 = 59,000.
  CHECK(rep.throughput.median == decimal(60000));
  CHECK(rep.throughput.min == decimal(59000));
  CHECK(rep.throughput.max == decimal(60400));
  CHECK(rep.throughput_excluded.at(0).run_id == "ft-8b-trn1-r4");
  // Goodput: 0.5, 0.4, 3,600/7,260 = 0.495867768595041322, 3,600/8,540 = 0.421545667447306792;
  // median (0.495867768595041322 + 0.421545667447306792) / 2 = 0.458706718021174057.
  CHECK(rep.goodput.median == decimal("0.458706718021174057"));
  // Time to quality: r1 09:27 to 10:47 = 4,800 s; r2 09:25 to 11:15 = 6,600 s; r3 (1.93) and r4
  // (no evaluation) never reached 1.9 and are listed, not dropped.
  CHECK(rep.reached_target == 2);
  REQUIRE(rep.time_to_quality.has_value());
  CHECK(rep.time_to_quality->median == decimal(5700));
  REQUIRE(rep.time_to_quality_excluded.size() == 2);
  CHECK(rep.time_to_quality_excluded[0].run_id == "ft-8b-trn1-r3");
  CHECK(rep.time_to_quality_excluded[1].reason == "did not reach the target");
}

TEST_CASE("the fine-tune's runs feed the model: phase medians, throughput, interruptions") {
  const auto f = feed_model<units::tokens_per_second_t>(readers::read_run_log(fixture + ".jsonl"));
  // Medians over r1, r2, r3: setup (360, 300, 420) = 360; compilation (1260, 1200, 1320) = 1260;
  // evaluation (1200, 1200, 1260) = 1200; checkpointing (540, 600, 480) = 540; waiting (240, 300,
  // 180) = 240.
  CHECK(f.seconds(phase::setup).value().value() == decimal(360));
  CHECK(f.seconds(phase::compilation).value().value() == decimal(1260));
  CHECK(f.seconds(phase::evaluation).value().value() == decimal(1200));
  CHECK(f.seconds(phase::checkpointing).value().value() == decimal(540));
  CHECK(f.seconds(phase::waiting).value().value() == decimal(240));
  CHECK(f.throughput.value().value() == decimal(60000));
  // 2 incidents / 64,000 instance-s = 0.00003125, x 3,600 = 0.1125 per instance-h.
  CHECK(f.interruption_rate.value().value() == decimal("0.1125"));
  // Restart 900 s / 2 interruptions = 450; work lost (900 + 1,800) / 2 = 1,350.
  CHECK(f.restart_time->value().value() == decimal(450));
  CHECK(f.work_lost->value().value() == decimal(1350));
  const auto& seen = std::get<derived>(f.interruption_rate.origin()).inputs;
  REQUIRE(seen.size() == 1);
}

TEST_CASE("bad run logs are refused with the file, the line and the field") {
  CHECK_NOTHROW(read_csv_text(minimal));
  // Overlapping intervals.
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,phase,setup,2026-11-20T09:00:00Z,600,,,,,,\n"
                                              "a,phase,compilation,2026-11-20T09:05:00Z,600,,,,,,\n"
                                              "a,end,completed,,,,,,,,\n"),
                       "trncost: bad.csv:4: start: 2026-11-20T09:05:00Z overlaps the previous "
                       "phase 'setup' (bad.csv:3), which starts at 2026-11-20T09:00:00Z and lasts "
                       "600 s",
                       input_error);
  // Out of order.
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,phase,setup,2026-11-20T09:00:00Z,600,,,,,,\n"
                                              "a,phase,compilation,2026-11-20T08:00:00Z,600,,,,,,\n"
                                              "a,end,completed,,,,,,,,\n"),
                       "trncost: bad.csv:4: start: 2026-11-20T08:00:00Z is before the start of "
                       "the previous phase 'setup' (bad.csv:3), 2026-11-20T09:00:00Z; phases must "
                       "be in time order",
                       input_error);
  // Negative and missing durations.
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,phase,setup,,-60,,,,,,\n"
                                              "a,end,completed,,,,,,,,\n"),
                       "trncost: bad.csv:3: duration_s: is -60; it cannot be negative",
                       input_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,phase,setup,2026-11-20T09:00:00Z,,,,,,,\n"),
                       "trncost: bad.csv:3: duration_s: is missing; a phase row needs its duration",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,phase,setup,,1O,,,,,,\n"),
                       "trncost: bad.csv:2: duration_s: \"1O\" is not a decimal number: unexpected "
                       "character 'O' at offset 1",
                       parse_error);
  // A quality target with no metric.
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,run,quality_target,,,1.9,,,,,\n"
                                              "a,phase,training,,600,,,60000,,,\n"
                                              "a,end,completed,,,,,,,,\n"),
                       "trncost: bad.csv:3: quality_metric: a quality target is given but no "
                       "metric names what it measures",
                       parse_error);
  // Utilization above 100 %.
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                             "a,phase,training,,600,,,60000,,,\n"
                             "a,utilization,neuron-monitor,,1,104.2,,,,,mean of 600 reports\n"
                             "a,end,completed,,,,,,,,\n"),
      "trncost: bad.csv:4: value: utilization 104.2 % is outside 0-100 %", input_error);
  // CSV with a missing column.
  CHECK_THROWS_WITH_AS(read_csv_text("run_id,event,name,start,value\na,run,instance_count,,2\n"),
                       "trncost: bad.csv:1: column 'duration_s': is required but missing from the "
                       "header",
                       parse_error);
  // A log cut before a run's end row, a row after it, unknown events, phases and fields.
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                                              "a,phase,training,,600,,,60000,,,\n"),
                       "trncost: bad.csv:2: run_id: run 'a' has no end row: the log is cut short "
                       "or the run is still going",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(minimal + "a,phase,waiting,,60,,,,,,\n"),
                       "trncost: bad.csv:5: event: run 'a' already ended (bad.csv:4); a row after "
                       "its end row",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,checkpoint,x,,,,,,,,\n"),
                       "trncost: bad.csv:2: event: 'checkpoint' is not an event (run, phase, "
                       "incident, quality, utilization, end)",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,phase,train,,60,,,,,,\n"),
                       doctest::Contains("bad.csv:2: name: 'train' is not a phase"), parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,run,gpu_count,,,8,,,,,\n"),
                       doctest::Contains("bad.csv:2: name: 'gpu_count' is not a run field"),
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,phase,training,,60,,,,\n"),
                       "trncost: bad.csv:2: the record has 9 fields, the header has 11",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + "a,incident,node_failure,2026-11-20T09:00:00Z,60,,,,,,\n"),
      "trncost: bad.csv:2: work_lost_s: is missing; an incident row says how much "
      "work was lost",
      parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(header + "a,phase,training,,600,,,60000,,,\n"
                                              "a,end,completed,,,,,,,,\n"),
                       "trncost: bad.csv:2: instance_count: run 'a' does not say how many "
                       "instances it ran on",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(""), "trncost: bad.csv: the run log is empty (no header)",
                       parse_error);
  CHECK_THROWS_WITH_AS(readers::read_run_log("/nonexistent/runs.csv"),
                       "trncost: /nonexistent/runs.csv: cannot be opened (no such file)",
                       parse_error);
}

TEST_CASE("bad JSON Lines run logs: a truncated line, wrong types, unknown fields") {
  const std::string good =
      "{\"run_id\":\"a\",\"event\":\"run\",\"name\":\"instance_count\",\"value\":2}\n"
      "{\"run_id\":\"a\",\"event\":\"phase\",\"name\":\"training\",\"duration_s\":600,"
      "\"tokens\":60000}\n";
  CHECK(read_json_text(good + "{\"run_id\":\"a\",\"event\":\"end\",\"name\":\"completed\"}\n")
            .at(0)
            .phases.at(0)
            .tokens->value() == decimal(60000));
  // The appending script died mid-line.
  CHECK_THROWS_WITH_AS(read_json_text(good + "{\"run_id\":\"a\",\"event\":\"end\",\"na"),
                       doctest::Contains("bad.jsonl:3: invalid JSON at byte"), parse_error);
  CHECK_THROWS_WITH_AS(read_json_text(good + "{\"run_id\":\"a\",\"event\":\"end\",\"name\":[1]}\n"),
                       "trncost: bad.jsonl:3: name: expected a string or a number, not an array",
                       parse_error);
  CHECK_THROWS_WITH_AS(read_json_text(good + "{\"run_id\":\"a\",\"evnt\":\"end\"}\n"),
                       "trncost: bad.jsonl:3: evnt: is not a run log field", parse_error);
  CHECK_THROWS_WITH_AS(read_json_text("[1,2]\n"),
                       "trncost: bad.jsonl:1: a run log line must be a JSON object", parse_error);
  CHECK_THROWS_WITH_AS(read_json_text(good), doctest::Contains("run 'a' has no end row"),
                       parse_error);
}

TEST_CASE("a run log names the software stack of each run in order") {
  const auto runs = read_csv_text(header +
                                  "a,run,stack.neuronx-cc,,,2.21.33363.0,,,,,\n"
                                  "a,run,stack.torch-neuronx,,,2.8.0.2.10.13553,,,,,\n" +
                                  minimal.substr(header.size()));
  REQUIRE(runs.size() == 1);
  REQUIRE(runs[0].software_stack.size() == 2);
  CHECK(runs[0].software_stack[0] ==
        std::pair<std::string, std::string>{"neuronx-cc", "2.21.33363.0"});
  CHECK(runs[0].software_stack[1] ==
        std::pair<std::string, std::string>{"torch-neuronx", "2.8.0.2.10.13553"});
  const auto json =
      read_json_text(R"({"run_id": "a", "event": "run", "name": "stack.python", "value": "3.11.2"})"
                     "\n"
                     R"({"run_id": "a", "event": "run", "name": "instance_count", "value": 1})"
                     "\n"
                     R"({"run_id": "a", "event": "phase", "name": "training", "duration_s": 60})"
                     "\n"
                     R"({"run_id": "a", "event": "end", "name": "completed"})"
                     "\n");
  REQUIRE(json.size() == 1);
  CHECK(json[0].software_stack ==
        std::vector<std::pair<std::string, std::string>>{{"python", "3.11.2"}});
  // A run without stack rows has none (never an invented one).
  CHECK(read_csv_text(minimal).at(0).software_stack.empty());
}

TEST_CASE("a run log that gives one stack component twice is refused") {
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + "a,run,stack.torch,,,2.8.0,,,,,\n"
                             "a,run,stack.torch,,,2.7.1,,,,,\n"),
      "trncost: bad.csv:3: stack.torch: is \"2.7.1\" here but \"2.8.0\" on bad.csv:2 "
      "(run 'a'); a run field holds one value, and trncost will not choose "
      "between two",
      parse_error);
}

TEST_CASE("a run field given twice with another value is refused, in CSV and JSON Lines alike") {
  // instance_count 2, then 4: read the last one, a 397.64 USD job cost 732.50 and was verified.
  const std::string csv = minimal +
                          "b,run,instance_count,,,2,,,,,\n"
                          "b,phase,training,2026-11-20T09:00:00Z,600,,,60000,,,\n"
                          "b,run,instance_count,,,4,,,,,\n"
                          "b,end,completed,2026-11-20T09:10:00Z,,,,,,,\n";
  CHECK_THROWS_WITH_AS(read_csv_text(csv),
                       "trncost: bad.csv:7: instance_count: is \"4\" here but \"2\" on bad.csv:5 "
                       "(run 'b'); a run field holds one value, and trncost will not choose "
                       "between two",
                       parse_error);
  CHECK_THROWS_WITH_AS(
      read_json_text(R"({"run_id": "b", "event": "run", "name": "instance_count", "value": 2})"
                     "\n"
                     R"({"run_id": "b", "event": "run", "name": "instance_count", "value": "4"})"
                     "\n"),
      "trncost: bad.jsonl:2: instance_count: is \"4\" here but \"2\" on bad.jsonl:1 (run 'b'); a "
      "run field holds one value, and trncost will not choose between two",
      parse_error);
  // Every single-valued field, text or number or date.
  for (const auto& [field_name, first, second] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"model_id", "meta-llama/Llama-3.1-8B", "mistralai/Mistral-7B-v0.3"},
           {"code_version", "git:4f2a9c1", "git:0000000"},
           {"dataset_id", "ft-v4", "ft-v5"},
           {"instance_type", "trn1.32xlarge", "p5.48xlarge"},
           {"region", "us-east-1", "us-west-2"},
           {"purchase_option", "on-demand", "spot"},
           {"price_consulted", "2026-11-19", "2026-11-25"},
           {"first_data_touch", "2026-11-20T09:00:00Z", "2026-11-20T09:01:00Z"},
           {"quality_metric", "eval_loss", "train_loss"},
           {"quality_target", "1.9", "2.1"},
           {"quality_direction", "lower", "higher"},
           {"data_read_gib", "250", "251"},
           {"data_written_gib", "600", "60"},
           {"storage_kept_gib", "600", "6"},
           {"log_volume_gib", "1.5", "15"},
           {"param.learning_rate", "0.00002", "0.0001"},
           {"stack.neuronx-cc", "2.21.33363.0", "2.20.0.0"}}) {
    // A named copy: clang 14 cannot capture a structured binding in CAPTURE's lambda.
    const std::string field = field_name;
    CAPTURE(field);
    const std::string text = header + "a,run," + field + ",,," + first + ",,,,,\n" + "a,run," +
                             field + ",,," + second + ",,,,,\n" + minimal.substr(header.size());
    CHECK_THROWS_WITH_AS(
        read_csv_text(text),
        ("trncost: bad.csv:3: " + field + ": is \"" + second + "\" here but \"" + first +
         "\" on bad.csv:2 (run 'a'); a run field holds one value, and "
         "trncost will not choose between two")
            .c_str(),
        parse_error);
  }
}

TEST_CASE("the same value of a run field given again is read once") {
  // A launcher that logs its configuration again after a restart: 2 and 2.0 are one count.
  const std::string rows =
      "a,run,instance_count,,,2.0,,,,,\n"
      "a,run,model_id,,,m,,,,,\n"
      "a,run,model_id,,,m,,,,,\n";
  const auto runs = read_csv_text(header + rows + minimal.substr(header.size()));
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].instances.value() == decimal(2));
  CHECK(runs[0].model_id == "m");
  // A parameter is text: 0.1 and 0.10 differ as written, so the second is refused.
  CHECK_THROWS_AS(read_csv_text(header + "a,run,param.lr,,,0.1,,,,,\na,run,param.lr,,,0.10,,,,,\n" +
                                minimal.substr(header.size())),
                  parse_error);
}

TEST_CASE("an incident or an evaluation recorded twice is refused, not counted twice") {
  const std::string run = header +
                          "a,run,instance_count,,,2,,,,,\n"
                          "a,phase,training,2026-11-20T09:00:00Z,3600,,,60000,,,\n"
                          "a,incident,node_failure,2026-11-20T09:30:00Z,300,,,,,600,\n";
  CHECK_THROWS_WITH_AS(
      read_csv_text(run + "a,incident,node_failure,2026-11-20T09:30:00Z,300,,,,,600,\n"
                          "a,end,completed,2026-11-20T10:00:00Z,,,,,,,\n"),
      "trncost: bad.csv:5: start: incident \"node_failure\" at "
      "2026-11-20T09:30:00Z is already recorded on bad.csv:4 (run 'a'); an "
      "incident is recorded once (counted twice, it would double the "
      "interruptions and the work lost)",
      parse_error);
  CHECK_THROWS_WITH_AS(read_csv_text(run + "a,quality,eval_loss,2026-11-20T09:50:00Z,,1.8,,,,,\n"
                                           "a,quality,eval_loss,2026-11-20T09:50:00Z,,1.7,,,,,\n"
                                           "a,end,completed,2026-11-20T10:00:00Z,,,,,,,\n"),
                       "trncost: bad.csv:6: start: evaluation of \"eval_loss\" at "
                       "2026-11-20T09:50:00Z is already recorded on bad.csv:5 (run 'a'); an "
                       "evaluation is recorded once",
                       parse_error);
  // Two incidents of one kind at two times are two incidents.
  const auto runs = read_csv_text(run +
                                  "a,incident,node_failure,2026-11-20T09:45:00Z,300,,,,,600,\n"
                                  "a,end,completed,2026-11-20T10:00:00Z,,,,,,,\n");
  CHECK(runs.at(0).incidents.size() == 2);
}

TEST_CASE("a run's phases and incidents read from a log lie within the run and its end row") {
  // The end row is checked against the phases: a phase lasting a day past it is refused there.
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                             "a,phase,training,2026-11-20T09:00:00Z,90000,,,60000,,,\n"
                             "a,end,completed,2026-11-20T10:00:00Z,,,,,,,\n"),
      "trncost: bad.csv:3: duration_s: phase 'training' starts at "
      "2026-11-20T09:00:00Z and lasts 90000 s, so it ends 86400 s after the "
      "run's end at 2026-11-20T10:00:00Z (bad.csv:4); a phase lies within its run",
      input_error);
  CHECK_THROWS_WITH_AS(
      read_csv_text(header + "a,run,instance_count,,,2,,,,,\n"
                             "a,phase,training,2026-11-20T09:00:00Z,3600,,,60000,,,\n"
                             "a,incident,node_failure,2026-11-20T09:30:00Z,300,,,,,900000,\n"
                             "a,end,completed,2026-11-20T10:00:00Z,,,,,,,\n"),
      "trncost: bad.csv:4: work_lost_s: is 900000 s, more than the run's 3600 s "
      "of phases; work lost since the last checkpoint was done within the run",
      input_error);
  // The end row's time is kept with where it was read.
  const auto runs = read_csv_text(minimal);
  CHECK(runs.at(0).ended_origin == "bad.csv:4");
}

TEST_CASE("the same run in two logs is refused naming both files and lines") {
  auto runs = read_csv_text(minimal);
  auto again = read_json_text(
      R"({"run_id": "a", "event": "run", "name": "instance_count", "value": 2})"
      "\n"
      R"({"run_id": "a", "event": "phase", "name": "training", "start": "2026-11-20T09:00:00Z", "duration_s": 600})"
      "\n"
      R"({"run_id": "a", "event": "end", "name": "completed", "start": "2026-11-20T09:10:00Z"})"
      "\n");
  CHECK_THROWS_WITH_AS(readers::append_runs(runs, again),
                       "trncost: bad.jsonl:1: run_id: run 'a' is also logged in bad.csv:2; a run "
                       "is logged in one file (read twice, its time, incidents and cost would "
                       "count twice)",
                       parse_error);
  // Different runs append in order; read_run_logs reads files so.
  auto other = read_csv_text(header +
                             "b,run,instance_count,,,1,,,,,\n"
                             "b,phase,training,2026-11-20T09:00:00Z,600,,,60000,,,\n"
                             "b,end,completed,2026-11-20T09:10:00Z,,,,,,,\n");
  readers::append_runs(runs, other);
  REQUIRE(runs.size() == 2);
  CHECK(runs[1].id == "b");
  CHECK(readers::read_run_logs({fixture + ".csv"}).size() == 4);
  CHECK_THROWS_WITH_AS(readers::read_run_logs({fixture + ".csv", fixture + ".jsonl"}),
                       ("trncost: " + fixture +
                        ".jsonl:1: run_id: run 'ft-8b-trn1-r1' is also "
                        "logged in " +
                        fixture +
                        ".csv:2; a run is logged in one file (read twice, "
                        "its time, incidents and cost would count twice)")
                           .c_str(),
                       parse_error);
}

TEST_CASE(
    "protocol_of gives what a run's log states - model - code - data set - parameters - stack") {
  const auto runs = read_csv_text(header +
                                  "a,run,model_id,,,meta-llama/Llama-3.1-8B,,,,,\n"
                                  "a,run,code_version,,,git:4f2a9c1,,,,,\n"
                                  "a,run,dataset_id,,,ft-v4,,,,,\n"
                                  "a,run,param.learning_rate,,,0.00002,,,,,\n"
                                  "a,run,stack.neuronx-cc,,,2.21.33363.0,,,,,\n" +
                                  minimal.substr(header.size()));
  REQUIRE(runs.size() == 1);
  const run_protocol p = protocol_of(runs[0]);
  CHECK(p == run_protocol{"a",
                          "meta-llama/Llama-3.1-8B",
                          "git:4f2a9c1",
                          "ft-v4",
                          {{"learning_rate", "0.00002"}},
                          {{"neuronx-cc", "2.21.33363.0"}}});
}

}  // namespace trncost_tests::io_run_log_test
