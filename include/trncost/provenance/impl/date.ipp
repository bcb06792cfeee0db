// The definitions of provenance/date.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PROVENANCE_IMPL_DATE_IPP
#define TRNCOST_PROVENANCE_IMPL_DATE_IPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../../error.hpp"
#include "../date.hpp"

namespace trncost {

namespace detail {

inline int parse_fixed_digits(std::string_view text, std::size_t at, std::size_t n,
                              std::string_view what, std::string_view whole) {
  int v = 0;
  for (std::size_t k = at; k < at + n; ++k) {
    if (k >= text.size() || text[k] < '0' || text[k] > '9') {
      throw parse_error("\"" + std::string(whole) + "\" is not an ISO 8601 " + std::string(what) +
                        ": expected a digit at offset " + std::to_string(k));
    }
    v = v * 10 + (text[k] - '0');
  }
  return v;
}

inline void expect_char(std::string_view text, std::size_t at, char c, std::string_view what) {
  if (at >= text.size() || text[at] != c) {
    throw parse_error("\"" + std::string(text) + "\" is not an ISO 8601 " + std::string(what) +
                      ": expected '" + std::string(1, c) + "' at offset " + std::to_string(at));
  }
}

inline std::string two_digits(unsigned v) {
  return std::string{static_cast<char>('0' + v / 10), static_cast<char>('0' + v % 10)};
}

}  // namespace detail

TRNCOST_DECL date parse_date(std::string_view text) {
  if (text.size() != 10) {
    throw parse_error("\"" + std::string(text) + "\" is not an ISO 8601 date (YYYY-MM-DD)");
  }
  const int y = detail::parse_fixed_digits(text, 0, 4, "date (YYYY-MM-DD)", text);
  detail::expect_char(text, 4, '-', "date (YYYY-MM-DD)");
  const int m = detail::parse_fixed_digits(text, 5, 2, "date (YYYY-MM-DD)", text);
  detail::expect_char(text, 7, '-', "date (YYYY-MM-DD)");
  const int d = detail::parse_fixed_digits(text, 8, 2, "date (YYYY-MM-DD)", text);
  const date result{y, static_cast<unsigned>(m), static_cast<unsigned>(d)};
  if (!result.ok()) {
    throw parse_error("\"" + std::string(text) + "\" is not a calendar date");
  }
  return result;
}

TRNCOST_DECL timestamp parse_timestamp(std::string_view text) {
  if (text.size() != 20) {
    throw parse_error("\"" + std::string(text) +
                      "\" is not an ISO 8601 UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)");
  }
  const date day = parse_date(text.substr(0, 10));
  constexpr std::string_view what = "UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)";
  detail::expect_char(text, 10, 'T', what);
  const int h = detail::parse_fixed_digits(text, 11, 2, what, text);
  detail::expect_char(text, 13, ':', what);
  const int mi = detail::parse_fixed_digits(text, 14, 2, what, text);
  detail::expect_char(text, 16, ':', what);
  const int s = detail::parse_fixed_digits(text, 17, 2, what, text);
  detail::expect_char(text, 19, 'Z', what);
  if (h > 23 || mi > 59 || s > 59) {
    throw parse_error("\"" + std::string(text) + "\" has a time of day out of range");
  }
  return timestamp(day, std::int64_t{h} * 3600 + mi * 60 + s);
}

TRNCOST_DECL std::string to_string(date d) {
  const int y = d.year();
  std::string ys = std::to_string(y);
  while (ys.size() < 4) ys.insert(ys.begin(), '0');
  return ys + "-" + detail::two_digits(d.month()) + "-" + detail::two_digits(d.day());
}

TRNCOST_DECL std::string to_string(timestamp t) {
  const auto s = static_cast<unsigned>(t.second_of_day());
  return to_string(t.day()) + "T" + detail::two_digits(s / 3600) + ":" +
         detail::two_digits(s / 60 % 60) + ":" + detail::two_digits(s % 60) + "Z";
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_IMPL_DATE_IPP
