// What the price tests share: the fixtures of tests/prices/data/ by their paths (small offer files,
// Savings Plans files and the Spot Instance Advisor's data, in the layout of the real ones), a
// fixture's text with one change (what the readers' tests refuse), the day the tests read them as
// of, an offer-file price line built in code, and the checks of the trn1.32xlarge on-demand row the
// flagship's EC2 offer file and the offers built in code alike carry. A test says
// `using namespace trncost_support::price_fixtures;`.
#ifndef TRNCOST_TESTS_SUPPORT_PRICE_FIXTURES_HPP
#define TRNCOST_TESTS_SUPPORT_PRICE_FIXTURES_HPP

#include <doctest/doctest.h>

#include <string>
#include <trncost/pricing.hpp>
#include <utility>

#include "text.hpp"

namespace trncost_support::price_fixtures {

/// The folder, ending in '/': a scenario read as if it lay there names the fixtures by file name.
inline const std::string dir = TRNCOST_TESTS_DIR "/prices/data/";

/// The EC2 offer file (us-east-1 rows), JSON.
inline const std::string ec2_json = dir + "ec2-us-east-1-small.json";
/// The same rows as the CSV offer file.
inline const std::string ec2_csv = dir + "ec2-us-east-1-small.csv";
/// The S3 offer file (tiered storage rows), CSV.
inline const std::string s3_csv = dir + "s3-us-east-1-small.csv";
/// The Savings Plans rates file, JSON and CSV.
inline const std::string savings_plans_json = dir + "savings-plans-us-east-1-small.json";
inline const std::string savings_plans_csv = dir + "savings-plans-us-east-1-small.csv";
/// The Spot Instance Advisor's data.
inline const std::string spot_advisor_json = dir + "spot-advisor-data.json";

/// The day the price tests read the fixtures as of, 2026-11-30 (within their rows' validity).
inline const trncost::date as_of = trncost::parse_date("2026-11-30");

/// `text` with `from` replaced once by `to` (with_changes for one change); the test stops if
/// `from` is not in it.
inline std::string edit(const std::string& text, const std::string& from, const std::string& to) {
  return with_changes(text, {{from, to}});
}

/// A filter keeping every product of an offer file of `service_code` ("AmazonEC2"): the file read
/// whole.
inline trncost::pricing::offer_filter whole_offer(std::string service_code) {
  trncost::pricing::offer_filter f;
  f.where("servicecode", std::move(service_code));
  return f;
}

/// An offer-file price line (a term's price dimension) as a reader builds it: its rate code, unit
/// and price as the file writes them, its description and its range [begin, end).
inline trncost::pricing::price_dimension price_line(std::string rate, std::string unit,
                                                    const char* price, std::string description = "",
                                                    std::string begin = "0",
                                                    std::string end = "Inf") {
  return trncost::pricing::price_dimension{std::move(rate),
                                           std::move(description),
                                           std::move(begin),
                                           std::move(end),
                                           std::move(unit),
                                           trncost::decimal::parse(price),
                                           0,
                                           {}};
}

/// Checks that `trn1` is the trn1.32xlarge on-demand row of AmazonEC2 offer 20260910195514
/// (published 2026-09-10), the flagship's file and the offers the tests build alike: 21.50 USD per
/// instance-hour, SKU WVVQPJVCQU4SR8XF, rate code WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7; returns
/// its quote (a part of `trn1`: keep `trn1` alive) for the checks of a case's own.
template <class Sourced>
const trncost::quoted& check_trn1_on_demand(const Sourced& trn1) {
  CHECK(trn1.value().value() == trncost::decimal::parse("21.5"));
  const auto& q = std::get<trncost::quoted>(trn1.origin());
  CHECK(q.sku == "WVVQPJVCQU4SR8XF");
  CHECK(q.offer_version == "20260910195514");
  CHECK(q.rate_code == "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7");
  CHECK(q.published == trncost::parse_date("2026-09-10"));
  return q;
}

}  // namespace trncost_support::price_fixtures

#endif  // TRNCOST_TESTS_SUPPORT_PRICE_FIXTURES_HPP
