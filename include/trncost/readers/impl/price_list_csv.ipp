// The definitions of readers/price_list_csv.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_PRICE_LIST_CSV_IPP
#define TRNCOST_READERS_IMPL_PRICE_LIST_CSV_IPP

#include "../price_list_csv.hpp"

namespace trncost {

namespace readers {

[[nodiscard]] TRNCOST_DECL std::string csv_attribute_name(std::string_view column) {
  static constexpr std::pair<std::string_view, std::string_view> irregular[] = {
      {"serviceCode", "servicecode"},
      {"serviceName", "servicename"},
      {"usageType", "usagetype"},
      {"CapacityStatus", "capacitystatus"},
      {"MarketOption", "marketoption"},
      {"Pre Installed S/W", "preInstalledSw"},
      {"Volume API Name", "volumeApiName"},
      {"vCPU", "vcpu"},
      {"ECU", "ecu"},
      {"GPU", "gpu"},
      {"GPU Memory", "gpuMemory"},
      {"Availability Zone", "availabilityzone"},
      {"Dedicated EBS Throughput", "dedicatedEbsThroughput"},
      {"Intel AVX Available", "intelAvxAvailable"},
      {"Intel AVX2 Available", "intelAvx2Available"},
      {"Intel Turbo Available", "intelTurboAvailable"},
      {"Classic Networking Support", "classicnetworkingsupport"},
      {"VPCNetworkingSupport", "vpcnetworkingsupport"},
  };
  for (const auto& [csv, json] : irregular) {
    if (csv == column) return std::string(json);
  }
  std::string out;
  for (const char c : column) {
    if (c == ' ') continue;
    out += out.empty() && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

}  // namespace readers

namespace readers::detail {

TRNCOST_DECL bool is_csv_term_column(std::string_view name) {
  for (const char* n :
       {"SKU", "OfferTermCode", "RateCode", "TermType", "PriceDescription", "EffectiveDate",
        "StartingRange", "EndingRange", "Unit", "PricePerUnit", "Currency", "LeaseContractLength",
        "PurchaseOption", "OfferingClass", "RelatedTo", "Product Family"}) {
    if (name == n) return true;
  }
  return false;
}

TRNCOST_DECL std::uint64_t csv_fnv(std::uint64_t h, std::string_view s) noexcept {
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  h ^= 0xff;
  return h * 1099511628211ULL;
}

TRNCOST_DECL void read_csv_offer_metadata(csv_reader& csv, pricing::offer_header& header,
                                          bool need_offer_code) {
  static constexpr std::string_view names[] = {"FormatVersion", "Disclaimer", "Publication Date",
                                               "Version", "OfferCode"};
  bool first = true;
  for (const auto name : names) {
    if (!csv.next()) {
      fail(input_position::at_line(csv.file(), csv.line() + 1), std::string(name),
           "the file ends before its five metadata rows (truncated file?)");
    }
    // A spreadsheet's separator line ("sep=," read as the fields "sep=" and "") before the rows.
    if (first && csv.line() == 1 && csv.size() >= 1 && csv[0].starts_with("sep=")) {
      if (csv.size() != 2 || csv[0] != "sep=" || !csv[1].empty()) {
        fail(csv.position(), "",
             "the file declares the separator \"" + std::string(csv[0].substr(4)) +
                 "\" (a spreadsheet's sep= line); trncost reads comma-separated offer files");
      }
      first = false;
      if (!csv.next()) {
        fail(input_position::at_line(csv.file(), csv.line() + 1), std::string(name),
             "the file ends before its five metadata rows (truncated file?)");
      }
    }
    first = false;
    if (csv.size() < 2 || csv[0] != name) {
      fail(csv.position(), std::string(name),
           "expected the metadata row \"" + std::string(name) + "\",<value> (an offer file " +
               "begins with FormatVersion, Disclaimer, Publication Date, Version, OfferCode)");
    }
    const std::string_view v = csv[1];
    if (name == "FormatVersion") header.format_version.assign(v);
    if (name == "Version") header.version.assign(v);
    if (name == "OfferCode") header.offer_code.assign(v);
    if (name == "Publication Date") {
      if (v.empty()) {
        fail(csv.position(), "Publication Date",
             "is missing; a price needs the date its offer file was published");
      }
      try {
        header.published = parse_timestamp(v);
      } catch (const error&) {
        fail(csv.position(), "Publication Date",
             "\"" + std::string(v) + "\" is not an ISO 8601 UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)");
      }
    }
  }
  if (need_offer_code && header.offer_code.empty()) {
    fail(csv.position(), "OfferCode", "is empty");
  }
  if (!csv.next()) {
    fail(input_position::at_line(csv.file(), csv.line() + 1), "",
         "the file ends before its header row (truncated file?)");
  }
}

TRNCOST_DECL void check_csv_width(const csv_reader& csv, const csv_header& header) {
  if (csv.size() < header.size()) {
    fail(csv.position(), "column '" + header.name(csv.size()) + "'",
         "is missing: the record has " + std::to_string(csv.size()) + " fields, the header " +
             std::to_string(header.size()) + " (truncated file?)");
  }
  if (csv.size() > header.size()) {
    fail(csv.position(), "",
         "the record has " + std::to_string(csv.size()) + " fields, the header has " +
             std::to_string(header.size()));
  }
}

TRNCOST_DECL void check_distinct_columns(const csv_reader& csv, const csv_header& header) {
  std::map<std::string, std::size_t, std::less<>> seen;
  for (std::size_t i = 0; i < header.size(); ++i) {
    std::string key;
    for (const char c : csv_attribute_name(header.name(i))) {
      if (c == ' ') continue;
      key += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    const auto [it, fresh] = seen.try_emplace(std::move(key), i);
    if (!fresh) {
      const std::string& first = header.name(it->second);
      fail(csv.position(), "column '" + header.name(i) + "'",
           "means the same as column '" + first + "' (" +
               (is_csv_term_column(first) ? std::string("the names differ only in case or spaces")
                                          : "both are the attribute " + csv_attribute_name(first)) +
               "); trncost will not choose between two columns for one thing");
    }
  }
}

[[noreturn]] TRNCOST_DECL void fail_missing_column(const csv_reader& csv, const csv_header& header,
                                                   std::string_view column, bool savings_plans) {
  std::string rule = "is required but missing from the header";
  const auto folded = [](std::string_view v) {
    std::string out;
    for (const char c : v) {
      if (c != ' ') out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return out;
  };
  for (const auto& name : header.names()) {
    if (folded(name) == folded(column)) {
      rule += " (the header has '" + name + "': columns are found by their exact name, " +
              std::string(column) + ")";
      break;
    }
  }
  if (!savings_plans && header.find("DiscountedRate")) {
    rule +=
        "; this is a Savings Plans file (it has the column DiscountedRate): read it as one "
        "(a scenario's [prices] savings_plans, `trncost prices fetch --savings-plans`, "
        "readers::read_savings_plans_csv)";
  } else if (savings_plans && header.find("PricePerUnit") && header.find("OfferTermCode")) {
    rule +=
        "; this is an offer file of prices (it has the columns OfferTermCode and "
        "PricePerUnit), not a Savings Plans file: read it as one (a scenario's [prices] "
        "files, `trncost prices fetch` without --savings-plans, readers::read_offer_csv)";
  }
  fail(csv.position(), "column '" + std::string(column) + "'", rule);
}

TRNCOST_DECL std::size_t require_column(const csv_reader& csv, const csv_header& header,
                                        std::string_view column, bool savings_plans) {
  if (auto i = header.find(column)) return *i;
  fail_missing_column(csv, header, column, savings_plans);
}

TRNCOST_DECL std::optional<date> parse_effective(std::string_view v, const input_position& where,
                                                 std::string_view field) {
  if (v.empty()) return std::nullopt;
  try {
    if (v.size() == 10) return parse_date(v);
    return parse_timestamp(v).day();
  } catch (const error&) {
    fail(where, field, "\"" + std::string(v) + "\" is not an ISO 8601 date or UTC timestamp");
  }
}

TRNCOST_DECL decimal parse_csv_price(std::string_view v, const input_position& where,
                                     std::string_view field) {
  try {
    return decimal::parse(v);
  } catch (const error& e) {
    fail(where, field, decimal_rule(v, e, "price"));
  }
}

}  // namespace readers::detail

namespace readers {

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_csv(std::istream& in, std::string_view file,
                                                         const pricing::offer_filter& filter) {
  using namespace detail;
  pricing::offer out;
  out.header.source = std::string(file);
  out.header.currency = filter.currency();
  csv_reader csv(in, std::string(file));
  read_csv_offer_metadata(csv, out.header, true);
  const csv_header header(csv);
  check_distinct_columns(csv, header);
  const auto require = [&](std::string_view column) {
    return require_column(csv, header, column, false);
  };
  const std::size_t c_sku = require("SKU");
  const std::size_t c_term = require("OfferTermCode");
  const std::size_t c_rate = require("RateCode");
  const std::size_t c_type = require("TermType");
  const std::size_t c_unit = require("Unit");
  const std::size_t c_price = require("PricePerUnit");
  const std::size_t c_currency = require("Currency");
  const auto c_desc = header.find("PriceDescription");
  const auto c_effective = header.find("EffectiveDate");
  const auto c_begin = header.find("StartingRange");
  const auto c_end = header.find("EndingRange");
  const auto c_family = header.find("Product Family");
  std::vector<std::pair<std::size_t, std::string>> term_columns;  // term attributes
  for (const char* n : {"LeaseContractLength", "OfferingClass", "PurchaseOption"}) {
    if (auto i = header.find(n)) term_columns.emplace_back(*i, n);
  }
  std::vector<std::pair<std::size_t, std::string>> attribute_columns;
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (!is_csv_term_column(header.name(i))) {
      attribute_columns.emplace_back(i, csv_attribute_name(header.name(i)));
    }
  }

  std::vector<pricing::attribute> attrs(attribute_columns.size());
  // Every SKU's first row: a hash of its product family and attributes, its line, and whether the
  // filter selected it. Rows of a selected SKU are compared exactly with its first row's product
  // (kept in `selected`), so no hash collision can merge two products whose prices are kept;
  // between rows the filter leaves out, a hash difference still refuses a SKU whose attributes
  // change (no price of theirs is kept either way).
  struct sku_seen {
    std::uint64_t hash;
    std::uint64_t line;
    bool selected;
  };
  std::unordered_map<std::string, sku_seen> seen;
  std::unordered_map<std::string, std::pair<std::string, pricing::attribute_list>> selected;
  std::map<std::string, std::size_t, std::less<>> kept;   // SKU -> product
  std::map<std::string, std::size_t, std::less<>> terms;  // type + SKU + term code -> term
  std::uint64_t rows = 0;
  while (csv.next()) {
    if (csv.blank()) continue;
    check_csv_width(csv, header);
    ++rows;
    const auto where = csv.position();
    const std::string_view sku = csv[c_sku];
    if (sku.empty()) fail(where, "SKU", "is empty");
    const std::string_view family = c_family ? csv[*c_family] : std::string_view{};
    std::size_t n = 0;
    std::uint64_t h = csv_fnv(14695981039346656037ULL, family);
    for (const auto& [i, name] : attribute_columns) {
      if (csv[i].empty()) continue;  // a column this product does not have
      if (n == attrs.size()) attrs.emplace_back();
      attrs[n].name = name;
      attrs[n].value.assign(csv[i]);
      h = csv_fnv(csv_fnv(h, name), csv[i]);
      ++n;
    }
    pricing::normalise_product_attributes(family, attrs, n);
    const std::span<const pricing::attribute> row_attrs(attrs.data(), n);
    const bool matches = filter.matches(family, row_attrs);
    auto [it, fresh] = seen.try_emplace(std::string(sku), sku_seen{h, csv.line(), matches});
    if (!fresh) {
      bool same = it->second.selected == matches;
      if (same && matches) {
        const auto& first = selected.at(std::string(sku));
        same = first.first == family && first.second.size() == n &&
               std::equal(row_attrs.begin(), row_attrs.end(), first.second.begin(),
                          [](const pricing::attribute& a, const pricing::attribute& b) {
                            return a.name == b.name && a.value == b.value;
                          });
      } else if (same) {
        same = it->second.hash == h;
      }
      if (!same) {
        fail(where, "SKU",
             "SKU " + std::string(sku) + " appears with other attributes than on line " +
                 std::to_string(it->second.line));
      }
    } else if (matches) {
      selected.emplace(std::string(sku),
                       std::make_pair(std::string(family),
                                      pricing::attribute_list(row_attrs.begin(), row_attrs.end())));
    }
    // Another spelling of a term type ("ondemand") would pass the filter by or fail far from its
    // line; refused here, wanted or not. An unknown type is refused where it is selected.
    if (const std::string rule = pricing::term_type_rule(csv[c_type]);
        !rule.empty() && (rule.find("how the price list writes") != std::string::npos ||
                          (matches && filter.wants_term(csv[c_type])))) {
      fail(where, "TermType", rule);
    }
    if (!matches || !filter.wants_term(csv[c_type])) continue;
    if (csv[c_currency] != filter.currency()) {
      fail(where, "Currency",
           "the price is in " + std::string(csv[c_currency]) + ", not " + filter.currency());
    }
    if (!kept.contains(sku)) {
      kept.emplace(std::string(sku), out.products.size());
      out.products.push_back({std::string(sku), std::string(family),
                              pricing::attribute_list(row_attrs.begin(), row_attrs.end())});
    }
    // Rows of one term effective on different days are versions of it (a new price announced
    // ahead): each keeps its own date, and the price book uses the one in force on the as-of date.
    const std::optional<date> effective =
        c_effective ? parse_effective(csv[*c_effective], where, "EffectiveDate") : std::nullopt;
    std::string key = std::string(csv[c_type]) + '\n' + std::string(sku) + '\n' +
                      std::string(csv[c_term]) + '\n' +
                      (effective ? to_string(*effective) : std::string());
    auto t = terms.find(key);
    if (t == terms.end()) {
      pricing::offer_term term;
      term.type.assign(csv[c_type]);
      term.sku.assign(sku);
      term.offer_term_code.assign(csv[c_term]);
      if (term.offer_term_code.empty()) fail(where, "OfferTermCode", "is empty");
      term.effective = effective;
      for (const auto& [i, name] : term_columns) {
        if (!csv[i].empty()) {
          term.term_attributes.push_back({name, pricing::normalise_attribute(name, csv[i])});
        }
      }
      t = terms.emplace(std::move(key), out.terms.size()).first;
      out.terms.push_back(std::move(term));
    }
    pricing::price_dimension d;
    d.rate_code.assign(csv[c_rate]);
    if (d.rate_code.empty()) fail(where, "RateCode", "is empty");
    if (const std::string prefix = std::string(sku) + '.' + std::string(csv[c_term]) + '.';
        !d.rate_code.starts_with(prefix) || d.rate_code.size() == prefix.size()) {
      fail(where, "RateCode",
           trncost::detail::quoted_for_message(d.rate_code) +
               " is not this row's SKU and offer term code followed by a rate (" + prefix +
               "<rate>); a rate code is SKU.OfferTermCode.RateCode, and a report would cite "
               "another row's code");
    }
    if (c_desc) d.description.assign(csv[*c_desc]);
    if (c_begin) d.begin_range.assign(csv[*c_begin]);
    if (c_end) d.end_range.assign(csv[*c_end]);
    bool at_end = false;
    if (const std::string rule = pricing::range_rule(d.begin_range, d.end_range, &at_end);
        !rule.empty()) {
      fail(where, at_end ? "EndingRange" : "StartingRange", rule);
    }
    d.unit.assign(csv[c_unit]);
    if (pricing::find_price_unit(d.unit) == nullptr) {
      try {
        (void)pricing::lookup_price_unit(d.unit, "rate " + d.rate_code);
      } catch (const error& e) {
        std::string rule = e.what();
        if (rule.starts_with("trncost: ")) rule.erase(0, 9);
        fail(where, "Unit", rule);
      }
    }
    if (const std::string sign = pricing::reserved_sign(
            out.terms[t->second].type, out.terms[t->second].term_attributes, d.description);
        !sign.empty()) {
      fail(where, "TermType",
           "SKU " + std::string(sku) + ", rate code " + d.rate_code +
               " is filed under OnDemand but looks like a reserved term (" + sign +
               "); trncost will not read it as an on-demand price");
    }
    d.price = parse_csv_price(csv[c_price], where, "PricePerUnit");
    if (const std::string rule =
            pricing::price_contradiction(d.description, d.price, d.unit, filter.currency());
        !rule.empty()) {
      fail(where, "PricePerUnit", rule);
    }
    d.offset = csv.line();
    out.terms[t->second].dimensions.push_back(std::move(d));
  }
  if (out.products.empty()) {
    throw input_error(std::string(file) + ": no product matches the filter (" + filter.describe() +
                      ") among the " + std::to_string(rows) + " rows of the file");
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_csv_file(const std::string& path,
                                                              const pricing::offer_filter& filter) {
  std::ifstream in = open_input_file(path);
  return read_offer_csv(in, path, filter);
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_PRICE_LIST_CSV_IPP
