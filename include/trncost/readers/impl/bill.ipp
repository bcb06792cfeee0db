// The definitions of readers/bill.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/readers/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_BILL_IPP
#define TRNCOST_READERS_IMPL_BILL_IPP

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "../../model/identity.hpp"
#include "../../provenance/region.hpp"
#include "../bill.hpp"
#include "../detail/json.hpp"

namespace trncost::readers {

TRNCOST_DECL std::string_view to_string(bill_layout l) noexcept {
  switch (l) {
    case bill_layout::focus:
      return "FOCUS 1.x";
    case bill_layout::cur_legacy:
      return "Cost and Usage Report (legacy)";
    case bill_layout::cur2:
      return "CUR 2.0";
  }
  return "unknown";
}

TRNCOST_DECL std::string_view to_string(charge_kind k) noexcept {
  switch (k) {
    case charge_kind::usage:
      return "usage";
    case charge_kind::purchase:
      return "purchase";
    case charge_kind::credit:
      return "credit";
    case charge_kind::refund:
      return "refund";
    case charge_kind::discount:
      return "discount";
    case charge_kind::tax:
      return "tax";
    case charge_kind::adjustment:
      return "adjustment";
    case charge_kind::negation:
      return "negation";
  }
  return "unknown";
}

TRNCOST_DECL std::string parquet_conversion(std::string_view file) {
  std::string csv(file);
  if (csv.ends_with(".parquet")) csv.resize(csv.size() - 8);
  csv += ".csv";
  return "trncost reads no Parquet; convert it first with DuckDB: duckdb -c \"COPY (SELECT * FROM "
         "'" +
         std::string(file) + "') TO '" + csv +
         "' (HEADER)\" (one command per part, then read the CSV files), or set the export's file "
         "format to CSV (gzip)";
}

namespace detail {

namespace {

/// The column each field is read from, per layout; an empty name is a column the layout does not
/// have. Alternatives are separated by '|' (the first present is used); '*' marks a required one.
struct bill_columns {
  bill_layout layout;
  std::array<std::string_view, detail::bill_fields::bill_field::c_count> names;
};

// Field order: cost, effective, sp_effective, ri_effective, kind, provider, service, service_code,
// offer, region, usage_type, sku, rate_code, account, description, start, end, quantity, unit,
// currency, row_id, tags, resource (bill_reader::col).
constexpr bill_columns bill_layouts[] = {
    {bill_layout::focus,
     {"*BilledCost",
      "EffectiveCost",
      "",
      "",
      "*ChargeCategory|ChargeType",
      "ProviderName",
      "*ServiceName",
      "x_ServiceCode",
      "",
      "RegionId|Region",
      "x_UsageType",
      "SkuId",
      "SkuPriceId",
      "SubAccountId",
      "ChargeDescription",
      "*ChargePeriodStart",
      "*ChargePeriodEnd",
      "PricingQuantity",
      "PricingUnit",
      "*BillingCurrency",
      "",
      "Tags",
      "ResourceId"}},
    {bill_layout::cur_legacy,
     {"*lineItem/UnblendedCost",
      "",
      "savingsPlan/SavingsPlanEffectiveCost",
      "reservation/EffectiveCost",
      "*lineItem/LineItemType",
      "",
      "*lineItem/ProductCode",
      "",
      "product/servicecode",
      "product/regionCode|product/region",
      "lineItem/UsageType",
      "product/sku",
      "pricing/RateCode",
      "lineItem/UsageAccountId",
      "lineItem/LineItemDescription",
      "*lineItem/UsageStartDate",
      "lineItem/UsageEndDate",
      "lineItem/UsageAmount",
      "pricing/unit",
      "*lineItem/CurrencyCode",
      "identity/LineItemId",
      "",
      "lineItem/ResourceId"}},
    {bill_layout::cur2,
     {"*line_item_unblended_cost",
      "",
      "savings_plan_savings_plan_effective_cost",
      "reservation_effective_cost",
      "*line_item_line_item_type",
      "",
      "*line_item_product_code",
      "",
      "product_servicecode",
      "product_region_code",
      "line_item_usage_type",
      "product_sku",
      "pricing_rate_code",
      "line_item_usage_account_id",
      "line_item_line_item_description",
      "*line_item_usage_start_date",
      "line_item_usage_end_date",
      "line_item_usage_amount",
      "pricing_unit",
      "*line_item_currency_code",
      "identity_line_item_id",
      "resource_tags",
      "line_item_resource_id"}},
};

/// A 64-bit fingerprint of a row's fields, eight bytes at a time (a multiply-rotate round per word,
/// as xxHash's), each field closed by its length, so that "a,bc" and "ab,c" differ; finished with
/// an avalanche so that rows differing in one digit spread over all 64 bits.
struct fingerprint {
  std::uint64_t h = 0x27D4EB2F165667C5ULL;
  static constexpr std::uint64_t k1 = 0x9E3779B185EBCA87ULL;
  static constexpr std::uint64_t k2 = 0xC2B2AE3D27D4EB4FULL;
  void round(std::uint64_t w) noexcept {
    h ^= w * k2;
    h = (h << 31U) | (h >> 33U);
    h *= k1;
  }
  void add(std::string_view field) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= field.size(); i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, field.data() + i, 8);
      round(w);
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, field.data() + i, field.size() - i);
    round(tail);
    round(0x1F00000000000000ULL ^ field.size());
  }
  [[nodiscard]] std::uint64_t value() const noexcept {
    std::uint64_t x = h;
    x ^= x >> 33U;
    x *= k2;
    x ^= x >> 29U;
    x *= 0x165667B19E3779F9ULL;
    x ^= x >> 32U;
    return x;
  }
};

