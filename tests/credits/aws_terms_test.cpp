// Credits as AWS words them: coverage by AWS service (mapped to the estimate's lines through the
// offer code of their quoted prices), the expiry date as the last valid day (included), and the
// runway projected past the spend schedule at its rate with the waste at expiry. Every expected
// value is computed by hand in the comment next to it.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../support/chrono_dates.hpp"
#include "../support/sourced_inputs.hpp"
#include "fixtures.hpp"
#include "trncost/credits/burn_down.hpp"
#include "trncost/provenance/chrono.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::credits_aws_terms_test {

using namespace trncost;
using namespace trncost::credits;
using namespace trncost_support::chrono_dates;

namespace {

using credits_test::grant_amount;
using credits_test::grant_letter;

/// Grant "G" of `amount` USD as its letter states it, valid to `last` included, for `services`.
grant make_grant(std::string_view amount, date issued, date last,
                 const std::set<std::string>& services) {
  return credits_test::make_grant("G", amount, issued, last, services, grant_letter());
}

input_ref quote(std::string offer_code, std::string source) {
  return std::make_shared<source_record>(
      source_record{"price", "1", "USD",
                    trncost_support::offer_file_quote(std::move(source), std::move(offer_code),
                                                      d(2026, November, 2))});
}
input_ref ec2_quote() { return quote("AmazonEC2", "AmazonEC2 offer file"); }

input_ref derived_from(std::vector<input_ref> inputs) {
  return std::make_shared<source_record>(
      source_record{"price", "1", "USD", derived{"a * b", std::move(inputs)}});
}

/// A line as a component makes it: billed by the service of the offer file its price was read
/// from, as the built-in components do for these prices (a measured cost bills no known service).
line_item line(category c, input_ref price, std::string_view amount) {
  line_item l;
  l.cat = c;
  l.component = std::string(to_string(c));
  if (price != nullptr) {
    if (const auto* q = std::get_if<quoted>(&price->origin)) l.identity.service = q->offer_code;
  }
  l.price = std::move(price);
  l.amount = dollars(amount);
  return l;
}

/// An estimate of the given lines, with its totals by category.
estimate estimate_of(std::vector<line_item> lines) {
  estimate e;
  for (auto& l : lines) {
    e.by_category[l.cat] += *l.amount;
    e.total += *l.amount;
    e.lines.push_back(std::move(l));
  }
  return e;
}

/// A job of 200 USD of EC2 compute over two days, Dec 1 and Dec 2: 100 USD a day.
spend_schedule two_day_job() {
  return spend_schedule::spread(estimate_of({line(category::compute, ec2_quote(), "200")}),
                                d(2026, December, 1), d(2026, December, 3));
}

}  // namespace

TEST_CASE("aws service: a line's service is its identity's, whatever its price's provenance") {
  // What the component that made the line said; never the quote's offer code or source's wording.
  line_item l = line(category::compute, quote("", "EC2 on-demand pricing page"), "1");
  CHECK_FALSE(service_of(l).has_value());
  l.identity.service = "AmazonEC2";
  CHECK(service_of(l) == "AmazonEC2");
  l.price = std::make_shared<source_record>(source_record{
      "price", "35.76", "USD/instance-h", third_party{"a comparison site", d(2026, November, 2)}});
  CHECK(service_of(l) == "AmazonEC2");
  l.price = derived_from({quote("AmazonS3", "S3 file")});
  CHECK(service_of(l) == "AmazonEC2");
  // offer_code_of() reads the field, never the source's first word.
  const input_ref no_code = quote("", "AmazonS3 offer file, us-east-1");
  const auto* q = std::get_if<quoted>(&no_code->origin);
  REQUIRE(q != nullptr);
  CHECK(offer_code_of(*q).empty());

  CHECK(find_aws_service("AmazonCloudWatch")->name == "Amazon CloudWatch");
  CHECK(find_aws_service("AWS Data Transfer")->code == "AWSDataTransfer");
  // The spellings people write are normalised to the code; anything else is not a service.
  for (const char* spelling : {"Amazon EC2", "EC2", "ec2", "amazon ec2", "AMAZONEC2"}) {
    CAPTURE(spelling);
    REQUIRE(find_aws_service(spelling).has_value());
    CHECK(find_aws_service(spelling)->code == "AmazonEC2");
  }
  CHECK(find_aws_service("s3")->code == "AmazonS3");
  CHECK(find_aws_service("Amazon SageMaker")->code == "AmazonSageMaker");
  CHECK_FALSE(find_aws_service("Amazon EC3").has_value());
  CHECK_FALSE(find_aws_service("").has_value());
}

