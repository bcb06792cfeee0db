// The Spot Instance Advisor's data: the JSON file AWS's Spot Instance Advisor page reads
// (https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json). For each region, operating
// system and instance type that has a spot market, the savings over on-demand (`s`, percent) and
// the frequency of interruption (`r`, the index of a bucket of `ranges`: "<5%", "5-10%", "10-15%",
// "15-20%", ">20%" of instances interrupted over the last month, each with its upper bound `max`).
//
//   { "ranges": [ { "index": 0, "label": "<5%", "dots": 0, "max": 5 }, ... ],
//     "instance_types": { "trn1.32xlarge": { "emr": false, "cores": 128, "ram_gb": 512 }, ... },
//     "spot_advisor": { "us-east-1": { "Linux": { "trn1.32xlarge": { "s": 59, "r": 1 } } } } }
//
// A type without a row in a region has no spot market there: trncost refuses to price it as spot.
#ifndef TRNCOST_READERS_SPOT_ADVISOR_HPP
#define TRNCOST_READERS_SPOT_ADVISOR_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"

namespace trncost::readers {

/// A bucket of interruption frequency: "<5%" of instances interrupted in a month, up to
/// `max_percent`.
struct spot_interruption_range {
  std::uint32_t index = 0;
  std::string label;              ///< "<5%", "5-10%", ">20%"
  std::uint32_t max_percent = 0;  ///< the bucket's upper bound, percent of instances a month
};

/// One instance type's spot market in one region and operating system.
struct spot_market {
  std::string region;                 ///< "us-east-1"
  std::string os;                     ///< "Linux" or "Windows"
  std::string instance_type;          ///< "trn1.32xlarge"
  std::uint32_t savings_percent = 0;  ///< savings over on-demand, as the advisor rounds it
  spot_interruption_range interruption;
};

/// The advisor's data as read.
struct spot_advisor {
  std::string file;
  std::vector<spot_interruption_range> ranges;  ///< by index
  std::vector<spot_market> markets;

  /// The market of `instance_type` in `region` for `os`, or nullptr: no spot market there.
  [[nodiscard]] const spot_market* find(std::string_view region, std::string_view instance_type,
                                        std::string_view os = "Linux") const noexcept;
};

/// Reads the advisor's JSON text; parse_error naming the file and the member (`spot_advisor.
/// us-east-1.Linux.trn1.32xlarge.r`) for a member missing or of the wrong type, an `r` that is
/// no range's index, a range without its label or bound, or a percentage outside 0-100.
[[nodiscard]] TRNCOST_DECL spot_advisor parse_spot_advisor(std::string_view text,
                                                           std::string_view file);

/// parse_spot_advisor() of a file (at most 256 MiB; the advisor's is about 2 MB).
[[nodiscard]] TRNCOST_DECL spot_advisor read_spot_advisor(const std::string& path);

/// The interruption rate a market's bucket gives: its upper bound (max percent of instances
/// interrupted in a month) spread over AWS's 730-hour billing month, per instance-hour. An
/// assumption, said as one (the advisor reports a bucket over the last month, not a rate): "<5%"
/// gives 5 / 100 / 730 = 0.000068493150684932 interruption/instance-h.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::interruptions_per_instance_hour_t>>
spot_interruption_rate(const spot_market& m, const std::string& file, std::string name);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/spot_advisor.ipp"
#endif

#endif  // TRNCOST_READERS_SPOT_ADVISOR_HPP
