// Scenarios that used to be refused or wrongly verified: instance time that is not whole
// instance-hours, a one-token-more job, a huge token count, storage kept for seconds, a zero price
// without a stated reason. Each is the shipped trn1 scenario with one line changed. And
// its component renamed with operators in the name: each derivation still appears once in the
// report.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <trncost/report/report.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_rules_test {

using namespace trncost;
using namespace trncost::scenario;
namespace scenario_rules_test {

using trncost_support::example_scenarios;

using trncost_support::slurp;

/// The shipped trn1 scenario with `from` replaced by `to` (once), read as if it lay beside it.
estimate with_change(const std::string& from, const std::string& to) {
  const std::string text = trncost_support::with_changes(
      slurp(example_scenarios + "fine-tune-8b-trn1.toml"), {{from, to}});
  return evaluate_scenario(parse_scenario(text, example_scenarios + "changed.toml"));
}

const line_item& line(const estimate& est, std::string_view description) {
  const line_item* l = trncost_support::find_line(est, description);
  REQUIRE_MESSAGE(l != nullptr, "no line '" << description << "'");
  return *l;
}

}  // namespace scenario_rules_test

using namespace scenario_rules_test;

TEST_CASE("one token more than whole seconds of training stays exact in seconds") {
  // 36,000,001 tokens at the runs' 60,000 token/s: 600.000016666666666667 s (rounded once at the
  // 18th digit), which used to be refused ("converting 8400.000033333333333334 divides by 3600").
  const auto est = with_change("\"1296000000\"", "\"36000001\"");
  // Training: 2 x 600.000016666666666667 s x 21.5 / 3600 = 7.166666865740740741.
  CHECK(*line(est, "training on 2 x trn1.32xlarge").amount ==
        decimal::parse("7.166666865740740741"));
  // Exposure 2 x 4200.000016666666666667 s; interruptions 0.1125 x 8400.000033333333333334 / 3600
  // per instance-s: restarts 2 x 945.00000375 x 450 x 21.5 / 3600^2 = 1.410937505598958333, work
  // lost 2 x 945.00000375 x 1350 x 21.5 / 3600^2 = 4.232812516796875.
  CHECK(*line(est, "restarts after expected interruptions on 2 x trn1.32xlarge").amount ==
        decimal::parse("1.410937505598958333"));
  CHECK(*line(est, "work lost since the last checkpoint on 2 x trn1.32xlarge").amount ==
        decimal::parse("4.232812516796875"));
  // The other lines are the shipped scenario's (setup 4.3, compilation 15.05, evaluation
  // 14.333333333333333333, checkpointing 6.45, waiting 2.866666666666666667, storage
  // 0.876712328767123288 + 13.8 + 0.06 + 0.016, transfer 5 + 1.44, logs 3 + 0.18, preparation
  // 38.4): the sum is 118.583129216903697362.
  CHECK(est.total == decimal::parse("118.583129216903697362"));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("a huge token count is priced not refused") {
  // 10^20 tokens / 60,000 token/s = 1666666666666666.666666666666666667 s; training on 2
  // instances: 3333333333333333.333333333333333334 instance-s x 21.5 / 3600 =
  // 19907407407407.407407407407407407 (it used to fail with "unit conversion ... use
  // trncost::amount()").
  const auto est = with_change("\"1296000000\"", "\"100000000000000000000\"");
  CHECK(*line(est, "training on 2 x trn1.32xlarge").amount ==
        decimal::parse("19907407407407.407407407407407407"));
}

TEST_CASE("waiting of 1201 seconds is priced in seconds") {
  // The runs with 1,201 s of waiting: 2 x 1201 s x 21.5 / 3600 = 14.345277777777777778, and the
  // failures' exposure 2 x (360 + 1260 + 21600 + 1200 + 540 + 1201) = 52,322 instance-s, not a
  // whole number of instance-hours (it used to be refused).
  const auto runs = std::filesystem::temp_directory_path() / "trncost_scenario_rules_runs.csv";
  {
    std::string log = slurp(TRNCOST_TESTS_DIR "/../examples/data/ft-8b-trn1-runs.csv");
    for (const char* old : {"10:56:00Z,240,", "11:25:00Z,300,", "10:58:00Z,180,"}) {
      const auto at = log.find(old);
      REQUIRE(at != std::string::npos);
      log.replace(at, std::string(old).size(), std::string(old).substr(0, 9) + ",1201,");
    }
    // Each run's end row moves with its longer waiting phase: a phase lies within its run.
    for (const auto& [end, later] :
         {std::pair{"end,completed,2026-11-20T11:00:00Z", "end,completed,2026-11-20T11:16:01Z"},
          std::pair{"end,completed,2026-11-21T11:30:00Z", "end,completed,2026-11-21T11:45:01Z"},
          std::pair{"end,completed,2026-11-22T11:01:00Z", "end,completed,2026-11-22T11:18:01Z"}}) {
      const auto at = log.find(end);
      REQUIRE(at != std::string::npos);
      log.replace(at, std::string(end).size(), later);
    }
    std::ofstream(runs, std::ios::binary) << log;
  }
  const auto est = with_change("../data/ft-8b-trn1-runs.csv", runs.string());
  std::filesystem::remove(runs);
  CHECK(*line(est, "waiting on 2 x trn1.32xlarge").amount ==
        decimal::parse("14.345277777777777778"));
  bool found = false;
  for (const auto& in :
       line(est, "restarts after expected interruptions on 2 x trn1.32xlarge").inputs) {
    if (in->name != "fine-tune.exposure") continue;
    found = true;
    CHECK(in->value == "52322");
    CHECK(in->unit == "instance-s");
  }
  CHECK(found);
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("block storage kept for seconds in a scenario") {
  // 2 volumes x 500 GiB x 45,300 s x 0.08 USD/GiB-mo / 3600 / 730 = 1.378995433789954338 instead
  // of the shipped 8 h's 0.876712328767123288: the total moves from 397.635212328767123288 to
  // 398.137495433789954338.
  const auto est =
      with_change("kept_hours = { value = \"8\"", "kept_seconds = { value = \"45300\"");
  CHECK(*line(est, "gp3 volume storage x 2 volumes").amount ==
        decimal::parse("1.378995433789954338"));
  CHECK(est.total == decimal::parse("398.137495433789954338"));
}

TEST_CASE("a zero instance price written without a reason is not verified") {
  const auto est = with_change(
      "price = \"ec2_on_demand\"",
      "price = { value = \"0\", quoted = { source = \"an internal rate card\", region = "
      "\"us-east-1\", consulted = 2026-11-30 } }");
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 1);
  CHECK(est.reasons[0].rule == verified_rule::zero_price_has_reason);
  // 397.635212328767123288 less the instance lines at 21.5 (4.3 + 15.05 + 258 +
  // 14.333333333333333333 + 6.45 + 2.866666666666666667 + 8.465625 + 25.396875 = 334.8625):
  // 62.772712328767123288.
  CHECK(est.total == decimal::parse("62.772712328767123288"));
}

TEST_CASE("a component named with operators gives each derivation once in its report") {
  // The instance-time component 'fine-tune' renamed 'fine * tune - 2': its train_s, a sourced
  // derivation, is a leaf of the model (the instance time) and an operand of sourced arithmetic
  // (the interruptions' exposure). Both spell it in a formula by one rule, so the sums that use it
  // are one derivation each; they were two ('... + fine * tune - 2.train_s' and
  // '... + (fine * tune - 2.train_s)'), 51 derivations instead of the shipped 47.
  const std::string shipped_text = slurp(example_scenarios + "fine-tune-8b-trn1.toml");
  std::string text = shipped_text;
  const std::string from = "\"fine-tune\"";
  std::size_t renamed_at = 0;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), "\"fine * tune - 2\"");
    ++renamed_at;
  }
  REQUIRE(renamed_at == 2);  // the component's name and the interruptions' instance_time
  const auto shipped = report::from_estimate(evaluate_scenario(
      parse_scenario(shipped_text, example_scenarios + "fine-tune-8b-trn1.toml")));
  const auto renamed = report::from_estimate(
      evaluate_scenario(parse_scenario(text, example_scenarios + "renamed.toml")));
  // 47 derivations of the costs and timeline, and 7 of the runs' figures: 4 goodputs, and the
  // failed run's cost (price x (instances x billed time), converted from USD s/h).
  CHECK(shipped.derivations.size() == 47 + 7);
  CHECK(renamed.derivations.size() == shipped.derivations.size());
  const auto named = [&](std::string_view name) {
    return std::any_of(renamed.derivations.begin(), renamed.derivations.end(),
                       [&](const auto& d) { return d.name == name; });
  };
  CHECK(named("(setup_s + compilation_s) + (fine * tune - 2.train_s)"));
  CHECK_FALSE(named("(setup_s + compilation_s) + fine * tune - 2.train_s"));
  CHECK(named("instances * (fine * tune - 2.train_s)"));
  // No two derivations compute the same operation of the same operands.
  for (std::size_t i = 0; i < renamed.derivations.size(); ++i) {
    for (std::size_t j = i + 1; j < renamed.derivations.size(); ++j) {
      const auto& a = renamed.derivations[i];
      const auto& b = renamed.derivations[j];
      if (a.op == b.op && a.operands == b.operands) {
        FAIL_CHECK("'" << a.name << "' and '" << b.name << "' are one derivation");
      }
    }
  }
  CHECK(report::check(renamed).ok);
}

TEST_CASE("a value that overflows in a derivation names the derivation") {
  // 99999999999999999999 GiB is a decimal (below 1.7e20); doubled for the two volumes it is not.
  // The arithmetic alone names only its operands: the evaluator names the derivation too.
  std::string message;
  try {
    (void)with_change("size_gib = { value = \"500\"",
                      "size_gib = { value = \"99999999999999999999\"");
  } catch (const trncost::error& e) {
    message = e.what();
  }
  CAPTURE(message);
  CHECK(message.find("changed.toml") != std::string::npos);
  CHECK(message.find(": derivation 'scratch-volumes.") != std::string::npos);
  CHECK(message.find("2 * 99999999999999999999 overflows the decimal range") != std::string::npos);
}

}  // namespace trncost_tests::cli_scenario_rules_test