TEST_CASE("aws service: a grant covers services by code or name and never an unknown one") {
  // EC2 300, S3 50 (not covered), a measured data preparation cost 100 (service unknown), all in
  // January. The grant covers EC2 and, by its name, S3 is left out: it pays the 300 of EC2 only.
  const auto measured_cost = std::make_shared<source_record>(
      source_record{"cost", "100", "USD", measured{"prep", "Cost Explorer", {}, {}}});
  const estimate e = estimate_of({line(category::compute, ec2_quote(), "300"),
                                  line(category::storage, quote("AmazonS3", "S3 file"), "50"),
                                  line(category::data_preparation, measured_cost, "100")});
  const auto charges = spend_schedule::charges_of(e);
  REQUIRE(charges.size() == 3);
  CHECK(charges[0].service == "AmazonEC2");
  CHECK(charges[0].description == "compute, AmazonEC2");
  CHECK(charges[1].service == "AmazonS3");
  CHECK_FALSE(charges[2].service.has_value());
  CHECK(charges[2].description == "data preparation, service unknown");

  const grant g("G", grant_amount("1000", grant_letter()), d(2026, January, 1),
                last_day{d(2026, January, 31)}, {"Amazon Elastic Compute Cloud"});
  CHECK(g.services() == std::set<std::string>{"AmazonEC2"});  // kept as the code
  const auto r = burn_down({g}, spend_schedule::monthly(e, d(2026, January, 1), 1));
  CHECK(r.total_credits == dollars("300"));
  CHECK(r.periods[0].uncovered_by_reason.at(uncovered_reason::service_not_covered) ==
        dollars("50"));
  CHECK(r.periods[0].uncovered_by_reason.at(uncovered_reason::service_unknown) == dollars("100"));
  REQUIRE(r.credit_lines.size() == 1);
  CHECK(r.credit_lines[0].service == "AmazonEC2");
  // Its last valid day is the schedule's last day: the 700 left is lost when the schedule ends,
  // inside it, and nothing is projected.
  CHECK(*r.grants[0].wasted_at_expiry == dollars("700"));
  CHECK(r.projection.periods.empty());
  CHECK(*r.runway == d(2026, February, 1));
  CHECK(r.findings[1] == "50.00 USD is billed by services no grant covers: it is paid in cash");
  CHECK(r.findings[2] ==
        "100.00 USD is in lines no known AWS service bills (their component names none): no "
        "grant is known to cover it, so it is paid in cash");

  // A grant covering every known service still does not pay the line of unknown service.
  const grant all("All", grant_amount("1000", grant_letter()), d(2026, January, 1),
                  last_day{d(2026, January, 31)}, all_known_services());
  const auto ra = burn_down({all}, spend_schedule::monthly(e, d(2026, January, 1), 1));
  CHECK(ra.total_credits == dollars("350"));
  CHECK(ra.total_uncovered == dollars("100"));
  CHECK(ra.periods[0].uncovered_by_reason.at(uncovered_reason::service_unknown) == dollars("100"));

  // A total by category that no line explains (an estimate written by hand) is of unknown service.
  estimate by_hand;
  by_hand.by_category[category::compute] = dollars("10");
  const auto hand = spend_schedule::charges_of(by_hand);
  REQUIRE(hand.size() == 1);
  CHECK_FALSE(hand[0].service.has_value());
}