std::string_view trimmed(std::string_view v) noexcept {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

/// A tags field the way two exports of the same row agree on it: a flat JSON object's members
/// ({"team": "ml", "job": "ft"}) trimmed and sorted, so that their order and spacing do not count.
std::string tags_normalized(std::string_view v) {
  v = trimmed(v);
  if (v.size() < 2 || v.front() != '{' || v.back() != '}') return std::string(v);
  std::vector<std::string_view> members;
  bool quoted = false;
  std::size_t from = 1;
  for (std::size_t i = 1; i + 1 < v.size(); ++i) {
    if (v[i] == '\\' && quoted) {
      ++i;
    } else if (v[i] == '"') {
      quoted = !quoted;
    } else if (v[i] == ',' && !quoted) {
      members.push_back(trimmed(v.substr(from, i - from)));
      from = i + 1;
    }
  }
  members.push_back(trimmed(v.substr(from, v.size() - 1 - from)));
  std::sort(members.begin(), members.end());
  std::string out;
  for (const auto m : members) {
    // "k" : "v" and "k":"v" alike: blanks around the colon outside the strings dropped.
    bool in = false;
    for (std::size_t i = 0; i < m.size(); ++i) {
      if (m[i] == '"' && (i == 0 || m[i - 1] != '\\')) in = !in;
      if (!in && (m[i] == ' ' || m[i] == '\t')) continue;
      out += m[i];
    }
    out += '\x1E';
  }
  return out;
}

/// Case-insensitive equality: the one of model/identity.hpp, which service names use.
constexpr bool same_any_case(std::string_view a, std::string_view b) noexcept {
  return trncost::detail::same_letters_any_case(a, b);
}

std::string_view tag_key(std::string_view k) noexcept {
  if (k.starts_with("resourceTags/")) k.remove_prefix(13);
  if (k.starts_with("user:") || k.starts_with("user_")) k.remove_prefix(5);
  return k;
}

}  // namespace

TRNCOST_DECL bool bill_time(std::string_view t, timestamp& out) {
  std::string text(t.substr(0, std::min<std::size_t>(t.size(), 19)));
  std::string_view rest = t.size() > 19 ? t.substr(19) : std::string_view{};
  if (text.size() == 10) {  // a date alone: its first second
    text += "T00:00:00";
  } else if (text.size() != 19) {
    return false;
  }
  if (text[10] == ' ') text[10] = 'T';
  if (rest.starts_with('.')) {  // fractional seconds: ".000"
    std::size_t i = 1;
    while (i < rest.size() && rest[i] >= '0' && rest[i] <= '9') ++i;
    if (i == 1) return false;
    for (std::size_t j = 1; j < i; ++j) {
      if (rest[j] != '0') return false;  // a bill's periods start on whole seconds
    }
    rest.remove_prefix(i);
  }
  if (!rest.empty() && rest != "Z" && rest != "+00:00" && rest != "+0000") return false;
  try {
    out = parse_timestamp(text + "Z");
    return true;
  } catch (const error&) {
    return false;
  }
}

