// A plan's spend schedule and what each workload draws (credits/plan.hpp): occurrences spread over
// their days, periods cut at occurrences and months, the grant applied without a projection past
// the plan, and its credits attributed to the workloads whose charges they paid. Every expected
// value is computed by hand in the comment next to it.
#include "trncost/credits/plan.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::credits_plan_test {

using namespace trncost;
using namespace trncost::credits;

namespace {

date day(const char* s) { return parse_date(s); }

/// An estimate of one priced line billed by `service` (category compute).
estimate one_line(const char* amount, const char* service) {
  estimate e;
  line_item l;
  l.cat = category::compute;
  l.component = "instances";
  l.identity.service = service;
  l.price = std::make_shared<source_record>(
      source_record{"price", "1", "USD/instance-h", assumption{"a round figure"}});
  l.amount = decimal::parse(amount);
  e.lines.push_back(l);
  e.by_category[category::compute] = decimal::parse(amount);
  e.total = decimal::parse(amount);
  return e;
}

grant ec2_grant(const char* amount, const char* last) {
  return grant("Activate",
               sourced<money>("amount", make<units::usd_t>(amount),
                              documented{"the grant letter", day("2026-12-01")}),
               day("2026-12-01"), last_day{day(last)}, {"AmazonEC2"});
}

}  // namespace

TEST_CASE("a plan: occurrences spread over their days, periods cut at them and at months") {
  // A fine-tune of 300 USD on 2027-01-10 for 3 days, every month, twice (Jan 10-13, Feb 10-13);
  // a service of 900 USD over January 1 to March 1 (59 days).
  const std::vector<planned_workload> w{
      {"fine-tune",
       one_line("300", "AmazonEC2"),
       {{day("2027-01-10"), day("2027-01-13")}, {day("2027-02-10"), day("2027-02-13")}}},
      {"service", one_line("900", "AmazonEC2"), {{day("2027-01-01"), day("2027-03-01")}}},
  };
  const auto s = plan_schedule(w, day("2027-01-01"), day("2027-04-01"));
  // Cuts: Jan 1, Jan 10, Jan 13, Feb 1, Feb 10, Feb 13, Mar 1, Apr 1: seven periods.
  REQUIRE(s.periods().size() == 7);
  CHECK(s.periods()[1].start == day("2027-01-10"));
  CHECK(s.periods()[1].end == day("2027-01-13"));
  // Jan 10-13 holds the whole first fine-tune (300) and 3/59 of the service: 900 x 3 / 59 =
  // 45.762711864406779661.
  decimal jan10{};
  for (const auto& c : s.periods()[1].charges) jan10 += c.amount;
  CHECK(jan10 == decimal("345.762711864406779661"));
  // March: nothing (the service ended on Mar 1); no projection after the plan.
  CHECK(s.periods()[6].charges.empty());
  CHECK(s.rate().charges.empty());
  // Every charge sums back: 2 x 300 + 900 = 1,500.
  decimal all{};
  for (const auto& p : s.periods()) {
    for (const auto& c : p.charges) all += c.amount;
  }
  CHECK(all == decimal(1500));
}

TEST_CASE("a plan's grant: no projection past it, its credits attributed to the workloads") {
  const std::vector<planned_workload> w{
      {"fine-tune", one_line("300", "AmazonEC2"), {{day("2027-01-10"), day("2027-01-13")}}},
      {"service", one_line("900", "AmazonEC2"), {{day("2027-01-01"), day("2027-03-01")}}},
      {"api", one_line("100", "AmazonBedrock"), {{day("2027-01-01"), day("2027-02-01")}}},
  };
  const auto s = plan_schedule(w, day("2027-01-01"), day("2027-04-01"));
  // 500 USD of EC2 credits, valid through 2027-12-31. Spend: 300 + 900 + 100 = 1,300 USD, of
  // which 1,200 EC2's; the Bedrock 100 is never covered.
  const auto r = burn_down({ec2_grant("500", "2027-12-31")}, s);
  CHECK(r.total_spend == decimal(1300));
  CHECK(r.total_credits == decimal(500));
  CHECK(r.total_uncovered == decimal(800));
  CHECK(r.projection.periods.empty());  // nothing after the plan
  CHECK(r.grants[0].lost_at_expiry.is_zero());
  const auto draws = attribute(w, s, r);
  REQUIRE(draws.size() == 3);
  // Jan 1-10: the service's 900 x 9 / 59 = 137.288135593220338983, paid (balance 362.71...).
  // Jan 10-13: the fine-tune's 300 and the service's 900 x 3 / 59 = 45.762711864406779661, paid
  // (balance 16.949152542372881356). Jan 13 - Feb 1: the service's 289.83 takes the rest. So the
  // fine-tune drew 300, the service 137.29 + 45.76 + 16.95 = 200, the API none.
  CHECK(draws[0].name == "fine-tune");
  CHECK(draws[0].credits == decimal(300));
  CHECK(draws[1].credits == decimal(200));
  CHECK(draws[2].credits.is_zero());
  CHECK(draws[2].cash == decimal(100));
  CHECK(draws[0].spend + draws[1].spend + draws[2].spend == decimal(1300));
}

