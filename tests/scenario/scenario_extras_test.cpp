// A scenario's [analysis], [[grant]] and [spend] tables: parsed as written, computed on the
// scenario's model and estimate, and refused with the file, the line and the key.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_extras_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

const std::string budget = TRNCOST_TESTS_DIR "/../examples/scenarios/fine-tune-8b-trn1-budget.toml";

const std::string head =
    trncost_support::scenario_head + trncost_support::component_head("data_preparation", "prep") +
    "cost = { value = \"100\", assumption = \"a quote from the data team\" }\n" +
    trncost_support::declare_none_but({"data_preparation"});

std::string error_of(const std::string& tail) {
  return trncost_support::error_message([&] {
    const auto spec = parse_scenario(head + tail, "s.toml");
    const model m = build_model(spec);
    (void)scenario_extras(spec, m, m.evaluate(spec.as_of, scenario_options(spec)));
  });
}

}  // namespace

TEST_CASE("the budget scenario: tornado, Monte Carlo band and burn-down as written") {
  const auto spec = read_scenario(budget);
  REQUIRE(spec.analysis.has_value());
  CHECK(spec.analysis->tornado_band == "0.1");
  CHECK(spec.analysis->samples == 100000);
  CHECK(spec.analysis->seed == 2026);
  CHECK(spec.analysis->budget == "420");
  REQUIRE(spec.analysis->inputs.size() == 3);
  CHECK(spec.analysis->inputs[1].input == "compilation_s");
  CHECK(spec.analysis->inputs[1].kind == "lognormal_90");
  CHECK(spec.analysis->inputs[1].params == std::vector<std::string>{"1100", "1800"});
  REQUIRE(spec.grants.size() == 1);
  CHECK(spec.grants[0].name == "AWS Activate Founders");
  CHECK(spec.grants[0].amount.value == "5000");
  CHECK(std::holds_alternative<documented>(*spec.grants[0].amount.origin));
  REQUIRE(spec.spend.has_value());
  CHECK(spec.spend->start == parse_date("2026-12-01"));

  const model m = build_model(spec);
  const estimate est = m.evaluate(spec.as_of, scenario_options(spec));
  CHECK(est.total == decimal::parse("397.635212328767123288"));  // the flagship's (flagship_test)
  const auto x = scenario_extras(spec, m, est);
  // Tornado: +/-10 % on every observed input, the medians of the runs included. The widest bar
  // is the run-median useful throughput (60,000 -> 54,000 and 66,000 token/s), a median of 3 runs
  // that a band on measured inputs alone never varied.
  REQUIRE(x.tornado.has_value());
  REQUIRE_FALSE(x.tornado->observed.empty());
  const auto bar = [&](std::string_view name) {
    for (const auto& b : x.tornado->observed) {
      if (b.input == name) return b;
    }
    FAIL("no bar for " << name);
    return analysis::tornado_bar{};
  };
  CHECK(x.tornado->observed[0].input == "useful_throughput");
  CHECK(x.tornado->observed[0].kind == "derived");
  CHECK(x.tornado->observed[0].low == decimal(54000));
  CHECK(x.tornado->observed[0].high == decimal(66000));
  // The tokens, 1,296,000,000 +/-10 %: training 21,600 s (258 USD at 2 x 21.50/h) moves by
  // 2,160 s = 25.8 USD; failures and restarts (33.8625) scale with the job's 25,200 s of exposure
  // (setup 360 + compilation 1,260 + training 21,600 + evaluation 1,200 + checkpoints 540 +
  // waiting 240): 33.8625 x 2,160 / 25,200 = 2.9025. Totals 397.635212328767123288 -/+ 28.7025.
  CHECK(bar("fine-tune.tokens_to_train").total_at_low == decimal::parse("368.932712328767123288"));
  CHECK(bar("fine-tune.tokens_to_train").total_at_high == decimal::parse("426.337712328767123288"));
  CHECK(bar("fine-tune.tokens_to_train").swing == decimal::parse("57.405"));
  // The instance count stays whole: 2 +/-10 % is 2 to 2 (never 1.8 instances), no swing.
  CHECK(bar("instances").low == decimal(2));
  CHECK(bar("instances").high == decimal(2));
  CHECK(bar("instances").swing == decimal{});
  CHECK(x.tornado->baseline_total == est.total);
  // Monte Carlo: every drawn input makes the job dearer or cheaper around the baseline.
  REQUIRE(x.monte_carlo.has_value());
  CHECK(x.monte_carlo->samples == 100000);
  CHECK(x.monte_carlo->p5 < x.monte_carlo->p50);
  CHECK(x.monte_carlo->p50 < x.monte_carlo->p95);
  CHECK(x.monte_carlo->baseline == doctest::Approx(397.635212));
  REQUIRE(x.monte_carlo->p_over_budget.has_value());
  CHECK(*x.monte_carlo->p_over_budget < 0.05);
  // Burn-down: the whole job (Dec 1-2) is inside the grant's validity and its 5,000 USD. The grant
  // covers EC2, S3, AWS Data Transfer and CloudWatch, the offer files every priced line is quoted
  // from; the data preparation cost (38.40, measured from Cost Explorer) names no service, so it
  // is not known to be covered: paid in cash. Credits 397.635212328767123288 - 38.40 =
  // 359.235212328767123288; 5000 - that = 4640.764787671232876712 left on Dec 3.
  REQUIRE(x.burn_down.has_value());
  CHECK(x.burn_down->total_credits == decimal::parse("359.235212328767123288"));
  CHECK(x.burn_down->total_uncovered == decimal::parse("38.40"));
  CHECK(x.burn_down->periods[0].uncovered_by_reason.at(
            credits::uncovered_reason::service_unknown) == decimal::parse("38.40"));
  CHECK(x.burn_down->grants[0].unused_at_schedule_end == decimal::parse("4640.764787671232876712"));
  // A one-off job: nothing is projected past its end ([spend] says no `repeats`), so the balance
  // waits for its last valid day (2027-10-31) and is lost then, all 4,640.76 USD of it; the
  // credits pay other spend until 2027-11-01, the runway.
  REQUIRE(x.burn_down->runway.has_value());
  CHECK(*x.burn_down->runway == parse_date("2027-11-01"));
  CHECK(x.burn_down->grants[0].lost_at_expiry == decimal::parse("4640.764787671232876712"));
  CHECK(x.burn_down->projection.periods.empty());
  // `repeats = true` asks for the projection: at the job's rate (the estimate every 2 days, 179.6
  // USD of it covered a day) the balance lasts 2 * 4640.76 / 359.24 = 25.8 days from Dec 3: it
  // runs out on Dec 28, before its last valid day, so nothing is lost.
  std::string text = trncost_support::slurp(budget);
  text.replace(text.find("[spend]\n"), 8, "[spend]\nrepeats = true\n");
  const auto again = parse_scenario(text, budget);
  REQUIRE(again.spend->repeats == true);
  const model m2 = build_model(again);
  const auto y = scenario_extras(again, m2, evaluate_scenario(again, m2));
  REQUIRE(y.burn_down->runway.has_value());
  CHECK(*y.burn_down->runway == parse_date("2026-12-28"));
  CHECK(y.burn_down->grants[0].lost_at_expiry.is_zero());
  CHECK(y.burn_down->projection.rate.days == 2);
  text.replace(text.find("repeats = true"), 14, "repeats = 1");
  CHECK(trncost_support::parse_error_of(text).find("spend.repeats: must be true or false") !=
        std::string::npos);
}

