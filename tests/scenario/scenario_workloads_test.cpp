// The workload components of a scenario file (serving, sweep, continued_pretraining,
// batch_inference) and logs that are not kept: each parsed from a small TOML string and evaluated,
// its total and cost per unit of work computed by hand; and each refusal of the new keys naming
// the file, the line and the key.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_workloads_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string head =
    trncost_support::scenario_head + trncost_support::declare_none_but({"compute"});

std::string v(const std::string& value) {
  return "{ value = \"" + value + "\", assumption = \"test\" }";
}

/// `key = { value = "...", assumption = "test" }` lines, in the order given.
std::string assumed(std::initializer_list<std::pair<const char*, const char*>> keys) {
  std::string out;
  for (const auto& [key, value] : keys) out += std::string(key) + " = " + v(value) + "\n";
  return out;
}

/// The keys of a job on `instances` instances at `price` USD per instance-hour, each processing
/// `throughput` token/s, all assumed.
std::string job(const char* price, const char* instances, const char* throughput) {
  return assumed({{"price", price}, {"instances", instances}, {"throughput", throughput}});
}

/// A frontier run's scaling, all assumed: measured on 2 nodes at 1,000 token/s, run on 8 at 75 %
/// scaling efficiency, for 108M tokens.
const std::string frontier_scaling = assumed({{"reference_nodes", "2"},
                                              {"reference_throughput", "1000"},
                                              {"nodes", "8"},
                                              {"scaling_efficiency", "0.75"},
                                              {"token_budget", "108000000"}});

/// The head, then a [[component]] of `kind` named `name` on `type`, then `keys`.
std::string component(const std::string& kind, const std::string& name, const std::string& type,
                      const std::string& keys) {
  return head + trncost_support::component_head(kind, name) + "instance_type = \"" + type + "\"\n" +
         keys;
}

/// Checks a workload's estimate: its total, what `phases` cost (each in USD) and its cost per unit
/// of work, of `kind` (all costs counted).
void check_costs(const estimate& e, int total, std::initializer_list<std::pair<phase, int>> phases,
                 work_kind kind, const std::string& per_work) {
  CHECK(e.total == decimal(total));
  for (const auto& x : phases) {
    INFO("phase " << to_string(x.first));
    CHECK(e.by_phase.at(x.first) == decimal(x.second));
  }
  REQUIRE(e.work);
  CHECK(e.work->kind == kind);
  CHECK((*e.work->full)->value == per_work);
}

estimate run(const std::string& text, const std::string& file = "s.toml") {
  return evaluate_scenario(parse_scenario(text, file));
}

std::string error_of(const std::string& text, const std::string& file = "s.toml") {
  return trncost_support::error_message([&] { (void)run(text, file); });
}

// Serving in tokens/s, period in hours, throughput written with its latency target.
std::string serving(const std::string& extra = "utilisation = " + v("0.8") + "\n") {
  return head +
         "[[component]]\nkind = \"serving\"\nname = \"svc\"\ninstance_type = \"trn2.48xlarge\"\n"
         "price = " +
         v("10") + "\nhours = " + v("100") + "\naverage_tokens_per_s = " + v("300") +
         "\npeak_tokens_per_s = " + v("900") + "\nthroughput = " + v("500") +
         "\nlatency_target = \"mean TTFT <= 500 ms\"\n" + extra;
}

}  // namespace

TEST_CASE("a serving component sizes the fleet for its peak and bills it over the period") {
  // usable per instance = 500 x 0.8 = 400 token/s; instances = ceil(900 / 400) = 3;
  // billed = 3 x 100 h x 10 USD = 3,000 USD; busy = 300 / 500 x 100 h = 60 instance-h -> 600 USD
  // serving, 2,400 USD idle capacity; work = 300 x 100 x 3,600 = 108M tokens;
  // 3,000 / 108 = 27.777... USD per million tokens (every cost is compute).
  const estimate e = run(serving());
  check_costs(e, 3000, {{phase::serving, 600}, {phase::idle_capacity, 2400}},
              work_kind::tokens_served, "27.777777777777777778");
  CHECK(e.by_phase.count(phase::training) == 0);
  CHECK((*e.work->compute_only)->value == "27.777777777777777778");
  CHECK(e.status == estimate_status::provisional);  // every input here is an assumption
  // Every other category declared none, with an empty price book: none of them asks it for a price.
  for (category c : {category::storage, category::transfer, category::logs,
                     category::data_preparation, category::failures_restarts}) {
    CHECK(e.declared.count(c) == 1);
    CHECK(e.by_category.at(c) == decimal{});
  }
  CHECK(e.by_category.at(category::compute) == decimal(3000));
  // At 90 %: usable 450, ceil(900 / 450) = 2 instances -> 2,000 USD, 18.5185... USD/1M.
  const estimate e90 = run(serving("utilisation = " + v("0.9") + "\n"));
  CHECK(e90.total == decimal(2000));
  CHECK((*e90.work->full)->value == "18.518518518518518519");
}

/// A fixed fleet of 3 x trn2.48xlarge at 10 USD over `period`, 2,000 token/s per instance at 0.8,
/// its demand the windows `week` (each "[[component.week]]" table).
std::string weekly(const std::string& period, const std::string& week) {
  return component("serving", "svc", "trn2.48xlarge",
                   "price = " + v("10") + "\ninstances = " + v("3") + "\nperiod = " + period +
                       "\nthroughput = " + v("2000") +
                       "\nlatency_target = \"mean TTFT <= 500 ms\"\nutilisation = " + v("0.8") +
                       "\n" + week);
}

