// A bill, read row by row: a FOCUS 1.x export (BilledCost, EffectiveCost, ChargeCategory,
// ServiceName, RegionId, SkuPriceId...), a legacy AWS Cost and Usage Report
// (lineItem/UnblendedCost, lineItem/UsageType, product/region...) or a CUR 2.0 export
// (line_item_unblended_cost, line_item_usage_type, product_region_code...), all as CSV. Each row
// becomes a bill_row in the words of trncost's line identity (service code, region, usage type
// without its region prefix, SKU, rate code), with the cost a job is compared at and the kind of
// charge. Streamed: memory is one record and a 16-byte fingerprint per row (to refuse a row written
// twice), whatever the size of the file. A bill delivered in parts (each with its header) is read
// as one: readers/bill_files.hpp opens the files as AWS delivers them (gzip, a folder of parts, a
// manifest). The layouts and their rules are in docs/io.md#bills.
#ifndef TRNCOST_READERS_BILL_HPP
#define TRNCOST_READERS_BILL_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <fstream>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/date.hpp"
#include "../units/decimal.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"

namespace trncost::readers {

/// The export a bill file is, told from its header.
enum class bill_layout : std::uint8_t {
  focus,       ///< FOCUS 1.x (FinOps Open Cost and Usage Specification), AWS's or another's
  cur_legacy,  ///< AWS Cost and Usage Report, "lineItem/UnblendedCost" columns
  cur2,        ///< AWS CUR 2.0 (Data Exports), "line_item_unblended_cost" columns
};

/// "FOCUS 1.x", "Cost and Usage Report (legacy)", "CUR 2.0".
[[nodiscard]] TRNCOST_DECL std::string_view to_string(bill_layout l) noexcept;

/// What a row charges, in the bill's own classes brought to one vocabulary.
enum class charge_kind : std::uint8_t {
  usage,       ///< use of a resource: what an estimate's lines predict
  purchase,    ///< a fee or a commitment's purchase (upfront, recurring, reserved instance fee)
  credit,      ///< a credit applied (negative)
  refund,      ///< a refund (negative)
  discount,    ///< a discount program's row (EDP, bundled, private rate: negative)
  tax,         ///< tax
  adjustment,  ///< a correction or any other row the bill does not class as the above
  negation,    ///< a Savings Plans negation: cancels the on-demand cost of covered usage, whose
               ///< effective cost the covered usage row already carries; never added
};

/// "usage", "purchase", "credit", "refund", "discount", "tax", "adjustment", "negation".
[[nodiscard]] TRNCOST_DECL std::string_view to_string(charge_kind k) noexcept;

/// One row of a bill. Texts are empty where the bill leaves the column out or NULL.
struct bill_row {
  std::string file;        ///< the file (the part of the bill) the row is read from
  std::uint64_t line = 0;  ///< the line of that file the row starts on
  std::string row_id;      ///< identity/LineItemId (CUR); empty in FOCUS
  /// What the row is the use of: an instance "i-0abc...", a volume, a bucket (FOCUS ResourceId,
  /// CUR lineItem/ResourceId); empty when the bill does not say (AWS leaves it out unless the
  /// export includes resource ids).
  std::string resource;
  charge_kind kind = charge_kind::usage;
  std::string charge_type;  ///< the bill's word: "Usage", "Credit", "SavingsPlanCoveredUsage"
  std::string provider;     ///< FOCUS ProviderName ("AWS"); "AWS" for a CUR
  /// The billing product, the service that bills the row and that credits apply to (CUR
  /// lineItem/ProductCode, FOCUS ServiceName): its code when trncost knows the service
  /// ("AmazonEC2"), else the bill's word (FOCUS x_ServiceCode when it has one).
  std::string service;
  /// The price list offer the row's price comes from, when the bill names it and it is not the
  /// billing product (CUR product/servicecode, FOCUS x_ServiceCode): "AWSDataTransfer" for data
  /// that AmazonEC2 or AmazonS3 moved and bills. Empty otherwise.
  std::string offer;
  std::string region;      ///< "us-east-1"; empty for a global charge
  std::string usage_type;  ///< without its region prefix: "BoxUsage:trn1.32xlarge"
  std::string sku;         ///< product/sku, SkuId
  std::string rate_code;   ///< pricing/RateCode, SkuPriceId: "SKU.OFFERTERM.RATE"
  std::string account;     ///< the usage account (SubAccountId, lineItem/UsageAccountId)
  std::string description;
  timestamp start{};  ///< the charge period, [start, end)
  timestamp end{};
  /// What the row costs a job: usage at its effective cost (FOCUS EffectiveCost; in a CUR the
  /// unblended cost, or the Savings Plans or reservation effective cost of covered usage); any
  /// other row at its billed cost.
  decimal cost{};
  decimal billed_cost{};  ///< what the invoice says (BilledCost, lineItem/UnblendedCost)
  std::optional<decimal> quantity{};  ///< PricingQuantity, lineItem/UsageAmount
  std::string unit;                   ///< PricingUnit, pricing/unit: "Hrs", "Hours", "GB-Mo"
  std::string currency;               ///< BillingCurrency, lineItem/CurrencyCode
  /// FOCUS Tags and CUR 2.0 resource_tags as the bill writes them (a JSON object), read only when
  /// a tag is asked for (detail::has_tag).
  std::string tags_json;
  /// A legacy CUR's non-empty resourceTags/* columns: ("user:Project", "llama-ft").
  std::vector<std::pair<std::string, std::string>> tags;
};

/// What to do with the Parquet export `file`, which trncost does not read: the command that
/// converts it to CSV with its header (DuckDB reads Parquet and writes CSV:
/// https://duckdb.org/docs/data/parquet/overview), or an export delivered as CSV.
[[nodiscard]] TRNCOST_DECL std::string parquet_conversion(std::string_view file);

namespace detail::bill_fields {

/// The fields bill_reader reads, in the order of each layout's column table (bill.ipp); in a
/// namespace of their own inside detail (detail has the run log's columns, whose names they share).
struct bill_field {
  enum column : std::uint8_t {
    c_cost,
    c_effective,
    c_sp_effective,
    c_ri_effective,
    c_kind,
    c_provider,
    c_service,
    c_service_code,
    c_offer,
    c_region,
    c_usage_type,
    c_sku,
    c_rate_code,
    c_account,
    c_description,
    c_start,
    c_end,
    c_quantity,
    c_unit,
    c_currency,
    c_row_id,
    c_tags,
    c_resource,
    c_count
  };
};

}  // namespace detail::bill_fields

/// The SQL engines bill_query() writes for: where an organisation's bill is stored (Amazon Athena,
/// Spark SQL over the export's files) and SQLite (a bill loaded as text, for tests and laptops).
enum class sql_dialect : std::uint8_t { athena, spark, sqlite };

/// "athena", "spark", "sqlite".
[[nodiscard]] TRNCOST_DECL std::string_view to_string(sql_dialect d) noexcept;
/// The dialect named so; nullopt for another name.
[[nodiscard]] TRNCOST_DECL std::optional<sql_dialect> parse_sql_dialect(std::string_view name);

/// How finely bill_query() keeps charge periods apart: each hour of an hourly bill, each day, each
/// month. A reconciliation's --from and --to then fall on that grain's boundaries.
enum class bill_grain : std::uint8_t { hour, day, month };

/// "hour", "day", "month".
[[nodiscard]] TRNCOST_DECL std::string_view to_string(bill_grain g) noexcept;
/// The grain named so; nullopt for another name.
[[nodiscard]] TRNCOST_DECL std::optional<bill_grain> parse_bill_grain(std::string_view name);

/// What bill_query() aggregates: the export's table, its layout, the engine and the grain.
struct bill_query_options {
  bill_layout layout = bill_layout::cur2;  ///< CUR 2.0 or FOCUS 1.x (Data Exports)
  sql_dialect dialect = sql_dialect::athena;
  std::string table;  ///< "cur.cur2_export": letters, digits and '_', parts joined by '.'
  bill_grain grain = bill_grain::day;
};

/// The SQL that reduces a bill where it is stored to one row per identity, resource and period
/// (grain): every column bill_reader reads, under the layout's own names, the keys grouped on
/// (charge category or line item type, service, offer, region, usage type, SKU, rate code,
/// account, description, unit, currency, resource), the amounts and quantities summed exactly
/// (DECIMAL(38,18) in Athena and Spark; in SQLite from the text as decimal digits, integer and
/// fraction summed apart), the charge period from its first start to its last end. Its result,
/// saved as CSV with its header, is a bill of the same layout: `reconcile` reads it as it reads
/// the export, with the same figures, fewer rows, and each row cited by its line. Tags and line
/// item ids are not kept (filter tags in the query's WHERE). input_error for a legacy CUR (query
/// its CUR 2.0 export) and for a table name that is not a plain identifier.
[[nodiscard]] TRNCOST_DECL std::string bill_query(const bill_query_options& o);

/// Opens one part of a bill as the stream of its CSV text (readers/bill_files.hpp's
/// open_bill_part() decompresses gzip); throws what it refuses.
using bill_part_opener = std::function<std::unique_ptr<std::istream>(const std::string& part)>;

/// Reads a bill from a stream, one row at a time:
///
///     bill_reader bill(in, "focus.csv");
///     while (bill.next()) use(bill.row());
///
/// or from its parts, read one after the other as one bill (each part has its header, of the same
/// layout as the first part's; a row repeated in another part is refused as within one file):
///
///     bill_reader bill("exports/", {"exports/part-1.csv", "exports/part-2.csv"}, open);
///
/// Throws parse_error naming the file, the line, the column and the rule: a header of no known
/// layout (naming the columns each needs), a record of another width than the header, a number or
/// a time that is not one, a currency other than the first row's (trncost converts none), a FOCUS
/// ChargeCategory outside the specification's, covered usage without its effective cost, and, when
/// the input ends, a row that repeats an earlier one field for field (a bill concatenated with
/// itself).
class bill_reader {
 public:
  TRNCOST_DECL bill_reader(std::istream& in, std::string file);
  /// The bill `name` (a folder, a manifest) in `parts`, each opened by `open` when its turn comes.
  /// input_error for a bill of no part.
  TRNCOST_DECL bill_reader(std::string name, std::vector<std::string> parts, bill_part_opener open);

