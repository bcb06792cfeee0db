// An AWS Price List offer as trncost keeps it after reading: the file's header, the products a
// filter selected and their terms (OnDemand, Reserved, savingsPlan), each term's priced lines with
// the price as an exact decimal. Also the filter a reader applies while it streams a file.
#ifndef TRNCOST_PRICES_OFFER_HPP
#define TRNCOST_PRICES_OFFER_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../provenance/date.hpp"
#include "../units/decimal.hpp"

namespace trncost::pricing {

/// A product's or a term's attribute, verbatim ("instanceType" = "trn1.32xlarge").
struct attribute {
  std::string name;
  std::string value;
};
using attribute_list = std::vector<attribute>;

/// The value of the attribute `name`, if present.
[[nodiscard]] inline std::optional<std::string_view> find_attribute(
    std::span<const attribute> list, std::string_view name) noexcept {
  for (const auto& a : list) {
    if (a.name == name) return std::string_view(a.value);
  }
  return std::nullopt;
}

/// The offer file's own identification, kept with every price read from it.
struct offer_header {
  std::string source;          ///< the path or URL the caller read
  std::string format_version;  ///< "v1.0"
  std::string offer_code;      ///< "AmazonEC2"
  std::string version;         ///< "20260910195514"
  std::optional<timestamp> published;  ///< publicationDate
  std::string currency = "USD";        ///< the currency the reader took prices in
  std::string region;  ///< the region the caller says the file covers (Savings Plans files)
};

struct offer_product {
  std::string sku;
  std::string product_family;  ///< may be empty: some products have none
  attribute_list attributes;
  [[nodiscard]] std::optional<std::string_view> attribute(std::string_view name) const noexcept {
    return find_attribute(attributes, name);
  }
};

/// One priced line of a term (a "price dimension").
struct price_dimension {
  std::string rate_code;
  std::string description;
  std::string begin_range;  ///< text, "0"; empty when the row has none
  std::string end_range;    ///< text, "Inf" for the last tier; empty when the row has none
  std::string unit;         ///< the price list's unit string, verbatim
  decimal price;            ///< per unit, exact
  std::uint64_t offset = 0; ///< byte offset (JSON) or line (CSV) the line was read at
  /// Attributes of the line itself, added to its product's (a Savings Plans rate's
  /// discountedInstanceType, discountedUsageType, ...); empty for EC2, S3 and the like.
  attribute_list attributes;
};

struct offer_term {
  std::string type;  ///< "OnDemand", "Reserved", "savingsPlan"
  std::string sku;
  std::string offer_term_code;
  std::optional<date> effective;
  attribute_list term_attributes;  ///< LeaseContractLength, OfferingClass, PurchaseOption
  std::vector<price_dimension> dimensions;
};

struct offer {
  offer_header header;
  std::vector<offer_product> products;
  std::vector<offer_term> terms;
  /// SKUs that terms pointed to but the file has no product for, when the filter allowed
  /// skipping them (an excerpt of an offer file); each listed once.
  std::vector<std::string> orphan_skus;

  [[nodiscard]] const offer_product* product(std::string_view sku) const noexcept {
    for (const auto& p : products) {
      if (p.sku == sku) return &p;
    }
    return nullptr;
  }
};

/// What a reader keeps: products whose family and attributes match every condition, and their
/// terms of the listed types. Conditions compare attribute values exactly (or by prefix).
class offer_filter {
 public:
  struct condition {
    std::string name;                 ///< an attribute name, or "productFamily"
    std::vector<std::string> values;  ///< any of these
    bool prefix = false;              ///< values are prefixes
  };

  offer_filter& family(std::string value) { return where("productFamily", std::move(value)); }
  offer_filter& where(std::string name, std::string value) {
    conditions_.push_back({std::move(name), {std::move(value)}, false});
    return *this;
  }
  offer_filter& where_any(std::string name, std::vector<std::string> values) {
    conditions_.push_back({std::move(name), std::move(values), false});
    return *this;
  }
  offer_filter& where_prefix(std::string name, std::vector<std::string> prefixes) {
    conditions_.push_back({std::move(name), std::move(prefixes), true});
    return *this;
  }
  /// Term types to keep ("OnDemand", "Reserved"); all when never called.
  offer_filter& term_types(std::vector<std::string> types) {
    term_types_ = std::move(types);
    return *this;
  }
  /// The currency prices are taken in (default "USD"); a selected price without it is an error.
  offer_filter& currency(std::string code) {
    currency_ = std::move(code);
    return *this;
  }

  /// A term pointing to a SKU the file has no product for is an error by default; with this, such
  /// terms are skipped and listed in offer::orphan_skus (for excerpts of offer files).
  offer_filter& skip_orphan_terms(bool skip = true) {
    skip_orphans_ = skip;
    return *this;
  }
  [[nodiscard]] bool skips_orphan_terms() const noexcept { return skip_orphans_; }

  [[nodiscard]] const std::vector<condition>& conditions() const noexcept { return conditions_; }
  [[nodiscard]] const std::string& currency() const noexcept { return currency_; }

  [[nodiscard]] bool matches(std::string_view family,
                             std::span<const attribute> attributes) const noexcept {
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

  [[nodiscard]] bool wants_term(std::string_view type) const noexcept {
    if (term_types_.empty()) return true;
    for (const auto& t : term_types_) {
      if (t == type) return true;
    }
    return false;
  }

  /// "productFamily=Compute Instance, instanceType=trn1.32xlarge|p5.48xlarge, terms OnDemand".
  [[nodiscard]] std::string describe() const {
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

 private:
  std::vector<condition> conditions_;
  std::vector<std::string> term_types_;
  std::string currency_ = "USD";
  bool skip_orphans_ = false;
};

/// The conditions of DOMAIN.md section 8 for a Linux, shared-tenancy EC2 instance bought without a
/// Capacity Block: `marketoption=OnDemand` keeps Capacity Block rows (priced 0.00) out. Reserved
/// terms hang on the same products.
[[nodiscard]] inline offer_filter ec2_linux_shared(std::string region,
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

}  // namespace trncost::pricing

#endif  // TRNCOST_PRICES_OFFER_HPP