const std::string weekday_peak =
    "[[component.week]]\nlabel = \"weekday peak\"\ndays = \"mon-fri\"\ntime = \"09:00-17:00\"\n"
    "tokens_per_s = " +
    v("4000") + "\n[[component.week]]\nlabel = \"rest of the week\"\ntokens_per_s = " + v("500") +
    "\n";

TEST_CASE("a serving component's demand as windows of the week, counted on the calendar") {
  // 2027-01-04 (a Monday) to 2027-01-18: two weeks, 336 h. The weekday peak covers 10 days x 8 h
  // = 80 h at 4,000 token/s; the rest 256 h at 500: served = 4,000 x 80 x 3,600 + 500 x 256 x
  // 3,600 = 1,152,000,000 + 460,800,000 = 1,612,800,000 tokens, exact. The peak (4,000) is below
  // the fixed fleet's usable 3 x 2,000 x 0.8 = 4,800. Billed 3 x 336 h = 1,008 instance-h x 10 =
  // 10,080 USD; busy = 1,612,800,000 / 2,000 = 806,400 instance-s = 224 h -> 2,240 USD serving,
  // 7,840 USD idle; 10,080 / 1,612.8 = 6.25 USD per million tokens.
  const estimate e = run(
      weekly("{ from = 2027-01-04, to = 2027-01-18, assumption = \"two weeks\" }", weekday_peak));
  check_costs(e, 10080, {{phase::serving, 2240}, {phase::idle_capacity, 7840}},
              work_kind::tokens_served, "6.25");
  CHECK(e.work->amount->value == "1612800000");

  // From a Saturday: 2027-01-02 to 2027-01-16 still holds 10 weekdays; from Wednesday
  // 2027-01-06 to Friday 2027-01-08 (2 days, 48 h): 2 x 8 h = 16 h of peak, 32 h of rest:
  // 4,000 x 16 x 3,600 + 500 x 32 x 3,600 = 288,000,000 tokens.
  CHECK(run(weekly("{ from = 2027-01-02, to = 2027-01-16, assumption = \"t\" }", weekday_peak))
            .work->amount->value == "1612800000");
  CHECK(run(weekly("{ from = 2027-01-06, to = 2027-01-08, assumption = \"t\" }", weekday_peak))
            .work->amount->value == "288000000");

  // A fleet that cannot carry the peak is refused with the figures: 2 x 2,000 x 0.8 = 3,200.
  std::string small =
      weekly("{ from = 2027-01-04, to = 2027-01-18, assumption = \"t\" }", weekday_peak);
  small.replace(small.find("instances = { value = \"3\""), 25, "instances = { value = \"2\"");
  CHECK(error_of(small).find("serves 3200 token/s at 0.8 utilisation, below the peak demand "
                             "'svc.week[0].tokens_per_s' (4000)") != std::string::npos);
}

TEST_CASE("a weekly profile is refused where it cannot say one demand for each hour") {
  const std::string dates = "{ from = 2027-01-04, to = 2027-01-18, assumption = \"t\" }";
  const auto window = [](const std::string& label, const std::string& keys) {
    return "[[component.week]]\nlabel = \"" + label + "\"\n" + keys + "tokens_per_s = " + v("1") +
           "\n";
  };
  // Hours of the week without a demand, and no window for the rest.
  CHECK(error_of(weekly(dates, window("peak", "days = \"mon-fri\"\n")))
            .find("component[0].week: leaves 48 hours of the week without a demand") !=
        std::string::npos);
  // Two windows on one hour.
  CHECK(error_of(weekly(dates, window("a", "days = \"mon-fri\"\n") +
                                   window("b", "days = \"fri-sun\"\ntime = \"08:00-09:00\"\n")))
            .find("component[0].week[1]: overlaps the window \"a\" (both cover hour 8 of day 5") !=
        std::string::npos);
  // Days and times that are not that.
  CHECK(error_of(weekly(dates, window("a", "days = \"weekdays\"\n")))
            .find("component[0].week[0].days: is \"weekdays\": write days as \"mon-fri\"") !=
        std::string::npos);
  CHECK(error_of(weekly(dates, window("a", "time = \"9-17\"\n")))
            .find("component[0].week[0].time: is \"9-17\": write the hours of the day") !=
        std::string::npos);
  // Two rests; the period in hours; an average beside the windows; mixed units.
  CHECK(error_of(weekly(dates, window("a", "") + window("b", "")))
            .find("component[0].week[1]: is a second window without days or time") !=
        std::string::npos);
  std::string hours = weekly(dates, window("a", ""));
  hours.replace(hours.find("period = "), 9 + dates.size(), "hours = " + v("336"));
  CHECK(error_of(hours).find("component[0].hours: is given with a weekly profile") !=
        std::string::npos);
  std::string average = weekly(dates, window("a", ""));
  average.insert(average.find("[[component.week]]"), "average_tokens_per_s = " + v("1") + "\n");
  CHECK(error_of(average).find(
            "component[0].average_tokens_per_s: is given with a weekly profile (week), "
            "which gives the demand") != std::string::npos);
  CHECK(error_of(weekly(dates, window("a", "days = \"mon\"\n") +
                                   "[[component.week]]\nlabel = \"b\"\nrequests_per_s = " + v("1") +
                                   "\n"))
            .find("component[0].week[1].requests_per_s: is in requests/s but the first window is "
                  "in tokens/s") != std::string::npos);
}

