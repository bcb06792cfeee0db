// [study] regions (docs/scenario.md, "Where is it cheapest"): the shipped examples/studies/
// batch-by-region.toml, every option evaluated in each region of the list with its scenario's
// region replaced, on three EC2 offer files of the project's own (examples/data/offers/); the
// priced regions cheapest per unit of work first, a region without the type's row listed as not
// priced, never at zero; both verifiers recompute every region's report. Hand-computed below.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/scenario/study.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_study_regions_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string shipped = TRNCOST_TESTS_DIR "/../examples/studies/batch-by-region.toml";

std::string study_text() {
  std::ifstream in(shipped);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("[study] regions: each option in each region, cheapest first, not offered never 0") {
  const study_result r = run_study(shipped);
  REQUIRE(r.options.size() == 2);
  const auto& trn1 = r.options[0].regions;
  REQUIRE(trn1.size() == 3);
  // trn1: us-west-2 4 instance-h x 20.64 = 82.56 (0.1147 per 1M tokens of 720), us-east-1 4 x
  // 21.50 = 86.00; eu-west-1's file has no trn1.32xlarge row: not priced, with the book's reason.
  CHECK(trn1[0].region == "us-west-2");
  CHECK(trn1[0].est->total == decimal("82.56"));
  CHECK(trn1[0].work == decimal(720));
  CHECK(trn1[1].region == "us-east-1");
  CHECK(trn1[1].est->total == decimal(86));
  CHECK(trn1[2].region == "eu-west-1");
  CHECK_FALSE(trn1[2].est.has_value());
  CHECK(trn1[2].why_not.find("no price matches EC2 Linux on-demand trn1.32xlarge in eu-west-1") !=
        std::string::npos);
  // p5: 2 instance-h x 55.04 = 110.08 in us-east-1 and us-west-2 (a tie: the order written), x
  // 61.60 = 123.20 in eu-west-1.
  const auto& p5 = r.options[1].regions;
  CHECK(p5[0].region == "us-east-1");
  CHECK(p5[1].region == "us-west-2");
  CHECK(p5[1].est->total == decimal("110.08"));
  CHECK(p5[2].region == "eu-west-1");
  CHECK(p5[2].est->total == decimal("123.2"));
  // Each region's lines are billed there, at that region's quote.
  for (const auto& l : p5[2].est->lines) CHECK(l.identity.region == "eu-west-1");
  // The study's own ranking stays the options' own region (us-east-1): trn1 86.00 < p5 110.08.
  CHECK(*r.decided_for == "trn1");
  const auto a = audit_study(render_json(r), "regions.json");
  CHECK_MESSAGE(a.ok, a.first_mismatch);
  const std::string md = render_study(r, "md");
  CHECK(md.find("| trn1 | 1 | us-west-2 | 82.56 | 0.1147 | ") != std::string::npos);
  CHECK(md.find("| trn1 | - | eu-west-1 | not priced |") != std::string::npos);
}

TEST_CASE("[study] regions refused: not a list, not a region, twice") {
  const auto error_of = [](const std::string& text) {
    return trncost_support::error_message<parse_error>([&] { (void)parse_study(text, "st.toml"); });
  };
  const std::string study = study_text();
  std::string bad = study;
  bad.replace(bad.find("regions = ["), 49, "regions = [\"us-east-1\", \"Ireland\"]         ");
  CHECK(error_of(bad) ==
        "trncost: st.toml:12: study.regions[1]: must be an AWS region code (\"us-east-1\"), is "
        "\"Ireland\"");
  bad = study;
  bad.replace(bad.find("regions = ["), 49, "regions = [\"us-east-1\", \"us-east-1\"]       ");
  CHECK(error_of(bad) == "trncost: st.toml:12: study.regions[1]: \"us-east-1\" is listed twice");
  bad = study;
  bad.replace(bad.find("regions = ["), 49, "regions = \"us-east-1\"                          ");
  CHECK(error_of(bad).find("study.regions: must be an array of region codes") != std::string::npos);
}

}  // namespace trncost_tests::cli_study_regions_test