  /// Reads the next row; false at the end of the input (after the duplicate check).
  TRNCOST_DECL bool next();
  [[nodiscard]] const bill_row& row() const noexcept { return row_; }
  [[nodiscard]] bill_layout layout() const noexcept { return layout_; }
  /// The bill's name: its file, or the folder or manifest that names its parts.
  [[nodiscard]] const std::string& file() const noexcept { return name_; }
  /// The files the bill is read from, in order (one for a bill read from one stream).
  [[nodiscard]] const std::vector<std::string>& parts() const noexcept { return parts_; }
  /// The bill's currency (its first row's); empty before the first row.
  [[nodiscard]] const std::string& currency() const noexcept { return currency_; }
  /// Rows read so far.
  [[nodiscard]] std::uint64_t rows() const noexcept { return rows_; }

 private:
  using col = detail::bill_fields::bill_field::column;
  using enum detail::bill_fields::bill_field::column;

  void open_part(std::istream& in, const std::string& file);
  void read_header();
  [[nodiscard]] std::string_view field(col c) const noexcept;
  [[nodiscard]] std::string_view column_name(col c) const;
  [[nodiscard]] decimal number(col c) const;
  [[nodiscard]] timestamp time(col c) const;
  void read_kind();
  void check_duplicates();

  /// Every row read as its fingerprint and its ordinal (0 for the first row of the bill): 12 bytes
  /// a row, whatever the bill's size; where the row is comes from jumps_.
  struct seen_row {
    std::uint32_t high;
    std::uint32_t low;
    std::uint32_t row;
    friend bool operator<(const seen_row& a, const seen_row& b) noexcept {
      if (a.high != b.high) return a.high < b.high;
      if (a.low != b.low) return a.low < b.low;
      return a.row < b.row;
    }
  };
  /// Where the rows are: from row `row` on, row k is on line `line` + (k - `row`) of part `part`,
  /// until the next jump (a new part, a blank line, a record over several lines).
  struct line_jump {
    std::uint64_t line;
    std::uint32_t row;
    std::uint32_t part;
  };
  /// The offer code of the service `spelling` names (find_aws_service), "" for none, remembered
  /// per column (0 service, 1 service code, 2 offer).
  [[nodiscard]] std::string_view service_named(std::size_t column, std::string_view spelling);
  /// The part and line of row `row`.
  [[nodiscard]] std::pair<std::uint32_t, std::uint64_t> position_of(std::uint32_t row) const;

