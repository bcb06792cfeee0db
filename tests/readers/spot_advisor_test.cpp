// The Spot Instance Advisor's data (readers/spot_advisor.hpp): the real layout (ranges,
// instance_types, spot_advisor by region and operating system), a type without a row meaning no
// spot market, the interruption bucket as a rate per instance-hour (hand-computed), and refusals
// naming the member.
#include <doctest/doctest.h>

#include <string>
#include <trncost/readers/spot_advisor.hpp>

#include "../support/price_fixtures.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_spot_advisor_test {

using namespace trncost;
using namespace trncost::readers;
using namespace trncost_support::price_fixtures;

namespace {

std::string refusal(const std::string& text) {
  return trncost_support::error_message<parse_error>(
      [&] { (void)parse_spot_advisor(text, "advisor.json"); });
}

const std::string ranges =
    R"("ranges":[{"index":0,"label":"<5%","dots":0,"max":5},{"index":1,"label":"5-10%","dots":1,"max":11}])";

}  // namespace

TEST_CASE("the advisor's markets by region, operating system and type") {
  const spot_advisor a = read_spot_advisor(spot_advisor_json);
  CHECK(a.ranges.size() == 5);
  CHECK(a.ranges[4].label == ">20%");
  CHECK(a.ranges[4].max_percent == 100);
  const spot_market* trn1 = a.find("us-east-1", "trn1.32xlarge");
  REQUIRE(trn1 != nullptr);
  CHECK(trn1->savings_percent == 61);
  CHECK(trn1->interruption.label == "5-10%");
  CHECK(trn1->interruption.max_percent == 11);
  CHECK(a.find("us-west-2", "trn1.32xlarge")->interruption.label == "10-15%");
  // No row: no spot market (trn2.48xlarge is a known type of the file, with no market anywhere).
  CHECK(a.find("us-east-1", "trn2.48xlarge") == nullptr);
  CHECK(a.find("us-west-2", "inf2.48xlarge") == nullptr);
  CHECK(a.find("eu-west-1", "trn1.32xlarge") == nullptr);
  // The operating system is part of the market.
  CHECK(a.find("us-east-1", "m5.large", "Windows")->savings_percent == 38);
  CHECK(a.find("us-east-1", "trn1.32xlarge", "Windows") == nullptr);
}

TEST_CASE("a bucket as a rate per instance-hour: its upper bound over a 730-hour month") {
  const spot_advisor a = read_spot_advisor(spot_advisor_json);
  // "5-10%" (max 11): 11 / 100 / 730 = 0.000150684931506849315... -> 0.000150684931506849.
  const auto r =
      spot_interruption_rate(*a.find("us-east-1", "trn1.32xlarge"), "advisor.json", "rate");
  CHECK(r.value().value() == decimal("0.000150684931506849"));
  const auto* why = std::get_if<assumption>(&r.origin());
  REQUIRE(why != nullptr);
  CHECK(why->rationale.find("\"5-10%\" bucket") != std::string::npos);
  CHECK(why->rationale.find("11 % of instances a 730-hour month") != std::string::npos);
  // ">20%" (max 100): 1 / 730 = 0.001369863013698630136... -> 0.00136986301369863.
  CHECK(spot_interruption_rate(*a.find("us-west-2", "p5.48xlarge"), "f", "r").value().value() ==
        decimal("0.00136986301369863"));
}

TEST_CASE("the advisor's data refused, naming the member and the rule") {
  CHECK(refusal("[]") == "trncost: advisor.json: must be a JSON object");
  CHECK(refusal(R"({"spot_advisor":{}})") == "trncost: advisor.json: ranges: is missing");
  CHECK(
      refusal("{" + ranges + R"(,"spot_advisor":{"us-east-1":{"Linux":{"t":{"s":50,"r":7}}}}})") ==
      "trncost: advisor.json: spot_advisor.us-east-1.Linux.t.r: 7 is the index of no range of "
      "`ranges`");
  CHECK(
      refusal("{" + ranges + R"(,"spot_advisor":{"us-east-1":{"Linux":{"t":{"s":150,"r":0}}}}})") ==
      "trncost: advisor.json: spot_advisor.us-east-1.Linux.t.s: must be a whole number from 0 "
      "to 100 (is 150)");
  CHECK(refusal("{" + ranges +
                R"(,"spot_advisor":{"us-east-1":{"Linux":{"t":{"s":"50","r":0}}}}})") ==
        "trncost: advisor.json: spot_advisor.us-east-1.Linux.t.s: must be a number (is a string)");
  CHECK(refusal(R"({"ranges":[],"spot_advisor":{}})") == "trncost: advisor.json: ranges: is empty");
}

TEST_CASE("a range whose label and max say two buckets is refused, naming both") {
  // The published file puts each max a little above its label's bound ("5-10%" with 11, "15-20%"
  // with 22): those stand. A max outside its label's bucket says another bucket.
  const auto with = [](const char* label, int max) {
    return refusal(std::string(R"({"ranges":[{"index":0,"label":")") + label +
                   R"(","dots":0,"max":)" + std::to_string(max) + R"(}],"spot_advisor":{}})");
  };
  CHECK(with("50-60%", 11) ==
        "trncost: advisor.json: ranges[0].label: \"50-60%\" with max 11 contradicts itself; a "
        "range's label and its max (the percentage trncost uses) must say the same bucket");
  CHECK(with("5-10%", 11) == "no error");
  CHECK(with("15-20%", 22) == "no error");
  CHECK(with("<5%", 5) == "no error");
  CHECK(with(">20%", 100) == "no error");
  CHECK(with("5-10%", 4).find("contradicts itself") != std::string::npos);
  CHECK(with("5-10%", 60).find("contradicts itself") != std::string::npos);
  CHECK(with("<5%", 50).find("contradicts itself") != std::string::npos);
  CHECK(with(">20%", 20).find("contradicts itself") != std::string::npos);
  CHECK(with("about ten", 10) ==
        "trncost: advisor.json: ranges[0].label: is not a label trncost reads (<5%, 5-10%, >20%)");
}

}  // namespace trncost_tests::io_spot_advisor_test
