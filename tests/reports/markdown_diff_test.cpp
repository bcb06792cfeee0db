// Tests for the diff as a pull-request comment (report/markdown_diff.hpp): the total's change, the
// status change, the attribution, the lines and inputs that moved, and what is left out.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/markdown_diff.hpp>
#include <trncost/report/report.hpp>
#include <trncost/scenario/scenario.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_markdown_diff_test {

using namespace trncost;
using reports_test::small_estimate;

TEST_CASE(
    "a price and an instance count change give the total and one row per moved input and line") {
  const auto d = report::diff(small_estimate(), small_estimate({.price = "23", .nodes = 3}));
  const std::string md = report::render_diff_markdown(d, "before.json", "after.json");
  CHECK(md.starts_with("### trncost: before.json -> after.json\n\n"));
  // 43.796689497716894963 -> 70.013356164383561621 (diff_test.cpp computes both by hand).
  CHECK(md.find("**Total: 43.80 -> 70.01 USD (+26.22)**, status verified (unchanged)\n") !=
        std::string::npos);
  // The attribution, largest effect first: nodes 23.191666666666666659, then the price 3.025.
  const auto nodes_row = md.find("| +23.19 | `nodes` | 2 instance | 3 instance |\n");
  const auto price_row =
      md.find("| +3.02 | `trn1_price` | 21.5 USD/instance-h | 23 USD/instance-h |\n");
  REQUIRE(nodes_row != std::string::npos);
  REQUIRE(price_row != std::string::npos);
  CHECK(nodes_row < price_row);
  // The training line moved by 2.3 - 1.433333333333333333, exact.
  CHECK(md.find("| training | 1.433333333333333333 | 2.3 | 0.866666666666666667 |\n") !=
        std::string::npos);
  // Storage did not move (0.438356164383561644 on both sides): not listed.
  CHECK(md.find("0.438356164383561644") == std::string::npos);
  CHECK(md.find("#### Inputs that changed") != std::string::npos);
}

TEST_CASE("a status change is written in bold and two equal reports say nothing moved") {
  const auto d = report::diff(small_estimate(), small_estimate({.assumed_overlap = true}));
  const std::string md = report::render_diff_markdown(d, "a.json", "b.json");
  CHECK(md.find("status **verified -> provisional**") != std::string::npos);

  const auto same = report::render_diff_markdown(report::diff(small_estimate(), small_estimate()),
                                                 "a.json", "a.json");
  CHECK(same.find("\nNothing moved: the same lines, amounts and inputs on both sides.\n") !=
        std::string::npos);
  CHECK(same.find("####") == std::string::npos);
}

TEST_CASE("a line only one side has is shown as absent and a pipe in a name is escaped") {
  report::estimate_diff d;
  d.total_before = decimal("1");
  d.total_after = decimal("3");
  d.total_change = decimal("2");
  d.lines.push_back({category::compute,
                     "a|b",
                     std::nullopt,
                     "new line",
                     false,
                     true,
                     std::nullopt,
                     decimal("2"),
                     decimal("2"),
                     {}});
  d.attribution.push_back({"", "", "", decimal("2")});
  const std::string md = report::render_diff_markdown(d, "x.json", "y.json");
  CHECK(md.find("| compute | a\\|b | - | new line | absent | 2 | 2 |\n") != std::string::npos);
  CHECK(md.find("| +2.00 | lines, formulas or inputs added or removed | | |\n") !=
        std::string::npos);
}

TEST_CASE("another instance type reads as each line changed, matched by its role") {
  // The shipped fine-tune on 2 x trn1.32xlarge, then on 1 x trn2.48xlarge: each phase's line is
  // the same role (component, category, phase) under another description, so it changed; none is
  // absent on either side. Training: 258 (2 x 6 h x 21.50) -> 85.824, -172.176.
  const auto report_of = [](const char* file) {
    return report::from_estimate(scenario::evaluate_scenario(
        scenario::read_scenario(std::string(TRNCOST_TESTS_DIR "/../examples/scenarios/") + file)));
  };
  const auto d =
      report::diff(report_of("fine-tune-8b-trn1.toml"), report_of("fine-tune-8b-trn2.toml"));
  const report::line_change* training = nullptr;
  for (const auto& l : d.lines) {
    CHECK(l.in_before);
    CHECK(l.in_after);
    if (l.ph == phase::training) training = &l;
  }
  REQUIRE(training != nullptr);
  CHECK(training->description == "training on 2 x trn1.32xlarge");
  CHECK(training->description_after == "training on 1 x trn2.48xlarge");
  CHECK(training->change == decimal::parse("-172.176"));
  const std::string md = report::render_diff_markdown(d, "trn1.json", "trn2.json");
  CHECK(md.find("| compute | fine-tune | training | training on 2 x trn1.32xlarge (after: training "
                "on 1 x trn2.48xlarge) | 258 | 85.824 | -172.176 |\n") != std::string::npos);
  // No line is absent (the inputs of each side's own runs are, in the inputs' table).
  const std::string lines =
      md.substr(md.find("#### Lines that moved"),
                md.find("#### Inputs that changed") - md.find("#### Lines that moved"));
  CHECK(lines.find("absent") == std::string::npos);
  // A line whose description did not change says nothing more.
  report::line_change same;
  same.description = "a";
  CHECK(report::detail::line_text(same) == "a");
}

}  // namespace trncost_tests::reports_markdown_diff_test
