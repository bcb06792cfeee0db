// Credit grants applied to spend schedules: every expected value below is computed by hand in the
// comment next to it.
#include "trncost/credits/burn_down.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../support/chrono_dates.hpp"
#include "../support/sourced_inputs.hpp"
#include "fixtures.hpp"
#include "trncost/provenance/chrono.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::credits_burn_down_test {

using namespace trncost;
using namespace trncost::credits;
using namespace trncost_support::chrono_dates;

namespace {

using credits_test::grant_amount;
using credits_test::make_grant;

spend_period month(date start, date end, std::string_view compute, std::string_view storage,
                   std::string_view transfer) {
  return {
      start,
      end,
      {{category::compute, charge_kind::usage, dollars(compute), "instances", "AmazonEC2"},
       {category::storage, charge_kind::usage, dollars(storage), "S3", "AmazonS3"},
       {category::transfer, charge_kind::usage, dollars(transfer), "egress", "AWSDataTransfer"}}};
}

/// An estimate of one priced compute line of EC2 instance hours (its identity, as an instance_time
/// gives it), so its charges have a known service.
estimate ec2_estimate(std::string_view amount) {
  estimate e;
  line_item l;
  l.cat = category::compute;
  l.component = "instances";
  l.identity.service = "AmazonEC2";
  l.price = std::make_shared<source_record>(source_record{
      "trn1_price", "21.5", "USD/instance-h",
      trncost_support::offer_file_quote("AmazonEC2 offer file", "AmazonEC2", d(2026, January, 2))});
  l.amount = dollars(amount);
  e.lines.push_back(l);
  e.by_category[category::compute] = dollars(amount);
  return e;
}

}  // namespace

