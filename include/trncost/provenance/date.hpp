// Calendar dates and UTC timestamps in ISO 8601 form, as provenance records them.
#ifndef TRNCOST_PROVENANCE_DATE_HPP
#define TRNCOST_PROVENANCE_DATE_HPP

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "../error.hpp"

namespace trncost {

/// A calendar day (the day a price was consulted, a file published).
using date = std::chrono::year_month_day;
/// A UTC instant to the second (when a measurement started or ended).
using timestamp = std::chrono::sys_seconds;

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
