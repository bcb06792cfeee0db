// Calendar dates and UTC timestamps in ISO 8601 form, as provenance records them.
//
// trncost's own types rather than std::chrono's: <chrono> (C++20 calendars, which bring <sstream>)
// was about a tenth of the compile time of every unit using the core.
// <trncost/provenance/chrono.hpp> converts to and from std::chrono.
#ifndef TRNCOST_PROVENANCE_DATE_HPP
#define TRNCOST_PROVENANCE_DATE_HPP

#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "../config.hpp"
#include "../error.hpp"

namespace trncost {

/// A calendar day of the proleptic Gregorian calendar (the day a price was consulted, a file
/// published). Like std::chrono::year_month_day it holds any year, month and day and says with
/// ok() whether they name a real day; a default date is not one (month 0).
class date {
 public:
  constexpr date() noexcept = default;
  /// 2026, 11, 30 is 2026-11-30; not checked (ok() says).
  constexpr date(int year, unsigned month, unsigned day) noexcept
      : year_(year), month_(month), day_(day) {}

  [[nodiscard]] constexpr int year() const noexcept { return year_; }
  [[nodiscard]] constexpr unsigned month() const noexcept { return month_; }
  [[nodiscard]] constexpr unsigned day() const noexcept { return day_; }

  /// Whether this is a day of the calendar: month 1-12, a day of that month, year -32767 to 32767
  /// (std::chrono::year's range).
  [[nodiscard]] constexpr bool ok() const noexcept {
    return year_ >= -32767 && year_ <= 32767 && month_ >= 1 && month_ <= 12 && day_ >= 1 &&
           day_ <= last_day_of_month(year_, month_);
  }

  /// Days since 1970-01-01 (negative before it); meaningful when ok().
  [[nodiscard]] constexpr std::int64_t days_since_epoch() const noexcept {
    // Counted in 400-year eras starting on March 1st, so that February's leap day is the last day
    // of an era's year and every month before it has a fixed length.
    const std::int64_t y = static_cast<std::int64_t>(year_) - (month_ <= 2 ? 1 : 0);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t year_of_era = y - era * 400;                                // 0-399
    const std::int64_t month_from_march = month_ > 2 ? month_ - 3 : month_ + 9;    // 0-11
    const std::int64_t day_of_year = (153 * month_from_march + 2) / 5 + day_ - 1;  // 0-365
    const std::int64_t day_of_era =
        year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;  // 0-146096
    return era * 146097 + day_of_era - 719468;  // 719468: days from 0000-03-01 to 1970-01-01
  }

  /// The day `days` after 1970-01-01 (before it when negative).
  [[nodiscard]] static constexpr date from_days_since_epoch(std::int64_t days) noexcept {
    const std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t day_of_era = z - era * 146097;  // 0-146096
    const std::int64_t year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const std::int64_t day_of_year =
        day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);  // 0-365
    const std::int64_t month_from_march = (5 * day_of_year + 2) / 153;           // 0-11
    const auto day = static_cast<unsigned>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
    const auto month =
        static_cast<unsigned>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
    const std::int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
    return date(static_cast<int>(year), month, day);
  }

  /// Days of a month (28 to 31); 0 for a month outside 1-12.
  [[nodiscard]] static constexpr unsigned last_day_of_month(int year, unsigned month) noexcept {
    constexpr unsigned char days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) return 0;
    const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    return month == 2 && leap ? 29 : days[month - 1];
  }

  /// Chronological for days of the calendar (year, then month, then day).
  friend constexpr auto operator<=>(const date&, const date&) noexcept = default;

 private:
  int year_ = 0;
  unsigned month_ = 0;
  unsigned day_ = 0;
};

/// The day `days` after `d` (before it when negative).
[[nodiscard]] constexpr date add_days(date d, std::int64_t days) noexcept {
  return date::from_days_since_epoch(d.days_since_epoch() + days);
}

/// Days from `from` to `to`: 1 from a day to the next, negative when `to` is earlier.
[[nodiscard]] constexpr std::int64_t days_between(date from, date to) noexcept {
  return to.days_since_epoch() - from.days_since_epoch();
}

namespace detail {
/// A std::chrono::duration (or alike) counting whole days in an integer: days, weeks.
template <class Duration>
concept whole_days = std::is_integral_v<typename Duration::rep> && Duration::period::den == 1 &&
                     Duration::period::num % 86400 == 0;
}  // namespace detail

/// A whole number of days: a quote's freshness window, a price book's maximum age. Made from a
/// count (`day_count{90}`) or from a std::chrono duration of whole days (`std::chrono::days{90}`,
/// `std::chrono::weeks{2}`: 14), which converts implicitly; hours, seconds or a fractional count of
/// days do not.
class day_count {
 public:
  constexpr day_count() noexcept = default;
  constexpr explicit day_count(std::int64_t days) noexcept : days_(days) {}
  template <class Duration>
  requires detail::whole_days<Duration>
  constexpr day_count(Duration d) noexcept  // NOLINT(google-explicit-constructor): as chrono's
      : days_(static_cast<std::int64_t>(d.count()) * (Duration::period::num / 86400)) {}

  [[nodiscard]] constexpr std::int64_t count() const noexcept { return days_; }

  friend constexpr auto operator<=>(day_count, day_count) noexcept = default;

 private:
  std::int64_t days_ = 0;
};

/// A UTC instant to the second (when a measurement started or ended): seconds since
/// 1970-01-01T00:00:00Z, leap seconds not counted (as POSIX time and std::chrono::sys_seconds).
/// A default timestamp is that instant, which provenance reads as "not given".
class timestamp {
 public:
  constexpr timestamp() noexcept = default;
  constexpr explicit timestamp(std::int64_t seconds_since_epoch) noexcept
      : seconds_(seconds_since_epoch) {}
  /// The instant `seconds` after the start of `day` (UTC).
  constexpr timestamp(date day, std::int64_t seconds) noexcept
      : seconds_(day.days_since_epoch() * 86400 + seconds) {}

  [[nodiscard]] constexpr std::int64_t seconds_since_epoch() const noexcept { return seconds_; }

  /// The day (UTC) the instant falls on.
  [[nodiscard]] constexpr date day() const noexcept {
    return date::from_days_since_epoch(seconds_ >= 0 ? seconds_ / 86400
                                                     : -((-seconds_ + 86399) / 86400));
  }
  /// Seconds since the start of its day (0 to 86399).
  [[nodiscard]] constexpr std::int64_t second_of_day() const noexcept {
    return seconds_ - day().days_since_epoch() * 86400;
  }

  friend constexpr auto operator<=>(const timestamp&, const timestamp&) noexcept = default;

 private:
  std::int64_t seconds_ = 0;
};

/// The first second of a day (UTC).
[[nodiscard]] constexpr timestamp start_of(date d) noexcept { return timestamp(d, 0); }

/// Parses "YYYY-MM-DD"; throws trncost::parse_error naming the text and the rule.
TRNCOST_DECL date parse_date(std::string_view text);

/// Parses "YYYY-MM-DDTHH:MM:SSZ" (UTC); throws trncost::parse_error naming the text and the rule.
TRNCOST_DECL timestamp parse_timestamp(std::string_view text);

/// "YYYY-MM-DD".
TRNCOST_DECL std::string to_string(date d);

/// "YYYY-MM-DDTHH:MM:SSZ".
TRNCOST_DECL std::string to_string(timestamp t);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/date.ipp"
#endif

#endif  // TRNCOST_PROVENANCE_DATE_HPP
