// AWS region codes and availability zones as trncost checks them: a price, a run or a spot
// observation says where it applies, and the line it feeds must be billed there.
#ifndef TRNCOST_PROVENANCE_REGION_HPP
#define TRNCOST_PROVENANCE_REGION_HPP

#include <cstddef>
#include <string_view>

namespace trncost {

/// Whether `s` is written as an AWS region code: lowercase words and numbers joined by '-', the
/// first a two-letter area, one of the parts after the second a number ("us-east-1",
/// "us-gov-west-1", "us-east-1-mia-1", "us-west-2-wl1-den1"); never "banana" or a zone
/// ("ap-south-1a").
[[nodiscard]] constexpr bool is_region_code(std::string_view s) noexcept {
  if (s.size() < 4 || s.size() > 40) return false;
  std::size_t part = 0;
  bool number_after_second = false;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '-') {
      const char c = s[i];
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
      continue;
    }
    const std::string_view token = s.substr(begin, i - begin);
    if (token.empty()) return false;
    if (part == 0) {
      if (token.size() != 2 || token[0] < 'a' || token[0] > 'z' || token[1] < 'a' ||
          token[1] > 'z') {
        return false;
      }
    }
    bool digits = true;
    for (char c : token) digits = digits && c >= '0' && c <= '9';
    if (part >= 2 && digits) number_after_second = true;
    ++part;
    begin = i + 1;
  }
  return part >= 3 && number_after_second;
}

/// Whether `zone` is an availability zone of `region`: the region's code and one letter
/// ("us-east-1a" of "us-east-1").
[[nodiscard]] constexpr bool is_zone_of(std::string_view zone, std::string_view region) noexcept {
  return zone.size() == region.size() + 1 && zone.substr(0, region.size()) == region &&
         zone.back() >= 'a' && zone.back() <= 'z';
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_REGION_HPP
