// What the runs of a scenario's log show in its report (docs/scenario.md, "What the runs show"):
// each run's billed time, goodput and time to quality, the cost of a run that did not complete,
// and the runs kept out of the medians named in their derivations. Hand-computed from
// examples/data/ft-8b-trn1-runs.csv in the comments.
#include <doctest/doctest.h>

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
  const estimate e = io::evaluate_scenario(io::read_scenario(path));
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
  const std::string md = io::render_markdown(e, "t");
  CHECK(md.find("median of setup_s over 3 runs; kept out: ft-8b-trn1-r4 (failed)") !=
        std::string::npos);
  const std::string html = io::render_html(e, "t");
  CHECK(html.find("<ul id=\"protocol-medians\">") != std::string::npos);
  CHECK(html.find("<li><code>setup_s</code> = 360 s: median of setup_s over 3 runs; kept out: "
                  "ft-8b-trn1-r4 (failed)</li>") != std::string::npos);
  CHECK(md.find("| fine-tune | goodput of run ft-8b-trn1-r1 | 0.5 (50.0 %) |") !=
        std::string::npos);
  // Both figures are recomputed by the audit from the runs' measured times.
  CHECK(io::audit(io::render_json(e), path).ok);
}

}  // namespace trncost_tests::cli_scenario_run_figures_test