TEST_CASE("[estimate] cost_per quotes the cost per unit of work in the unit the user names") {
  // The serving case of the first test: 3,000 USD for 108M tokens: 27,777.78 per 1B tokens.
  const auto with = [](const std::string& cost_per) {
    std::string text = serving();
    text.insert(text.find("[prices]"), "cost_per = \"" + cost_per + "\"\n");
    return text;
  };
  const estimate e = run(with("1B tokens"));
  REQUIRE(e.work);
  CHECK(e.work->unit == "USD/1B tokens");
  CHECK((*e.work->full)->value == "27777.777777777777777778");
  // A unit trncost does not quote in, with the nearest; one that does not count this work.
  CHECK(error_of(with("1B token"))
            .find("s.toml:6: estimate.cost_per: is \"1B token\" (did you mean \"1B tokens\"?): a "
                  "cost per unit of work is quoted per") != std::string::npos);
  CHECK(error_of(with("1000 requests"))
            .find("s.toml: cost per \"1000 requests\": the tokens served of this estimate are "
                  "quoted per \"1M tokens\", \"1K tokens\", \"1B tokens\"") != std::string::npos);
  // An estimate that delivers no unit of work (a data preparation cost alone): a unit asked of it
  // is refused, never ignored.
  std::string none = trncost_support::scenario_head;
  none.insert(none.find("[prices]"), "cost_per = \"1M tokens\"\n");
  none += trncost_support::component_head("data_preparation", "prep") +
          "cost = { value = \"100\", assumption = \"a round figure\" }\n" +
          trncost_support::declare_none_but({"data_preparation"});
  CHECK(error_of(none).find("s.toml: cost per \"1M tokens\": no component of this estimate "
                            "delivers a unit of work") != std::string::npos);
}

TEST_CASE("[estimate] a fine-tune's phases say the jobs they are: its cost per job") {
  // 2 trn1.32xlarge x (600 + 7,200) s at 21.50 USD an instance-hour = 2 x 7,800 / 3,600 x 21.50
  // = 93.1666... USD; one run, so the same per job; two runs (a repeat planned), half of it.
  const auto fine_tune = [](const char* jobs) {
    std::string text = component("instance_time", "ft", "trn1.32xlarge",
                                 assumed({{"price", "21.50"},
                                          {"instances", "2"},
                                          {"setup_seconds", "600"},
                                          {"training_seconds", "7200"},
                                          {"jobs", jobs}}));
    text.insert(text.find("[prices]"), "cost_per = \"job\"\n");
    return text;
  };
  const estimate one = run(fine_tune("1"));
  REQUIRE(one.work);
  CHECK(one.work->kind == work_kind::runs_to_target);
  CHECK(one.work->unit == "USD/job");
  CHECK((*one.work->full)->value == "93.166666666666666667");
  const estimate two = run(fine_tune("2"));
  REQUIRE(two.work);
  CHECK((*two.work->full)->value == "46.583333333333333334");
  CHECK(error_of(fine_tune("0"))
            .find("component[0].jobs: is 0: the jobs these phases are is a "
                  "count of 1 or more") != std::string::npos);
}

TEST_CASE("a measured value may give the day it was measured on") {
  // The serving case with its throughput measured on 2026-11-24: the period is that whole day.
  std::string text = serving();
  const std::string on =
      "{ value = \"500\", measured = { run = \"bench\", method = \"vLLM "
      "benchmark\", on = 2026-11-24 } }";
  text.replace(text.find("throughput = "), std::string("throughput = ").size() + v("500").size(),
               "throughput = " + on);
  const estimate e = run(text);
  CHECK(e.total == decimal(3000));
  const source_record* r = nullptr;
  for (const auto& in : e.inputs) {
    if (in->name == "svc.throughput") r = in.get();
  }
  REQUIRE(r != nullptr);
  const auto* m = std::get_if<measured>(&r->origin);
  REQUIRE(m != nullptr);
  CHECK(to_string(m->from) == "2026-11-24T00:00:00Z");
  CHECK(to_string(m->to) == "2026-11-25T00:00:00Z");
  // A day and a time span at once.
  std::string both = text;
  both.replace(both.find("on = 2026-11-24"), 15, "on = 2026-11-24, from = 2026-11-24T10:00:00Z");
  CHECK(error_of(both).find("throughput.measured.from: is given with on: a measurement's period "
                            "is a day (on) or a time span (from and to), not both") !=
        std::string::npos);
}

TEST_CASE("a serving component in requests per second over a period given as dates") {
  // 2027-02-01 to 2027-03-01 = 28 days = 672 h; usable = 2 x 0.75 = 1.5 request/s; instances =
  // ceil(3 / 1.5) = 2 (no peak: the average sizes); billed = 2 x 672 x 2.5 = 3,360 USD;
  // work = 3 x 672 x 3,600 = 7,257,600 requests; 3,360 x 1,000 / 7,257,600 = 0.46296...
  // The component with its period written as `period`.
  const auto api = [](const std::string& period) {
    return component("serving", "api", "inf2.xlarge",
                     "price = " + v("2.5") + "\nperiod = " + period +
                         "\naverage_requests_per_s = " + v("3") + "\nthroughput = " + v("2") +
                         "\nlatency_target = \"p99 latency <= 1 s\"\nutilisation = " + v("0.75") +
                         "\n");
  };
  const estimate e = run(api("{ from = 2027-02-01, to = 2027-03-01, assumption = \"February\" }"));
  CHECK(e.total == decimal(3360));
  REQUIRE(e.work);
  CHECK(e.work->kind == work_kind::requests_served);
  CHECK(e.work->unit == "USD/1000 requests");
  CHECK((*e.work->full)->value == "0.462962962962962963");
  // The period's provenance may be a named source, as any input's.
  const std::string named = api("{ from = 2027-02-01, to = 2027-03-01, source = \"plan\" }") +
                            "[sources.plan]\nassumption = \"February, as planned\"\n";
  CHECK(run(named).total == decimal(3360));
}

