// What a component kind needs and what it does without: a fixed fleet said in one line (no demand,
// no throughput, no latency target, no utilisation), a latency target that names the lines only
// when given, trncost's defaults for a run's checkpoints, setup and a fixed fleet's utilisation
// (each written in the inputs as a default, never lowering the status), `{ unknown = "why" }`
// accepted where a value has no honest default, and a study of options that run the same model.
// Each class of input is tried omitted, unknown and written as a choice; costs are computed by
// hand in the comments.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>
#include <variant>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_kind_defaults_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

const std::string head =
    trncost_support::scenario_head + trncost_support::declare_none_but({"compute"});

std::string v(const std::string& value) {
  return "{ value = \"" + value + "\", assumption = \"test\" }";
}
std::string chosen(const std::string& value) {
  return "{ value = \"" + value + "\", choice = { why = \"the plan\", by = \"the team\" } }";
}

estimate run(const std::string& text, const std::string& file = "s.toml") {
  return evaluate_scenario(parse_scenario(text, file));
}

std::string error_of(const std::string& text, const std::string& file = "s.toml") {
  return trncost_support::error_message([&] { (void)run(text, file); });
}

/// The input of `e` named `name`, or nullptr.
const source_record* input_named(const estimate& e, const std::string& name) {
  for (const auto& in : e.inputs) {
    if (in->name == name) return in.get();
  }
  return nullptr;
}

/// A scenario read from examples/scenarios/ (so that it finds the example offer files), its EC2
/// prices from the example us-east-1 offer file, every category but compute declared none.
const std::string priced_file = trncost_support::example_scenarios + "fleet.toml";
const std::string priced_head =
    trncost_support::priced_scenario_head("fixed fleet", trncost_support::example_ec2_offers) +
    trncost_support::declare_none_but({"compute"});

/// A fixed fleet of 2 x inf2.48xlarge for January 2027 (31 days, 744 h), its price from the
/// book; `count` and `period` written as given, `extra` appended.
std::string fleet(const std::string& count, const std::string& period,
                  const std::string& extra = "") {
  return priced_head + trncost_support::component_head("serving", "chat") +
         "instance_type = \"inf2.48xlarge\"\ninstances = " + count + "\n" + period + "\n" + extra;
}
const std::string january =
    "period = { from = 2027-01-01, to = 2027-02-01, choice = { why = \"the January launch\", by "
    "= \"product\" } }";

}  // namespace

TEST_CASE("a fixed fleet is one line: instance type, count and period, priced from the book") {
  // 2 instances x 744 h (2027-01-01 to 2027-02-01, 31 days) x 12.98127 USD/instance-h (the
  // example offer file's on-demand inf2.48xlarge, us-east-1) = 1,488 x 12.98127 = 19,316.12976 USD.
  const estimate e = run(fleet(chosen("2"), january), priced_file);
  REQUIRE(e.lines.size() == 1);
  CHECK(e.lines[0].description == "fleet of 2 x inf2.48xlarge, billed over the whole period");
  CHECK(e.lines[0].ph == phase::serving);
  CHECK(e.total == decimal::parse("19316.12976"));
  // No demand: no idle capacity, no work delivered, so no cost per token.
  CHECK(e.by_phase.count(phase::idle_capacity) == 0);
  CHECK_FALSE(e.work.has_value());
  // The count and the period are choices, the price a fresh quote: nothing lowers the status.
  CHECK(e.status == estimate_status::verified);
  CHECK(e.reasons.empty());
  const source_record* n = input_named(e, "chat.instances");
  REQUIRE(n != nullptr);
  CHECK(std::holds_alternative<choice>(n->origin));
  CHECK(kind_name(n->origin) == "choice");
  // The same count written as an assumption: a guess, so provisional.
  CHECK(run(fleet(v("2"), january), priced_file).status == estimate_status::provisional);
  // In hours: 2 x 100 h x 12.98127 = 2,596.254 USD.
  CHECK(run(fleet(chosen("2"), "hours = " + chosen("100")), priced_file).total ==
        decimal::parse("2596.254"));
}

