// The definitions of catalog/detail/edit_distance.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CATALOG_DETAIL_IMPL_EDIT_DISTANCE_IPP
#define TRNCOST_CATALOG_DETAIL_IMPL_EDIT_DISTANCE_IPP

#include "../edit_distance.hpp"

namespace trncost {

namespace detail {

TRNCOST_DECL std::size_t edit_distance(std::string_view a, std::string_view b) {
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

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_CATALOG_DETAIL_IMPL_EDIT_DISTANCE_IPP