TRNCOST_DECL bool has_tag(const bill_row& row, std::string_view key, std::string_view value) {
  key = tag_key(key);
  for (const auto& [k, v] : row.tags) {
    if (same_any_case(tag_key(k), key) && v == value) return true;
  }
  if (row.tags_json.empty()) return false;
  const json_value tags = parse_json_text(row.tags_json, "tags", row.line);
  if (!tags.is_object()) return false;
  for (std::size_t i = 0; i < tags.keys().size(); ++i) {
    if (same_any_case(tag_key(tags.keys()[i]), key) && tags.items()[i].is_string() &&
        tags.items()[i].text() == value) {
      return true;
    }
  }
  return false;
}

}  // namespace detail

TRNCOST_DECL bill_reader::bill_reader(std::istream& in, std::string file)
    : parts_{file}, name_(std::move(file)) {
  open_part(in, parts_.front());
}

TRNCOST_DECL bill_reader::bill_reader(std::string name, std::vector<std::string> parts,
                                      bill_part_opener open)
    : parts_(std::move(parts)), name_(std::move(name)), open_(std::move(open)) {
  if (parts_.empty()) {
    throw input_error(name_ + ": holds no part of a bill (no .csv or .csv.gz file)");
  }
  owned_ = open_(parts_.front());
  open_part(*owned_, parts_.front());
}

TRNCOST_DECL std::string bill_reader::where(std::uint32_t part, std::uint64_t line,
                                            std::uint32_t from) const {
  std::string s = "line " + std::to_string(line);
  return part == from ? s : "line " + std::to_string(line) + " of " + parts_[part];
}

TRNCOST_DECL void bill_reader::open_part(std::istream& in, const std::string& file) {
  // The compressed and binary forms exports come in, told by their first bytes, each refused with
  // what to do rather than read as text (a .csv.gz would otherwise fail as "not UTF-8").
  char magic[6] = {};
  const auto start = in.tellg();
  if (start != std::streampos(-1)) {
    in.read(magic, 6);
    in.clear();
    in.seekg(start);
  } else {
    magic[0] = static_cast<char>(in.peek());
  }
  const std::string_view m(magic, 6);
  const auto refuse = [&](std::string_view what, std::string_view how) {
    readers::fail(input_position::whole(file), "",
                  "is " + std::string(what) + ", not a CSV bill: " + std::string(how));
  };
  if (m.substr(0, 2) == "\x1f\x8b") {
    refuse("gzip-compressed (a .csv.gz export)",
           "read it through readers::open_bill (readers/bill_files.hpp), as trncost reconcile "
           "does, or "
           "decompress it first (gunzip -k FILE)");
  }
  if (m.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
    refuse("a ZIP archive (a Cost and Usage Report's .zip)", "extract its CSV first (unzip FILE)");
  }
  if (m.substr(0, 4) == "PAR1") {
    refuse("a Parquet file", parquet_conversion(file));
  }
  if (m == std::string_view("\xfd"
                            "7zXZ\x00",
                            6)) {
    refuse("xz-compressed", "decompress it first (unxz -k FILE); trncost reads gzip or plain CSV");
  }
  if (m.substr(0, 3) == "BZh") {
    refuse("bzip2-compressed",
           "decompress it first (bunzip2 -k FILE); trncost reads gzip or plain CSV");
  }
  if (m.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)) {
    refuse("zstd-compressed", "decompress it first (unzstd FILE); trncost reads gzip or plain CSV");
  }
  csv_.emplace(in, file);
  read_header();
}

