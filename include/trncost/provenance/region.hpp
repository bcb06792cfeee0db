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

/// The prefixes AWS bills put before a usage type, and the region each names ("USW2-BoxUsage:...":
/// us-west-2). eu-west-1 has two ("EU", the older, and "EUW1"); usage_type_prefix() gives the
/// first.
inline constexpr std::string_view usage_type_prefixes[][2] = {
    {"USE1", "us-east-1"},      {"USE2", "us-east-2"},      {"USW1", "us-west-1"},
    {"USW2", "us-west-2"},      {"AFS1", "af-south-1"},     {"APE1", "ap-east-1"},
    {"APS3", "ap-south-1"},     {"APS5", "ap-south-2"},     {"APS1", "ap-southeast-1"},
    {"APS2", "ap-southeast-2"}, {"APS4", "ap-southeast-3"}, {"APS6", "ap-southeast-4"},
    {"APN1", "ap-northeast-1"}, {"APN2", "ap-northeast-2"}, {"APN3", "ap-northeast-3"},
    {"CAN1", "ca-central-1"},   {"EUC1", "eu-central-1"},   {"EUC2", "eu-central-2"},
    {"EU", "eu-west-1"},        {"EUW1", "eu-west-1"},      {"EUW2", "eu-west-2"},
    {"EUW3", "eu-west-3"},      {"EUN1", "eu-north-1"},     {"EUS1", "eu-south-1"},
    {"EUS2", "eu-south-2"},     {"MES1", "me-south-1"},     {"MEC1", "me-central-1"},
    {"SAE1", "sa-east-1"},      {"ILC1", "il-central-1"},   {"UGW1", "us-gov-west-1"},
    {"UGE1", "us-gov-east-1"}};

/// The region an AWS usage type's prefix names ("USW2-BoxUsage:trn1.32xlarge": us-west-2), from
/// the prefixes AWS bills use; empty for a usage type without one ("BoxUsage:...", us-east-1's
/// older spelling) or with a prefix not in the table.
[[nodiscard]] constexpr std::string_view region_of_usage_type(
    std::string_view usage_type) noexcept {
  const std::size_t dash = usage_type.find('-');
  if (dash == std::string_view::npos) return {};
  const std::string_view prefix = usage_type.substr(0, dash);
  for (const auto& row : usage_type_prefixes) {
    if (row[0] == prefix) return row[1];
  }
  return {};
}

/// The prefix AWS bills put before a usage type of `region` ("us-west-2": "USW2"), or empty for a
/// region not in the table.
[[nodiscard]] constexpr std::string_view usage_type_prefix(std::string_view region) noexcept {
  for (const auto& row : usage_type_prefixes) {
    if (row[1] == region) return row[0];
  }
  return {};
}

/// Whether `code` is `region` or one of its Local or Wavelength Zones ("us-east-1-mia-1").
[[nodiscard]] constexpr bool is_in_region(std::string_view code, std::string_view region) noexcept {
  return code == region || (code.size() > region.size() &&
                            code.substr(0, region.size()) == region && code[region.size()] == '-');
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_REGION_HPP