TEST_CASE("a fixed fleet's count or hours may be unknown: its line is unpriced, with the reason") {
  const estimate e =
      run(fleet("{ unknown = \"the fleet size is decided after the load test\" }", january),
          priced_file);
  REQUIRE(e.lines.size() == 1);
  CHECK_FALSE(e.lines[0].amount.has_value());
  CHECK(e.unpriced_lines() == 1);
  CHECK(e.status == estimate_status::unpriced);
  CHECK(e.lines[0].description ==
        "fleet of chat.instances x inf2.48xlarge, billed over the whole "
        "period");
  const estimate h =
      run(fleet(chosen("2"), "hours = { unknown = \"the launch date is open\" }"), priced_file);
  CHECK(h.unpriced_lines() == 1);
  CHECK(h.status == estimate_status::unpriced);
}

TEST_CASE("a fixed fleet without a demand refuses the figures of a demand, naming the key") {
  // Nothing would read them: a throughput, a latency target, a utilisation or a peak.
  const std::string throughput =
      error_of(fleet(chosen("2"), january, "throughput = " + v("500")), priced_file);
  CHECK(throughput.find("fleet.toml:") != std::string::npos);
  CHECK(throughput.find("component[0].throughput: is given with a fixed fleet (instances) and no "
                        "demand") != std::string::npos);
  CHECK(error_of(fleet(chosen("2"), january, "utilisation = " + v("0.8")), priced_file)
            .find("component[0].utilisation: is given with a fixed fleet") != std::string::npos);
  CHECK(error_of(fleet(chosen("2"), january, "latency_target = \"p99 TTFT <= 2 s\""), priced_file)
            .find("component[0].latency_target: is given with a fixed fleet") != std::string::npos);
  // Not a whole number of instances.
  CHECK(error_of(fleet(chosen("1.5"), january), priced_file)
            .find("a fleet is a whole number of instances") != std::string::npos);
  // Neither a demand nor a fleet: the demand is missing, and the message says the fleet's form.
  const std::string none = error_of(head + trncost_support::component_head("serving", "svc") +
                                    "instance_type = \"trn2.48xlarge\"\nprice = " + v("10") +
                                    "\nhours = " + v("100") + "\n");
  CHECK(none.find("s.toml:") != std::string::npos);
  CHECK(none.find("component[0].average_tokens_per_s: is missing: write exactly one of "
                  "average_tokens_per_s, average_requests_per_s") != std::string::npos);
  CHECK(none.find("or instances alone, a fixed fleet billed over the period") != std::string::npos);
}

namespace {

/// Serving 300 token/s (peak 900) at 500 token/s per instance for 100 h at 10 USD, `extra`
/// appended (the utilisation, the latency target, a fleet...).
std::string serving(const std::string& extra) {
  return head + trncost_support::component_head("serving", "svc") +
         "instance_type = \"trn2.48xlarge\"\nprice = " + v("10") + "\nhours = " + v("100") +
         "\naverage_tokens_per_s = " + v("300") + "\npeak_tokens_per_s = " + v("900") +
         "\nthroughput = " + v("500") + "\n" + extra;
}

}  // namespace

TEST_CASE("a serving throughput without a latency target names none in its lines") {
  // usable 500 x 0.8 = 400; ceil(900 / 400) = 3 instances x 100 h x 10 USD = 3,000 USD; busy
  // 300 / 500 x 100 h = 60 h -> 600 USD serving, 2,400 USD idle.
  const estimate e = run(serving("utilisation = " + v("0.8") + "\n"));
  CHECK(e.total == decimal(3000));
  CHECK(e.by_phase.at(phase::serving) == decimal(600));
  REQUIRE(trncost_support::find_line(e, "serving the average demand on trn2.48xlarge") != nullptr);
  for (const auto& l : e.lines) {
    CHECK(l.description.find("not recorded") == std::string::npos);
    CHECK(l.description.find('(') == std::string::npos);
  }
  // Given, it names them.
  const estimate named =
      run(serving("utilisation = " + v("0.8") + "\nlatency_target = \"mean TTFT <= 500 ms\"\n"));
  CHECK(trncost_support::find_line(
            named, "serving the average demand on trn2.48xlarge (mean TTFT <= 500 ms)") != nullptr);
}