TEST_CASE("a serving component reads its throughput from a vLLM benchmark at its latency bounds") {
  // The fixture's points meeting mean TTFT <= 500 ms and ITL <= 50 ms: 62.5, 375 and 718.75
  // token/s (the 812.5 of the throughput level has TTFT 2150 ms): 718.75 is chosen. usable =
  // 718.75 x 0.8 = 575; instances = ceil(575 / 575) = 1; 1 x 10 h x 20 USD = 200 USD; work =
  // 575 x 36,000 = 20.7M tokens; 200 / 20.7 = 9.6618... USD per million tokens.
  const std::string file = TRNCOST_TESTS_DIR "/readers/data/vllm-bench/s.toml";
  const std::string text = head + R"([[component]]
kind = "serving"
name = "svc"
instance_type = "trn2.48xlarge"
price = )" + v("20") + R"(
hours = )" + v("10") + R"(
average_tokens_per_s = )" + v("575") +
                           R"(
throughput = { vllm = "qwen3-32b-trn2-results.csv", config = "qwen3-32b-trn2.env", ttft_ms = 500, itl_ms = 50 }
utilisation = )" + v("0.8") +
                           "\n";
  const estimate e = run(text, file);
  CHECK(e.total == decimal(200));
  CHECK((*e.work->full)->value == "9.661835748792270531");
  bool found = false;
  for (const auto& l : e.lines) {
    found = found || l.description.find("asynchronous@3.00 req/sec") != std::string::npos;
  }
  CHECK(found);
  // A bound no point meets: the reader's refusal, placed at the component.
  std::string tight = text;
  tight.replace(tight.find("ttft_ms = 500"), 13, "ttft_ms = 100");
  CHECK(error_of(tight, file).find("no operating point meets mean TTFT <= 100 ms") !=
        std::string::npos);
}

TEST_CASE("a sweep component bills its trials and the cluster kept up between waves") {
  // stopped = 10 x 0.2 = 2; full trials = 2 instances x 8 x 1 h = 16 h; stopped = 2 x 2 x 0.5 h =
  // 2 h; waves = ceil(10 / 4) = 3; cluster = 2 x 4 x 3 x 1 h = 24 h, idle 24 - 18 = 6 h;
  // 24 h x 3 USD = 72 USD, 7.2 USD per trial. Not kept up: 18 h x 3 = 54 USD.
  const std::string text = component("sweep", "sw", "trn1.32xlarge", "price = " + v("3")) +
                           "\ntrials = " + v("10") + "\ntrial_seconds = " + v("3600") +
                           "\ninstances_per_trial = " + v("2") + "\nparallel_trials = " + v("4") +
                           "\nstopped_early = " + v("0.2") + "\nstopped_trial_run = " + v("0.5") +
                           "\n";
  const estimate e = run(text);
  check_costs(e, 72, {{phase::trials, 54}, {phase::waiting, 18}}, work_kind::trials, "7.2");
  CHECK(run(text + "cluster_kept_up = false\n").total == decimal(54));
  // The winner re-run for 2 h on 2 instances (hours converted exactly): 72 + 4 x 3 = 84 USD.
  CHECK(run(text + "rerun_instances = " + v("2") + "\nrerun_hours = " + v("2") + "\n").total ==
        decimal(84));
}

TEST_CASE("a continued pre-training component bills training and its checkpoints") {
  // training = 72M / 2,000 = 36,000 s; checkpoints = ceil(36,000 / 14,400) = 3, x 600 s = 1,800 s;
  // billed = 2 x 37,800 s = 21 instance-h x 10 USD = 210 USD; 210 / 72 = 2.91666... USD per
  // million tokens trained.
  const estimate e =
      run(component("continued_pretraining", "cpt", "trn2.48xlarge",
                    job("10", "2", "2000") + assumed({{"token_budget", "72000000"},
                                                      {"checkpoint_interval_hours", "4"},
                                                      {"checkpoint_seconds", "600"}})));
  check_costs(e, 210, {{phase::training, 200}, {phase::checkpointing, 10}},
              work_kind::tokens_trained, "2.916666666666666667");
}

