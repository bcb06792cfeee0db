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

using std::chrono::April;
using std::chrono::August;
using std::chrono::December;
using std::chrono::February;
using std::chrono::January;
using std::chrono::July;
using std::chrono::June;
using std::chrono::March;
using std::chrono::May;
using std::chrono::November;
using std::chrono::October;
using std::chrono::September;

inline trncost::date d(int y, std::chrono::month m, unsigned day) {
  return trncost::from_chrono(
      std::chrono::year_month_day{std::chrono::year(y), m, std::chrono::day(day)});
}

inline trncost::decimal dollars(std::string_view s) { return trncost::decimal::parse(s); }

}  // namespace trncost_support::chrono_dates

#endif  // TRNCOST_TESTS_SUPPORT_CHRONO_DATES_HPP
