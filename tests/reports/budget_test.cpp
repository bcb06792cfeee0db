// The budget gate (report/budget.hpp): each limit passes or fails with the numbers compared, an
// unpriced line fails a limit on the total, an increase is measured from a baseline report, and a
// status limit names the reasons that break it. Documents are built by hand where only the fields
// the gate reads matter, so every expected number is the one written here.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/budget.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_budget_test {

using namespace trncost;
using namespace trncost::report;

namespace {

/// A document of `total` USD with one priced line of that amount and the given status.
document with_total(std::string_view total, estimate_status status = estimate_status::verified) {
  document d;
  d.totals.total = decimal::parse(total);
  line_entry l;
  l.amount = decimal::parse(total);
  d.lines.push_back(l);
  d.status = status;
  return d;
}

budget_limits total_at_most(std::string_view usd) {
  budget_limits l;
  l.max_total = decimal::parse(usd);
  return l;
}

budget_limits increase_at_most(std::string_view percent) {
  budget_limits l;
  l.max_increase_percent = decimal::parse(percent);
  return l;
}

budget_limits status_at_least(estimate_status worst) {
  budget_limits l;
  l.min_status = worst;
  return l;
}

/// The verdict `v` passes when `passes` says so and its first check says `sentence`.
void check_first(const budget_verdict& v, bool passes, const std::string& sentence) {
  CHECK(v.passed == passes);
  REQUIRE_FALSE(v.checks.empty());
  CHECK(v.checks[0].sentence == sentence);
}

}  // namespace

TEST_CASE("max-total: within, at the limit, over, and an unpriced line") {
  // 43.796689497716894963 USD (the reports' small estimate, fixtures.hpp): 50 - 43.7966... = 6.2033
  // -> 6.20 to spare; 43.7966... - 40 = 3.7966... -> 3.80 over.
  const document small = from_estimate(reports_test::small_estimate());
  REQUIRE(small.totals.total == decimal::parse("43.796689497716894963"));
  auto v = check_budget(small, total_at_most("50"));
  REQUIRE(v.checks.size() == 1);
  CHECK(v.checks[0].limit == "max-total");
  check_first(v, true, "the total 43.80 USD is within the limit of 50.00 USD (6.20 USD to spare)");
  v = check_budget(small, total_at_most("40"));
  check_first(v, false, "the total 43.80 USD is over the limit of 40.00 USD by 3.80 USD");
  // Exactly at the limit passes: the limit is the largest total accepted.
  CHECK(check_budget(small, total_at_most("43.796689497716894963")).passed);
  CHECK_FALSE(check_budget(small, total_at_most("43.796689497716894962")).passed);
  // An unknown storage price: the line is unpriced and the total (43.36) leaves it out, so no
  // limit on the total can be shown to hold, however high.
  reports_test::small_options unknown;
  unknown.unknown_storage_price = true;
  v = check_budget(from_estimate(reports_test::small_estimate(unknown)), total_at_most("1000000"));
  check_first(
      v, false,
      "the total 43.36 USD leaves out 1 unpriced line (an input is unknown), so it cannot show "
      "that the limit of 1000000.00 USD holds");
}

TEST_CASE("max-increase: measured from the baseline's total, exactly at the limit passes") {
  const document before = with_total("100");
  // 110 against 100: +10.00 %.
  auto v = check_budget(with_total("110"), increase_at_most("10"), &before, "old.json");
  REQUIRE(v.checks.size() == 1);
  CHECK(v.checks[0].limit == "max-increase");
  check_first(
      v, true,
      "the total rose from 100.00 USD (old.json) to 110.00 USD, +10.00 %, within the limit of "
      "+10 %");
  // One hundredth of a cent more is over: 110.0001 x 100 > 100 x 110.
  v = check_budget(with_total("110.0001"), increase_at_most("10"), &before, "old.json");
  check_first(
      v, false,
      "the total rose from 100.00 USD (old.json) to 110.00 USD, +10.00 %, over the limit of "
      "+10 %");
  // A fall passes any limit: 75 against 100 is -25.00 %.
  v = check_budget(with_total("75"), increase_at_most("0"), &before, "old.json");
  check_first(
      v, true,
      "the total fell from 100.00 USD (old.json) to 75.00 USD, -25.00 %, within the limit of "
      "+0 %");
  // From nothing: any increase is over any percentage; nothing to nothing passes.
  const document zero = with_total("0");
  v = check_budget(with_total("5"), increase_at_most("1000"), &zero, "old.json");
  check_first(
      v, false,
      "the total rose from 0.00 USD (old.json) to 5.00 USD: an increase from nothing exceeds "
      "any percentage, over the limit of +1000 %");
  CHECK(check_budget(with_total("0"), increase_at_most("0"), &zero, "old.json").passed);
  // A baseline with an unpriced line: its total is a lower bound, and the sentence says so.
  document partial = with_total("100");
  partial.lines.push_back(line_entry{});
  v = check_budget(with_total("105"), increase_at_most("10"), &partial, "old.json");
  CHECK(v.passed);
  CHECK(v.checks[0].sentence.ends_with("; old.json's total leaves out 1 unpriced line"));
}