TEST_CASE("a training workload's interruptions are priced as failures beside it") {
  // The continued pre-training above (2 instances x 37,800 s = 21 instance-h exposed) at 0.2
  // interruption/instance-h: 4.2 interruptions; restarts 2 x 4.2 x 600 s = 1.4 instance-h x 10 =
  // 14 USD; work lost 2 x 4.2 x 1,800 s = 4.2 instance-h x 10 = 42 USD; 210 + 14 + 42 = 266 USD.
  const std::string with_failures =
      trncost_support::scenario_head +
      trncost_support::declare_none_but({"compute", "failures_restarts"});
  const std::string cpt = trncost_support::component_head("continued_pretraining", "cpt") +
                          "instance_type = \"trn2.48xlarge\"\n" + job("10", "2", "2000") +
                          assumed({{"token_budget", "72000000"},
                                   {"checkpoint_interval_hours", "4"},
                                   {"checkpoint_seconds", "600"}});
  const std::string figures = assumed({{"interruptions_per_instance_hour", "0.2"},
                                       {"restart_seconds", "600"},
                                       {"work_lost_seconds", "1800"}});
  const estimate e = run(with_failures + cpt + figures);
  CHECK(e.total == decimal(266));
  CHECK(e.by_category.at(category::failures_restarts) == decimal(56));
  CHECK(e.by_phase.at(phase::restarts) == decimal(14));
  CHECK(e.by_phase.at(phase::failed_work) == decimal(42));
  // setup (trncost's default of 0 s), training, checkpointing, the billing minimum, then the
  // interruptions' restarts and work lost.
  REQUIRE(e.lines.size() == 6);
  CHECK(e.lines[0].ph == phase::setup);
  CHECK(e.lines[4].component == "cpt interruptions");
  CHECK(e.lines[4].identity.instance_type == "trn2.48xlarge");

  // The frontier sized from compute (10 nodes x 1,080,000 s = 3,000 instance-h) at 0.001: 3
  // interruptions; 10 x 3 x 1,200 s = 10 h and 10 x 3 x 3,600 s = 30 h, x 10 USD: 30,400 USD.
  const estimate f = run(with_failures + trncost_support::component_head("frontier", "pretrain") +
                         "instance_type = \"trn2.48xlarge\"\n" +
                         assumed({{"price", "10"},
                                  {"nodes", "10"},
                                  {"parameters", "8000000000"},
                                  {"token_budget", "1200600000000"},
                                  {"mfu", "0.5"},
                                  {"interruptions_per_instance_hour", "0.001"},
                                  {"restart_seconds", "1200"},
                                  {"work_lost_seconds", "3600"}}));
  CHECK(f.total == decimal(30400));
  CHECK(f.by_category.at(category::failures_restarts) == decimal(400));

  // All three or none, named at the component.
  CHECK(error_of(with_failures + cpt + assumed({{"restart_seconds", "600"}}))
            .find("component[0].interruptions_per_instance_hour: is missing: a workload's "
                  "interruptions are") != std::string::npos);
  // A failures component naming the workload says where its interruptions go.
  const std::string misplaced =
      error_of(with_failures + cpt + trncost_support::component_head("failures", "f") +
               "instance_time = \"cpt\"\n" + figures);
  CHECK(misplaced.find("\"cpt\" is a continued_pretraining workload, not an instance_time: write "
                       "its interruptions in it") != std::string::npos);
}

TEST_CASE("a batch inference component bills its setup and processing time") {
  // rate = 2 x 1,000 token/s; processing = 36M / 2,000 = 18,000 s; billed = 2 x (900 + 18,000) s
  // = 10.5 instance-h x 4 USD = 42 USD; 42 / 36 = 1.1666... USD per million tokens processed.
  const estimate e = run(component(
      "batch_inference", "batch", "inf2.48xlarge",
      job("4", "2", "1000") + assumed({{"tokens", "36000000"}, {"setup_seconds", "900"}})));
  check_costs(e, 42, {{phase::batch_inference, 40}}, work_kind::tokens_processed,
              "1.166666666666666667");
}

TEST_CASE("an autoscaled serving component sizes replicas per period of its profile") {
  // night: max(ceil(100 / 400), 1) = 1 replica; day: ceil(900 / 400) = 3 (max 4). serving = 2
  // cycles x (1 x 12 h + 3 x 12 h) = 96 instance-h x 10 = 960 USD; scale-ups: the day adds
  // 3 - 1 = 2 replicas (the night follows the day: adds none), 2 x 600 s x 2 cycles = 2/3 h x 10
  // = 6.666666666666666667 USD; work = 2 x (100 + 900) x 12 x 3,600 = 86.4M tokens.
  const std::string text =
      component("autoscaled_serving", "auto", "trn2.48xlarge", "price = " + v("10")) +
      "\nrepeats = " + v("2") + "\ntarget_tokens_per_s_per_replica = " + v("400") +
      "\nmin_replicas = " + v("1") + "\nmax_replicas = " + v("4") +
      "\nstartup_seconds = " + v("600") + R"(
[[component.profile]]
label = "night"
hours = )" +
      v("12") + "\ntokens_per_s = " + v("100") + R"(
[[component.profile]]
label = "day"
hours = )" +
      v("12") + "\ntokens_per_s = " + v("900") + "\n";
  const estimate e = run(text);
  CHECK(e.by_phase.at(phase::serving) == decimal(960));
  CHECK(e.total == decimal::parse("966.666666666666666667"));
  CHECK(e.work->kind == work_kind::tokens_served);
  CHECK((*e.work->full)->value == "11.188271604938271605");
  // A period's load in requests/s against a target in tokens/s.
  std::string wrong = text;
  wrong.replace(wrong.rfind("tokens_per_s"), 12, "requests_per_s");
  CHECK(error_of(wrong).find("component[0].profile[1].requests_per_s: is in requests/s but the "
                             "target per replica is in tokens/s") != std::string::npos);
}