  // In the order that leaves the least padding (clang-analyzer's optin.performance.Padding).
  bill_row row_;
  std::size_t part_ = 0;                 ///< the part being read
  std::unique_ptr<std::istream> owned_;  ///< the part's stream, when the reader opened it
  std::uint64_t currency_line_ = 0;      ///< where the first row's currency was read
  std::uint64_t rows_ = 0;
  std::vector<std::string> parts_;
  std::vector<std::pair<std::size_t, std::string>> tag_columns_;  ///< legacy CUR resourceTags/*
  // In blocks, not one array: an array doubling as it grows would hold its old and new copies at
  // once (1.5 times the rows' bytes at the peak).
  std::deque<seen_row> seen_;
  std::deque<seen_row> seen_ids_;  ///< a CUR's line item id and charge period, per row
  std::vector<line_jump> jumps_;
  std::array<std::pair<std::string, std::string_view>, 3> services_{};
  std::string name_;
  bill_part_opener open_;
  std::string currency_;
  detail::csv_header header_;
  std::array<std::optional<std::size_t>, c_count> cols_{};
  std::optional<detail::csv_reader> csv_;
  std::uint32_t currency_part_ = 0;
  bill_layout layout_ = bill_layout::focus;
  bool layout_known_ = false;  ///< the first part's header has been read
  bool done_ = false;