TEST_CASE("min-status: the worst status accepted, failing with the reasons that break it") {
  // The small estimate with an assumed overlap: provisional, for the assumption.
  reports_test::small_options assumed;
  assumed.assumed_overlap = true;
  const document doc = from_estimate(reports_test::small_estimate(assumed));
  REQUIRE(doc.status == estimate_status::provisional);
  auto v = check_budget(doc, status_at_least(estimate_status::verified));
  REQUIRE(v.checks.size() == 1);
  check_first(
      v, false,
      "the status is provisional, worse than the verified required: overlap_s is an assumption: "
      "evaluation does not overlap training");
  v = check_budget(doc, status_at_least(estimate_status::provisional));
  check_first(v, true, "the status is provisional, at least the provisional required");
  // Four reasons that break the limit: three are quoted, then a pointer to the report.
  document many = with_total("1", estimate_status::stale);
  for (const char* text : {"a", "b", "c", "d"}) {
    many.reasons.push_back(status_reason{estimate_status::stale, text});
  }
  many.reasons.push_back(status_reason{estimate_status::provisional, "accepted by the limit"});
  v = check_budget(many, status_at_least(estimate_status::provisional));
  check_first(
      v, false,
      "the status is stale, worse than the provisional required: a; b; c; and more (the report "
      "lists every reason)");
}

TEST_CASE("every limit is checked and reported, and one failure fails the gate") {
  const document before = with_total("100");
  budget_limits all;
  all.max_total = decimal(200);
  all.max_increase_percent = decimal(5);
  all.min_status = estimate_status::verified;
  const auto v = check_budget(with_total("150"), all, &before, "old.json");
  CHECK_FALSE(v.passed);
  REQUIRE(v.checks.size() == 3);
  CHECK(v.checks[0].limit == "max-total");
  CHECK(v.checks[0].passed);
  CHECK(v.checks[1].limit == "max-increase");
  CHECK_FALSE(v.checks[1].passed);  // +50.00 % against +5 %
  CHECK(v.checks[2].limit == "min-status");
  CHECK(v.checks[2].passed);
  // No limit: nothing is checked (the command refuses to run a gate without one).
  CHECK(check_budget(before, budget_limits{}).checks.empty());
}

TEST_CASE("a limit that cannot be checked is refused with the rule") {
  const document doc = with_total("10");
  CHECK_THROWS_WITH_AS((void)check_budget(doc, increase_at_most("10")),
                       doctest::Contains("max-increase: an increase is measured from a baseline "
                                         "report"),
                       input_error);
  CHECK_THROWS_WITH_AS((void)check_budget(doc, total_at_most("-1")),
                       doctest::Contains("max-total: -1 USD is negative"), input_error);
  const document before = with_total("10");
  CHECK_THROWS_WITH_AS((void)check_budget(doc, increase_at_most("-5"), &before),
                       doctest::Contains("max-increase: -5 % is negative"), input_error);
  document euros = with_total("10");
  euros.currency = "EUR";
  CHECK_THROWS_WITH_AS((void)check_budget(doc, increase_at_most("5"), &euros, "old.json"),
                       doctest::Contains("old.json is in EUR and the estimate in USD"),
                       input_error);
}

}  // namespace trncost_tests::reports_budget_test
