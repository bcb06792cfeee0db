// What the runs of a scenario's log show in its report (docs/scenario.md, "What the runs show"):
// each run's billed time, goodput and time to quality, the cost of a run that did not complete,
// and the runs kept out of the medians named in their derivations. Hand-computed from
// examples/data/ft-8b-trn1-runs.csv in the comments.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/html.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_run_figures_test {

using namespace trncost;

TEST_CASE("the runs of a log: billed time, goodput, time to quality and a failed run's cost") {
  const std::string path = trncost_support::example_scenarios + "fine-tune-8b-trn1.toml";
  const estimate e = scenario::evaluate_scenario(scenario::read_scenario(path));
  const auto figure = [&](const std::string& what) -> std::string {
    for (const auto& f : e.figures) {
      if (f.workload == "fine-tune" && f.what == what) return f.value->value;
    }
    FAIL("no figure " << what);
    return {};
  };
  // r1: setup 360 + compilation 1,260 + training 3,600 + evaluation 1,200 + checkpointing 540 +
  // waiting 240 = 7,200 s billed; goodput 3,600 / 7,200 = 0.5. Its eval_loss reaches 1.88 <= 1.9
  // at 10:47, 80 minutes after its training started at 09:27: 4,800 s to quality.
  CHECK(figure("billed time of run ft-8b-trn1-r1") == "7200");
  CHECK(figure("goodput of run ft-8b-trn1-r1") == "0.5");
  CHECK(figure("time to quality of run ft-8b-trn1-r1") == "4800");
  // r4 failed: 360 + 1,260 + 3,600 + 540 + 1,800 of failed work + 980 waiting = 8,540 s; goodput
  // 3,600 / 8,540 = 0.42154566744730679156... -> 0.421545667447306792; its cost at the workload's
  // 21.50 USD/instance-h on 2 instances: 21.50 x 2 x 8,540 / 3,600 = 102.0055... ->
  // 102.005555555555555556.
  CHECK(figure("goodput of run ft-8b-trn1-r4") == "0.421545667447306792");
  CHECK(figure("cost of the failed run ft-8b-trn1-r4") == "102.005555555555555556");
  // Only a run that did not complete states a cost; a run that never reached its target states
  // no time to quality (r3's best eval_loss stays above 1.9).
  for (const auto& f : e.figures) {
    CHECK(f.what != "cost of the completed run ft-8b-trn1-r1");
    CHECK(f.what != "time to quality of run ft-8b-trn1-r3");
  }
  // The medians name the run they leave out, in every report that shows the derivation.
  const std::string md = report::render_markdown(e, "t");
  CHECK(md.find("median of setup_s over 3 runs; kept out: ft-8b-trn1-r4 (failed)") !=
        std::string::npos);
  const std::string html = report::render_html(e, "t");
  CHECK(html.find("<ul id=\"protocol-medians\">") != std::string::npos);
  CHECK(html.find("<li><code>setup_s</code> = 360 s: median of setup_s over 3 runs; kept out: "
                  "ft-8b-trn1-r4 (failed)</li>") != std::string::npos);
  CHECK(md.find("| fine-tune | goodput of run ft-8b-trn1-r1 | 0.5 (50.0 %) |") !=
        std::string::npos);
  // Both figures are recomputed by the audit from the runs' measured times.
  CHECK(report::audit(report::render_json(e), path).ok);
  // r1's log summarises neuron-monitor's reports: 87.5 % of the NeuronCores busy, with its method.
  CHECK(figure("neuron-monitor utilisation of run ft-8b-trn1-r1") == "0.875");
  CHECK(
      md.find("| fine-tune | neuron-monitor utilisation of run ft-8b-trn1-r1 | 0.875 (87.5 %) |") !=
      std::string::npos);
  CHECK(report::render_json(e).find("neuron-monitor (mean of 3600 reports, period 1 s, cores 0-31 "
                                    "(training phase)), every 1 s") != std::string::npos);
}

