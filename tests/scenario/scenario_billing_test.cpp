// The billing rules of an instance_time component in a scenario file (`billing`): per second (the
// default), per hour, and a Capacity Block with its fee and length. Amounts are hand-computed from
// the trn1 reference runs (examples/data/ft-8b-trn1-runs.csv: 2 instances, setup 360 s, compilation
// 1,260 s, evaluation 1,200 s, checkpointing 540 s, waiting 240 s, 60,000 useful token/s).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/pricing/queries.hpp>
#include <trncost/scenario/scenario.hpp>
#include <utility>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_billing_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

using trncost_support::example_scenarios;

using trncost_support::find_line;
using trncost_support::parse_error_of;
using trncost_support::slurp;

/// The shipped trn1 scenario with each `from` replaced by its `to` (once), as if beside it.
estimate trn1_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  const std::string text =
      trncost_support::with_changes(slurp(example_scenarios + "fine-tune-8b-trn1.toml"), changes);
  return evaluate_scenario(parse_scenario(text, example_scenarios + "changed.toml"));
}

decimal amount_of(const estimate& est, std::string_view description) {
  const line_item* l = find_line(est, description);
  REQUIRE_MESSAGE(l != nullptr, "no line '" << description << "'");
  REQUIRE(l->amount.has_value());
  return *l->amount;
}

// The trn1 runs on a Capacity Block of `days` for `fee` USD; only compute is modelled (and
// `extra`, components; without them restarts are declared none).
std::string block_scenario(const std::string& tokens, const std::string& fee,
                           const std::string& days, const std::string& extra = "") {
  return R"(format = 1
[estimate]
title = "block"
as_of = 2026-11-30
region = "us-east-1"
[prices]
files = []
[runs]
files = ["../data/ft-8b-trn1-runs.csv"]
[[component]]
kind = "instance_time"
name = "fine-tune"
instance_type = "trn1.32xlarge"
tokens_to_train = { value = ")" +
         tokens + R"(", assumption = "the dataset x 3 epochs" }
billing = "capacity_block"
block_fee = { value = ")" +
         fee + R"(", assumption = "the fee the console quoted" }
block_days = { value = ")" +
         days + R"(", assumption = "the block we would buy" }
)" + extra +
         R"(
[declare_none]
storage = "s"
transfer = "t"
logs = "l"
data_preparation = "d"
)" + (extra.empty() ? "failures_restarts = \"inside the block\"\n" : "");
}

std::string build_error_of(const std::string& text) {
  return trncost_support::error_message(
      [&] { (void)evaluate_scenario(parse_scenario(text, example_scenarios + "s.toml")); });
}

}  // namespace

TEST_CASE("billing per_second written out is the shipped scenario") {
  const auto est = trn1_with(
      {{"price = \"ec2_on_demand\"", "price = \"ec2_on_demand\"\nbilling = \"per_second\""}});
  CHECK(est.total == decimal::parse("397.635212328767123288"));
  CHECK(amount_of(est, "per-second billing minimum on 2 x trn1.32xlarge") == decimal{});
}

TEST_CASE("billing per_hour rounds the launch up to whole hours") {
  // 1,224,000,000 tokens / 60,000 token/s = 20,400 s of training; with 3,600 s of other phases the
  // launch takes 24,000 s, billed 25,200 s (7 h): 2 x 1,200 s x 21.5 / 3,600
  // = 14.333333333333333333.
  const std::pair<std::string, std::string> tokens{"\"1296000000\"", "\"1224000000\""};
  const auto hourly = trn1_with(
      {tokens, {"price = \"ec2_on_demand\"", "price = \"ec2_on_demand\"\nbilling = \"per_hour\""}});
  const auto per_second = trn1_with({tokens});
  CHECK(amount_of(hourly, "rounding up to whole billed hours on 2 x trn1.32xlarge") ==
        decimal::parse("14.333333333333333333"));
  CHECK(find_line(hourly, "per-second billing minimum on 2 x trn1.32xlarge") == nullptr);
  // Everything else is the per-second estimate's (whose minimum line is 0: 24,000 s > 60 s).
  CHECK(amount_of(per_second, "per-second billing minimum on 2 x trn1.32xlarge") == decimal{});
  CHECK(hourly.total - per_second.total == decimal::parse("14.333333333333333333"));
  // A launch of exactly 7 h (the shipped 1,296,000,000 tokens: 25,200 s) has nothing to round.
  const auto whole = trn1_with(
      {{"price = \"ec2_on_demand\"", "price = \"ec2_on_demand\"\nbilling = \"per_hour\""}});
  CHECK(amount_of(whole, "rounding up to whole billed hours on 2 x trn1.32xlarge") == decimal{});
  CHECK(whole.total == decimal::parse("397.635212328767123288"));
}

