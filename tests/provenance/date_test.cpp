// Tests for trncost::date and trncost::timestamp (provenance/date.hpp): the calendar arithmetic is
// checked against std::chrono's day by day over four centuries either side of the epoch, and the
// conversions of provenance/chrono.hpp both ways.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <ratio>
#include <trncost/provenance/chrono.hpp>
#include <trncost/provenance/date.hpp>
#include <type_traits>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::date_test {

using namespace trncost;

TEST_CASE("a date holds any year, month and day, and ok() says whether they name a day") {
  constexpr date d{2026, 11, 30};
  static_assert(d.year() == 2026 && d.month() == 11 && d.day() == 30 && d.ok());
  CHECK_FALSE(date{}.ok());  // month 0: what a quote nobody dated holds
  CHECK_FALSE(date(2026, 2, 29).ok());
  CHECK(date(2024, 2, 29).ok());        // divisible by 4
  CHECK_FALSE(date(2100, 2, 29).ok());  // by 100, not by 400
  CHECK(date(2000, 2, 29).ok());        // by 400
  CHECK_FALSE(date(2026, 4, 31).ok());
  CHECK_FALSE(date(2026, 13, 1).ok());
  CHECK_FALSE(date(2026, 1, 0).ok());
  CHECK(date(-32767, 1, 1).ok());
  CHECK_FALSE(date(32768, 1, 1).ok());  // outside std::chrono::year's range, as there
  CHECK(date::last_day_of_month(2026, 2) == 28);
  CHECK(date::last_day_of_month(2026, 12) == 31);
  CHECK(date::last_day_of_month(2026, 0) == 0);
}

TEST_CASE("dates order by year, then month, then day") {
  CHECK(date(2026, 11, 30) < date(2026, 12, 1));
  CHECK(date(2025, 12, 31) < date(2026, 1, 1));
  CHECK(date(2026, 1, 9) < date(2026, 1, 10));
  CHECK(date(2026, 11, 30) == parse_date("2026-11-30"));
  CHECK(date(2026, 11, 30) != date(2026, 11, 29));
}

TEST_CASE("days since the epoch match std::chrono's for every day of 1570-2370") {
  namespace ch = std::chrono;
  // Every day from 400 years before the epoch to 400 after: both leap rules, both signs.
  const auto first = ch::sys_days{ch::year{1570} / ch::January / 1};
  const auto last = ch::sys_days{ch::year{2370} / ch::December / 31};
  std::int64_t checked = 0;
  for (auto day = first; day <= last; day += ch::days{1}) {
    const ch::year_month_day ymd{day};
    const date d = from_chrono(ymd);
    const std::int64_t n = day.time_since_epoch().count();
    if (d.days_since_epoch() != n || date::from_days_since_epoch(n) != d || !d.ok()) {
      FAIL_CHECK("day " << n << " (" << to_string(d) << ") does not match std::chrono");
      break;
    }
    ++checked;
  }
  CHECK(checked == (last - first).count() + 1);
  static_assert(date(1970, 1, 1).days_since_epoch() == 0);
  static_assert(date(1969, 12, 31).days_since_epoch() == -1);
  static_assert(date(2000, 3, 1).days_since_epoch() == 11017);  // 30 * 365 + 7 leap days + 60
  static_assert(date::from_days_since_epoch(-719468) == date(0, 3, 1));
}

TEST_CASE("add_days and days_between count whole days across months, years and leap days") {
  CHECK(add_days(date(2026, 11, 30), 1) == date(2026, 12, 1));
  CHECK(add_days(date(2026, 12, 31), 1) == date(2027, 1, 1));
  CHECK(add_days(date(2024, 2, 28), 1) == date(2024, 2, 29));
  CHECK(add_days(date(2026, 3, 1), -1) == date(2026, 2, 28));
  CHECK(add_days(date(2026, 11, 30), -30) == date(2026, 10, 31));
  CHECK(days_between(date(2026, 9, 10), date(2026, 11, 30)) == 81);  // 20 + 31 + 30
  CHECK(days_between(date(2026, 11, 30), date(2026, 9, 10)) == -81);
  CHECK(days_between(date(2024, 1, 1), date(2025, 1, 1)) == 366);
}

TEST_CASE("a timestamp counts seconds since 1970-01-01T00:00:00Z and knows its day") {
  const timestamp t = parse_timestamp("2026-11-20T10:00:01Z");
  CHECK(t.day() == date(2026, 11, 20));
  CHECK(t.second_of_day() == 36001);
  CHECK(t == timestamp(date(2026, 11, 20), 36001));
  CHECK(start_of(date(2026, 11, 20)) < t);
  CHECK(t < start_of(date(2026, 11, 21)));
  CHECK(timestamp{}.seconds_since_epoch() == 0);
  CHECK(to_string(timestamp{}) == "1970-01-01T00:00:00Z");
  // Before the epoch the day is the one below (floor), not the one toward zero.
  const timestamp before{-1};
  CHECK(before.day() == date(1969, 12, 31));
  CHECK(before.second_of_day() == 86399);
  CHECK(to_string(before) == "1969-12-31T23:59:59Z");
  CHECK(timestamp{-86400}.day() == date(1969, 12, 31));
  CHECK(timestamp{-86401}.day() == date(1969, 12, 30));
}

TEST_CASE("a day_count is a whole number of days, also from std::chrono durations of whole days") {
  namespace ch = std::chrono;
  static_assert(day_count{90}.count() == 90);
  static_assert(day_count{}.count() == 0);
  const day_count from_days = ch::days{120};
  CHECK(from_days.count() == 120);
  const day_count from_weeks = ch::weeks{2};
  CHECK(from_weeks.count() == 14);
  CHECK(day_count{30} == ch::days{30});
  CHECK(day_count{29} < day_count{30});
  // Hours, seconds or fractional days are not days: no conversion, rather than a silent truncation.
  static_assert(!std::is_convertible_v<ch::hours, day_count>);
  static_assert(!std::is_convertible_v<ch::seconds, day_count>);
  static_assert(!std::is_convertible_v<ch::duration<double, std::ratio<86400>>, day_count>);
  static_assert(!std::is_convertible_v<std::int64_t, day_count>);  // explicit: day_count{90}
  CHECK(to_chrono(day_count{7}) == ch::days{7});
}

TEST_CASE("provenance/chrono.hpp converts dates and instants to std::chrono and back") {
  namespace ch = std::chrono;
  const date d{2026, 11, 30};
  CHECK(to_chrono(d) == ch::year{2026} / ch::November / 30);
  CHECK(from_chrono(ch::year{2026} / ch::November / 30) == d);
  CHECK_FALSE(from_chrono(ch::year{2026} / ch::February / 30).ok());
  const timestamp t = parse_timestamp("2026-11-20T10:00:01Z");
  CHECK(to_chrono(t) == ch::sys_days{ch::year{2026} / ch::November / 20} + ch::seconds{36001});
  CHECK(from_chrono(to_chrono(t)) == t);
  CHECK(from_chrono(ch::sys_days{ch::year{2026} / ch::November / 20}) ==
        start_of(date(2026, 11, 20)));
  // A finer instant is taken to the second at or before it, also before the epoch.
  CHECK(from_chrono(ch::sys_time<ch::milliseconds>{ch::milliseconds{1999}}) == timestamp{1});
  CHECK(from_chrono(ch::sys_time<ch::milliseconds>{ch::milliseconds{-1}}) == timestamp{-1});
}

}  // namespace trncost_tests::date_test
