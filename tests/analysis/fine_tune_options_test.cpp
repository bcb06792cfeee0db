// The Trainium vs GPU example's options (examples/fine_tune_options.hpp), computed by hand.
#include "../../examples/fine_tune_options.hpp"

#include <doctest/doctest.h>

#include "trncost/analysis/decision.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_fine_tune_options_test {

using namespace trncost;

TEST_CASE("fine_tune options: totals by hand, ranking and the trn2 option set in its own group") {
  const auto options = fine_tune::options();
  // trn1: 2 instances x 25,200 s = 50,400 instance-s x 21.50 / 3600 = 301 USD of instance time;
  // gp3 0.08 x (1000 GiB x 7 h) / 730 = 560 / 730 = 0.767123287671232877; interruptions
  // 0.002 x 14 instance-h = 0.028: restarts 0.028 x 600 s x 2 x 21.50 / 3600 = 0.200666666666666667
  // and work lost 0.028 x 900 x 2 x 21.50 / 3600 = 0.301. Total 302.268789954337899544.
  CHECK(options[0].est.total == decimal::parse("302.268789954337899544"));
  // p5: 27,000 s x 55.04 / 3600 = 412.8; gp3 0.08 x 7500 / 730 = 0.821917808219178082;
  // 0.002 x 7.5 = 0.015 interruptions: 0.015 x 600 x 55.04 / 3600 = 0.1376 and 0.015 x 900 x
  // 55.04 / 3600 = 0.2064. Total 413.965917808219178082.
  CHECK(options[1].est.total == decimal::parse("413.965917808219178082"));
  // Every option rests on an assumption (the work lost per interruption): provisional.
  CHECK(options[0].est.status == estimate_status::provisional);

  const auto c = analysis::compare(options);
  REQUIRE(c.groups.size() == 2);
  REQUIRE(c.groups[0].ranked.size() == 2);
  CHECK(c.groups[0].ranked[0].name == "2 x trn1.32xlarge");
  // 413.965917808219178082 / 302.268789954337899544 = 1.369528...
  CHECK(c.groups[0].ranked[1].cost_ratio.to_fixed(decimal_places{4}) == "1.3695");
  CHECK(c.groups[1].differences == std::vector<std::string>{"dataset 'ft-v5' instead of 'ft-v4'"});
}

TEST_CASE("fine_tune options: the decision names the assumed work lost") {
  const auto options = fine_tune::options();
  analysis::decision_inputs di;
  di.est = &options[0].est;
  di.quality = options[0].proto;
  di.region = "us-east-1";
  di.support.stated_check = "replayed on the target stack";
  const auto d = analysis::decide(di);
  CHECK(d.outcome == analysis::verdict::compare_another);
  CHECK(d.compare_reasons ==
        std::vector<std::string>{"step input 'work_lost_s' is not measured (assumption)"});
  // The trn2 option's third-party price suspends it.
  di.est = &options[2].est;
  di.quality = options[2].proto;
  CHECK(analysis::decide(di).outcome == analysis::verdict::suspend);
}

}  // namespace trncost_tests::analysis_fine_tune_options_test