TRNCOST_DECL void bill_reader::read_header() {
  if (!csv_->next())
    readers::fail(input_position::whole(parts_[part_]), "", "is empty: no header, no rows");
  header_ = detail::csv_header(*csv_);
  const auto* layout = static_cast<const detail::bill_columns*>(nullptr);
  for (const auto& l : detail::bill_layouts) {
    const std::string_view cost = l.names[c_cost].substr(1);  // drop '*'
    if (header_.find(cost)) layout = &l;
  }
  if (layout == nullptr) {
    readers::fail(
        csv_->position(), "",
        "the header has none of BilledCost (a FOCUS 1.x export), lineItem/UnblendedCost (an "
        "AWS Cost and Usage Report) or line_item_unblended_cost (a CUR 2.0 export): not a "
        "bill trncost reads");
  }
  if (layout_known_ && layout->layout != layout_) {
    // Parts of one export share its layout; a part of another is another bill.
    readers::fail(csv_->position(), "",
                  "is a " + std::string(to_string(layout->layout)) + " export, where " +
                      parts_.front() + " is a " + std::string(to_string(layout_)) +
                      " one: the parts of one bill come from one export");
  }
  layout_ = layout->layout;
  layout_known_ = true;
  cols_ = {};
  tag_columns_.clear();
  for (std::size_t c = 0; c < c_count; ++c) {
    std::string_view spec = layout->names[c];
    if (spec.empty()) continue;
    const bool required = spec.starts_with('*');
    if (required) spec.remove_prefix(1);
    std::string tried;
    while (!spec.empty() && !cols_[c]) {
      const std::size_t bar = spec.find('|');
      const std::string_view name = spec.substr(0, bar);
      cols_[c] = header_.find(name);
      tried += (tried.empty() ? "'" : " nor '") + std::string(name) + "'";
      spec = bar == std::string_view::npos ? std::string_view{} : spec.substr(bar + 1);
    }
    if (required && !cols_[c]) {
      readers::fail(csv_->position(), "column " + tried,
                    "is required in a " + std::string(to_string(layout_)) +
                        " bill but missing from the header");
    }
  }
  if (layout_ == bill_layout::cur_legacy) {
    for (std::size_t i = 0; i < header_.size(); ++i) {
      if (header_.name(i).starts_with("resourceTags/")) {
        tag_columns_.emplace_back(i, header_.name(i).substr(13));
      }
    }
  }
}

TRNCOST_DECL std::string_view bill_reader::field(col c) const noexcept {
  if (!cols_[c]) return {};
  const std::string_view v = (*csv_)[*cols_[c]];
  return v == "NULL" ? std::string_view{} : v;
}

TRNCOST_DECL std::string_view bill_reader::column_name(col c) const {
  return cols_[c] ? std::string_view(header_.name(*cols_[c])) : std::string_view("?");
}

TRNCOST_DECL decimal bill_reader::number(col c) const {
  const std::string_view v = field(c);
  decimal out;
  if (v.empty()) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c)) + "'",
                  "is empty; a bill row needs it (trncost takes nothing unknown as zero)");
  }
  if (!detail::measurement_decimal(v, out)) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c)) + "'",
                  "\"" + std::string(v) + "\" is not a number");
  }
  return out;
}

TRNCOST_DECL timestamp bill_reader::time(col c) const {
  const std::string_view v = field(c);
  timestamp out;
  if (!detail::bill_time(v, out)) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c)) + "'",
                  "\"" + std::string(v) +
                      "\" is not a UTC time (2024-09-18 23:00:00, 2024-09-18T23:00:00Z or "
                      "2024-09-18T23:00:00.000Z)");
  }
  return out;
}