namespace {

const std::string flagship = trncost_support::example_scenarios + "fine-tune-8b-trn1.toml";

/// The flagship scenario with `key` written under its instance_time (after tokens_to_train).
std::string flagship_with(const std::string& key) {
  const std::string text = trncost_support::slurp(flagship);
  const std::string anchor = "from = 2026-11-18T08:00:00Z, to = 2026-11-18T08:20:00Z } }\n";
  return trncost_support::with_changes(text, {{anchor, anchor + key + "\n"}});
}

std::string figure_of(const estimate& e, const std::string& what) {
  for (const auto& f : e.figures) {
    if (f.workload == "fine-tune" && f.what == what) return f.value->value;
  }
  FAIL("no figure " << what);
  return {};
}

const std::string parameters =
    "parameters = { value = \"8030261248\", documented = { source = "
    "\"https://huggingface.co/meta-llama/Llama-3.1-8B\", consulted = 2026-11-29 } }";

}  // namespace

TEST_CASE("each run states its MFU of the catalog's peak when the model's size is written") {
  const estimate e =
      scenario::evaluate_scenario(scenario::parse_scenario(flagship_with(parameters), flagship));
  // 6 x 8,030,261,248 = 48,181,567,488 FLOP/token. r1 trained 216,000,000 tokens in 3,600 s:
  // 60,000 token/s, 2.89089404928e15 FLOP/s; the catalog's trn1.32xlarge BF16 peak is 16 chips x
  // 190 TFLOPS = 3.04e15 FLOP/s, x 2 instances = 6.08e15: MFU 0.47547599494736842105... ->
  // 0.475475994947368421. r3: 212,400,000 / 3,600 = 59,000 token/s -> 0.467551395031578947.
  // r4 failed but trained and counted 216,000,000 tokens in 3,600 s: the same as r1.
  CHECK(figure_of(e, "MFU of run ft-8b-trn1-r1") == "0.475475994947368421");
  CHECK(figure_of(e, "MFU of run ft-8b-trn1-r3") == "0.467551395031578947");
  CHECK(figure_of(e, "MFU of run ft-8b-trn1-r4") == "0.475475994947368421");
  // The estimate's, at the completed runs' median throughput (60,000 token/s): r1's.
  CHECK(figure_of(e, "MFU at the runs' median throughput") == "0.475475994947368421");
  CHECK(e.total == decimal::parse("397.635212328767123288"));  // the costs do not move
  const std::string md = report::render_markdown(e, "t");
  CHECK(md.find("| fine-tune | MFU of run ft-8b-trn1-r1 | 0.475475994947368421 (47.5 %) |") !=
        std::string::npos);
  CHECK(report::audit(report::render_json(e), flagship).ok);
  // Written directly (attention counted, say): 50e9 FLOP/token at r1's 60,000 token/s = 3e15
  // FLOP/s of 6.08e15 at FP8 (Trainium's FP8 peak is its BF16 one, 190 TFLOPS a chip):
  // 0.493421052631578947.
  const estimate w = scenario::evaluate_scenario(scenario::parse_scenario(
      flagship_with("model_flops_per_token = { value = \"50000000000\", unit = \"FLOP/token\", "
                    "assumption = \"6N plus attention at 8k context\" }\nprecision = \"fp8\""),
      flagship));
  CHECK(figure_of(w, "MFU of run ft-8b-trn1-r1") == "0.493421052631578947");
}