TEST_CASE("a frontier component extrapolates its throughput with the scaling efficiency") {
  // throughput = 1,000 token/s x (8 / 2) nodes x 0.75 = 3,000 token/s; training = 108M / 3,000 =
  // 36,000 s; billed = 8 x 10 h x 10 USD = 800 USD; 800 / 108 = 7.4074... USD per million tokens.
  const estimate e = run(component("frontier", "pretrain", "trn2.48xlarge",
                                   assumed({{"price", "10"}}) + frontier_scaling));
  check_costs(e, 800, {{phase::training, 800}}, work_kind::tokens_trained, "7.407407407407407407");
}

/// The record named by unit `unit` under `r` (its derivation's inputs, depth first), or null.
const source_record* find_unit(const input_ref& r, const std::string& unit) {
  if (r->unit == unit) return r.get();
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) {
      if (const auto* found = find_unit(in, unit)) return found;
    }
  }
  return nullptr;
}

TEST_CASE("a frontier component sized from its compute: 6 x parameters x tokens at the MFU") {
  // 6 x 8e9 = 4.8e10 FLOP/token = 4.8e-8 EFLOP/token; x 1.2006e12 tokens = 57,628.8 EFLOP.
  // trn2.48xlarge's dense BF16 peak (the catalog: 16 x 667 TFLOP/s) = 0.010672 EFLOP/s per node;
  // 10 nodes x 0.010672 x MFU 0.5 = 0.05336 EFLOP/s; 57,628.8 / 0.05336 = 1,080,000 s = 300 h;
  // 10 x 300 h x 10 USD = 30,000 USD; / 1,200,600 M tokens = 0.0249875062468765617|19... USD,
  // 0.024987506246876562 at 18 digits, half-even.
  const std::string compute = assumed({{"price", "10"},
                                       {"nodes", "10"},
                                       {"parameters", "8000000000"},
                                       {"token_budget", "1200600000000"},
                                       {"mfu", "0.5"}});
  const estimate e = run(component("frontier", "pretrain", "trn2.48xlarge", compute));
  check_costs(e, 30000, {{phase::training, 30000}}, work_kind::tokens_trained,
              "0.024987506246876562");
  REQUIRE(e.lines.size() == 2);  // training, and the per-second billing minimum (0 here)
  const auto* flops = find_unit(e.lines[0].quantity, "EFLOP");
  REQUIRE(flops != nullptr);
  CHECK(flops->value == "57628.8");
  CHECK(std::holds_alternative<derived>(flops->origin));
  // The peak is the catalog's, never the user's: 16 chips x 667 TFLOP/s, each documented.
  const auto* peak = find_unit(e.lines[0].quantity, "FLOP/s");
  REQUIRE(peak != nullptr);
  CHECK(peak->value == "10672000000000000");
  const auto* made = std::get_if<derived>(&peak->origin);
  REQUIRE(made != nullptr);
  REQUIRE(made->inputs.size() == 2);
  for (const auto& in : made->inputs) CHECK(std::holds_alternative<documented>(in->origin));

  // precision = "fp8": the 8-bit peak, 20,784 TFLOP/s: 57,628.8 / (10 x 0.020784 x 0.5) s.
  const estimate fp8 =
      run(component("frontier", "pretrain", "trn2.48xlarge", compute + "precision = \"fp8\"\n"));
  const auto* peak8 = find_unit(fp8.lines[0].quantity, "FLOP/s");
  REQUIRE(peak8 != nullptr);
  CHECK(peak8->value == "20784000000000000");
  CHECK(fp8.total < e.total);
}

TEST_CASE("frontier work past the FLOP range is exact in EFLOP, and an unknown price is unpriced") {
  // 6 x 400e9 parameters x 15e12 tokens = 3.6e25 FLOP (overflows a decimal in FLOP) = 36,000,000
  // EFLOP; on 64 trn3-gen2-ultraservers (96,624 TFLOP/s dense BF16 each) at MFU 0.4:
  // 36,000,000 / (64 x 0.096624 x 0.4) = 14,553,837.5558867362146... s of training.
  const estimate e =
      run(component("frontier", "pretrain-400b", "trn3-gen2-ultraserver",
                    "price = { unknown = \"Trn3 UltraServers have no offer row yet\" }\n" +
                        assumed({{"nodes", "64"},
                                 {"parameters", "400000000000"},
                                 {"token_budget", "15000000000000"},
                                 {"mfu", "0.4"}})));
  CHECK(e.status == estimate_status::unpriced);
  REQUIRE(e.lines.size() == 2);  // training, and the per-second billing minimum
  CHECK_FALSE(e.lines[0].amount.has_value());
  const auto* flops = find_unit(e.lines[0].quantity, "EFLOP");
  REQUIRE(flops != nullptr);
  CHECK(flops->value == "36000000");
  const auto* training = find_unit(e.lines[0].quantity, "s");
  REQUIRE(training != nullptr);
  CHECK(training->value.rfind("14553837.555886736214", 0) == 0);
}