TRNCOST_DECL void bill_reader::read_kind() {
  const std::string_view k = field(c_kind);
  row_.charge_type.assign(k);
  const auto is = [&](std::string_view w) { return detail::same_any_case(k, w); };
  if (layout_ == bill_layout::focus) {
    if (is("Usage")) {
      row_.kind = charge_kind::usage;
    } else if (is("Purchase")) {
      row_.kind = charge_kind::purchase;
    } else if (is("Credit")) {
      row_.kind = charge_kind::credit;
    } else if (is("Tax")) {
      row_.kind = charge_kind::tax;
    } else if (is("Adjustment")) {
      row_.kind = charge_kind::adjustment;
    } else {
      readers::fail(
          csv_->position(), "column '" + std::string(column_name(c_kind)) + "'",
          "\"" + std::string(k) +
              "\" is not a FOCUS charge category (Usage, Purchase, Credit, Tax, Adjustment)");
    }
    return;
  }
  if (is("Usage") || is("SavingsPlanCoveredUsage") || is("DiscountedUsage")) {
    row_.kind = charge_kind::usage;
  } else if (is("SavingsPlanNegation")) {
    row_.kind = charge_kind::negation;
  } else if (is("Fee") || is("RIFee") || is("SavingsPlanUpfrontFee") ||
             is("SavingsPlanRecurringFee")) {
    row_.kind = charge_kind::purchase;
  } else if (is("Credit")) {
    row_.kind = charge_kind::credit;
  } else if (is("Refund")) {
    row_.kind = charge_kind::refund;
  } else if (is("Tax")) {
    row_.kind = charge_kind::tax;
  } else if (k.ends_with("Discount")) {  // BundledDiscount, EdpDiscount, PrivateRateDiscount...
    row_.kind = charge_kind::discount;
  } else if (k.empty()) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c_kind)) + "'",
                  "is empty; every row of a Cost and Usage Report has a line item type");
  } else {
    row_.kind = charge_kind::adjustment;  // a type AWS added later: kept, shown as its own kind
  }
}

