// The definitions of pricing/unit_table.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICING_IMPL_UNIT_TABLE_IPP
#define TRNCOST_PRICING_IMPL_UNIT_TABLE_IPP

#include "../unit_table.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL const price_unit_entry& lookup_price_unit(std::string_view text,
                                                                     std::string_view context) {
  if (const auto* e = find_price_unit(text)) return *e;
  std::string known;
  for (const auto& e : price_unit_table) {
    if (!known.empty()) known += ", ";
    known += e.text;
  }
  throw input_error(std::string(context) + ": unit \"" + std::string(text) +
                    "\" is not in trncost's price-unit table (" + known +
                    "); an unknown unit is never guessed: add it to pricing/unit_table.hpp "
                    "with its meaning");
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICING_IMPL_UNIT_TABLE_IPP