TEST_CASE("the tornado on what was observed: each median of the runs between its min and max") {
  const std::string text = trncost_support::with_changes(
      trncost_support::slurp(budget), {{"tornado_band = \"0.1\"", "tornado_observed = true"}});
  const auto spec = parse_scenario(text, budget);
  const model m = build_model(spec);
  const estimate est = m.evaluate(spec.as_of, scenario_options(spec));
  const auto x = scenario_extras(spec, m, est);
  REQUIRE(x.tornado.has_value());
  // Only the six medians of the 3 runs vary (no band for single measurements): the useful
  // throughput 59,000..60,400 token/s and five phases.
  REQUIRE(x.tornado->observed.size() == 6);
  CHECK(x.tornado->observed[0].input == "useful_throughput");
  CHECK(x.tornado->observed[0].low == decimal(59000));
  CHECK(x.tornado->observed[0].high == decimal(60400));
  CHECK(x.tornado->observed[0].basis == "min and max of 3 runs");
  // setup_s at its fastest run, 300 s instead of the median 360: compute 21.50 x 2 x 300 / 3,600 =
  // 3.583333333333333333 instead of 4.3; the failures lines scale with the exposure, 25,140 s of
  // 25,200: 8.465625 -> 8.44546875 and 25.396875 -> 25.33640625. Total 397.635212328767123288 -
  // 0.716666666666666667 - 0.02015625 - 0.06046875 = 396.837920662100456621.
  const auto setup = std::find_if(x.tornado->observed.begin(), x.tornado->observed.end(),
                                  [](const auto& b) { return b.input == "setup_s"; });
  REQUIRE(setup != x.tornado->observed.end());
  CHECK(setup->low == decimal(300));
  CHECK(setup->high == decimal(420));
  CHECK(setup->total_at_low == decimal::parse("396.837920662100456621"));
  // With a band as well, the single measurements take it (the tokens first, the instances whole).
  const std::string both = trncost_support::with_changes(
      trncost_support::slurp(budget),
      {{"tornado_band = \"0.1\"", "tornado_band = \"0.1\"\ntornado_observed = true"}});
  const auto spec2 = parse_scenario(both, budget);
  const auto x2 = scenario_extras(spec2, m, est);
  CHECK(x2.tornado->observed.size() > 6);
  CHECK(x2.tornado->observed[0].input == "fine-tune.tokens_to_train");
  // Without runs and without a band there is nothing to vary: refused at the key.
  CHECK(trncost_support::error_message<trncost::error>([&] {
          const auto s =
              parse_scenario(trncost_support::scenario_head +
                                 trncost_support::component_head("data_preparation", "prep") +
                                 "cost = { value = \"10\", assumption = \"a\" }\n" +
                                 trncost_support::declare_none_but({"data_preparation"}) +
                                 "[analysis]\ntornado_observed = true\n",
                             "s.toml");
          const model mm = build_model(s);
          (void)scenario_extras(s, mm, mm.evaluate(s.as_of, scenario_options(s)));
        })
            .find("analysis.tornado_observed: observed ranges: no input is a median of measured "
                  "runs") != std::string::npos);
}

