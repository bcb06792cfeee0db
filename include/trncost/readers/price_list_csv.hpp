// Reader for AWS Price List CSV offer files: five metadata rows (FormatVersion, Disclaimer,
// Publication Date, Version, OfferCode), a header, then one row per priced line with its product's
// attributes. Columns are read by name (they vary by service and year); attribute columns are
// renamed to the JSON files' attribute names ("Instance Type" -> instanceType) so one filter and
// one query serve both formats. Streamed: one row in memory at a time, plus what the filter keeps.
#ifndef TRNCOST_READERS_PRICE_LIST_CSV_HPP
#define TRNCOST_READERS_PRICE_LIST_CSV_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../pricing/offer.hpp"
#include "../pricing/unit_table.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"

namespace trncost::readers {

/// The JSON attribute name of a CSV offer file's column: the names of the table below, else the
/// column's words joined with the first letter lower-cased ("Region Code" -> "regionCode").
[[nodiscard]] TRNCOST_DECL std::string csv_attribute_name(std::string_view column);

namespace detail {

TRNCOST_DECL bool is_csv_term_column(std::string_view name);

TRNCOST_DECL std::uint64_t csv_fnv(std::uint64_t h, std::string_view s) noexcept;

/// Reads the five metadata rows into `header`; parse_error naming the line otherwise.
TRNCOST_DECL void read_csv_offer_metadata(csv_reader& csv, pricing::offer_header& header,
                                          bool need_offer_code);

/// Checks a record's width against the header, naming the first missing column.
TRNCOST_DECL void check_csv_width(const csv_reader& csv, const csv_header& header);

/// Refuses a header (the reader's current record) in which two columns mean the same thing:
/// names that differ only in case and spaces, or that csv_attribute_name() turns into one
/// attribute ("Instance Type" and "instanceType"). Read by name, the second would silently
/// replace the first.
TRNCOST_DECL void check_distinct_columns(const csv_reader& csv, const csv_header& header);

/// Refuses a required column's absence with a hint when the header is another kind of offer
/// file's: a Savings Plans file (DiscountedRate) read as an offer file, or an offer file
/// (PricePerUnit) read as a Savings Plans file.
[[noreturn]] TRNCOST_DECL void fail_missing_column(const csv_reader& csv, const csv_header& header,
                                                   std::string_view column, bool savings_plans);

/// header.require(column), with fail_missing_column's hint.
TRNCOST_DECL std::size_t require_column(const csv_reader& csv, const csv_header& header,
                                        std::string_view column, bool savings_plans);

TRNCOST_DECL std::optional<date> parse_effective(std::string_view v, const input_position& where,
                                                 std::string_view field);

TRNCOST_DECL decimal parse_csv_price(std::string_view v, const input_position& where,
                                     std::string_view field);

}  // namespace detail

/// Reads a CSV offer file from `in`, keeping the rows whose product the filter selects. `file`
/// names the input in errors (with the line and column) and becomes the prices' source.
[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_csv(std::istream& in, std::string_view file,
                                                         const pricing::offer_filter& filter);

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_csv_file(const std::string& path,
                                                              const pricing::offer_filter& filter);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/price_list_csv.ipp"
#endif

#endif  // TRNCOST_READERS_PRICE_LIST_CSV_HPP
