// Where is it cheapest: an instance type's on-demand price in each region whose EC2 offer a caller
// holds (a price store with several regions, say), cheapest first, each price quoted with its
// offer file, SKU and rate code; a region whose offer has no price for the type is listed as such,
// with why, never priced at zero.
#ifndef TRNCOST_PRICING_REGIONS_HPP
#define TRNCOST_PRICING_REGIONS_HPP

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../config.hpp"
#include "../provenance/date.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "offer.hpp"

namespace trncost::pricing {

/// One region's answer.
struct regional_price {
  std::string region{};
  /// The EC2 Linux on-demand (shared tenancy) price in force on the as-of date, quoted; empty
  /// when the region's offer has none for the type (then `why_not` says why).
  std::optional<sourced<quantity<units::usd_per_instance_hour_t>>> price{};
  std::string offer_version{};      ///< the AmazonEC2 offer's version read for the region
  std::optional<date> published{};  ///< its publication date
  std::string why_not{};
};

/// Each region whose AmazonEC2 offer is in `offers` (by the offer's region, else the regions its
/// products name), with `instance_type`'s on-demand price there on `as_of`: the priced regions
/// cheapest first (a tie by region code), then the others in region order. Stale prices are
/// answered, with their publication date: how old is too old is the caller's call.
[[nodiscard]] TRNCOST_DECL std::vector<regional_price> on_demand_by_region(
    std::span<const offer> offers, const std::string& instance_type, date as_of);

}  // namespace trncost::pricing

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/regions.ipp"
#endif

#endif  // TRNCOST_PRICING_REGIONS_HPP
