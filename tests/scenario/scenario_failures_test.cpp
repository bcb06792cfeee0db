// The failures kind with its figures written in the scenario (measured or assumed) instead of read
// from run logs: continued pre-training with one interruption per 50 hours of the 4-node job, 1 h
// of work lost and 20 minutes of restart each (what a plan needs: no carrier component, nothing
// declared none that has a cost), and the files that mix the two ways or give half the figures.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_failures_test {

using namespace trncost;

namespace {

const std::string job = trncost_support::scenario_head +
                        trncost_support::component_head("instance_time", "cpt") +
                        R"(instance_type = "trn2.48xlarge"
instances = { value = "4", assumption = "the cluster we run" }
training_seconds = { value = "720000", assumption = "200 h of training at the measured rate" }
price = { value = "35.76", third_party = { source = "a cloud price comparison site", seen = 2026-10-02 } }

)" + trncost_support::component_head("failures", "interruptions") +
                        "instance_time = \"cpt\"\n";

const std::string figures =
    R"x(interruptions_per_instance_hour = { value = "0.005", assumption = "one per 50 h of the 4-node job: 1 / (50 x 4)" }
restart_seconds = { value = "1200", assumption = "20 minutes to restart from a checkpoint" }
work_lost_seconds = { value = "3600", assumption = "1 h since the last checkpoint" }
)x";

const std::string declared = trncost_support::declare_none_but({"compute", "failures_restarts"});

}  // namespace

TEST_CASE("a failures component takes its interruption figures written, with their provenance") {
  const estimate est =
      scenario::evaluate_scenario(scenario::parse_scenario(job + figures + declared, "cpt.toml"));
  // Exposure: 4 instances x 720,000 s = 2,880,000 instance-s = 800 instance-h; interruptions:
  // 0.005 x 800 = 4. Restarts: 4 x 1,200 s x 4 instances = 19,200 instance-s = 5.333... h x 35.76
  // = 190.72. Work lost: 4 x 3,600 s x 4 = 57,600 instance-s = 16 h x 35.76 = 572.16. Training:
  // 800 h x 35.76 = 28,608. Total 28,608 + 190.72 + 572.16 = 29,370.88.
  const auto* restarts =
      trncost_support::find_line(est, "restarts after expected interruptions on 4 x trn2.48xlarge");
  const auto* lost =
      trncost_support::find_line(est, "work lost since the last checkpoint on 4 x trn2.48xlarge");
  REQUIRE(restarts != nullptr);
  REQUIRE(lost != nullptr);
  CHECK(restarts->amount == decimal("190.72"));
  CHECK(lost->amount == decimal("572.16"));
  CHECK(restarts->cat == category::failures_restarts);
  CHECK(est.total == decimal("29370.88"));
  CHECK(est.by_category.at(category::failures_restarts) == decimal("762.88"));
  // The figures are assumptions: the estimate says so (provisional), naming them.
  CHECK(est.status == estimate_status::provisional);
  bool named = false;
  for (const auto& r : est.reasons) {
    named =
        named || r.text.find("interruptions.interruptions_per_instance_hour") != std::string::npos;
  }
  CHECK(named);
}

TEST_CASE("the figures come all three or none, and never with run logs") {
  const auto refusal = [](const std::string& text) {
    return trncost_support::parse_error_of(text, "cpt.toml");
  };
  CHECK(refusal(job +
                "interruptions_per_instance_hour = { value = \"0.005\", assumption = \"a\" }\n" +
                declared) ==
        "trncost: cpt.toml:16: component[1].restart_seconds: is missing: a failures component "
        "gives interruptions_per_instance_hour, restart_seconds and work_lost_seconds together "
        "(given: interruptions_per_instance_hour), or none of them and reads them from run logs");
  CHECK(refusal(job + figures + "runs = [\"runs.csv\"]\n" + declared) ==
        "trncost: cpt.toml:16: component[1].runs: is given with the interruption figures: a "
        "failures component takes them written (interruptions_per_instance_hour, "
        "restart_seconds, work_lost_seconds) or from run logs, not both");
}

}  // namespace trncost_tests::cli_scenario_failures_test