TEST_CASE("the model's FLOPs per token are refused where no run states an MFU") {
  using trncost_support::parse_error_of;
  CHECK(parse_error_of(flagship_with(parameters + "\nmodel_flops_per_token = { value = \"1\", "
                                                  "assumption = \"x\" }"))
            .find("model_flops_per_token: is given with parameters; write exactly one of "
                  "parameters, model_flops_per_token") != std::string::npos);
  CHECK(parse_error_of(flagship_with("precision = \"fp8\""))
            .find("precision: is given without parameters or model_flops_per_token") !=
        std::string::npos);
  CHECK(parse_error_of(flagship_with(parameters + "\nprecision = \"fp16\""))
            .find("precision: is \"bf16\" or \"fp8\"") != std::string::npos);
  const std::string written = trncost_support::scenario_head +
                              trncost_support::component_head("instance_time", "job") +
                              "instance_type = \"trn1.32xlarge\"\n"
                              "training_seconds = { value = \"3600\", assumption = \"x\" }\n"
                              "instances = { value = \"1\", assumption = \"x\" }\n" +
                              parameters + "\n";
  CHECK(parse_error_of(written).find("parameters: is given with phases written directly") !=
        std::string::npos);
  // A count of 0 or below would state an MFU of 0 or a negative one: refused when the model is
  // built.
  const auto build_error = [](const std::string& text) {
    return trncost_support::error_message<trncost::error>(
        [&] { (void)scenario::evaluate_scenario(scenario::parse_scenario(text, flagship)); });
  };
  CHECK(build_error(flagship_with("parameters = { value = \"-8\", assumption = \"x\" }"))
            .find("component[0].parameters: is -8: a model's FLOPs per token come from a positive "
                  "count") != std::string::npos);
  CHECK(build_error(flagship_with("model_flops_per_token = { value = \"0\", assumption = \"x\" }"))
            .find("component[0].model_flops_per_token: is 0") != std::string::npos);
}

TEST_CASE("a warm-up phase of the runs is a median and a line of its own, overhead") {
  // The flagship log with each run's waiting stretch named warm_up instead: r1 240 s, r2 300 s,
  // r3 180 s (r4 failed, kept out): median 240 s. 2 x 240 x 21.50 / 3,600 = 2.866666666666666667
  // USD of warm-up; no waiting line; the same seconds, so the same total.
  const auto runs = std::filesystem::temp_directory_path() / "trncost_warm_up_runs.csv";
  {
    std::string log =
        trncost_support::slurp(TRNCOST_TESTS_DIR "/../examples/data/ft-8b-trn1-runs.csv");
    for (std::size_t at = log.find(",phase,waiting,"); at != std::string::npos;
         at = log.find(",phase,waiting,", at)) {
      log.replace(at, 15, ",phase,warm_up,");
    }
    std::ofstream(runs, std::ios::binary) << log;
  }
  const std::string text =
      trncost_support::with_changes(trncost_support::slurp(flagship),
                                    {{"../data/ft-8b-trn1-runs.csv\"]", runs.string() + "\"]"}});
  const estimate e = scenario::evaluate_scenario(scenario::parse_scenario(text, flagship));
  std::filesystem::remove(runs);
  const line_item* warm = trncost_support::find_line(e, "warm-up on 2 x trn1.32xlarge");
  REQUIRE(warm != nullptr);
  CHECK(warm->amount == decimal::parse("2.866666666666666667"));
  CHECK(warm->ph == phase::warm_up);
  CHECK(is_overhead(phase::warm_up));
  CHECK(trncost_support::find_line(e, "waiting on 2 x trn1.32xlarge") == nullptr);
  CHECK(e.total == decimal::parse("397.635212328767123288"));
  CHECK(e.by_phase.at(phase::warm_up) == decimal::parse("2.866666666666666667"));
  // Goodput counts training only: r1 still 3,600 / 7,200.
  CHECK(figure_of(e, "goodput of run ft-8b-trn1-r1") == "0.5");
  const std::string md = report::render_markdown(e, "t");
  CHECK(md.find("| warm-up | overhead | 2.87 |") != std::string::npos);
  CHECK(md.find("median of warm_up_s over 3 runs; kept out: ft-8b-trn1-r4 (failed)") !=
        std::string::npos);
  CHECK(report::audit(report::render_json(e), flagship).ok);
}

TEST_CASE("a warm-up written directly is billed like the other phases") {
  // 1 x 600 s x 21.50 / 3,600 = 3.583333333333333333 of warm-up, 1 x 3,600 s = 21.50 of training.
  const std::string text =
      trncost_support::scenario_head + trncost_support::component_head("instance_time", "job") +
      "instance_type = \"trn1.32xlarge\"\n"
      "price = { value = \"21.5\", assumption = \"x\" }\n"
      "instances = { value = \"1\", assumption = \"x\" }\n"
      "warm_up_seconds = { value = \"600\", assumption = \"the first 50 steps at a third of the "
      "speed\" }\n"
      "training_seconds = { value = \"3600\", assumption = \"x\" }\n" +
      trncost_support::declare_none_but({"compute"});
  const estimate e = scenario::evaluate_scenario(scenario::parse_scenario(text, "s.toml"));
  CHECK(e.by_phase.at(phase::warm_up) == decimal::parse("3.583333333333333333"));
  CHECK(e.total == decimal::parse("25.083333333333333333"));
}

