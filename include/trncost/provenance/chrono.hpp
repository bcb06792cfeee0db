// trncost::date and trncost::timestamp to and from std::chrono: for a host that keeps its days as
// std::chrono::year_month_day or sys_days and its instants as sys_seconds (or reads the clock).
#ifndef TRNCOST_PROVENANCE_CHRONO_HPP
#define TRNCOST_PROVENANCE_CHRONO_HPP

#include <chrono>

#include "date.hpp"

namespace trncost {

/// The same day as a std::chrono calendar date.
[[nodiscard]] constexpr std::chrono::year_month_day to_chrono(date d) noexcept {
  return {std::chrono::year{d.year()}, std::chrono::month{d.month()}, std::chrono::day{d.day()}};
}

/// The same instant as std::chrono::sys_seconds.
[[nodiscard]] constexpr std::chrono::sys_seconds to_chrono(timestamp t) noexcept {
  return std::chrono::sys_seconds{std::chrono::seconds{t.seconds_since_epoch()}};
}

/// The same number of days as std::chrono::days (std::chrono::days converts to day_count itself).
[[nodiscard]] constexpr std::chrono::days to_chrono(day_count n) noexcept {
  return std::chrono::days{n.count()};
}

/// A std::chrono calendar date as a trncost::date (ok() if and only if the chrono date is).
[[nodiscard]] constexpr date from_chrono(std::chrono::year_month_day d) noexcept {
  return {static_cast<int>(d.year()), static_cast<unsigned>(d.month()),
          static_cast<unsigned>(d.day())};
}

/// An instant of the system clock (sys_seconds, sys_days, system_clock::now()) as a timestamp, to
/// the second at or before it (std::chrono::floor). A day: `from_chrono(year_month_day{days})`.
template <class Duration>
[[nodiscard]] constexpr timestamp from_chrono(std::chrono::sys_time<Duration> t) noexcept {
  return timestamp(std::chrono::floor<std::chrono::seconds>(t).time_since_epoch().count());
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_CHRONO_HPP