TEST_CASE("a fixed fleet with a demand takes a utilisation of 1 by default, said as a default") {
  // 3 instances fixed, usable 3 x 500 x 1 = 1,500 >= the peak 900: 3 x 100 h x 10 = 3,000 USD;
  // busy 60 h -> 600 USD serving, 2,400 idle (today's figures for a fleet with a demand).
  const estimate e = run(serving("instances = " + chosen("3") + "\n"));
  CHECK(e.total == decimal(3000));
  CHECK(e.by_phase.at(phase::idle_capacity) == decimal(2400));
  const source_record* u = input_named(e, "svc.utilisation");
  REQUIRE(u != nullptr);
  CHECK(u->value == "1");
  REQUIRE(std::holds_alternative<tool_default>(u->origin));
  CHECK(kind_name(u->origin) == "default");
  CHECK(std::get<tool_default>(u->origin).reason.find("no utilisation given for a fixed fleet") ==
        0);
  CHECK(role_of(u->origin) == input_role::given);
  // A default checks the fleet at its full throughput: 1 x 500 < 900 is still refused.
  CHECK(error_of(serving("instances = " + chosen("1") + "\n"))
            .find("serves 500 token/s at 1 utilisation, below the peak demand") !=
        std::string::npos);
  // A fleet sized from the demand has no honest default: its utilisation is required.
  CHECK(error_of(serving("")).find("s.toml:14: component[0].utilisation: is missing (required)") !=
        std::string::npos);
  // A demand without a throughput, and a fleet with a demand whose count is unknown, are refused.
  std::string no_throughput = serving("utilisation = " + v("0.8") + "\n");
  no_throughput.erase(no_throughput.find("throughput = "),
                      std::string("throughput = ").size() + v("500").size() + 1);
  CHECK(error_of(no_throughput)
            .find("component[0].throughput: is missing: a demand is served at a throughput per "
                  "instance") != std::string::npos);
  CHECK(error_of(serving("instances = { unknown = \"open\" }\n"))
            .find("component[0].instances: is unknown with a demand") != std::string::npos);
}

namespace {

/// A continued pre-training of 72M tokens at 2,000 token/s on 2 instances at 10 USD, its count and
/// budget chosen, its throughput measured, its price quoted; `extra` appended.
std::string cpt(const std::string& extra) {
  return head + trncost_support::component_head("continued_pretraining", "cpt") +
         "instance_type = \"trn2.48xlarge\"\n"
         "price = { value = \"10\", quoted = { source = \"the AWS pricing page\", region = "
         "\"us-east-1\", consulted = 2026-11-30 } }\n"
         "instances = " +
         chosen("2") + "\ntoken_budget = " + chosen("72000000") +
         "\nthroughput = { value = \"2000\", measured = { run = \"ref\", method = \"median\", on = "
         "2026-11-24 } }\n" +
         extra;
}

}  // namespace

