// Levenshtein distance between two names, ignoring ASCII case: how the catalog picks the name to
// suggest when a lookup misses ("trn1.32xl" -> "trn1.32xlarge").
#ifndef TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP
#define TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "../../config.hpp"

namespace trncost::detail {

constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The fewest single-character insertions, deletions and substitutions that turn `a` into `b`,
/// comparing letters without regard to ASCII case. O(|a| x |b|) time, O(|b|) memory.
TRNCOST_DECL std::size_t edit_distance(std::string_view a, std::string_view b);

/// Whether `text` starts with `prefix`, comparing letters without regard to ASCII case.
constexpr bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) noexcept {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (ascii_lower(text[i]) != ascii_lower(prefix[i])) return false;
  }
  return true;
}

}  // namespace trncost::detail

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/edit_distance.ipp"
#endif

#endif  // TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP
