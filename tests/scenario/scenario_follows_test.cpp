// Storage that follows a workload (docs/scenario.md, "Storage that follows a workload"): volumes,
// buckets and logs kept for a workload's wall-clock time and days after it (kept_for,
// kept_after_days), checkpoints counted and sized (checkpoints, checkpoint_gib), and the figures
// every workload states (model::add_figure): the timeline a report prints. Amounts are
// hand-computed in the comments.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_follows_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

// A fine-tune of 2 x trn1.32xlarge: 1,800 s of setup and 34,200 s of training, 36,000 s (10 h) of
// wall-clock time; then whatever storage a case adds, written before the workload on purpose (the
// builder adds what follows a workload after it).
std::string scenario(const std::string& storage, const std::string& extra_none = "") {
  return trncost_support::scenario_head + storage +
         trncost_support::component_head("instance_time", "ft") +
         R"(instance_type = "trn1.32xlarge"
price = { value = "21.50", assumption = "the on-demand price" }
instances = { value = "2", choice = "the cluster we have" }
setup_seconds = { value = "1800", assumption = "launch and compilation" }
training_seconds = { value = "34200", assumption = "the last run's training" }
)" + extra_none;
}

const std::string scratch_for_ft = trncost_support::component_head("block_storage", "scratch") +
                                   R"(volume_type = "gp3"
price = { value = "0.08", assumption = "gp3 per GiB-month" }
size_gib = { value = "1000", choice = "the scratch volume" }
kept_for = "ft"
kept_after_days = { value = "1", choice = "a day to copy the results out" }
)";

const std::string checkpoints_for_ft = trncost_support::component_head("object_storage", "ckpt") +
                                       R"(storage_class = "Standard"
storage_price = { value = "0.023", assumption = "S3 Standard per GiB-month" }
checkpoints = { value = "3", choice = "the last three kept" }
checkpoint_gib = { value = "50", assumption = "weights and optimiser state" }
kept_for = "ft"
)";

const std::string logs_for_ft = trncost_support::component_head("logging", "logs") + R"(
ingested_gib = { value = "10", assumption = "the run's logs" }
ingestion_price = { value = "0.5", assumption = "CloudWatch ingestion" }
stored_gib = { value = "10", assumption = "all of them" }
storage_price = { value = "0.03", assumption = "CloudWatch storage" }
kept_for = "ft"
kept_after_days = { value = "30", choice = "a month for the post-mortem" }
)";

const std::string none_but_compute_and_storage =
    trncost_support::declare_none_but({"compute", "storage", "logs"});

estimate run(const std::string& text) { return evaluate_scenario(parse_scenario(text, "s.toml")); }

std::string build_error_of(const std::string& text) {
  return trncost_support::error_message<trncost::error>(
      [&] { (void)build_model(parse_scenario(text, "s.toml")); });
}

}  // namespace

TEST_CASE("storage kept for a workload's run and days after it is priced from its timeline") {
  const estimate e = run(
      scenario(scratch_for_ft + checkpoints_for_ft + logs_for_ft, none_but_compute_and_storage));
  // The volume: 1,000 GiB x 0.08 x (36,000 s + 1 day of 86,400 s = 122,400 s = 34 h) / 730 h =
  // 9,792,000 / 2,628,000 = 3.7260273972602739726... -> 3.726027397260273973 (18 digits,
  // half-even).
  const auto amount_of = [&](std::string_view component) {
    decimal sum{};
    for (const auto& l : e.lines) {
      if (l.component == component && l.amount) sum += *l.amount;
    }
    return sum;
  };
  CHECK(amount_of("scratch") == decimal::parse("3.726027397260273973"));
  // The checkpoints: 3 x 50 = 150 GiB x 0.023 x 10 h / 730 h = 34.5 / 730 =
  // 0.0472602739726027397... -> 0.04726027397260274.
  CHECK(amount_of("ckpt") == decimal::parse("0.04726027397260274"));
  // The logs: ingestion 10 x 0.5 = 5; storage 10 GiB x 0.03 x (10 h + 720 h = 730 h) / 730 h = 0.3.
  CHECK(amount_of("logs") == decimal::parse("5.3"));
  // The workload's timeline is stated: billed and wall clock, 36,000 s each (no interruption).
  REQUIRE(e.figures.size() == 2);
  CHECK(e.figures[0].workload == "ft");
  CHECK(e.figures[0].what == figure_billed_time);
  CHECK(e.figures[1].what == figure_wall_clock_time);
  CHECK(decimal::parse(e.figures[1].value->value) == decimal(36000));
  // The follower is added after the workload though written before it: the lines of `ft` first.
  CHECK(e.lines.front().component == "ft");
}