TEST_CASE(
    "a continued pre-training without checkpoints or setup is priced with trncost's "
    "defaults") {
  // training = 72M / 2,000 = 36,000 s x 2 instances = 20 instance-h x 10 USD = 200 USD; no
  // checkpoint time and no setup time (each 0 s, trncost's default, said with its reason).
  const estimate e = run(cpt(""));
  CHECK(e.total == decimal(200));
  CHECK(e.by_phase.at(phase::training) == decimal(200));
  CHECK(e.by_phase.at(phase::checkpointing) == decimal(0));
  CHECK(e.by_phase.at(phase::setup) == decimal(0));
  const source_record* ck = input_named(e, "cpt.checkpoint_seconds");
  REQUIRE(ck != nullptr);
  REQUIRE(std::holds_alternative<tool_default>(ck->origin));
  CHECK(std::get<tool_default>(ck->origin).reason ==
        "no checkpoint interval given: the run is priced without checkpoint time; give "
        "checkpoint_interval_hours and checkpoint_seconds to price it");
  const source_record* setup = input_named(e, "cpt.setup_seconds");
  REQUIRE(setup != nullptr);
  CHECK(kind_name(setup->origin) == "default");
  // Defaults are given: a choice, a measurement and a fresh quote stay verified around them.
  CHECK(e.status == estimate_status::verified);

  // Written as choices, the checkpoints are priced: ceil(36,000 / 14,400) = 3 x 600 s = 1,800 s
  // x 2 = 1 instance-h x 10 = 10 USD; setup 900 s x 2 = 0.5 instance-h = 5 USD; 215 USD.
  const estimate w = run(cpt("checkpoint_interval_hours = " + chosen("4") +
                             "\ncheckpoint_seconds = " + chosen("600") +
                             "\nsetup_seconds = " + chosen("900") + "\n"));
  CHECK(w.total == decimal(215));
  CHECK(w.by_phase.at(phase::checkpointing) == decimal(10));
  CHECK(w.by_phase.at(phase::setup) == decimal(5));
  CHECK(w.status == estimate_status::verified);
  CHECK(input_named(w, "cpt.checkpoint_seconds")->value == "600");
}

TEST_CASE("a continued pre-training's unknown checkpoint leaves the checkpoint line unpriced") {
  const estimate e = run(cpt("checkpoint_interval_hours = " + chosen("4") +
                             "\ncheckpoint_seconds = { unknown = \"not measured on this cluster\" "
                             "}\n"));
  CHECK(e.status == estimate_status::unpriced);
  // The training line stays priced (200 USD); the checkpointing line and the billing minimum
  // (which depends on the total time) are unpriced, each shown, none counted as 0.
  CHECK(e.total == decimal(200));
  for (const auto& l : e.lines) {
    INFO(l.description);
    CHECK(l.amount.has_value() == (l.ph == phase::training || l.ph == phase::setup));
  }
  bool reason = false;
  for (const auto& r : e.reasons) {
    reason = reason || r.text.find("not measured on this cluster") != std::string::npos;
  }
  CHECK(reason);
  // The interval unknown (in hours): the same line unpriced.
  CHECK(run(cpt("checkpoint_interval_hours = { unknown = \"the cadence is not set\" }\n"
                "checkpoint_seconds = " +
                chosen("600") + "\n"))
            .status == estimate_status::unpriced);
  // The whole run's count unknown: every line unpriced, the run's lines named by the input.
  const estimate n = run(cpt("").replace(
      cpt("").find("instances = "), std::string("instances = ").size() + chosen("2").size(),
      "instances = { unknown = \"the cluster the budget allows\" }"));
  CHECK(n.unpriced_lines() == n.lines.size());
  CHECK(n.lines[0].description.find("cpt.instances x trn2.48xlarge") != std::string::npos);
}

TEST_CASE("a checkpoint interval and a checkpoint time go together") {
  const std::string no_time = error_of(cpt("checkpoint_interval_hours = " + chosen("4") + "\n"));
  CHECK(no_time.find("s.toml:") != std::string::npos);
  CHECK(no_time.find("component[0].checkpoint_seconds: is missing: checkpoints at an interval are "
                     "priced at the time each one holds the cluster") != std::string::npos);
  const std::string no_interval = error_of(cpt("checkpoint_seconds = " + chosen("600") + "\n"));
  CHECK(no_interval.find("component[0].checkpoint_seconds: is given without "
                         "checkpoint_interval_hours") != std::string::npos);
  // Unknown where a value is needed elsewhere still names the key and the rule.
  CHECK(error_of(cpt("restart_seconds = { unknown = \"x\" }\n"))
            .find("restart_seconds.unknown: this input cannot be unknown") != std::string::npos);
}

