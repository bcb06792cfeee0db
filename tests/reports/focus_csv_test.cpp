// Tests for the FOCUS CSV writer (report/focus_csv.hpp): column names against the FOCUS 1.x names
// (docs/domain.md#focus-columns and the FOCUS 1.0 sample's header), values per line computed by
// hand, NULL for what does not exist, and quoting that a CSV reader reads back.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <trncost/report/focus_csv.hpp>

#include "../support/csv_rows.hpp"
#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_focus_csv_test {

using namespace trncost;
using reports_test::small_estimate;

namespace {

/// FOCUS 1.0 column names: the header of the FinOps Foundation's FOCUS 1.0 sample file (AWS), plus
/// the ones docs/domain.md#focus-columns lists from the specification (ChargePeriodStart/End,
/// ServiceCategory, ...).
const std::set<std::string> focus_names{"AvailabilityZone",
                                        "BilledCost",
                                        "BillingAccountId",
                                        "BillingAccountName",
                                        "BillingCurrency",
                                        "BillingPeriodEnd",
                                        "BillingPeriodStart",
                                        "ChargeCategory",
                                        "ChargeClass",
                                        "ChargeDescription",
                                        "ChargeFrequency",
                                        "ChargePeriodEnd",
                                        "ChargePeriodStart",
                                        "CommitmentDiscountCategory",
                                        "CommitmentDiscountId",
                                        "CommitmentDiscountName",
                                        "CommitmentDiscountStatus",
                                        "CommitmentDiscountType",
                                        "ConsumedQuantity",
                                        "ConsumedUnit",
                                        "ContractedCost",
                                        "ContractedUnitPrice",
                                        "EffectiveCost",
                                        "InvoiceIssuerName",
                                        "ListCost",
                                        "ListUnitPrice",
                                        "PricingCategory",
                                        "PricingQuantity",
                                        "PricingUnit",
                                        "ProviderName",
                                        "PublisherName",
                                        "RegionId",
                                        "RegionName",
                                        "ResourceId",
                                        "ResourceName",
                                        "ResourceType",
                                        "ServiceCategory",
                                        "ServiceName",
                                        "SkuId",
                                        "SkuPriceId",
                                        "SubAccountId",
                                        "SubAccountName",
                                        "Tags"};

using trncost_support::csv_rows;

}  // namespace

TEST_CASE(
    "the CSV's columns are FOCUS names or x_-prefixed and the estimate's FOCUS columns are all "
    "there") {
  std::set<std::string> seen;
  for (const auto c : report::focus_columns) {
    const std::string name(c);
    CAPTURE(name);
    CHECK(seen.insert(name).second);  // no column twice
    if (name.rfind("x_", 0) == 0) continue;
    CHECK(focus_names.count(name) == 1);
  }
  // The columns an estimate's cost lines must carry: the FOCUS ones of
  // docs/domain.md#focus-columns, then trncost's own x_ columns.
  for (const char* must :
       {"BilledCost",          "ListCost",       "EffectiveCost",   "ListUnitPrice",
        "PricingQuantity",     "PricingUnit",    "PricingCategory", "ConsumedQuantity",
        "ConsumedUnit",        "ChargeCategory", "ChargeFrequency", "ServiceName",
        "ServiceCategory",     "SkuId",          "SkuPriceId",      "RegionId",
        "BillingCurrency",     "x_Phase",        "x_Formula",       "x_PriceProvenance",
        "x_QuantityProvenance"}) {
    CAPTURE(must);
    CHECK(seen.count(must) == 1);
  }
  // The header line is exactly those names, quoted as the FOCUS sample writes them.
  const auto text = report::render_focus_csv(small_estimate());
  CHECK(text.rfind("\"BilledCost\",\"EffectiveCost\",\"ListCost\",\"ListUnitPrice\",", 0) == 0);
}