TEST_CASE("burn_down: two grants, uncovered categories, exhaustion inside a month, expiry") {
  // A: 1,000 USD for EC2 and S3, last valid day Feb 28. B: 5,000 USD for EC2 only, last valid
  // day Dec 30. Each month: compute 800 (EC2), storage 100 (S3), transfer 50 (AWS Data Transfer).
  const std::vector<grant> grants{
      make_grant("B", "5000", d(2026, January, 1), d(2026, December, 30), {"AmazonEC2"}),
      make_grant("A", "1000", d(2026, January, 1), d(2026, February, 28),
                 {"AmazonEC2", "Amazon Simple Storage Service"}),
  };
  spend_schedule s;
  s.add(month(d(2026, January, 1), d(2026, February, 1), "800", "100", "50"));
  s.add(month(d(2026, February, 1), d(2026, March, 1), "800", "100", "50"));
  s.add(month(d(2026, March, 1), d(2026, April, 1), "800", "100", "50"));
  const auto r = burn_down(grants, s);

  // Earliest expiry first: A pays before B although B is listed first.
  REQUIRE(r.grants.size() == 2);
  CHECK(r.grants[0].name == "A");
  CHECK(r.grants[1].name == "B");
  REQUIRE(r.periods.size() == 3);

  // January: A pays compute 800 + storage 100 = 900 (A left: 100); B finds no compute left;
  // transfer 50 is billed by a service no grant covers.
  CHECK(r.periods[0].spend == dollars("950"));
  CHECK(r.periods[0].credits_used == dollars("900"));
  CHECK(r.periods[0].uncovered == dollars("50"));
  CHECK(r.periods[0].uncovered_by_reason.at(uncovered_reason::service_not_covered) ==
        dollars("50"));
  CHECK(r.periods[0].balance_after == std::vector<decimal>{dollars("100"), dollars("5000")});

  // February: A pays its last 100 towards compute (charges in order), B pays the other 700 of
  // compute (B left: 4,300). Storage 100 is covered by A only, whose balance is gone; transfer 50
  // is not covered. A ran out after 28 days * 100 / 900 = 3.1 days: Feb 1 + 3 = Feb 4.
  CHECK(r.periods[1].credits_used == dollars("800"));
  CHECK(r.periods[1].uncovered_by_reason.at(uncovered_reason::balance_exhausted) == dollars("100"));
  CHECK(r.periods[1].uncovered_by_reason.at(uncovered_reason::service_not_covered) ==
        dollars("50"));
  CHECK(r.periods[1].balance_after == std::vector<decimal>{dollars("0"), dollars("4300")});
  REQUIRE(r.grants[0].exhausted_on.has_value());
  CHECK(*r.grants[0].exhausted_on == d(2026, February, 4));

  // March: A is past its last valid day (Feb 28) with nothing left, so nothing is wasted; B pays
  // compute 800 (left: 3,500); storage 100 is uncovered because A expired.
  CHECK(r.periods[2].credits_used == dollars("800"));
  CHECK(r.periods[2].uncovered_by_reason.at(uncovered_reason::expired) == dollars("100"));
  CHECK(r.periods[2].balance_after == std::vector<decimal>{dollars("0"), dollars("3500")});
  REQUIRE(r.grants[0].wasted_at_expiry.has_value());
  CHECK(r.grants[0].wasted_at_expiry->is_zero());
  CHECK_FALSE(r.grants[1].wasted_at_expiry.has_value());  // B expires after the schedule ends
  CHECK(r.grants[1].unused_at_schedule_end == dollars("3500"));
  CHECK(r.grants[0].used == dollars("1000"));
  CHECK(r.grants[1].used == dollars("1500"));  // 700 + 800

  // Totals: 3 x 950 = 2,850 spent; 900 + 800 + 800 = 2,500 credits; 350 paid in cash.
  CHECK(r.total_spend == dollars("2850"));
  CHECK(r.total_credits == dollars("2500"));
  CHECK(r.total_uncovered == dollars("350"));
  CHECK(r.total_wasted.is_zero());
  // B still has 3,500 valid after March: projected at the last period's rate (March: 800 of EC2
  // over 31 days), it lasts 3500 * 31 / 800 = 135.6 days from Apr 1. Apr 1 + 135 days: April 30,
  // May 31, June 30, July 31 = 122 days to Aug 1, + 13 = Aug 14. (Before the projection, the
  // runway stopped at the schedule's end: empty.)
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == d(2026, August, 14));
  REQUIRE(r.grants[1].runs_out_on.has_value());
  CHECK(*r.grants[1].runs_out_on == d(2026, August, 14));
  CHECK_FALSE(r.grants[1].exhausted_on.has_value());  // not inside the schedule
  CHECK(r.grants[1].lost_at_expiry.is_zero());
  CHECK(r.projection.periods.size() == 5);  // April to August
  CHECK(r.projection.rate.days == 31);
  CHECK(r.grants[1].used == dollars("1500"));  // the schedule's only, not the projection's

  // FOCUS-style credit lines: negative, per grant and category, over the days they apply to.
  REQUIRE(r.credit_lines.size() == 5);
  CHECK(r.credit_lines[0].grant == "A");
  CHECK(r.credit_lines[0].cat == category::compute);
  CHECK(r.credit_lines[0].amount == dollars("-800"));
  CHECK(r.credit_lines[1].cat == category::storage);
  CHECK(r.credit_lines[1].amount == dollars("-100"));
  CHECK(r.credit_lines[2].amount == dollars("-100"));  // A, February, compute
  CHECK(r.credit_lines[3].grant == "B");
  CHECK(r.credit_lines[3].amount == dollars("-700"));
  CHECK(r.credit_lines[4].start == d(2026, March, 1));
  CHECK(r.credit_lines[4].amount == dollars("-800"));
  decimal credit_sum{};
  for (const auto& l : r.credit_lines) credit_sum = credit_sum + l.amount;
  CHECK(credit_sum == -r.total_credits);

  // 3 x 50 USD of transfer is paid in cash.
  bool named = false;
  for (const auto& f : r.findings)
    named = named || f == "150.00 USD is billed by services no grant covers: it is paid in cash";
  CHECK(named);
}

TEST_CASE("burn_down: grants in the order given pay in that order") {
  const std::vector<grant> grants{
      make_grant("B", "5000", d(2026, January, 1), d(2026, December, 30), {"AmazonEC2"}),
      make_grant("A", "1000", d(2026, January, 1), d(2026, February, 28), {"AmazonEC2"}),
  };
  spend_schedule s;
  s.add(month(d(2026, January, 1), d(2026, February, 1), "800", "0", "0"));
  const auto r = burn_down(grants, s, application_order::as_given);
  CHECK(r.grants[0].name == "B");
  CHECK(r.grants[0].used == dollars("800"));  // B pays all 800 first; A is untouched
  CHECK(r.grants[1].used.is_zero());
}