TEST_CASE("a report states the figures, and both the audit and a reader of its Markdown see them") {
  const estimate e =
      run(scenario(scratch_for_ft, trncost_support::declare_none_but({"compute", "storage"})));
  const std::string json = report::render_json(e);
  CHECK(json.find("\"schema_version\": 7") != std::string::npos);
  CHECK(json.find("\"figures\": [") != std::string::npos);
  CHECK(report::audit(json, "f.json").ok);
  // 36,000 s is 10 h and 0.4167 days.
  const std::string md = report::render_markdown(e, "t");
  CHECK(md.find("## Timeline and figures") != std::string::npos);
  CHECK(md.find("| ft | wall-clock time | 36000 s (10.0000 h, 0.4167 days) |") !=
        std::string::npos);
  // A figure that names no value of the report, and a figure stated twice, are refused.
  const auto value_at = json.find("\"value\": \"", json.find("\"figures\""));
  REQUIRE(value_at != std::string::npos);
  std::string renamed = json;
  renamed.insert(value_at + 10, "nothing ");
  const auto refused = report::audit(renamed, "f.json");
  CHECK_FALSE(refused.ok);
  CHECK(refused.first_mismatch.find("figures[0].value 'nothing ") != std::string::npos);
  // The same figure twice is refused.
  const auto first = json.find("{", json.find("\"figures\""));
  const auto end = json.find("}", first);
  std::string twice = json;
  twice.insert(end + 1, "," + json.substr(first, end + 1 - first));
  const auto repeated = report::audit(twice, "f.json");
  CHECK_FALSE(repeated.ok);
  CHECK(repeated.first_mismatch.find("figures[1]: workload 'ft' states 'billed time per instance' "
                                     "twice (figures[0])") != std::string::npos);
}

TEST_CASE("kept_for, kept_after_days and checkpoints are refused where they do not fit") {
  using trncost_support::parse_error_of;
  // kept_for names a workload with a wall-clock time.
  std::string other = scratch_for_ft;
  other.replace(other.find("kept_for = \"ft\""), 15, "kept_for = \"fine\"");
  CHECK(build_error_of(scenario(other, none_but_compute_and_storage))
            .find("kept_for: \"fine\" is not a workload of this scenario with a wall-clock time; "
                  "the workloads with one are \"ft\"") != std::string::npos);
  // A storage component is not a workload.
  std::string self = scratch_for_ft;
  self.replace(self.find("kept_for = \"ft\""), 15, "kept_for = \"scratch\"");
  CHECK(build_error_of(scenario(self, none_but_compute_and_storage))
            .find("kept_for: \"scratch\" is not a workload") != std::string::npos);
  // kept_for and a written period: one or the other.
  std::string both = scratch_for_ft;
  both += "kept_months = { value = \"1\", choice = \"a month\" }\n";
  CHECK(parse_error_of(scenario(both)).find("component[0].kept_for: is given with kept_months") !=
        std::string::npos);
  CHECK(parse_error_of(scenario(both))
            .find("write exactly one of kept_seconds, kept_hours, "
                  "kept_months, kept_for") != std::string::npos);
  // kept_after_days counts from the workload kept_for names.
  std::string after = scratch_for_ft;
  after.erase(after.find("kept_for = \"ft\"\n"), 16);
  after += "kept_months = { value = \"1\", choice = \"a month\" }\n";
  CHECK(parse_error_of(scenario(after))
            .find("component[0].kept_after_days: is given without kept_for") != std::string::npos);
  // Checkpoints go with their size, and stand instead of stored_gib.
  std::string count = checkpoints_for_ft;
  count.erase(count.find("checkpoint_gib"), count.find("kept_for") - count.find("checkpoint_gib"));
  CHECK(
      parse_error_of(scenario(count)).find("component[0].checkpoints: goes with checkpoint_gib") !=
      std::string::npos);
  std::string stored = checkpoints_for_ft;
  stored += "stored_gib = { value = \"1\", choice = \"a\" }\n";
  CHECK(parse_error_of(scenario(stored)).find("write exactly one of stored_gib, checkpoints") !=
        std::string::npos);
}

TEST_CASE("a figure reads in the units people quote") {
  // 36,000 s = 10 h = 0.41666... days (4 decimals, half-even); 36,000,000 EFLOP = 3.6e25 FLOP.
  CHECK(report::detail::figure_text("36000", "s", true) == "36000 s (10.0000 h, 0.4167 days)");
  CHECK(report::detail::figure_text("36000000", "EFLOP", true) ==
        "36000000 EFLOP (about 3.6e+25 FLOP)");
  CHECK(report::detail::figure_text("20000000000", "token", true) == "20000000000 token");
  CHECK(report::detail::figure_text("", "s", false) == "unknown");
}

TEST_CASE("a model's figures: named once, of the model, found in their unit") {
  model m;
  const auto t = m.input(sourced("t", seconds(10), assumption{"a"}));
  m.add_figure("job", std::string(figure_wall_clock_time), t);
  CHECK(m.figure<units::second_t>("job", figure_wall_clock_time)->id() == t.id());
  CHECK_FALSE(m.figure<units::second_t>("job", figure_billed_time).has_value());
  CHECK_THROWS_WITH_AS((void)m.figure<units::hour_t>("job", figure_wall_clock_time),
                       "trncost: figure 'wall-clock time' of workload 'job' is in 's', not in 'h'",
                       input_error);
  CHECK_THROWS_WITH_AS(m.add_figure("job", std::string(figure_wall_clock_time), t),
                       "trncost: workload 'job' already has a figure 'wall-clock time'",
                       input_error);
  CHECK_THROWS_AS(m.add_figure("", "x", t), input_error);
  model other;
  const auto u = other.input(sourced("u", seconds(1), assumption{"a"}));
  CHECK_THROWS_WITH_AS(m.add_figure("job", "other", u),
                       "trncost: figure 'other' of workload 'job' is a node of another model",
                       input_error);
}

}  // namespace trncost_tests::cli_scenario_follows_test
