// AWS Price List offer files, all formats: JSON offer files (streamed), CSV offer files, and
// Savings Plans offer files in both. read_offer_file() picks the reader by the file's extension.
#ifndef TRNCOST_READERS_PRICE_LIST_HPP
#define TRNCOST_READERS_PRICE_LIST_HPP

#include <string>

#include "../config.hpp"
#include "detail/input.hpp"
#include "price_list_csv.hpp"
#include "price_list_json.hpp"
#include "savings_plans.hpp"

namespace trncost::readers {

/// Reads an offer file by its extension: ".json" with read_offer_json_file, ".csv" with
/// read_offer_csv_file; parse_error naming the file for any other.
[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_file(const std::string& path,
                                                          const pricing::offer_filter& filter);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/price_list.ipp"
#endif

#endif  // TRNCOST_READERS_PRICE_LIST_HPP
