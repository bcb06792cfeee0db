// Levenshtein distance between two names, ignoring ASCII case: how the catalog picks the name to
// suggest when a lookup misses ("trn1.32xl" -> "trn1.32xlarge").
#ifndef TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP
#define TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace trncost::detail {

constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The fewest single-character insertions, deletions and substitutions that turn `a` into `b`,
/// comparing letters without regard to ASCII case. O(|a| x |b|) time, O(|b|) memory.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];  // distance(a[0, i-1), b[0, j-1)) as j advances
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution =
          diagonal + (ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]) ? 0U : 1U);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/// Whether `text` starts with `prefix`, comparing letters without regard to ASCII case.
constexpr bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) noexcept {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (ascii_lower(text[i]) != ascii_lower(prefix[i])) return false;
  }
  return true;
}

}  // namespace trncost::detail

#endif  // TRNCOST_CATALOG_DETAIL_EDIT_DISTANCE_HPP
