// report::audit_document: one audit for every document trncost writes, each kind by its own checker
// (what `trncost audit` and Python's trncost.audit run). The shipped plan and an estimate's report
// pass; a changed figure in either is refused, naming the member; the kind is said.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit_document.hpp>
#include <trncost/report/json.hpp>
#include <trncost/scenario/plan.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_audit_document_test {

using namespace trncost;

TEST_CASE("audit_document recomputes a plan and an estimate, each by its own checker") {
  const std::string examples = TRNCOST_TESTS_DIR "/../examples/";
  // The plan: 29,984.077723389142567224 USD of spend (tests/scenario/plan_json_test.cpp).
  const std::string plan = scenario::render_json(
      scenario::run_plan(scenario::read_plan(examples + "plans/cpt-and-sweep.toml")));
  const auto p = report::audit_document(plan, "plan.json");
  CHECK(p.ok);
  CHECK(p.kind == "plan");
  CHECK(p.recomputed.find("2 workloads, ") == 0);
  std::string spend = plan;
  const auto at = spend.find("\"spend\": \"29984.077723389142567224\"");
  REQUIRE(at != std::string::npos);
  spend.replace(at, 35, "\"spend\": \"29984.087723389142567224\"");
  const auto tampered = report::audit_document(spend, "plan.json");
  CHECK_FALSE(tampered.ok);
  CHECK(tampered.first_mismatch.find("spend") != std::string::npos);
  // An estimate's report: its counts and the command's sentence.
  const auto est = scenario::evaluate_scenario(
      scenario::read_scenario(examples + "scenarios/fine-tune-8b-trn1.toml"));
  const auto e = report::audit_document(report::render_json(est), "e.json");
  CHECK(e.ok);
  CHECK(e.kind == "estimate");
  CHECK(e.lines == est.lines.size());
  CHECK(e.recomputed.find(" lines and the totals recomputed exactly") != std::string::npos);
  // Text that is no document of trncost's is refused as such.
  CHECK_THROWS_AS((void)report::audit_document("{}", "x.json"), parse_error);
}

}  // namespace trncost_tests::reports_audit_document_test