TEST_CASE("the other workloads: defaults where honest, unknown where a value is needed") {
  // batch_inference without setup: 2 x 18,000 s (36M tokens / 2 x 1,000 token/s) = 10 instance-h
  // x 4 USD = 40 USD; its setup is trncost's default of 0 s.
  const std::string batch = head + trncost_support::component_head("batch_inference", "batch") +
                            "instance_type = \"inf2.48xlarge\"\nprice = " + v("4") +
                            "\ninstances = " + chosen("2") + "\ntokens = " + v("36000000") +
                            "\nthroughput = " + v("1000") + "\n";
  const estimate b = run(batch);
  CHECK(b.total == decimal(40));
  REQUIRE(input_named(b, "batch.setup_seconds") != nullptr);
  CHECK(kind_name(input_named(b, "batch.setup_seconds")->origin) == "default");
  // Its throughput unknown: the processing line (and the minimum, which depends on it) unpriced.
  std::string unknown_rate = batch;
  unknown_rate.replace(unknown_rate.find("throughput = "),
                       std::string("throughput = ").size() + v("1000").size(),
                       "throughput = { unknown = \"not benchmarked on inf2 yet\" }");
  const estimate ub = run(unknown_rate);
  CHECK(ub.status == estimate_status::unpriced);
  CHECK(ub.unpriced_lines() == 2);

  // frontier extrapolated, its nodes unknown: every line unpriced, named by the input.
  const estimate f =
      run(head + trncost_support::component_head("frontier", "pretrain") +
          "instance_type = \"trn2.48xlarge\"\nprice = " + v("10") +
          "\nnodes = { unknown = \"the reservation is not signed\" }\nreference_nodes = " + v("2") +
          "\nreference_throughput = " + v("1000") + "\nscaling_efficiency = " + v("0.75") +
          "\ntoken_budget = " + v("108000000") + "\n");
  CHECK(f.status == estimate_status::unpriced);
  CHECK(f.unpriced_lines() == f.lines.size());
  CHECK(f.lines[0].description.find("pretrain.nodes x trn2.48xlarge") != std::string::npos);

  // autoscaled_serving without repeats or start-up: one cycle, no start-up time. 1 replica x 12 h
  // + 3 x 12 h = 48 instance-h x 10 = 480 USD; the start-up line is 0.
  const auto autoscaled = [&](const std::string& extra) {
    return head + trncost_support::component_head("autoscaled_serving", "auto") +
           "instance_type = \"trn2.48xlarge\"\nprice = " + v("10") +
           "\ntarget_tokens_per_s_per_replica = " + v("400") + "\nmin_replicas = " + v("1") +
           "\nmax_replicas = " + v("4") + "\n" + extra +
           "[[component.profile]]\nlabel = \"night\"\nhours = " + v("12") +
           "\ntokens_per_s = " + v("100") +
           "\n[[component.profile]]\nlabel = \"day\"\nhours = " + v("12") +
           "\ntokens_per_s = " + v("900") + "\n";
  };
  const estimate a = run(autoscaled(""));
  CHECK(a.total == decimal(480));
  REQUIRE(input_named(a, "auto.repeats") != nullptr);
  CHECK(kind_name(input_named(a, "auto.repeats")->origin) == "default");
  REQUIRE(input_named(a, "auto.startup_seconds") != nullptr);
  CHECK(kind_name(input_named(a, "auto.startup_seconds")->origin) == "default");
  // Written as choices: 13 cycles, 600 s per added replica. 13 x 480 = 6,240 USD of serving;
  // 2 replicas added each day x 600 s x 13 = 15,600 s = 4 1/3 instance-h x 10 = 43.33... USD.
  const estimate chosen_a =
      run(autoscaled("repeats = " + chosen("13") + "\nstartup_seconds = " + chosen("600") + "\n"));
  CHECK(chosen_a.by_phase.at(phase::serving) == decimal(6240));
  CHECK(chosen_a.total == decimal::parse("6283.333333333333333333"));
  // The start-up time unknown: the scale-up line unpriced, the serving lines priced.
  const estimate unknown_a =
      run(autoscaled("startup_seconds = { unknown = \"not timed on trn2 yet\" }\n"));
  CHECK(unknown_a.status == estimate_status::unpriced);
  CHECK(unknown_a.total == decimal(480));
  CHECK(unknown_a.unpriced_lines() >= 1);
}

namespace {

/// A study of one served demand on two fleets that run the same model and weights: trn2 at
/// 10 USD (500 token/s per instance) and inf2 at 4 USD (200 token/s), `study_extra` in [study].
std::string same_model_study(const std::string& study_extra, const std::string& option_extra = "") {
  return "format = 1\n[study]\ntitle = \"one model, two fleets\"\n" + study_extra +
         trncost_support::estimate_tables + trncost_support::component_head("serving", "svc") +
         "instance_type = \"trn2.48xlarge\"\nprice = " + v("10") + "\nhours = " + v("100") +
         "\naverage_tokens_per_s = " + v("300") + "\nthroughput = " + v("500") +
         "\nutilisation = " + v("0.8") + "\n" + trncost_support::declare_none_but({"compute"}) +
         "[[option]]\nname = \"trn2\"\n" + option_extra +
         "[[option]]\nname = \"inf2\"\nquality = { stack = \"neuronx-cc 2.21\" }\n"
         "[[option.component]]\nname = \"svc\"\ninstance_type = \"inf2.48xlarge\"\nprice = " +
         v("4") + "\nthroughput = " + v("200") + "\n";
}

std::string study_error(const std::string& text) {
  return trncost_support::error_message<parse_error>([&] { (void)parse_study(text, "st.toml"); });
}

}  // namespace

TEST_CASE("[study] same_model puts options of one model in one quality group") {
  // trn2: usable 400, ceil(300 / 400) = 1 x 100 h x 10 = 1,000 USD; inf2: usable 160,
  // ceil(300 / 160) = 2 x 100 h x 4 = 800 USD; both serve 300 x 360,000 = 108M tokens:
  // 9.259259... and 7.407407... USD per million tokens: inf2 ranks first.
  const auto st = parse_study(same_model_study("same_model = true\n"), "st.toml");
  REQUIRE(st.options.size() == 2);
  CHECK(st.options[0].quality.dataset_id == "the same model and weights");
  CHECK(st.options[1].quality.stack == "neuronx-cc 2.21");
  const report::study_result r = run_study(st);
  REQUIRE(r.comparison.groups.size() == 1);
  const auto& g = r.comparison.groups[0];
  CHECK(g.apart.empty());
  REQUIRE(g.ranked.size() == 2);
  CHECK(g.ranked[0].name == "inf2");
  CHECK(g.ranked[0].cost == decimal(800));
  CHECK(g.ranked[1].cost == decimal(1000));
  CHECK(g.ranked[1].cost_ratio == decimal::parse("1.25"));
  REQUIRE(r.decided_for.has_value());
  CHECK(*r.decided_for == "inf2");
  // The model named as text is the group's name.
  const auto named =
      parse_study(same_model_study("same_model = \"Qwen3-32B, the same weights\"\n"), "st.toml");
  CHECK(named.options[0].quality.dataset_id == "Qwen3-32B, the same weights");
  // false is as if not written: the quality protocol is required again.
  CHECK(study_error(same_model_study("same_model = false\n"))
            .find("option[0].quality.dataset: is missing") != std::string::npos);
}

TEST_CASE("[study] same_model refuses a quality protocol beside it, naming the line and key") {
  const std::string with_protocol = study_error(same_model_study(
      "same_model = true\n[study.quality]\ndataset = \"d\"\nmetric = \"m\"\ntarget = \"1\"\n"));
  CHECK(with_protocol.find("st.toml:5: study.quality: is given with study.same_model") !=
        std::string::npos);
  CHECK(study_error(same_model_study("same_model = true\n",
                                     "quality = { metric = \"same model (1 = yes)\" }\n"))
            .find("option[0].quality.metric: is given with study.same_model") != std::string::npos);
  CHECK(study_error(same_model_study("same_model = 1\n"))
            .find("st.toml:4: study.same_model: must be true, or the model the options run as "
                  "text") != std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_kind_defaults_test
