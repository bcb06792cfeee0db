// Tests for the credit lines of the FOCUS CSV (report/focus_csv.hpp): ChargeCategory Credit rows
// with a negative BilledCost, the charge period the credit applies to and the grant in
// x_CreditGrant, after the estimate's usage rows; without a burn-down the CSV is the one of the
// estimate alone.
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <trncost/report/focus_csv.hpp>

#include "../support/csv_rows.hpp"
#include "extras_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_focus_credits_test {

using namespace trncost;

namespace {

using trncost_support::csv_rows;

}  // namespace

TEST_CASE("focus csv: without a burn-down, the estimate's CSV unchanged") {
  const auto est = small::small_estimate();
  CHECK(report::render_focus_csv(est, std::nullopt) == report::render_focus_csv(est));
}

TEST_CASE("focus csv: credit lines as ChargeCategory Credit rows with their period and grant") {
  const auto est = small::small_estimate();
  const auto b = extras_test::burn_down();
  const auto text = report::render_focus_csv(est, b);
  CHECK(text.rfind("\"BilledCost\",", 0) == 0);
  CHECK(text.find("\"ChargeFrequency\",\"ChargePeriodStart\",\"ChargePeriodEnd\",") !=
        std::string::npos);
  const auto rows = csv_rows(text);
  // The small estimate's 2 lines, then the burn-down's 5 credit lines.
  REQUIRE(rows.size() == 7);
  CHECK(rows[0].at("ChargeCategory") == "Usage");
  CHECK(rows[0].at("BilledCost") == "200");  // compute: 10 USD/h * 72,000 instance-s / 3600
  CHECK(rows[0].at("ChargePeriodStart") == "NULL");
  CHECK(rows[0].at("x_CreditGrant") == "NULL");
  const auto& first = rows[2];  // grant A paying January's compute 800
  CHECK(first.at("ChargeCategory") == "Credit");
  CHECK(first.at("BilledCost") == "-800");
  CHECK(first.at("EffectiveCost") == "-800");
  CHECK(first.at("ChargeFrequency") == "One-Time");
  CHECK(first.at("ChargePeriodStart") == "2026-01-01 00:00:00");
  CHECK(first.at("ChargePeriodEnd") == "2026-02-01 00:00:00");
  CHECK(first.at("ServiceCategory") == "Compute");
  CHECK(first.at("ServiceName") == "Amazon Elastic Compute Cloud");  // the service it paid
  CHECK(first.at("x_CreditGrant") == "A");
  CHECK(first.at("x_Category") == "compute");
  CHECK(first.at("x_Line") == "2");
  CHECK(first.at("ChargeDescription") == "credit from grant 'A' for compute");
  CHECK(rows[3].at("ServiceCategory") == "Storage");  // A paying January's storage 100
  CHECK(rows[3].at("BilledCost") == "-100");
  CHECK(rows[3].at("ServiceName") == "Amazon Simple Storage Service");
  CHECK(rows[5].at("x_CreditGrant") == "B");  // B paying February's compute 700
  CHECK(rows[5].at("BilledCost") == "-700");
  CHECK(rows[6].at("ChargePeriodStart") == "2026-03-01 00:00:00");
  // The credit rows sum to minus the credits used: -(900 + 800 + 800) = -2500.
  decimal credits{};
  for (const auto& r : rows) {
    if (r.at("ChargeCategory") == "Credit") credits += decimal::parse(r.at("BilledCost"));
  }
  CHECK(credits == decimal(-2500));
  std::ostringstream out;
  report::write_focus_csv(est, b, out);
  CHECK(out.str() == text);
  CHECK(report::focus_credit_columns.back() == "x_CreditGrant");
}

}  // namespace trncost_tests::reports_focus_credits_test