TEST_CASE("a neuron-monitor capture of a run is evidence of its utilisation, with its method") {
  // The test capture (tests/readers/data/neuron-monitor/make_capture.py): 22 of 24 reports used,
  // 704 (report, core) readings, mean 78.25 % (tests/readers/neuron_monitor_test.cpp), taken
  // during ft-8b-trn1-r2, which the log gives no utilisation of its own.
  const std::string capture =
      TRNCOST_TESTS_DIR "/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl";
  const auto with_monitor = [&](const std::string& run, const std::string& file) {
    return trncost_support::with_changes(
        trncost_support::slurp(flagship),
        {{"files = [\"../data/ft-8b-trn1-runs.csv\"]\n",
          "files = [\"../data/ft-8b-trn1-runs.csv\"]\nmonitor = [{ file = \"" + file +
              "\", run = \"" + run + "\" }]\n"}});
  };
  const estimate e = scenario::evaluate_scenario(
      scenario::parse_scenario(with_monitor("ft-8b-trn1-r2", capture), flagship));
  CHECK(figure_of(e, "neuron-monitor utilisation of run ft-8b-trn1-r2") == "0.7825");
  CHECK(figure_of(e, "neuron-monitor utilisation of run ft-8b-trn1-r1") == "0.875");  // its log's
  const std::string json = report::render_json(e);
  CHECK(json.find("neuron-monitor (mean of 704 (report, core) readings pooled with equal weight "
                  "over 22 reports, period 1 s, cores 0-31; 2 reports with an error left out, "
                  "capture " +
                  capture + "), every 1.000045454545454545 s") != std::string::npos);
  CHECK(e.total == decimal::parse("397.635212328767123288"));
  CHECK(report::audit(json, flagship).ok);
  // A run the logs do not hold, a capture that is not there, one of another instance type.
  const auto error_of = [&](const std::string& text) {
    return trncost_support::error_message<trncost::error>(
        [&] { (void)scenario::evaluate_scenario(scenario::parse_scenario(text, flagship)); });
  };
  CHECK(error_of(with_monitor("ft-8b-trn1-r9", capture))
            .find("runs.monitor[0].run: \"ft-8b-trn1-r9\" is not a run of the run logs (their "
                  "runs: ft-8b-trn1-r1, ft-8b-trn1-r2, ft-8b-trn1-r3, ft-8b-trn1-r4)") !=
        std::string::npos);
  CHECK(
      error_of(with_monitor("ft-8b-trn1-r2", "nowhere.jsonl"))
          .find("runs.monitor[0].file: neuron-monitor capture \"nowhere.jsonl\" does not exist") !=
      std::string::npos);
  const auto other = std::filesystem::temp_directory_path() / "trncost_trn2_capture.jsonl";
  {
    std::string text = trncost_support::slurp(capture);
    for (std::size_t at = text.find("trn1.32xlarge"); at != std::string::npos;
         at = text.find("trn1.32xlarge", at)) {
      text.replace(at, 13, "trn2.48xlarge");
    }
    std::ofstream(other, std::ios::binary) << text;
  }
  const std::string refused = error_of(with_monitor("ft-8b-trn1-r2", other.string()));
  std::filesystem::remove(other);
  CHECK(refused.find("the capture was taken on a trn2.48xlarge, run ft-8b-trn1-r2 ran on a "
                     "trn1.32xlarge") != std::string::npos);
  CHECK(trncost_support::parse_error_of(
            trncost_support::with_changes(trncost_support::slurp(flagship),
                                          {{"[runs]\n", "[runs]\nmonitor = \"x.jsonl\"\n"}}))
            .find("runs.monitor: must be an array") != std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_run_figures_test
