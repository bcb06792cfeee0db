// The definitions of prices/offer.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICES_IMPL_OFFER_IPP
#define TRNCOST_PRICES_IMPL_OFFER_IPP

#include "../offer.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL std::optional<std::string_view> find_attribute(
    std::span<const attribute> list, std::string_view name) noexcept {
  for (const auto& a : list) {
    if (a.name == name) return std::string_view(a.value);
  }
  return std::nullopt;
}

[[nodiscard]] TRNCOST_DECL std::string normalise_lease(std::string_view v) {
  std::size_t i = 0;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
  if (i == 0 || i > 2) return std::string(v);
  std::string unit;
  for (const char c : v.substr(i)) {
    if (c == ' ' || c == '-') continue;
    unit += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (unit == "yr" || unit == "yrs" || unit == "year" || unit == "years") {
    return std::string(v.substr(0, i)) + "yr";
  }
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string normalise_purchase_option(std::string_view v) {
  std::string key;
  for (const char c : v) {
    if (c == ' ' || c == '-' || c == '_') continue;
    key += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (key == "allupfront") return "All Upfront";
  if (key == "partialupfront") return "Partial Upfront";
  if (key == "noupfront") return "No Upfront";
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string normalise_attribute(std::string_view name,
                                                           std::string_view v) {
  if (name == "LeaseContractLength" || name == "leaseContractLength" || name == "purchaseTerm") {
    return normalise_lease(v);
  }
  if (name == "PurchaseOption" || name == "purchaseOption") return normalise_purchase_option(v);
  if (name == "OfferingClass" || name == "offeringClass") {
    std::string out(v);
    for (char& c : out) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return out;
  }
  return std::string(v);
}

[[nodiscard]] TRNCOST_DECL std::string_view region_code_of_location(
    std::string_view location) noexcept {
  for (const auto& [name, code] : aws_locations) {
    if (name == location) return code;
  }
  return {};
}

TRNCOST_DECL void put_attribute(std::vector<attribute>& list, std::size_t& n, std::string_view name,
                                std::string_view value) {
  for (std::size_t i = 0; i < n; ++i) {
    if (list[i].name == name) {
      list[i].value.assign(value);
      return;
    }
  }
  if (n == list.size()) list.emplace_back();
  list[n].name.assign(name);
  list[n].value.assign(value);
  ++n;
}

TRNCOST_DECL void normalise_product_attributes(std::string_view family,
                                               std::vector<attribute>& list, std::size_t& n) {
  const std::span<const attribute> now(list.data(), n);
  std::string derived;
  std::vector<std::pair<std::string_view, std::string_view>> add;
  for (const auto& [code_name, location_name] :
       {std::pair<std::string_view, std::string_view>{"regionCode", "location"},
        {"fromRegionCode", "fromLocation"},
        {"toRegionCode", "toLocation"}}) {
    if (find_attribute(now, code_name)) continue;
    const auto location = find_attribute(now, location_name);
    if (!location) continue;
    const auto code = region_code_of_location(*location);
    if (code.empty()) continue;
    add.emplace_back(code_name, code);
  }
  const auto service = find_attribute(now, "servicecode");
  if (service && *service == "AmazonEC2" && family.starts_with("Compute Instance") &&
      !find_attribute(now, "marketoption")) {
    add.emplace_back("marketoption", "OnDemand");
  }
  if (add.empty()) return;
  for (const auto& [name, value] : add) {
    if (!derived.empty()) derived += ',';
    derived += name;
    put_attribute(list, n, name, value);
  }
  put_attribute(list, n, "trncostDerived", derived);
}

[[nodiscard]] TRNCOST_DECL std::string reserved_sign(std::string_view term_type,
                                                     std::span<const attribute> term_attributes,
                                                     std::string_view description) {
  if (term_type != "OnDemand") return {};
  for (const char* name : {"LeaseContractLength", "PurchaseOption", "OfferingClass"}) {
    if (auto v = find_attribute(term_attributes, name); v && !v->empty()) {
      return "the term has " + std::string(name) + " \"" + std::string(*v) + "\"";
    }
  }
  if (description.find("Upfront Fee") != std::string_view::npos) {
    return "the line's description says \"Upfront Fee\"";
  }
  return {};
}

[[nodiscard]] TRNCOST_DECL offer_filter ec2_linux_shared(std::string region,
                                                         std::vector<std::string> instance_types) {
  offer_filter f;
  f.family("Compute Instance")
      .where("regionCode", std::move(region))
      .where_any("instanceType", std::move(instance_types))
      .where("operatingSystem", "Linux")
      .where("tenancy", "Shared")
      .where("preInstalledSw", "NA")
      .where("capacitystatus", "Used")
      .where("licenseModel", "No License required")
      .where("operation", "RunInstances")
      .where("marketoption", "OnDemand");
  return f;
}

}  // namespace pricing

namespace pricing {

TRNCOST_DECL auto offer::product(std::string_view sku) const noexcept -> const offer_product* {
  for (const auto& p : products) {
    if (p.sku == sku) return &p;
  }
  return nullptr;
}

TRNCOST_DECL auto offer_filter::where(std::string name, std::string value) -> offer_filter& {
  conditions_.push_back({std::move(name), {std::move(value)}, false});
  return *this;
}

TRNCOST_DECL auto offer_filter::where_any(std::string name, std::vector<std::string> values)
    -> offer_filter& {
  conditions_.push_back({std::move(name), std::move(values), false});
  return *this;
}

TRNCOST_DECL auto offer_filter::where_prefix(std::string name, std::vector<std::string> prefixes)
    -> offer_filter& {
  conditions_.push_back({std::move(name), std::move(prefixes), true});
  return *this;
}

TRNCOST_DECL auto offer_filter::matches(std::string_view family,
                                        std::span<const attribute> attributes) const noexcept
    -> bool {
  for (const auto& c : conditions_) {
    std::optional<std::string_view> v;
    if (c.name.size() == 13 && c.name == "productFamily") {
      v = family;
    } else {
      v = find_attribute(attributes, c.name);
    }
    if (!v) return false;
    bool any = false;
    for (const auto& want : c.values) {
      if (c.prefix ? v->starts_with(want) : *v == want) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

TRNCOST_DECL auto offer_filter::wants_term(std::string_view type) const noexcept -> bool {
  if (term_types_.empty()) return true;
  for (const auto& t : term_types_) {
    if (t == type) return true;
  }
  return false;
}

TRNCOST_DECL auto offer_filter::describe() const -> std::string {
  std::string s;
  for (const auto& c : conditions_) {
    if (!s.empty()) s += ", ";
    s += c.name + (c.prefix ? " starts with " : "=");
    for (std::size_t i = 0; i < c.values.size(); ++i) s += (i ? "|" : "") + c.values[i];
  }
  if (!term_types_.empty()) {
    s += s.empty() ? "terms " : ", terms ";
    for (std::size_t i = 0; i < term_types_.size(); ++i) s += (i ? "|" : "") + term_types_[i];
  }
  return s.empty() ? "everything" : s;
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICES_IMPL_OFFER_IPP
