// The definitions of readers/price_list.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_PRICE_LIST_IPP
#define TRNCOST_READERS_IMPL_PRICE_LIST_IPP

#include "../price_list.hpp"

namespace trncost {

namespace readers {

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_file(const std::string& path,
                                                          const pricing::offer_filter& filter) {
  if (path.ends_with(".json")) return read_offer_json_file(path, filter);
  if (path.ends_with(".csv")) return read_offer_csv_file(path, filter);
  fail(input_position::whole(path), "",
       "is neither a .json nor a .csv offer file (the reader is chosen by the extension)");
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_PRICE_LIST_IPP