TEST_CASE("a frontier component is extrapolated or sized from compute, and says which is missing") {
  const std::string base = assumed({{"price", "10"}, {"nodes", "10"}, {"token_budget", "1000"}});
  // Both ways at once.
  CHECK(error_of(component("frontier", "p", "trn2.48xlarge",
                           base + assumed({{"reference_nodes", "2"},
                                           {"reference_throughput", "1000"},
                                           {"scaling_efficiency", "0.75"},
                                           {"parameters", "8000000000"},
                                           {"mfu", "0.5"}})))
            .find("component[0].parameters: is given with the reference cluster's figures") !=
        std::string::npos);
  // Neither.
  CHECK(error_of(component("frontier", "p", "trn2.48xlarge", base))
            .find("component[0].reference_nodes: is missing: a frontier run is extrapolated") !=
        std::string::npos);
  // Compute without its MFU.
  CHECK(error_of(component("frontier", "p", "trn2.48xlarge",
                           base + assumed({{"parameters", "8000000000"}})))
            .find("component[0].mfu: is missing: a frontier run sized from its compute") !=
        std::string::npos);
  // A precision the catalog has no peak for.
  CHECK(error_of(component("frontier", "p", "trn2.48xlarge",
                           base + assumed({{"parameters", "8000000000"}, {"mfu", "0.5"}}) +
                               "precision = \"fp4\"\n"))
            .find("component[0].precision: is \"bf16\" or \"fp8\"") != std::string::npos);
  // An MFU above 1, and a type the catalog does not know (its nearest name suggested).
  CHECK(error_of(component("frontier", "p", "trn2.48xlarge",
                           base + assumed({{"parameters", "8000000000"}, {"mfu", "1.5"}})))
            .find("workload 'p': 'p.mfu' is 1.5; it must be a fraction above 0 to 1") !=
        std::string::npos);
  const std::string unknown =
      error_of(component("frontier", "p", "trn2.48xlage",
                         base + assumed({{"parameters", "8000000000"}, {"mfu", "0.5"}})));
  CHECK(unknown.find("s.toml") != std::string::npos);
  CHECK(unknown.find("trn2.48xlarge") != std::string::npos);
}

TEST_CASE("a workload's unknown price gives unpriced lines, never a refusal") {
  // Frontier work on a type with no offer row yet (a Trn3 UltraServer, say): the plan still says
  // what it would take, and that its price is not known. The same for continued pre-training.
  const estimate frontier = run(
      component("frontier", "pretrain", "trn2.48xlarge",
                "price = { unknown = \"no offer row for the type yet\" }\n" + frontier_scaling));
  CHECK(frontier.status == estimate_status::unpriced);
  CHECK(frontier.total == decimal(0));
  REQUIRE_FALSE(frontier.lines.empty());
  for (const auto& l : frontier.lines) CHECK_FALSE(l.amount.has_value());
  CHECK(frontier.unpriced_lines() == frontier.lines.size());
}

TEST_CASE("logs not kept bill ingestion only and need no storage price in the book") {
  // 20 GiB x 0.5 USD = 10 USD of ingestion, no storage line, and the book (empty) is never asked
  // for the CloudWatch storage price. The serving total is 3,000 USD (first case).
  std::string text =
      trncost_support::with_changes(serving(), {{"logs = \"not in this case\"\n", ""}});
  text += "[[component]]\nkind = \"logging\"\nname = \"req-logs\"\ningested_gib = " + v("20") +
          "\ningestion_price = " + v("0.5") +
          "\nnot_kept = \"the log group's retention deletes them within the day\"\n";
  const estimate e = run(text);
  CHECK(e.total == decimal(3010));
  CHECK(e.by_category.at(category::logs) == decimal(10));
  CHECK(e.lines.back().description ==
        "log ingestion (not kept: the log group's retention deletes them within the day)");
  // Without not_kept, storage is still required.
  std::string kept = text;
  kept.replace(kept.find("not_kept"), 8, "# not_kpt");
  CHECK(error_of(kept).find("component[1].stored_gib: is missing: kept logs bill storage") !=
        std::string::npos);
  CHECK(error_of(text + "kept_months = " + v("1") + "\n")
            .find("component[1].not_kept: is given with the storage of the logs") !=
        std::string::npos);
}

TEST_CASE("the new keys refuse unknown keys and missing keys and wrong units at their line") {
  // serving(): [[component]] is line 14, utilisation line 24.
  CHECK(error_of(serving("utilisaton = " + v("0.8") + "\n")) ==
        "trncost: s.toml:24: component[0].utilisaton: unknown key (did you mean \"utilisation\"?); "
        "a serving component takes kind, name, instance_type, price, hours, period, "
        "average_tokens_per_s, peak_tokens_per_s, average_requests_per_s, peak_requests_per_s, "
        "throughput, latency_target, utilisation, instances, week");
  CHECK(error_of(serving("")) ==
        "trncost: s.toml:14: component[0].utilisation: is missing (required)");
  CHECK(
      error_of(serving("utilisation = " + v("0.8") + "\npeak_requests_per_s = " + v("3") + "\n")) ==
      "trncost: s.toml:25: component[0].peak_requests_per_s: is in requests/s but the average "
      "demand is in tokens/s; the demand and the throughput count the same thing");
  CHECK(error_of(
            serving("utilisation = " + v("0.8") +
                    "\nperiod = { from = 2027-01-01, to = 2027-02-01, assumption = \"x\" }\n")) ==
        "trncost: s.toml:25: component[0].period: is given with hours; write exactly one of hours, "
        "period (the period served, in hours or as dates)");
  CHECK(error_of(serving("utilisation = 0.8\n")) ==
        "trncost: s.toml:24: component[0].utilisation: is a bare number; an input needs its "
        "provenance: write utilisation = { value = \"...\", measured = { run = \"...\", method = "
        "\"...\", from = ..., to = ... } } (or assumption, third_party, documented, choice, "
        "forecast)");
  // A utilisation above 1: the workload's rule, placed at the component.
  CHECK(error_of(serving("utilisation = " + v("1.5") + "\n")) ==
        "trncost: s.toml:14: component[0] (svc): workload 'svc': 'svc.utilisation' is 1.5; it must "
        "be a fraction above 0 to 1 (0.4 for 40 %)");
  // Without a latency target the throughput is taken as written: the same 3,000 USD (the first
  // test's), and the lines name no target.
  std::string no_target = serving();
  no_target.replace(no_target.find("latency_target"), 14, "# latency_targt");
  const estimate untargeted = run(no_target);
  CHECK(untargeted.total == decimal(3000));
  for (const auto& l : untargeted.lines) CHECK(l.description.find("TTFT") == std::string::npos);
  std::string vllm = serving();
  vllm.replace(vllm.find("throughput = "), 13, "throughput = { vllm = \"r.csv\" }\n# ");
  CHECK(error_of(vllm).find("component[0].throughput: sets no latency bound") != std::string::npos);
}