  /// "line 2" in part `from`; "part-1.csv line 2" when `part` is another part than `from`.
  [[nodiscard]] std::string where(std::uint32_t part, std::uint64_t line, std::uint32_t from) const;
};

/// Opens `path` (readers::open_input_file) and reads it as a bill: for each row, `on_row(row)`.
/// Returns the layout read. (A bill as AWS delivers it, gzip or in parts: readers/bill_files.hpp.)
template <class OnRow>
bill_layout for_each_bill_row(const std::string& path, OnRow&& on_row) {
  std::ifstream in = open_input_file(path);
  bill_reader bill(in, path);
  while (bill.next()) on_row(bill.row());
  return bill.layout();
}

namespace detail {

/// A bill's timestamp: "2024-09-18 23:00:00" (FOCUS exports), "2024-09-18T23:00:00Z",
/// "2024-09-18T23:00:00.000Z" (CUR), with an optional "+00:00" or "Z"; a date alone is its first
/// second. False for anything else (another offset included: bills are in UTC).
TRNCOST_DECL bool bill_time(std::string_view text, timestamp& out);

/// Whether a bill row's tag `key` has `value`; keys compare without a "user:" or "user_" prefix
/// and in any case (legacy CUR "resourceTags/user:Project", CUR 2.0 "user_project", FOCUS
/// "Project" are one tag).
[[nodiscard]] TRNCOST_DECL bool has_tag(const bill_row& row, std::string_view key,
                                        std::string_view value);

}  // namespace detail

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/bill.ipp"
#endif

#endif  // TRNCOST_READERS_BILL_HPP
