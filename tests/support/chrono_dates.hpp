// Dates written with std::chrono's month names (`d(2026, November, 2)`), through the conversion a
// host keeping std::chrono dates uses (provenance/chrono.hpp), and exact dollar amounts: what the
// credit tests write their grants and schedules with. A test says
// `using namespace trncost_support::chrono_dates;`.
#ifndef TRNCOST_TESTS_SUPPORT_CHRONO_DATES_HPP
#define TRNCOST_TESTS_SUPPORT_CHRONO_DATES_HPP

#include <chrono>
#include <string_view>
#include <trncost/provenance/chrono.hpp>
#include <trncost/units/decimal.hpp>

namespace trncost_support::chrono_dates {

// std::chrono's twelve month names, in calendar order.
using std::chrono::January, std::chrono::February, std::chrono::March, std::chrono::April,
    std::chrono::May, std::chrono::June, std::chrono::July, std::chrono::August,
    std::chrono::September, std::chrono::October, std::chrono::November, std::chrono::December;

inline trncost::date d(int y, std::chrono::month m, unsigned day) {
  return trncost::from_chrono(
      std::chrono::year_month_day{std::chrono::year(y), m, std::chrono::day(day)});
}

inline trncost::decimal dollars(std::string_view s) { return trncost::decimal::parse(s); }

}  // namespace trncost_support::chrono_dates

#endif  // TRNCOST_TESTS_SUPPORT_CHRONO_DATES_HPP
