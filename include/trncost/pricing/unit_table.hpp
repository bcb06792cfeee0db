// The one table from the AWS Price List's unit strings ("Hrs", "GB-Mo", "GiBps-mo", ...) to trncost
// units. A unit string not in the table is an error, never a guess; a price is read as a trncost
// rate only when the table says the row's unit is that rate's unit.
#ifndef TRNCOST_PRICING_UNIT_TABLE_HPP
#define TRNCOST_PRICING_UNIT_TABLE_HPP

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "../config.hpp"
#include "../error.hpp"
#include "../units/units.hpp"

namespace trncost::pricing {

/// What a price-list row is priced per, once its unit string is understood.
enum class price_unit : std::uint8_t {
  hour,             ///< "Hrs": per hour of use (an instance-hour for an instance)
  gigabyte_month,   ///< "GB-Mo": per GiB kept a billing month (AWS's billing GB is 2^30 bytes)
  gibps_month,      ///< "GiBps-mo": per GiB/s provisioned a month (EBS gp3 throughput)
  iops_month,       ///< "IOPS-Mo": per provisioned IOPS a month
  request,          ///< "Requests": per single request (S3 descriptions say "per 1,000")
  gigabyte,         ///< "GB": per GiB transferred or ingested (AWS's billing GB is 2^30 bytes)
  quantity,         ///< "Quantity": a one-off fee (a reserved instance's upfront fee)
  thousand_tokens,  ///< "1K tokens": per 1,000 tokens (a hosted model's input or output tokens)
  million_tokens,   ///< "1M tokens": per 1,000,000 tokens
};

/// One row of the table: the unit string as the price list writes it, its meaning, and the
/// trncost rate unit's symbol a price of that row reads as.
struct price_unit_entry {
  std::string_view text;
  price_unit unit;
  std::string_view rate_symbol;
  std::string_view note;
};

inline constexpr price_unit_entry price_unit_table[] = {
    {"Hrs", price_unit::hour, "USD/instance-h (or USD/h)", "per hour of use"},
    {"Hours", price_unit::hour, "USD/instance-h (or USD/h)", "per hour of use"},
    {"GB-Mo", price_unit::gigabyte_month, "USD/GiB-mo",
     "per GB-month; AWS bills a GB as 2^30 bytes, so this is per GiB-month"},
    {"GiBps-mo", price_unit::gibps_month, "USD/GiBps-mo",
     "per GiB/s-month; EBS gp3 descriptions say per MiBps-month, 1/1024 of this price"},
    {"IOPS-Mo", price_unit::iops_month, "USD/IOPS-mo", "per provisioned IOPS-month"},
    {"Requests", price_unit::request, "USD/request",
     "per request; S3 descriptions say per 1,000 requests, the price is per one"},
    {"Request", price_unit::request, "USD/request", "per request"},
    {"GB", price_unit::gigabyte, "USD/GiB",
     "per GB transferred or ingested; AWS bills a GB as 2^30 bytes, so this is per GiB"},
    {"Quantity", price_unit::quantity, "USD", "a one-off fee (reserved upfront fee)"},
    {"1K tokens", price_unit::thousand_tokens, "USD/1K tokens",
     "per 1,000 input or output tokens (the AmazonBedrock price list's on-demand rows)"},
    {"1M tokens", price_unit::million_tokens, "USD/1M tokens", "per 1,000,000 tokens"},
};

/// The table's row for a unit string, or nullptr.
[[nodiscard]] constexpr const price_unit_entry* find_price_unit(std::string_view text) noexcept {
  for (const auto& e : price_unit_table) {
    if (e.text == text) return &e;
  }
  return nullptr;
}

/// The table's row for a unit string; trncost::input_error naming the string, `context` (the row
/// it was read from) and the strings the table knows otherwise.
[[nodiscard]] TRNCOST_DECL const price_unit_entry& lookup_price_unit(std::string_view text,
                                                                     std::string_view context);

/// True when a row priced per `u` reads as a price of trncost rate unit `Rate`.
template <class Rate>
[[nodiscard]] constexpr bool rate_fits(price_unit u) noexcept {
  namespace un = units;
  switch (u) {
    case price_unit::hour:
      return std::is_same_v<Rate, un::usd_per_instance_hour_t> ||
             std::is_same_v<Rate, un::usd_per_hour_t>;
    case price_unit::gigabyte_month:
      return std::is_same_v<Rate, un::usd_per_gibibyte_month_t>;
    case price_unit::gibps_month:
      return std::is_same_v<Rate, un::usd_per_gibps_month_t>;
    case price_unit::iops_month:
      return std::is_same_v<Rate, un::usd_per_iops_month_t>;
    case price_unit::request:
      return std::is_same_v<Rate, un::usd_per_request_t>;
    case price_unit::gigabyte:
      return std::is_same_v<Rate, un::usd_per_gibibyte_t>;
    case price_unit::quantity:
      return std::is_same_v<Rate, un::usd_t>;
    case price_unit::thousand_tokens:
      return std::is_same_v<Rate, un::usd_per_thousand_tokens_t>;
    case price_unit::million_tokens:
      return std::is_same_v<Rate, un::usd_per_million_tokens_t>;
  }
  return false;
}

}  // namespace trncost::pricing

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/unit_table.ipp"
#endif

#endif  // TRNCOST_PRICING_UNIT_TABLE_HPP
