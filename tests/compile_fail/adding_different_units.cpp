// expect adding_chip_hours_to_instance_hours: trncost: cannot add, subtract or compare instance-hours and chip-hours
// expect adding_hours_to_a_month: trncost: cannot add, subtract or compare billing months and hours
// expect adding_per_thousand_requests_to_per_request: trncost: cannot add, subtract or compare two different units of one dimension
// expect adding_per_token_to_per_million_tokens: trncost: cannot add, subtract or compare two different units of one dimension
// expect adding_gibibytes_to_gigabytes: trncost: cannot add, subtract or compare gigabytes \(GB, 10\^9 bytes\) and gibibytes \(GiB, 2\^30 bytes\)
// expect adding_kibibytes_to_kilobytes: trncost: cannot add, subtract or compare a decimal byte multiple \(kB, MB, GB, TB: powers of 10\) and a binary one
// Only like adds to like. An instance-hour (one trn1.32xlarge for an hour) and a chip-hour (one
// Trainium chip for an hour) are different dimensions. A billing month is not a number of hours
// (730 is a convention). USD per request and USD per 1000 requests differ by a factor of 1000, USD
// per million tokens and USD per token by 10^6: convert one explicitly. GB (10^9 bytes) and GiB
// (2^30 bytes), kB (1000 bytes) and KiB (1024 bytes): the sum would need an inexact conversion.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  using usd_per_token_t = units::per<units::usd_t, units::token_t>;
  const auto instances = make(units::instance_hour, 10);
  const auto chips = make(units::chip_hour, 160);
  const auto reserved = make(units::month, 1);
  const auto hours = make(units::hour, 730);
  const auto per_request = make(units::usd_per_request, "0.0000002");
  const auto per_thousand = make(units::usd_per_thousand_requests, "0.0004");
  const auto output_price = make(units::usd_per_million_tokens, "15");
  const auto surcharge = make<usd_per_token_t>("0.0000003");
  const auto transfer = make(units::gigabyte, 500);
  const auto payload = make(units::kilobyte, 4);
#ifdef TRNCOST_FAIL_adding_chip_hours_to_instance_hours
  const auto hours_total = instances + chips;
#else
  const auto hours_total = instances + make(units::instance_hour, 5);
#endif
#ifdef TRNCOST_FAIL_adding_hours_to_a_month
  const auto months_total = reserved + hours;
#else
  const auto months_total = reserved + make(units::month, 1);
#endif
#ifdef TRNCOST_FAIL_adding_per_thousand_requests_to_per_request
  const auto request_price = per_request + per_thousand;
#else
  const auto request_price = per_request + quantity<units::usd_per_request_t>(per_thousand);
#endif
#ifdef TRNCOST_FAIL_adding_per_token_to_per_million_tokens
  const auto token_price = output_price + surcharge;
#else
  const auto token_price = quantity<usd_per_token_t>(output_price) + surcharge;
#endif
#ifdef TRNCOST_FAIL_adding_gibibytes_to_gigabytes
  const auto bytes_total = transfer + make(units::gibibyte, 100);
#else
  const auto bytes_total = transfer + make(units::gigabyte, 100);
#endif
#ifdef TRNCOST_FAIL_adding_kibibytes_to_kilobytes
  const auto payload_total = payload + make(units::kibibyte, 4);
#else
  const auto payload_total = payload + make(units::kilobyte, 4);
#endif
  (void)hours_total;
  (void)chips;
  (void)months_total;
  (void)hours;
  (void)request_price;
  (void)token_price;
  (void)bytes_total;
  (void)payload_total;
}