TEST_CASE("burn_down: a grant activated months before the workload is wasted at expiry") {
  // 5,000 USD valid Jan 1 to Jun 30 (its last valid day); a 30-day job of 3,000 USD compute
  // starting Jun 16 spreads as 1,500 over Jun 16-30 (15 days) and 1,500 over Jul 1-15 (15 days).
  // June's 1,500 is paid; the 3,500 left on Jun 30 is lost and July's 1,500 is paid in cash.
  const estimate job = ec2_estimate("3000");
  const auto s = spend_schedule::spread(job, d(2026, June, 16), d(2026, July, 16));
  REQUIRE(s.periods().size() == 2);
  CHECK(s.periods()[0].charges[0].amount == dollars("1500"));
  CHECK(s.periods()[1].charges[0].amount == dollars("1500"));

  const std::vector<grant> grants{
      make_grant("Founders", "5000", d(2026, January, 1), d(2026, June, 30), {"AmazonEC2"})};
  const auto r = burn_down(grants, s);
  CHECK(r.total_credits == dollars("1500"));
  CHECK(r.periods[1].uncovered_by_reason.at(uncovered_reason::expired) == dollars("1500"));
  REQUIRE(r.grants[0].wasted_at_expiry.has_value());
  CHECK(*r.grants[0].wasted_at_expiry == dollars("3500"));
  CHECK(r.total_wasted == dollars("3500"));
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == d(2026, July, 1));  // the first day after its last valid day
  CHECK(r.grants[0].lost_at_expiry == dollars("3500"));
  CHECK(r.total_lost_at_expiry == dollars("3500"));
  CHECK(r.projection.periods.empty());  // nothing valid is left after the schedule
  // Jan 1 to Jun 16 is 31 + 28 + 31 + 30 + 31 + 15 = 166 days of validity with nothing to pay.
  std::vector<std::string> expected{
      "grant 'Founders' has 3500.00 USD unused on its last valid day, 2026-06-30: that balance is "
      "lost",
      "grant 'Founders' was issued 166 days before the first spend: its validity runs while "
      "nothing draws on it"};
  CHECK(r.findings == expected);
}

TEST_CASE("burn_down: runway inside a month, a grant not yet issued, an excluded upfront fee") {
  // 1,000 USD for EC2 issued Jan 15; monthly compute 620 and a 300 USD upfront fee in January.
  // January is split at the 15th: 14 days before (620 * 14 / 31 = 280, not yet issued) and 17
  // after (620 - 280 = 340, paid). The upfront fee is excluded by default (prorated 300 * 14 / 31
  // = 135.483870967741935484 and 164.516129032258064516, both excluded).
  const std::vector<grant> grants{
      make_grant("G", "1000", d(2026, January, 15), d(2027, January, 14), {"AmazonEC2"})};
  spend_schedule s;
  s.add({d(2026, January, 1),
         d(2026, February, 1),
         {{category::compute, charge_kind::usage, dollars("620"), "instances", "AmazonEC2"},
          {category::compute, charge_kind::upfront_fee, dollars("300"), "Savings Plan upfront",
           "AmazonEC2"}}});
  s.add({d(2026, February, 1),
         d(2026, March, 1),
         {{category::compute, charge_kind::usage, dollars("620"), "instances", "AmazonEC2"}}});
  const auto r = burn_down(grants, s);
  CHECK(r.periods[0].uncovered_by_reason.at(uncovered_reason::not_yet_issued) == dollars("280"));
  CHECK(r.periods[0].uncovered_by_reason.at(uncovered_reason::excluded_charge) == dollars("300"));
  CHECK(r.periods[0].credits_used == dollars("340"));
  // February: 660 left against 620 of compute: all paid, 40 left.
  CHECK(r.periods[1].credits_used == dollars("620"));
  CHECK(r.periods[1].balance_after == std::vector<decimal>{dollars("40")});
  // The 40 left is projected at February's rate, 620 over 28 days: it lasts 40 * 28 / 620 = 1.8
  // days from Mar 1, so it runs out on Mar 2 (before: no runway, the schedule had ended).
  REQUIRE(r.runway.has_value());
  CHECK(*r.runway == d(2026, March, 2));
  CHECK(r.grants[0].unused_at_schedule_end == dollars("40"));
  CHECK(r.findings.back() ==
        "grant 'G' would run out on 2026-03-02 if spend went on at the schedule's rate after "
        "2026-03-01");

  // With 700 in February instead, the 660 runs out after 28 * 660 / 700 = 26.4 days: Feb 27.
  spend_schedule s2;
  s2.add(s.periods()[0]);
  s2.add({d(2026, February, 1),
          d(2026, March, 1),
          {{category::compute, charge_kind::usage, dollars("700"), "instances", "AmazonEC2"}}});
  const auto r2 = burn_down(grants, s2);
  CHECK(r2.periods[1].uncovered_by_reason.at(uncovered_reason::balance_exhausted) == dollars("40"));
  REQUIRE(r2.runway.has_value());
  CHECK(*r2.runway == d(2026, February, 27));
}