TEST_CASE("each line becomes a FOCUS row with hand-computed quantities in the price's unit") {
  const auto rows = csv_rows(report::render_focus_csv(small_estimate()));
  REQUIRE(rows.size() == 4);
  const auto& training = rows[0];
  // 21.5 USD/instance-h x 240 instance-s / 3600 = 1.433333333333333333.
  CHECK(training.at("BilledCost") == "1.433333333333333333");
  CHECK(training.at("ListCost") == "1.433333333333333333");
  CHECK(training.at("EffectiveCost") == "1.433333333333333333");
  CHECK(training.at("ListUnitPrice") == "21.5");
  // 240 instance-s in instance-h: 240 / 3600 = 0.0666... -> 0.066666666666666667.
  CHECK(training.at("PricingQuantity") == "0.066666666666666667");
  CHECK(training.at("PricingUnit") == "instance-h");
  CHECK(training.at("ConsumedQuantity") == "240");
  CHECK(training.at("ConsumedUnit") == "instance-s");
  CHECK(training.at("PricingCategory") == "Standard");  // on-demand
  CHECK(training.at("ChargeCategory") == "Usage");
  CHECK(training.at("ChargeFrequency") == "Usage-Based");
  CHECK(training.at("BillingCurrency") == "USD");
  CHECK(training.at("ServiceName") == "Amazon Elastic Compute Cloud");
  CHECK(training.at("ServiceCategory") == "Compute");
  CHECK(training.at("ProviderName") == "AWS");
  CHECK(training.at("RegionId") == "us-east-1");
  CHECK(training.at("SkuId") == "WVVQPJVCQU4SR8XF");
  CHECK(training.at("SkuPriceId") == "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7");
  // What the line is, from its identity (docs/model.md#what-a-line-is).
  CHECK(training.at("ResourceType") == "trn1.32xlarge");
  CHECK(training.at("x_ServiceCode") == "AmazonEC2");
  CHECK(training.at("x_UsageType") == "BoxUsage:trn1.32xlarge");
  CHECK(training.at("x_PurchaseOption") == "on-demand");
  CHECK(training.at("x_Phase") == "training");
  CHECK(training.at("x_Overhead") == "useful");
  CHECK(training.at("x_Priced") == "true");
  CHECK(training.at("x_Formula") == "trn1_price * (nodes * (train_s + eval_s)) / 3600");
  CHECK(training.at("x_FactorNum") == "1");
  CHECK(training.at("x_FactorDen") == "3600");
  CHECK(training.at("x_PriceProvenance").rfind("quoted: AmazonEC2 20260910195514", 0) == 0);
  CHECK(training.at("x_QuantityProvenance") ==
        "derived: nodes * (train_s + eval_s) from nodes = 2 instance, train_s + eval_s = 120 s");
  CHECK(training.at("x_Inputs") == "trn1_price; nodes; train_s; eval_s");
  CHECK(rows[1].at("x_Overhead") == "overhead");  // waiting

  const auto& storage = rows[3];
  // 4000 GiB-h in GiB-months of 730 h: 5.47945205479452054794... -> 5.479452054794520548.
  CHECK(storage.at("PricingQuantity") == "5.479452054794520548");
  CHECK(storage.at("PricingUnit") == "GiB-mo");
  // EBS is billed by Amazon EC2, whose FOCUS ServiceCategory is Compute (the service's, not the
  // cost category's).
  CHECK(storage.at("ServiceCategory") == "Compute");
  CHECK(storage.at("ServiceName") == "Amazon Elastic Compute Cloud");  // EBS is billed by EC2
  CHECK(storage.at("SkuId") == "NULL");  // a price read from a page has no SKU
  CHECK(storage.at("x_Phase") == "NULL");
  CHECK(storage.at("x_FactorDen") == "730");

  // The rows' BilledCost add up to the estimate's total.
  decimal sum;
  for (const auto& r : rows) sum += decimal::parse(r.at("BilledCost"));
  CHECK(sum == small_estimate().total);
}

TEST_CASE("an unpriced line has a NULL cost - never 0") {
  const auto rows =
      csv_rows(report::render_focus_csv(small_estimate({.unknown_storage_price = true})));
  REQUIRE(rows.size() == 4);
  CHECK(rows[3].at("BilledCost") == "NULL");
  CHECK(rows[3].at("ListCost") == "NULL");
  CHECK(rows[3].at("ListUnitPrice") == "NULL");
  CHECK(rows[3].at("x_Priced") == "false");
  CHECK(rows[3].at("x_EstimateStatus") == "unpriced");
  CHECK(rows[3].at("PricingQuantity") == "5.479452054794520548");  // the usage is still known
}

TEST_CASE("text with commas - quotes and line breaks is quoted so a CSV reader reads it back") {
  model m;
  const auto p = m.input(sourced("p", make(units::usd_per_instance_hour, "2"),
                                 third_party{"a \"price\" site, 2026", parse_date("2026-11-01")}));
  const auto n = m.input(sourced("n", make(units::instance, 1), reports_test::run1()));
  const auto t = m.input(sourced("t", seconds(1800), reports_test::run1()));
  m.add_line(category::compute, "job, \"big\"", {phase::training, "line one\nline two"}, p, n * t);
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"not in this test"});
  }
  const auto est = m.evaluate(reports_test::as_of);
  std::ostringstream out;
  report::write_focus_csv(est, out);
  CHECK(out.str() == report::render_focus_csv(est));
  const auto rows = csv_rows(out.str());
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].at("x_Component") == "job, \"big\"");
  CHECK(rows[0].at("ChargeDescription") == "line one\nline two");
  CHECK(rows[0].at("PricingCategory") == "Other");  // a third-party figure is no list price
  CHECK(rows[0].at("ServiceName") == "NULL");
  CHECK(rows[0].at("BilledCost") == "1");  // 2 x 1800 / 3600
  CHECK(rows[0].at("x_EstimateStatus") == "provisional");
}

}  // namespace trncost_tests::reports_focus_csv_test