TEST_CASE("a scenario without [analysis] or grants has no extras") {
  const auto spec = parse_scenario(head, "s.toml");
  const model m = build_model(spec);
  CHECK(scenario_extras(spec, m, m.evaluate(spec.as_of, scenario_options(spec))).empty());
}

TEST_CASE("[analysis], [[grant]] and [spend] errors name the file, the line and the key") {
  struct refusal {
    const char* tail;  // after the head's 17 lines
    const char* message;
  };
  const refusal analysis_refusals[] = {
      {"[analysis]\ntornado_bnad = \"0.1\"\n",
       "trncost: s.toml:19: analysis.tornado_bnad: unknown key (did you mean \"tornado_band\"?); "
       "[analysis] takes tornado_band, tornado_observed, monte_carlo, scenario"},
      {"[analysis]\ntornado_band = 0.1\n",
       "trncost: s.toml:19: analysis.tornado_band: must be an exact decimal as text (\"0.1\"), "
       "never a TOML number"},
      {"[analysis.monte_carlo]\nsamples = 10\ninputs = [{ input = \"prep.cost\", "
       "uniform = [\"1\", \"2\"], triangular = [\"1\", \"2\", \"3\"] }]\n",
       "trncost: s.toml:20: analysis.monte_carlo.inputs[0].uniform: an input has exactly one "
       "distribution"},
      {"[analysis.monte_carlo]\nsamples = 10\ninputs = [{ input = \"nothing\", "
       "uniform = [\"1\", \"2\"] }]\n",
       "trncost: s.toml:20: analysis.monte_carlo.inputs[0]: analysis: the model has no input "
       "named 'nothing' (its inputs: prep.cost)"},
      {"[analysis.monte_carlo]\nsamples = 10\ninputs = [{ input = \"prep.cost\", "
       "uniform = [\"2\", \"1\"] }]\n",
       "trncost: s.toml:20: analysis.monte_carlo.inputs[0]: uniform distribution: low 2 is above "
       "high 1"},
      {"[analysis.monte_carlo]\nsamples = 0\ninputs = []\n",
       "trncost: s.toml:18: analysis.monte_carlo.samples: must be above 0"},
  };
  for (const refusal& r : analysis_refusals) {
    CAPTURE(r.tail);
    CHECK(error_of(r.tail) == r.message);
  }
  const std::string grant =
      "[[grant]]\nname = \"G\"\namount = { value = \"100\", assumption = "
      "\"planning\" }\nissued = 2026-11-01\nlast_valid_day = 2027-10-31\n"
      "services = [\"AmazonEC2\"]\n";
  CHECK(error_of(grant) ==
        "trncost: s.toml:18: spend: is missing: grants need [spend] start and end (the days the "
        "job's spend happens)");
  CHECK(error_of("[spend]\nstart = 2026-12-01\nend = 2026-12-02\n") ==
        "trncost: s.toml:18: grant: is missing: [spend] is only read for a credit burn-down");
  const std::string spend = "[spend]\nstart = 2026-12-01\nend = 2026-12-02\n";
  const std::string named =
      "[[grant]]\nname = \"G\"\namount = { value = \"100\", assumption = "
      "\"planning\" }\nissued = 2026-11-01\n";
  // The old keys are refused with what changed, never read with their old meaning.
  CHECK(error_of(named + "expires = 2027-11-01\nservices = [\"AmazonEC2\"]\n" + spend) ==
        "trncost: s.toml:22: grant[0].expires: is no longer read: it was the first day the grant "
        "cannot pay; write last_valid_day, the last day it can pay, as AWS shows the expiry date "
        "(the day before the old expires)");
  CHECK(error_of(named + "last_valid_day = 2027-10-31\ncovers = [\"compute\"]\n" + spend) ==
        "trncost: s.toml:23: grant[0].covers: is no longer read: a grant covers AWS services, not "
        "cost categories; write services = [\"AmazonEC2\", ...] as the grant's terms list them");
  CHECK(error_of(named + "last_valid_day = 2027-10-31\nservices = [\"AmazonEC3\"]\n" + spend) ==
        "trncost: s.toml:23: grant[0].services: unknown AWS service (did you mean "
        "\"AmazonEC2\"?); the services are AmazonEC2, AmazonS3, AWSDataTransfer, "
        "AmazonCloudWatch, AmazonSageMaker, AmazonBedrock, AmazonFSx, AmazonEFS, AmazonEKS, "
        "AmazonECR (or their names)");
  CHECK(error_of(named + "last_valid_day = 2027-10-31\n" + spend) ==
        "trncost: s.toml:18: grant[0].services: is missing (required)");
  CHECK(error_of(named + "last_valid_day = 2027-10-31\nservices = []\n" + spend) ==
        "trncost: s.toml:23: grant[0].services: must be a non-empty array of AWS service codes "
        "or names, e.g. [\"AmazonEC2\"]");
  {
    // Names are read as their codes.
    const auto spec =
        parse_scenario(head + named +
                           "last_valid_day = 2027-10-31\nservices = [\"Amazon CloudWatch\", "
                           "\"AWSDataTransfer\"]\n" +
                           spend,
                       "s.toml");
    REQUIRE(spec.grants.size() == 1);
    CHECK(spec.grants[0].services ==
          std::vector<std::string>{"AmazonCloudWatch", "AWSDataTransfer"});
    CHECK(spec.grants[0].last_valid_day == parse_date("2027-10-31"));
  }
  CHECK(error_of(grant + "[spend]\nstart = 2026-12-02\nend = 2026-12-01\n") ==
        "trncost: s.toml:24: spend.end: must be after spend.start (the days are [start, end))");
  CHECK(error_of("[[grant]]\nname = \"G\"\namount = { value = \"100\", assumption = \"planning\" "
                 "}\nissued = 2027-11-01\nlast_valid_day = 2026-11-01\nservices = [\"AmazonEC2\"]\n"
                 "[spend]\nstart = 2026-12-01\nend = 2026-12-02\n") ==
        "trncost: s.toml:18: grant[0]: grant 'G': its last valid day 2026-11-01 is before its "
        "issue date 2027-11-01");
  CHECK(error_of("[[grant]]\nname = \"G\"\namount = \"100\"\nissued = 2026-11-01\nlast_valid_day = "
                 "2027-11-01\nservices = [\"AmazonEC2\"]\n[spend]\nstart = 2026-12-01\nend = "
                 "2026-12-02\n")
            .find("s.toml:20: grant[0].amount: is a value without its provenance") !=
        std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_extras_test

namespace trncost_tests::cli_scenario_extras_test {

TEST_CASE(
    "a grant covers a line by what it is: a third-party-priced trn2 fleet draws on EC2 credits") {
  // tests/scenario/data/serving-trn2-activate.toml. By hand: the fleet is ceil(3000 / (1000 x 1)) =
  // 3 instances for 120 days = 2,880 h at 35.76 USD/instance-h: 3 x 2,880 x 35.76 = 308,966.40 USD,
  // 2,574.72 USD a day. The grant (150,000, EC2) pays every day from 2027-01-01: 58 days (January's
  // 31 and February's first 27) take 149,333.76, and 2027-02-28 the last 666.24 of its 2,574.72.
  // So: covered 150,000.00, paid 158,966.40, nothing wasted or lost, run-out and runway 2027-02-28
  // (the day the balance runs out: February's credits are 150,000 - 79,816.32 = 70,183.68 of its
  // 28 x 2,574.72 = 72,092.16). Before line identity the third-party price made the lines "service
  // unknown": 0 covered and the whole grant lost at expiry.
  const auto spec = read_scenario(TRNCOST_TESTS_DIR "/scenario/data/serving-trn2-activate.toml");
  const model m = build_model(spec);
  const auto est = m.evaluate(spec.as_of, scenario_options(spec));
  CHECK(est.total == decimal::parse("308966.4"));
  for (const auto& l : est.lines) CHECK(service_of(l) == "AmazonEC2");
  const auto x = scenario_extras(spec, m, est);
  REQUIRE(x.burn_down.has_value());
  const auto& b = *x.burn_down;
  CHECK(b.total_credits == decimal::parse("150000"));
  CHECK(b.total_uncovered == decimal::parse("158966.4"));
  CHECK(b.total_wasted == decimal{});
  CHECK(b.total_lost_at_expiry == decimal{});
  REQUIRE(b.grants.size() == 1);
  CHECK(b.grants[0].runs_out_on == parse_date("2027-02-28"));
  CHECK(b.runway == parse_date("2027-02-28"));
  REQUIRE(b.periods.size() == 4);
  CHECK(b.periods[1].credits_used == decimal::parse("70183.68"));
}

}  // namespace trncost_tests::cli_scenario_extras_test
