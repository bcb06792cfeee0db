// A study option's neuron-monitor capture (option.neuron_monitor): its mean NeuronCore utilisation
// is a bottleneck of the option's decision below the bound, a reason that holds otherwise. The
// capture is tests/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl, whose mean is 78.25
// % (hand-computed in tests/readers/neuron_monitor_test.cpp: 70 + 0.5 x 15.5 + 0.5 over 704
// readings).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/scenario/study.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_study_utilisation_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

const std::string studies = TRNCOST_TESTS_DIR "/../examples/studies/";
const std::string capture =
    "../../tests/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl";
const std::string method =
    "mean of 704 (report, core) readings pooled with equal weight over 22 reports, period 1 s, "
    "cores 0-31; 2 reports with an error left out";

/// The Capacity Block study with `line` added to its on-demand option.
study_spec with_capture(const std::string& line) {
  std::ifstream in(studies + "capacity-block-vs-on-demand.toml", std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  const std::string anchor = "name = \"on-demand, per second\"\n";
  const auto at = text.find(anchor);
  REQUIRE(at != std::string::npos);
  text.insert(at + anchor.size(), line + "\n");
  return parse_study(text, studies + "changed.toml");
}

}  // namespace

TEST_CASE("the spec keeps the option's capture and bound as written") {
  const auto st = with_capture("neuron_monitor = { file = \"" + capture + "\", below = \"80\" }");
  REQUIRE(st.options[0].utilisation.has_value());
  const study_utilisation_check& u = *st.options[0].utilisation;
  CHECK(u.file == capture);
  CHECK(u.below == "80");
  CHECK(u.line == 112);
  CHECK_FALSE(st.options[1].utilisation.has_value());
}

TEST_CASE("a utilisation below the bound is a bottleneck of the option's decision") {
  const auto r =
      run_study(with_capture("neuron_monitor = { file = \"" + capture + "\", below = \"80\" }"));
  REQUIRE(r.decided_for.has_value());
  CHECK(*r.decided_for == "on-demand, per second");
  CHECK(r.decision.outcome == analysis::verdict::compare_another);
  REQUIRE(r.decision.compare_reasons.size() == 1);
  CHECK(r.decision.compare_reasons[0] ==
        "a bottleneck remains: NeuronCore utilisation 78.25 % (neuron-monitor, " + capture + ": " +
            method + ") is below 80 %");
}

TEST_CASE("a utilisation at or above the bound holds") {
  const auto r =
      run_study(with_capture("neuron_monitor = { file = \"" + capture + "\", below = \"78.25\" }"));
  CHECK(r.decision.outcome == analysis::verdict::continue_on);
  CHECK(r.decision.compare_reasons.empty());
  // The study has a grant: the reason the credits give comes last, the option's own before it.
  const auto& holds = r.decision.continue_reasons;
  REQUIRE(holds.size() >= 2);
  CHECK(holds[holds.size() - 2] == "NeuronCore utilisation 78.25 % (neuron-monitor, " + capture +
                                       ": " + method + ") is at or above 78.25 %");
  CHECK(
      holds.back().starts_with("ranked by cash paid after credits: credits do not change the "
                               "first option: 'on-demand, per second'"));
}

TEST_CASE("neuron_monitor errors name the file the line and the key") {
  CHECK_THROWS_WITH_AS(
      (void)run_study(with_capture("neuron_monitor = { file = \"none.jsonl\", below = \"50\" }")),
      doctest::Contains("changed.toml:112: option[0].neuron_monitor.file: neuron-monitor capture "
                        "\"none.jsonl\" does not exist"),
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)with_capture("neuron_monitor = { file = \"x.jsonl\", below = \"0\" }"),
      doctest::Contains("changed.toml:112: option[0].neuron_monitor.below: must be a percentage "
                        "above 0 and at most 100"),
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)with_capture("neuron_monitor = { file = \"x.jsonl\", bellow = \"50\" }"),
      doctest::Contains("option[0].neuron_monitor.bellow: unknown key (did you mean \"below\"?)"),
      parse_error);
}

}  // namespace trncost_tests::cli_study_utilisation_test