TEST_CASE("a Capacity Block prices the phases at its fee's rate and bills its unused time") {
  // 960 USD for 2 instances x 1 day: 960 / 48 = 20 USD per instance-hour. Phases (2 instances):
  // setup 720 s x 20 / 3,600 = 4; compilation 2,520 s: 14; training 1,296,000,000 / 60,000 =
  // 21,600 s, 43,200 s: 240; evaluation 2,400 s: 13.333333333333333333; checkpointing 1,080 s: 6;
  // waiting 480 s: 2.666666666666666667. The launch takes 25,200 s of the block's 86,400 s: unused
  // 2 x 61,200 s x 20 / 3,600 = 680. The total is the fee, 960.
  const auto est = evaluate_scenario(
      parse_scenario(block_scenario("1296000000", "960", "1"), example_scenarios + "b.toml"));
  const std::string on = " on 2 x trn1.32xlarge (Capacity Block)";
  CHECK(amount_of(est, "setup" + on) == decimal{4});
  CHECK(amount_of(est, "compilation" + on) == decimal{14});
  CHECK(amount_of(est, "training" + on) == decimal{240});
  CHECK(amount_of(est, "evaluation" + on) == decimal::parse("13.333333333333333333"));
  CHECK(amount_of(est, "checkpointing" + on) == decimal{6});
  CHECK(amount_of(est, "waiting" + on) == decimal::parse("2.666666666666666667"));
  CHECK(amount_of(est, "reserved but unused Capacity Block time on 2 x trn1.32xlarge") ==
        decimal{680});
  CHECK(est.total == decimal{960});
  // The fee is assumed: provisional, never verified; the instance price is never read.
  CHECK(est.status == estimate_status::provisional);
}

TEST_CASE("billing errors name the file the line and the key") {
  const std::string base = trncost_support::scenario_head +
                           trncost_support::component_head("instance_time", "ft") +
                           "instance_type = \"trn1.32xlarge\"\n"
                           "tokens_to_train = { value = \"1\", assumption = \"a\" }\n";
  struct refusal {
    const char* keys;  // after the component's tokens_to_train (line 12)
    const char* message;
  };
  const refusal refusals[] = {
      {"billing = \"per_hours\"\n",
       "trncost: s.toml:13: component[0].billing: unknown billing rule \"per_hours\" (did you "
       "mean \"per_hour\"?); the rules are per_second, per_hour, capacity_block"},
      {"block_fee = { value = \"1\", assumption = \"a\" }\n",
       "trncost: s.toml:13: component[0].block_fee: is only read with billing = "
       "\"capacity_block\" (the billing is \"per_second\")"},
      {"billing = \"per_hour\"\nblock_days = { value = \"1\", assumption = \"a\" }\n",
       "trncost: s.toml:14: component[0].block_days: is only read with billing = "
       "\"capacity_block\" (the billing is \"per_hour\")"},
      {"billing = \"capacity_block\"\nblock_fee = { value = \"1\", assumption = \"a\" }\n",
       "trncost: s.toml:13: component[0].block_days: is missing: a Capacity Block needs "
       "block_fee (USD, the whole block) and block_days (its length)"},
  };
  for (const refusal& r : refusals) {
    CAPTURE(r.keys);
    CHECK(parse_error_of(base + r.keys) == r.message);
  }
  const std::string block = base +
                            "billing = \"capacity_block\"\n"
                            "block_fee = { value = \"1\", assumption = \"a\" }\n";
  CHECK(parse_error_of(block + "block_days = { value = \"1\", assumption = \"a\" }\nprice = { "
                               "value = \"1\", assumption = \"a\" }\n") ==
        "trncost: s.toml:16: component[0].price: is given with billing = \"capacity_block\", "
        "which is priced by its block_fee (the phases at the fee's effective rate); leave the "
        "price out");
  for (const char* days : {"15", "1.5", "0", "189"}) {
    CHECK(
        parse_error_of(block + "block_days = { value = \"" + days + "\", assumption = \"a\" }\n") ==
        "trncost: s.toml:15: component[0].block_days: \"" + std::string(days) +
            "\" is not a Capacity Block duration: a whole number of days, 1 to 14, then "
            "multiples of 7 up to 182");
  }
  for (const char* days : {"1", "14", "21", "182"}) {
    CHECK(parse_error_of(block + "block_days = { value = \"" + days +
                         "\", assumption = \"a\" }\n") == "no error");
  }
}

TEST_CASE("a Capacity Block too short for the phases or with a failures component is refused") {
  // 10,000,000,000 tokens / 60,000 token/s = 166,666.67 s of training: more than one day.
  CHECK(build_error_of(block_scenario("10000000000", "960", "1")) ==
        "trncost: " + example_scenarios +
            "s.toml:17: component[0].block_days: the phases take "
            "170266.666666666666666667 s, more than the Capacity Block's 86400 s; buy a longer "
            "block, or bill the rest on demand");
  const std::string failures = R"([[component]]
kind = "failures"
name = "restarts"
instance_time = "fine-tune"
)";
  CHECK(build_error_of(block_scenario("1296000000", "960", "1", failures)) ==
        "trncost: " + example_scenarios +
            "s.toml:18: component[1] (restarts): instance_time: "
            "\"fine-tune\" is billed as a Capacity Block, whose fee already pays for the reserved "
            "time restarts would use (its unused time is a line); declare failures_restarts none, "
            "saying so");
}

TEST_CASE("is_capacity_block_duration follows AWS's durations") {
  CHECK(pricing::is_capacity_block_duration(1));
  CHECK(pricing::is_capacity_block_duration(14));
  CHECK(pricing::is_capacity_block_duration(28));
  CHECK(pricing::is_capacity_block_duration(182));
  CHECK_FALSE(pricing::is_capacity_block_duration(0));
  CHECK_FALSE(pricing::is_capacity_block_duration(15));
  CHECK_FALSE(pricing::is_capacity_block_duration(189));
}

}  // namespace trncost_tests::cli_scenario_billing_test