TRNCOST_DECL bool bill_reader::next() {
  if (done_) return false;
  for (;;) {
    if (!csv_->next()) {
      if (part_ + 1 < parts_.size()) {  // the next part, with its own header
        ++part_;
        csv_.reset();
        owned_.reset();
        owned_ = open_(parts_[part_]);
        open_part(*owned_, parts_[part_]);
        continue;
      }
      done_ = true;
      check_duplicates();
      return false;
    }
    if (!csv_->blank()) break;
  }
  header_.check_width(*csv_);
  ++rows_;
  {
    // A row repeated is the same row whatever its spelling: each field trimmed, numbers as the
    // decimals they are (204.25 and 204.250), tags in any order.
    detail::fingerprint f;
    decimal number_value;
    for (std::size_t i = 0; i < csv_->size(); ++i) {
      const std::string_view v = detail::trimmed((*csv_)[i]);
      if (cols_[c_tags] && i == *cols_[c_tags]) {
        f.add(detail::tags_normalized(v));
      } else if (!v.empty() && detail::measurement_decimal(v, number_value)) {
        // The decimal's exact value, not its text (no allocation): a tag byte no text field
        // of a bill starts with, then the scaled integer's bytes.
        std::array<char, 1 + sizeof(decimal::rep)> exact{'\x02'};
        const decimal::rep raw = number_value.raw();
        std::memcpy(exact.data() + 1, &raw, sizeof raw);
        f.add(std::string_view(exact.data(), exact.size()));
      } else {
        f.add(v);
      }
    }
    if (rows_ > std::numeric_limits<std::uint32_t>::max()) {
      readers::fail(csv_->position(), "",
                    "a bill of more than 4,294,967,295 rows: reduce it where it is stored "
                    "(trncost bill-query) and reconcile the result");
    }
    const auto row = static_cast<std::uint32_t>(rows_ - 1);
    const auto part = static_cast<std::uint32_t>(part_);
    if (jumps_.empty() || jumps_.back().part != part ||
        jumps_.back().line + (row - jumps_.back().row) != csv_->line()) {
      jumps_.push_back({csv_->line(), row, part});
    }
    seen_.push_back(
        {static_cast<std::uint32_t>(f.value() >> 32U), static_cast<std::uint32_t>(f.value()), row});
  }
  row_.file = parts_[part_];
  row_.line = csv_->line();
  row_.row_id.assign(field(c_row_id));
  row_.resource.assign(field(c_resource));
  read_kind();
  row_.provider.assign(layout_ == bill_layout::focus ? field(c_provider) : "AWS");
  {
    // The billing product (FOCUS ServiceName, CUR lineItem/ProductCode) and the offer the price
    // comes from (FOCUS x_ServiceCode, CUR product/servicecode), each as the offer code when
    // trncost knows the service: "Amazon Elastic Compute Cloud" and "AmazonEC2" are one.
    const std::string_view name = field(c_service);
    const std::string_view code = field(c_service_code);
    const std::string_view known = service_named(0, name);
    const std::string_view known_code = service_named(1, code);
    row_.service.assign(!known.empty()        ? known
                        : !known_code.empty() ? known_code
                        : !code.empty()       ? code
                                              : name);
    std::string_view offer = field(c_offer).empty() ? code : field(c_offer);
    if (const std::string_view o = service_named(2, offer); !o.empty()) offer = o;
    row_.offer.assign(offer == row_.service ? std::string_view{} : offer);
  }
  row_.usage_type.assign(field(c_usage_type));
  row_.region.assign(field(c_region));
  if (const std::string_view prefixed = region_of_usage_type(row_.usage_type); !prefixed.empty()) {
    if (!row_.region.empty() && row_.region != prefixed) {
      // "USW2-BoxUsage:..." in a us-east-1 row: which region the usage is in is unknown.
      readers::fail(csv_->position(), "column '" + std::string(column_name(c_usage_type)) + "'",
                    "\"" + std::string(field(c_usage_type)) + "\" names the region " +
                        std::string(prefixed) + " (its prefix), but column '" +
                        std::string(column_name(c_region)) + "' says " + row_.region +
                        "; a row in two regions cannot be matched to either");
    }
    if (row_.region.empty()) row_.region.assign(prefixed);
    row_.usage_type.erase(0, row_.usage_type.find('-') + 1);
  }
  row_.sku.assign(field(c_sku));
  row_.rate_code.assign(field(c_rate_code));
  row_.account.assign(field(c_account));
  row_.description.assign(field(c_description));
  row_.start = time(c_start);
  row_.end = cols_[c_end] && !field(c_end).empty() ? time(c_end) : row_.start;
  if (row_.end < row_.start) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c_end)) + "'",
                  "ends before the row's period starts (" + to_string(row_.start) + ")");
  }
  row_.billed_cost = number(c_cost);
  row_.cost = row_.billed_cost;
  if (row_.kind == charge_kind::usage) {
    if (layout_ == bill_layout::focus && cols_[c_effective]) {
      row_.cost = number(c_effective);
    } else if (row_.charge_type == "SavingsPlanCoveredUsage") {
      if (!cols_[c_sp_effective]) {
        readers::fail(csv_->position(), "column '" + std::string(column_name(c_kind)) + "'",
                      "SavingsPlanCoveredUsage in a bill without the Savings Plans effective cost "
                      "column: its cost is not known");
      }
      row_.cost = number(c_sp_effective);
    } else if (row_.charge_type == "DiscountedUsage") {
      if (!cols_[c_ri_effective]) {
        readers::fail(
            csv_->position(), "column '" + std::string(column_name(c_kind)) + "'",
            "DiscountedUsage in a bill without the reservation effective cost column: its "
            "cost is not known");
      }
      row_.cost = number(c_ri_effective);
    }
  }
  row_.quantity.reset();
  if (!field(c_quantity).empty()) row_.quantity = number(c_quantity);
  row_.unit.assign(field(c_unit));
  row_.currency.assign(field(c_currency));
  if (row_.currency.empty()) {
    readers::fail(csv_->position(), "column '" + std::string(column_name(c_currency)) + "'",
                  "is empty; a bill row's money needs its currency");
  }
  if (currency_.empty()) {
    currency_ = row_.currency;
    currency_part_ = static_cast<std::uint32_t>(part_);
    currency_line_ = row_.line;
  } else if (row_.currency != currency_) {
    readers::fail(
        csv_->position(), "column '" + std::string(column_name(c_currency)) + "'",
        "\"" + row_.currency + "\", where " +
            where(currency_part_, currency_line_, static_cast<std::uint32_t>(part_)) + " is in " +
            currency_ +
            ": a bill in two currencies (trncost converts none; export one per currency)");
  }
  row_.tags_json.assign(field(c_tags));
  row_.tags.clear();
  for (const auto& [i, name] : tag_columns_) {
    if (!(*csv_)[i].empty()) row_.tags.emplace_back(name, std::string((*csv_)[i]));
  }
  if (!row_.row_id.empty()) {
    // A Cost and Usage Report's line item id names one row of one period: the same id for the
    // same period twice is the same charge counted twice, whatever else differs.
    detail::fingerprint id;
    id.add(row_.row_id);
    id.round(static_cast<std::uint64_t>(row_.start.seconds_since_epoch()));
    id.round(static_cast<std::uint64_t>(row_.end.seconds_since_epoch()));
    seen_ids_.push_back({static_cast<std::uint32_t>(id.value() >> 32U),
                         static_cast<std::uint32_t>(id.value()),
                         static_cast<std::uint32_t>(rows_ - 1)});
  }
  return true;
}