TEST_CASE("burn_down: an idle evaluation cluster burns credits as fast as a busy one") {
  // Billing follows instance time, not work done: two clusters billed for the same hours at the
  // same rate have the same monthly charge whatever their utilization, so the same runway.
  // 10,000 USD against 4,000 USD a month: Jan and Feb paid, March has 2,000 for 31 days of
  // 4,000, lasting 31 * 2000 / 4000 = 15.5 days: Mar 1 + 15 = Mar 16.
  const estimate busy = ec2_estimate("4000");
  const estimate idle = busy;  // the same billed hours at 40 % utilization instead of 90 %
  const std::vector<grant> grants{
      make_grant("G", "10000", d(2026, January, 1), d(2026, December, 31), {"AmazonEC2"})};
  const auto rb = burn_down(grants, spend_schedule::monthly(busy, d(2026, January, 1), 4));
  const auto ri = burn_down(grants, spend_schedule::monthly(idle, d(2026, January, 1), 4));
  REQUIRE(rb.runway.has_value());
  CHECK(*rb.runway == d(2026, March, 16));
  CHECK(ri.runway == rb.runway);
  CHECK(rb.total_uncovered == dollars("6000"));  // 16,000 spent - 10,000 of credits
}

TEST_CASE("grant and spend_schedule: bad input is refused with the rule") {
  CHECK_THROWS_WITH_AS(
      make_grant("G", "100", d(2026, March, 1), d(2026, January, 1), {"AmazonEC2"}),
      "trncost: grant 'G': its last valid day 2026-01-01 is before its issue date 2026-03-01",
      input_error);
  CHECK_THROWS_WITH_AS(
      make_grant("G", "-5", d(2026, January, 1), d(2026, March, 1), {"AmazonEC2"}),
      // Refused where the sourced amount is built, before the grant sees it (one rule for money).
      "trncost: input 'grant_amount': documented value -5 USD is negative; a price or a cost "
      "cannot "
      "be negative (a credit is a grant: docs/credits.md)",
      input_error);
  CHECK_THROWS_WITH_AS(make_grant("G", "5", d(2026, January, 1), d(2026, March, 1), {}),
                       "trncost: grant 'G': covers no AWS service (name at least one, e.g. "
                       "AmazonEC2)",
                       input_error);
  CHECK_THROWS_WITH_AS(make_grant("G", "5", d(2026, January, 1), d(2026, March, 1), {"AmazonEC3"}),
                       "trncost: grant 'G': covers 'AmazonEC3', which is not a known AWS service "
                       "code or name (known: AmazonEC2, AmazonS3, AWSDataTransfer, "
                       "AmazonCloudWatch, AmazonSageMaker, AmazonBedrock, AmazonFSx, AmazonEFS, "
                       "AmazonEKS, AmazonECR)",
                       input_error);
  // A common spelling is the service's: "AmazonEc2", "EC2", "Amazon EC2".
  CHECK(make_grant("G", "5", d(2026, January, 1), d(2026, March, 1), {"AmazonEc2", "Amazon EC2"})
            .services() == std::set<std::string>{"AmazonEC2"});
  CHECK_THROWS_WITH_AS(grant("G", grant_amount("5"), d(2026, January, 1),
                             last_day{d(2026, March, 1)}, {"AmazonEC2"}, {charge_kind::usage}),
                       "trncost: grant 'G': excludes usage charges, so it could never pay anything",
                       input_error);

  spend_schedule s;
  s.add(month(d(2026, January, 1), d(2026, February, 1), "1", "0", "0"));
  CHECK_THROWS_WITH_AS(s.add(month(d(2026, February, 2), d(2026, March, 1), "1", "0", "0")),
                       "trncost: spend period 2 (2026-02-02 to 2026-03-01): leaves a gap after "
                       "the previous period, which ends on 2026-02-01 (add a period with no "
                       "charges for idle time)",
                       input_error);
  CHECK_THROWS_WITH_AS(s.add(month(d(2026, January, 15), d(2026, March, 1), "1", "0", "0")),
                       "trncost: spend period 2 (2026-01-15 to 2026-03-01): overlaps the previous "
                       "period, which ends on 2026-02-01 (periods must be in date order)",
                       input_error);
  CHECK_THROWS_WITH_AS(s.add(month(d(2026, March, 1), d(2026, February, 1), "1", "0", "0")),
                       "trncost: spend period 2 (2026-03-01 to 2026-02-01): ends before it starts "
                       "(or on the same day)",
                       input_error);
  CHECK_THROWS_WITH_AS(s.add(month(d(2026, February, 1), d(2026, March, 1), "-1", "0", "0")),
                       "trncost: spend period 2 (2026-02-01 to 2026-03-01): the compute charge "
                       "'instances' is negative (-1 USD)",
                       input_error);
  CHECK_THROWS_WITH_AS((void)burn_down({}, s), "trncost: a burn-down needs at least one grant",
                       input_error);
  const std::vector<grant> g{
      make_grant("G", "5", d(2026, January, 1), d(2026, March, 1), {"AmazonEC2"})};
  CHECK_THROWS_WITH_AS((void)burn_down(g, spend_schedule{}),
                       "trncost: a burn-down needs a spend schedule with a period", input_error);
  estimate e;
  e.by_category[category::compute] = dollars("1");
  CHECK_THROWS_WITH_AS((void)spend_schedule::monthly(e, d(2026, January, 2), 3),
                       "trncost: a monthly spend schedule starts on the 1st of a month, not "
                       "2026-01-02",
                       input_error);
  CHECK_THROWS_WITH_AS((void)spend_schedule::monthly(e, d(2026, January, 1), 0),
                       "trncost: a monthly spend schedule needs at least one month", input_error);
}