TEST_CASE("last valid day: the day itself pays and the next one does not across a month end") {
  // 300 USD of EC2 over Jan 30, Jan 31 and Feb 1 (100 a day); the grant's last valid day is Jan 31.
  // The schedule is cut at Feb 1 (the first day it cannot pay): Jan 30-31 is 300 * 2 / 3 = 200,
  // paid; Feb 1 is 100, not paid because the grant has expired. 1,000 - 200 = 800 is lost.
  const spend_schedule s =
      spend_schedule::spread(estimate_of({line(category::compute, ec2_quote(), "300")}),
                             d(2026, January, 30), d(2026, February, 2));
  REQUIRE(s.periods().size() == 2);  // January (2 days) and February (1 day)
  CHECK(s.periods()[0].charges[0].amount == dollars("200"));
  const grant g = make_grant("1000", d(2026, January, 1), d(2026, January, 31), {"AmazonEC2"});
  CHECK(g.valid_on(d(2026, January, 31)));
  CHECK_FALSE(g.valid_on(d(2026, February, 1)));
  CHECK(g.first_invalid_day() == d(2026, February, 1));
  const auto r = burn_down({g}, s);
  CHECK(r.periods[0].credits_used == dollars("200"));
  CHECK(r.periods[1].uncovered_by_reason.at(uncovered_reason::expired) == dollars("100"));
  REQUIRE(r.grants[0].wasted_at_expiry.has_value());
  CHECK(*r.grants[0].wasted_at_expiry == dollars("800"));
  CHECK(r.grants[0].lost_at_expiry == dollars("800"));
  CHECK(r.grants[0].last_valid_day == d(2026, January, 31));
  CHECK(*r.runway == d(2026, February, 1));
  CHECK(r.projection.periods.empty());

  // A leap year: last valid day Feb 29 2028; spend 290 USD over Feb 1 to Mar 1 (29 days, 10 a
  // day) and 310 over March (31 days, 10 a day). The grant pays all of February, 290, and
  // nothing of March.
  spend_schedule leap;
  leap.add({d(2028, February, 1),
            d(2028, March, 1),
            {{category::compute, charge_kind::usage, dollars("290"), "instances", "AmazonEC2"}}});
  leap.add({d(2028, March, 1),
            d(2028, April, 1),
            {{category::compute, charge_kind::usage, dollars("310"), "instances", "AmazonEC2"}}});
  const auto rl = burn_down(
      {make_grant("1000", d(2028, January, 1), d(2028, February, 29), {"AmazonEC2"})}, leap);
  CHECK(rl.periods[0].credits_used == dollars("290"));
  CHECK(rl.periods[1].credits_used.is_zero());
  CHECK(*rl.grants[0].wasted_at_expiry == dollars("710"));
  CHECK(*rl.runway == d(2028, March, 1));
}

TEST_CASE("projection: a grant that expires before it is used up loses its balance") {
  // The two-day job uses 200 of 5,000 (4,800 left on Dec 3); its last valid day is Jan 15 2027.
  // Projected at the job's rate (200 every 2 days, 100 a day):
  //   Dec 3 to Jan 1, 29 days: 200 * 29 / 2 = 2,900 paid, 1,900 left;
  //   January, 31 days: 200 * 31 / 2 = 3,100, cut at Jan 16: Jan 1-15 is 3,100 * 15 / 31 =
  //   1,500, paid, 400 left; Jan 16-31 is 1,600, not paid (expired). The 400 is lost.
  const auto r =
      burn_down({make_grant("5000", d(2026, November, 1), d(2027, January, 15), {"AmazonEC2"})},
                two_day_job());
  CHECK(r.total_credits == dollars("200"));
  CHECK(r.grants[0].unused_at_schedule_end == dollars("4800"));
  CHECK(r.projection.rate.days == 2);
  REQUIRE(r.projection.periods.size() == 2);
  CHECK(r.projection.periods[0].start == d(2026, December, 3));
  CHECK(r.projection.periods[0].credits_used == dollars("2900"));
  CHECK(r.projection.periods[0].balance_after == std::vector<decimal>{dollars("1900")});
  CHECK(r.projection.periods[1].spend == dollars("3100"));
  CHECK(r.projection.periods[1].credits_used == dollars("1500"));
  CHECK(r.projection.periods[1].uncovered_by_reason.at(uncovered_reason::expired) ==
        dollars("1600"));
  CHECK(r.projection.periods[1].balance_after == std::vector<decimal>{dollars("0")});
  CHECK_FALSE(r.grants[0].runs_out_on.has_value());
  CHECK(r.grants[0].lost_at_expiry == dollars("400"));
  CHECK_FALSE(r.grants[0].wasted_at_expiry.has_value());  // not inside the schedule
  CHECK(r.total_wasted.is_zero());
  CHECK(r.total_lost_at_expiry == dollars("400"));
  CHECK(*r.runway == d(2027, January, 16));  // the first day after the last valid day
  CHECK(r.findings[0] ==
        "grant 'G' would have 400.00 USD unused on its last valid day, 2027-01-15, if spend went "
        "on at the schedule's rate after 2026-12-03: that balance would be lost");
}