namespace {

// The first ```toml block after `heading` in docs/scenario.md.
std::string doc_example(const std::string& heading) {
  std::ifstream in(TRNCOST_TESTS_DIR "/../docs/scenario.md");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const auto at = doc.find(heading);
  REQUIRE(at != std::string::npos);
  const auto begin = doc.find("```toml\n", at);
  REQUIRE(begin != std::string::npos);
  const auto end = doc.find("```", begin + 8);
  return doc.substr(begin + 8, end - begin - 8);
}

}  // namespace

TEST_CASE(
    "the workload examples of docs/scenario.md run as written and give the figures it states") {
  // The serving example is a whole file; its vLLM paths are relative to examples/scenarios/.
  const std::string file = trncost_support::example_scenarios + "docs-example.toml";
  const estimate svc = run(doc_example("#### `kind = \"serving\"`"), file);
  CHECK(svc.total == decimal::parse("77241.6"));
  CHECK((*svc.work->full)->value == "39.733333333333333333");
  // The others are components: under a head with the example offer file (the sweep's price).
  const std::string offers =
      trncost_support::priced_scenario_head("t", trncost_support::example_ec2_offers) +
      trncost_support::declare_none_but({"compute"});
  CHECK(run(offers + doc_example("#### `kind = \"sweep\"`"), file).total == decimal(1161));
  const estimate cpt = run(offers + doc_example("#### `kind = \"continued_pretraining\"`"), file);
  CHECK(round(cpt.total, decimal_places{2}) == decimal::parse("20772.59"));
  CHECK((*cpt.work->compute_only)->value.substr(0, 6) == "1.0386");
  // Its interruptions: one per 50 instance-h over 4 x 522,800 s, 1,200 + 3,600 s each.
  const estimate interrupted =
      run(trncost_support::priced_scenario_head("t", trncost_support::example_ec2_offers) +
              trncost_support::declare_none_but({"compute", "failures_restarts"}) +
              doc_example("#### `kind = \"continued_pretraining\"`") +
              assumed({{"interruptions_per_instance_hour", "0.02"},
                       {"restart_seconds", "1200"},
                       {"work_lost_seconds", "3600"}}),
          file);
  CHECK(round(interrupted.by_category.at(category::failures_restarts), decimal_places{2}) ==
        decimal::parse("2215.74"));
  CHECK(run(offers + doc_example("#### `kind = \"batch_inference\"`"), file).total == decimal(42));
  // 90 x (1 x 12 + 3 x 12) h = 4,320 h serving and 90 x 2 x 600 s = 30 h start-up, x 35.76.
  const estimate autoscaled =
      run(offers + doc_example("#### `kind = \"autoscaled_serving\"`"), file);
  CHECK(autoscaled.by_phase.at(phase::serving) == decimal::parse("154483.2"));
  CHECK(autoscaled.total == decimal::parse("155556"));
  // 160,000 x 64 / 16 x 0.9 = 576,000 token/s; 10^12 / 576,000 s x 64 / 3,600 x 35.76.
  const estimate frontier = run(offers + doc_example("#### `kind = \"frontier\"`"), file);
  CHECK(round(frontier.total, decimal_places{2}) == decimal::parse("1103703.70"));
}

TEST_CASE("an input written with its unit is read only in the unit its key takes") {
  // The frontier above, each input written with the unit its key takes: 800 USD as without units.
  const std::string with_units =
      component("frontier", "pretrain", "trn2.48xlarge",
                "price = { value = \"10\", unit = \"USD/instance-h\", assumption = \"test\" }\n" +
                    frontier_scaling);
  CHECK(run(with_units).total == decimal(800));
  // Another unit of the same dimension is refused at its line, never converted or read as if it
  // were the key's (USD/h is a rate per hour, not per instance-hour).
  std::string hours = with_units;
  const auto at = hours.find("unit = \"USD/instance-h\"");
  hours.replace(at, 23, "unit = \"USD/h\"");
  const auto line =
      1 + std::count(hours.begin(), hours.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  CHECK(error_of(hours).find("s.toml:" + std::to_string(line) +
                             ": price.unit: is \"USD/h\" where price takes \"USD/instance-h\": "
                             "the key names its unit") != std::string::npos);
  // The unit is text.
  std::string number = with_units;
  number.replace(number.find("\"USD/instance-h\""), 16, "3");
  CHECK(error_of(number).find("price.unit: must be the symbol of the unit the key takes") !=
        std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_workloads_test