TEST_CASE(
    "grant: accessors, coverage and a third-party amount that makes the burn-down provisional") {
  const grant g("Portfolio (article)",
                sourced<money>("grant_amount", make<units::usd_t>("300000"),
                               third_party{"French trade article on AWS credits", d(2026, May, 4)}),
                d(2026, January, 1), last_day{d(2026, December, 31)}, all_known_services());
  CHECK(g.name() == "Portfolio (article)");
  CHECK(g.issued() == d(2026, January, 1));
  CHECK(g.last_valid_day() == d(2026, December, 31));
  CHECK(g.first_invalid_day() == d(2027, January, 1));
  CHECK(g.services() == std::set<std::string>{"AWSDataTransfer", "AmazonBedrock",
                                              "AmazonCloudWatch", "AmazonEC2", "AmazonECR",
                                              "AmazonEFS", "AmazonEKS", "AmazonFSx", "AmazonS3",
                                              "AmazonSageMaker"});
  CHECK(g.covers(std::string("AmazonCloudWatch")));
  CHECK_FALSE(g.covers(std::nullopt));  // an unknown service is never covered
  CHECK(g.pays(charge_kind::usage));
  CHECK_FALSE(g.pays(charge_kind::marketplace));
  CHECK(g.excluded() == default_exclusions());
  CHECK(g.valid_on(d(2026, January, 1)));
  CHECK(g.valid_on(d(2026, December, 31)));      // the last valid day pays
  CHECK_FALSE(g.valid_on(d(2027, January, 1)));  // the day after it does not
  CHECK(to_string(charge_kind::upfront_fee) == "upfront fee");
  CHECK(to_string(uncovered_reason::balance_exhausted) == "balance exhausted");

  const auto r =
      burn_down({g}, spend_schedule::monthly(ec2_estimate("100"), d(2026, January, 1), 1));
  CHECK(r.findings.back() ==
        "the amount of grant 'Portfolio (article)' is third-party, not the amount granted: the "
        "burn-down is provisional");
}

TEST_CASE("total_balance_after: what every grant holds after a period, exactly") {
  // 20.5 + 0 + 49.25 = 69.75; no grant holds nothing.
  period_burn p;
  p.balance_after = {decimal("20.5"), decimal(0), decimal("49.25")};
  CHECK(total_balance_after(p) == decimal("69.75"));
  CHECK(total_balance_after(period_burn{}).is_zero());
}

}  // namespace trncost_tests::credits_burn_down_test