TEST_CASE("projection: a grant used up before its last valid day gives the day it runs out") {
  // 3,000 valid to Jun 30 2027: 2,800 left after the two-day job; at 100 a day it lasts 28 days
  // from Dec 3 (Dec 3 to Dec 30 paid in full), so it runs out on Dec 31; nothing is lost.
  const auto r = burn_down(
      {make_grant("3000", d(2026, November, 1), d(2027, June, 30), {"AmazonEC2"})}, two_day_job());
  REQUIRE(r.grants[0].runs_out_on.has_value());
  CHECK(*r.grants[0].runs_out_on == d(2026, December, 31));
  CHECK_FALSE(r.grants[0].exhausted_on.has_value());  // not inside the schedule
  CHECK(r.grants[0].lost_at_expiry.is_zero());
  CHECK(r.total_lost_at_expiry.is_zero());
  CHECK(*r.runway == d(2026, December, 31));
  REQUIRE(r.projection.periods.size() == 1);
  CHECK(r.projection.periods[0].credits_used == dollars("2800"));
  CHECK(r.projection.periods[0].uncovered_by_reason.at(uncovered_reason::balance_exhausted) ==
        dollars("100"));  // 2,900 of December's rest less the 2,800 paid

  // A run rate goes on per calendar month: 4,000 a month for January and February leaves 2,000
  // of 10,000; March's 4,000 takes it in 31 * 2000 / 4000 = 15.5 days: Mar 1 + 15 = Mar 16.
  const auto rm =
      burn_down({make_grant("10000", d(2026, January, 1), d(2026, December, 31), {"AmazonEC2"})},
                spend_schedule::monthly(estimate_of({line(category::compute, ec2_quote(), "4000")}),
                                        d(2026, January, 1), 2));
  CHECK(rm.projection.rate.days == 0);
  REQUIRE(rm.projection.periods.size() == 1);
  CHECK(rm.projection.periods[0].spend == dollars("4000"));
  CHECK(*rm.grants[0].runs_out_on == d(2026, March, 16));
  CHECK(*rm.runway == d(2026, March, 16));
}

TEST_CASE("projection: a balance the rate never draws on waits whole for its last day") {
  // The grant covers only CloudWatch; the job is EC2 only: nothing is projected and the 500 is
  // lost on its last valid day, Mar 31 2027. The grant pays none of this spend, so it is not
  // usable and sets no runway: no credit ever pays this job (its last valid day is no day the
  // job's credits stop).
  const auto r =
      burn_down({make_grant("500", d(2026, November, 1), d(2027, March, 31), {"AmazonCloudWatch"})},
                two_day_job());
  CHECK(r.projection.periods.empty());
  CHECK(r.grants[0].lost_at_expiry == dollars("500"));
  CHECK_FALSE(r.grants[0].usable);
  CHECK(r.grants[0].services == std::vector<std::string>{"AmazonCloudWatch"});
  CHECK_FALSE(r.runway);
  CHECK(r.findings[0] ==
        "grant 'G' pays none of this spend (it covers AmazonCloudWatch only): it sets no runway, "
        "and its 500.00 USD are lost on its last valid day, 2027-03-31, unless other spend draws "
        "on it");

  // set_rate replaces the rate: 31 USD of CloudWatch a month from Dec 3 takes 500 in
  // Dec 3-31 (29 days, 31 * 29 / 31 = 29) and 31 a month after.
  spend_schedule s = two_day_job();
  s.set_rate(
      {{{category::logs, charge_kind::usage, dollars("31"), "logs", "AmazonCloudWatch"}}, 31});
  const auto rs = burn_down(
      {make_grant("500", d(2026, November, 1), d(2027, March, 31), {"AmazonCloudWatch"})}, s);
  // Dec 29 + Jan 31 + Feb 28 + Mar 31 = 119 paid; 500 - 119 = 381 lost on Mar 31.
  CHECK(rs.projection.periods.size() == 4);
  CHECK(rs.grants[0].lost_at_expiry == dollars("381"));
  CHECK_THROWS_WITH_AS(s.set_rate({{}, -1}),
                       "trncost: a spend rate is charges per a positive number of days",
                       input_error);
}

}  // namespace trncost_tests::credits_aws_terms_test
