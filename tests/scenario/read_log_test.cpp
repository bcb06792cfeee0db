// readers::read_log: every file a run opens for reading, whatever reader opens it, so that a
// program never writes its output over one of them (docs/security.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <trncost/readers/detail/input.hpp>
#include <trncost/scenario/scenario.hpp>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::scenario_read_log_test {

using namespace trncost;

namespace {

bool ends_with_any(const std::vector<std::string>& paths, const std::string& tail) {
  return std::any_of(paths.begin(), paths.end(), [&](const std::string& p) {
    return p.size() >= tail.size() && p.compare(p.size() - tail.size(), tail.size(), tail) == 0;
  });
}

}  // namespace

TEST_CASE("the files a run reads are recorded, nested logs included") {
  const std::string scenario = trncost_support::example_scenarios + "fine-tune-8b-trn1.toml";
  readers::read_log outer;
  {
    readers::read_log inner;
    (void)scenario::evaluate_scenario(scenario::read_scenario(scenario));
    // The scenario, its run log and its four offer files, each once, in the order opened.
    const auto& read = inner.paths();
    CHECK(read.front() == scenario);
    CHECK(ends_with_any(read, "data/ft-8b-trn1-runs.csv"));
    for (const char* offer :
         {"AmazonEC2-us-east-1.json", "AmazonS3-us-east-1.csv", "AmazonCloudWatch-us-east-1.json",
          "AWSDataTransfer-us-east-1.json"}) {
      CAPTURE(offer);
      CHECK(ends_with_any(read, offer));
    }
    CHECK(read.size() == 6);
    // Read twice, recorded once.
    (void)scenario::read_scenario(scenario);
    CHECK(inner.paths().size() == 6);
  }
  // The log around it saw the same files; a file refused as it is opened is recorded too (the
  // run tried to read it, so its output must spare it).
  CHECK(outer.paths().size() == 6);
  CHECK_THROWS_AS((void)scenario::read_scenario("no-such-scenario.toml"), parse_error);
  CHECK(outer.paths().back() == "no-such-scenario.toml");
}

TEST_CASE("outside a read_log nothing is recorded") {
  (void)scenario::read_scenario(trncost_support::example_scenarios + "fine-tune-8b-trn1.toml");
  const readers::read_log log;
  CHECK(log.paths().empty());
}

}  // namespace trncost_tests::scenario_read_log_test
