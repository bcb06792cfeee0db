// The definitions of readers/savings_plans.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_IMPL_SAVINGS_PLANS_IPP
#define TRNCOST_READERS_IMPL_SAVINGS_PLANS_IPP

#include "../savings_plans.hpp"

namespace trncost {

namespace readers {

[[nodiscard]] TRNCOST_DECL savings_plan_filter
savings_plan_rates_for(std::vector<std::string> instance_types) {
  savings_plan_filter f;
  f.rates.where_any("discountedInstanceType", std::move(instance_types));
  return f;
}

}  // namespace readers

namespace readers::detail {

TRNCOST_DECL std::string lease_text(std::string_view duration, std::string_view unit) {
  if (unit.empty()) return pricing::normalise_lease(std::string(duration) + "yr");
  return pricing::normalise_lease(std::string(duration) + " " + std::string(unit));
}

TRNCOST_DECL std::string instance_type_of_usage(std::string_view usage_type) {
  const auto colon = usage_type.rfind(':');
  if (colon == std::string_view::npos) return {};
  const auto tail = usage_type.substr(colon + 1);
  return tail.find('.') == std::string_view::npos ? std::string{} : std::string(tail);
}

TRNCOST_DECL void add_if(pricing::attribute_list& list, std::string name, std::string_view value) {
  if (!value.empty()) {
    std::string v = pricing::normalise_attribute(name, value);
    list.push_back({std::move(name), std::move(v)});
  }
}

}  // namespace readers::detail

namespace readers {

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_json(std::istream& in,
                                                                  std::string_view file,
                                                                  const savings_plan_filter& filter,
                                                                  std::string region) {
  pricing::offer out;
  out.header.source = std::string(file);
  out.header.region = region;
  detail::istream_input input(in);
  detail::savings_plan_json_handler handler(filter, input, out, std::move(region));
  detail::unique_keys<detail::savings_plan_json_handler> guard(handler);
  rapidjson::Reader reader;
  const auto result = reader.Parse<detail::json_parse_flags>(input, guard);
  if (result.IsError()) {
    if (guard.duplicate()) detail::fail_duplicate_key(file, 0, guard, result.Offset());
    if (handler.failed) {
      fail(input_position::at_byte(file, handler.error_offset), handler.error_field,
           handler.error_rule);
    }
    std::string rule = "invalid JSON: ";
    rule += detail::json_error_text(result.Code());
    if (input.Peek() == '\0') rule += " (the input ends early: truncated file?)";
    fail(input_position::at_byte(file, result.Offset()), handler.context(), rule);
  }
  std::size_t lines = 0;
  for (const auto& t : out.terms) lines += t.dimensions.size();
  if (lines == 0) {
    throw input_error(std::string(file) + ": no Savings Plans rate matches the filter (plans: " +
                      filter.plans.describe() + "; rates: " + filter.rates.describe() +
                      ") among the " + std::to_string(handler.rates_seen) + " rates of the file");
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_json_file(
    const std::string& path, const savings_plan_filter& filter, std::string region) {
  std::ifstream in = open_input_file(path);
  return read_savings_plans_json(in, path, filter, std::move(region));
}

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_csv(
    std::istream& in, std::string_view file, const savings_plan_filter& filter) {
  using namespace detail;
  pricing::offer out;
  out.header.source = std::string(file);
  out.header.currency = filter.rates.currency();
  csv_reader csv(in, std::string(file));
  read_csv_offer_metadata(csv, out.header, true);
  const csv_header header(csv);
  check_distinct_columns(csv, header);
  const auto require = [&](std::string_view column) {
    return require_column(csv, header, column, true);
  };
  const std::size_t c_sku = require("SKU");
  const std::size_t c_rate_code = require("RateCode");
  const std::size_t c_unit = require("Unit");
  const std::size_t c_rate = require("DiscountedRate");
  const std::size_t c_currency = require("Currency");
  const std::size_t c_usage = require("DiscountedUsageType");
  const std::size_t c_lease = require("LeaseContractLength");
  const auto c_lease_unit = header.find("LeaseContractLengthUnit");
  const auto c_effective = header.find("EffectiveDate");
  const auto c_family = header.find("Product Family");
  const auto c_description = header.find("Description");
  const auto c_type = header.find("DiscountedInstanceType");
  const std::pair<const char*, const char*> plan_columns[] = {{"PurchaseOption", "purchaseOption"},
                                                              {"ServiceCode", "servicecode"},
                                                              {"UsageType", "usagetype"},
                                                              {"Operation", "operation"},
                                                              {"Instance Family", "instanceFamily"},
                                                              {"Location", "location"},
                                                              {"Location Type", "locationType"},
                                                              {"Granularity", "granularity"}};
  const std::pair<const char*, const char*> rate_columns[] = {
      {"DiscountedSKU", "discountedSku"},
      {"DiscountedServiceCode", "discountedServiceCode"},
      {"DiscountedUsageType", "discountedUsageType"},
      {"DiscountedOperation", "discountedOperation"},
      {"DiscountedRegionCode", "regionCode"}};
  std::map<std::string, std::pair<std::size_t, std::size_t>, std::less<>> plans;  // product, term
  std::uint64_t rows = 0;
  std::size_t lines = 0;
  while (csv.next()) {
    if (csv.blank()) continue;
    check_csv_width(csv, header);
    ++rows;
    const auto where = csv.position();
    pricing::offer_product p;
    p.sku.assign(csv[c_sku]);
    if (p.sku.empty()) fail(where, "SKU", "is empty");
    if (c_family) p.product_family.assign(csv[*c_family]);
    for (const auto& [column, name] : plan_columns) {
      if (auto i = header.find(column)) add_if(p.attributes, name, csv[*i]);
    }
    p.attributes.push_back(
        {"leaseContractLength",
         lease_text(csv[c_lease], c_lease_unit ? csv[*c_lease_unit] : std::string_view{})});
    if (!filter.plans.matches(p.product_family, p.attributes)) continue;
    pricing::price_dimension d;
    for (const auto& [column, name] : rate_columns) {
      if (auto i = header.find(column)) add_if(d.attributes, name, csv[*i]);
    }
    const std::string type = c_type && !csv[*c_type].empty() ? std::string(csv[*c_type])
                                                             : instance_type_of_usage(csv[c_usage]);
    add_if(d.attributes, "discountedInstanceType", type);
    if (!filter.rates.matches("", d.attributes)) continue;
    if (csv[c_currency] != filter.rates.currency()) {
      fail(where, "Currency",
           "the rate is in " + std::string(csv[c_currency]) + ", not " + filter.rates.currency());
    }
    d.rate_code.assign(csv[c_rate_code]);
    if (d.rate_code.empty()) fail(where, "RateCode", "is empty");
    d.unit.assign(csv[c_unit]);
    if (pricing::find_price_unit(d.unit) == nullptr) {
      fail(where, "Unit", "\"" + d.unit + "\" is not in trncost's price-unit table");
    }
    d.price = parse_csv_price(csv[c_rate], where, "DiscountedRate");
    if (c_description) d.description.assign(csv[*c_description]);
    d.offset = csv.line();
    // Rates of one plan effective on different days are versions (as terms of an offer file):
    // each keeps its own date, so none is used before it is effective.
    const std::optional<date> effective =
        c_effective ? parse_effective(csv[*c_effective], where, "EffectiveDate") : std::nullopt;
    const std::string key = p.sku + '\n' + (effective ? to_string(*effective) : std::string());
    auto it = plans.find(key);
    if (it == plans.end()) {
      pricing::offer_term t;
      t.type = "savingsPlan";
      t.sku = p.sku;
      t.offer_term_code = p.sku;
      t.effective = effective;
      std::size_t product = out.products.size();
      for (std::size_t i = 0; i < out.products.size(); ++i) {
        if (out.products[i].sku == p.sku) product = i;
      }
      it = plans.emplace(key, std::make_pair(product, out.terms.size())).first;
      if (product == out.products.size()) out.products.push_back(std::move(p));
      out.terms.push_back(std::move(t));
    }
    out.terms[it->second.second].dimensions.push_back(std::move(d));
    ++lines;
  }
  if (lines == 0) {
    throw input_error(std::string(file) + ": no Savings Plans rate matches the filter (plans: " +
                      filter.plans.describe() + "; rates: " + filter.rates.describe() +
                      ") among the " + std::to_string(rows) + " rows of the file");
  }
  return out;
}

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_csv_file(
    const std::string& path, const savings_plan_filter& filter) {
  std::ifstream in = open_input_file(path);
  return read_savings_plans_csv(in, path, filter);
}

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_IMPL_SAVINGS_PLANS_IPP