TRNCOST_DECL std::string_view bill_reader::service_named(std::size_t column,
                                                         std::string_view spelling) {
  // Rows of a bill name few services, in runs: the last answer per column is asked again.
  auto& [last, code] = services_[column];
  if (last != spelling) {  // ("" names no service: the first state is an answer)
    last.assign(spelling);
    const auto known = find_aws_service(spelling);
    code = known ? known->code : std::string_view{};
  }
  return code;
}

TRNCOST_DECL std::pair<std::uint32_t, std::uint64_t> bill_reader::position_of(
    std::uint32_t row) const {
  auto j = std::upper_bound(jumps_.begin(), jumps_.end(), row,
                            [](std::uint32_t r, const line_jump& x) { return r < x.row; });
  --j;  // the first row has a jump of its own
  return {j->part, j->line + (row - j->row)};
}

namespace detail {
namespace {

/// The earliest row (by ordinal) whose fingerprint an earlier row has, and the earliest row with
/// it: (repeating, repeated). Sorts `seen`.
template <class Seen>
std::optional<std::pair<std::uint32_t, std::uint32_t>> first_repeat(Seen& seen) {
  std::sort(seen.begin(), seen.end());
  std::optional<std::pair<std::uint32_t, std::uint32_t>> first;
  for (std::size_t i = 1; i < seen.size(); ++i) {
    if (seen[i].high == seen[i - 1].high && seen[i].low == seen[i - 1].low &&
        (!first || seen[i].row < first->first)) {
      std::size_t k = i - 1;
      while (k > 0 && seen[k - 1].high == seen[i].high && seen[k - 1].low == seen[i].low) --k;
      first = std::pair{seen[i].row, seen[k].row};
    }
  }
  return first;
}

}  // namespace
}  // namespace detail

TRNCOST_DECL void bill_reader::check_duplicates() {
  // The first row a reader meets that repeats another, as a whole or as a line item of a period
  // (a CUR's id names one row of one period: the same id for the same period twice is the same
  // charge counted twice, whatever else differs); the line item when both are that row.
  const auto row = detail::first_repeat(seen_);
  const auto id = detail::first_repeat(seen_ids_);
  if (id && (!row || id->first <= row->first)) {
    const auto [again_part, again_line] = position_of(id->first);
    const auto [part, line] = position_of(id->second);
    readers::fail(input_position::at_line(parts_[again_part], again_line),
                  "column '" + std::string(column_name(c_row_id)) + "'",
                  "the line item and charge period of " + where(part, line, again_part) +
                      " again: one line item of one period is one row, or its money counts twice");
  }
  if (row) {
    const auto [again_part, again_line] = position_of(row->first);
    const auto [part, line] = position_of(row->second);
    readers::fail(
        input_position::at_line(parts_[again_part], again_line), "",
        "repeats " + where(part, line, again_part) +
            " field for field (a bill concatenated with itself, or a row exported twice): "
            "its money would count twice; remove one");
  }
  seen_ = {};
  seen_ids_ = {};
  jumps_.clear();
}

}  // namespace trncost::readers

// The query that exports a bill from a Cost and Usage Report table: a file of its own.
// clang-format off
#include "bill_query.ipp"
// clang-format on

#endif  // TRNCOST_READERS_IMPL_BILL_IPP