TEST_CASE("an occurrence of a fractional length: spread by the second, its last day in part") {
  // 2.5 days (216,000 s) of a 1,000 USD job from 2026-12-01 00:00: 400 a day, so 400 on Dec 1, 400
  // on Dec 2 and 200 on Dec 3 (its last day, half of it run). Cuts: Dec 1, Dec 3 (the last day's
  // start), Dec 4 (the day after it), Jan 1: [Dec 1, Dec 3) holds 1,000 x 172,800 / 216,000 = 800,
  // [Dec 3, Dec 4) the remainder 200, [Dec 4, Jan 1) nothing.
  const std::vector<planned_workload> w{
      {"job", one_line("1000", "AmazonEC2"), {{day("2026-12-01"), day("2026-12-04"), 216'000}}}};
  const auto s = plan_schedule(w, day("2026-12-01"), day("2027-01-01"));
  REQUIRE(s.periods().size() == 3);
  CHECK(s.periods()[0].end == day("2026-12-03"));
  REQUIRE(s.periods()[0].charges.size() == 1);
  CHECK(s.periods()[0].charges[0].amount == decimal(800));
  CHECK(s.periods()[1].start == day("2026-12-03"));
  CHECK(s.periods()[1].end == day("2026-12-04"));
  REQUIRE(s.periods()[1].charges.size() == 1);
  CHECK(s.periods()[1].charges[0].amount == decimal(200));
  CHECK(s.periods()[2].charges.empty());
  CHECK(length_seconds(w[0].occurrences[0]) == 216'000);
  CHECK(length_seconds({day("2026-12-01"), day("2026-12-04")}) == 259'200);  // 3 whole days

  // Across a month: 3.25 days (280,800 s) of 1,300 USD from 2027-01-30, 400 a day: Jan 30 and 31
  // 800 (January), Feb 1 400 and a quarter of Feb 2 100 (February: 500). Cuts: Jan 30, Feb 1 (the
  // month), Feb 2 (the last day's start), Feb 3: 1,300 x 172,800 / 280,800 = 800, x 86,400 /
  // 280,800 = 400, and the remainder 100.
  const std::vector<planned_workload> m{
      {"job", one_line("1300", "AmazonEC2"), {{day("2027-01-30"), day("2027-02-03"), 280'800}}}};
  const auto t = plan_schedule(m, day("2027-01-01"), day("2027-03-01"));
  // Periods: [Jan 1, Jan 30), [Jan 30, Feb 1), [Feb 1, Feb 2), [Feb 2, Feb 3), [Feb 3, Mar 1).
  REQUIRE(t.periods().size() == 5);
  const auto spend = [&](std::size_t i) {
    decimal sum{};
    for (const auto& c : t.periods()[i].charges) sum += c.amount;
    return sum;
  };
  CHECK(spend(0).is_zero());
  CHECK(spend(1) == decimal(800));
  CHECK(spend(2) == decimal(400));
  CHECK(spend(3) == decimal(100));
  CHECK(spend(4).is_zero());
  // (Over 4 whole days it would have been 325 a day: 650 in January, 650 in February.) A 900 USD
  // grant pays January's 800 and runs out on Feb 1, which spends 400: the 100 left lasts
  // floor(1 x 100 / 400) = 0 days.
  const auto r = burn_down({ec2_grant("900", "2027-12-31")}, t);
  CHECK(r.total_credits == decimal(900));
  REQUIRE(r.grants[0].runs_out_on);
  CHECK(*r.grants[0].runs_out_on == day("2027-02-01"));

  // Seconds equal to its days are whole days: no cut at its last day.
  const std::vector<planned_workload> whole{
      {"job", one_line("300", "AmazonEC2"), {{day("2027-01-10"), day("2027-01-13"), 259'200}}}};
  CHECK(plan_schedule(whole, day("2027-01-01"), day("2027-02-01")).periods().size() == 3);
}

TEST_CASE("a plan refuses an occurrence outside it or of no days, naming the workload") {
  const auto refused = [](occurrence o, const char* says) {
    const std::vector<planned_workload> w{{"job", one_line("1", "AmazonEC2"), {o}}};
    CHECK_THROWS_WITH_AS((void)plan_schedule(w, day("2027-01-01"), day("2027-02-01")),
                         doctest::Contains(says), input_error);
  };
  refused({day("2026-12-31"), day("2027-01-02")}, "workload 'job': the occurrence from 2026-12-31");
  refused({day("2027-01-05"), day("2027-01-05")}, "has no days");
  // Seconds that do not end during its last day (Jan 7): more than 2 days, at most 3.
  refused({day("2027-01-05"), day("2027-01-08"), 172'800},
          "workload 'job': the occurrence from 2027-01-05 to 2027-01-08 lasts 172800 s, which "
          "does not end on its last day (more than 172800 s and at most 259200)");
  refused({day("2027-01-05"), day("2027-01-08"), 259'201}, "lasts 259201 s");
  refused({day("2027-01-05"), day("2027-01-08"), -1}, "lasts -1 s");
}

}  // namespace trncost_tests::credits_plan_test
