// Readers for AWS Savings Plans offer files, JSON (products[], terms.savingsPlan[].rates[]) and
// CSV (five metadata rows, then one row per rate). A plan becomes a product, its rates the priced
// lines of one "savingsPlan" term (whose offer term code is the plan's SKU: Savings Plans files
// have no other), each rate carrying its own attributes: discountedInstanceType,
// discountedUsageType, discountedOperation, discountedServiceCode, discountedSku and, where the
// file says, regionCode. The lease is normalised to leaseContractLength "1yr"/"3yr".
#ifndef TRNCOST_READERS_SAVINGS_PLANS_HPP
#define TRNCOST_READERS_SAVINGS_PLANS_HPP

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../pricing/offer.hpp"
#include "../pricing/unit_table.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"
#include "price_list_csv.hpp"

namespace trncost::readers {

/// Which plans (by the plan product's family and attributes: productFamily, purchaseOption,
/// leaseContractLength, ...) and which of their rates (by the rate's attributes) to keep.
struct savings_plan_filter {
  pricing::offer_filter plans;
  pricing::offer_filter rates;
};

/// Every plan's rates for these instance types.
[[nodiscard]] TRNCOST_DECL savings_plan_filter
savings_plan_rates_for(std::vector<std::string> instance_types);

namespace detail {

/// The lease of a duration and its unit ("1" + "year", "3" + "years", "1" alone) in the one
/// spelling pricing::normalise_lease gives ("1yr"); anything else kept as "<n> <unit>".
TRNCOST_DECL std::string lease_text(std::string_view duration, std::string_view unit);

/// The instance type a usage type names: "USE1-BoxUsage:trn1.32xlarge" -> "trn1.32xlarge"; empty
/// when the part after the last ':' is not an instance type (no '.').
TRNCOST_DECL std::string instance_type_of_usage(std::string_view usage_type);

/// Adds a non-empty attribute in its one spelling (pricing::normalise_attribute: purchase options,
/// leases).
TRNCOST_DECL void add_if(pricing::attribute_list& list, std::string name, std::string_view value);

/// Streams a Savings Plans JSON file: the outer layout by state, each product, lease and rate
/// (small objects) built as a json_value and read when it closes.
class savings_plan_json_handler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, savings_plan_json_handler> {
 public:
  savings_plan_json_handler(const savings_plan_filter& filter, const istream_input& input,
                            pricing::offer& out, std::string region)
      : filter_(filter), input_(input), out_(out), region_(std::move(region)) {
    out_.header.currency = filter.rates.currency();
  }

  bool failed = false;
  std::uint64_t error_offset = 0;
  std::string error_field;
  std::string error_rule;
  std::uint64_t rates_seen = 0;

  [[nodiscard]] std::string context() const {
    switch (state_) {
      case st::products:
        return "products[" + std::to_string(products_seen_) + "]";
      case st::plan:
      case st::rates:
        return "terms.savingsPlan[" + std::to_string(plans_seen_ - 1) + "] (plan " + plan_sku_ +
               ")" + (state_ == st::rates ? ".rates[" + std::to_string(rate_index_) + "]" : "");
      case st::sp_array:
        return "terms.savingsPlan";
      case st::terms:
        return "terms";
      default:
        return last_key_;
    }
  }

  bool StartObject() {
    if (forward()) return sub_depth_++, builder_.StartObject();
    if (skip_ != 0) return ++skip_, true;
    const slot s = take_slot();
    if (s == slot::skip) return skip_ = 1, true;
    if (state_ == st::none) return state_ = st::root, true;
    if (s == slot::terms) return state_ = st::terms, true;
    if (s == slot::sub) return begin_sub();
    if (s == slot::products) {
      return fail_here("products",
                       "is an object of products by SKU, as in an offer file of prices, not a "
                       "Savings Plans file's products[]: read the file as one (a scenario's "
                       "[prices] files, `trncost prices fetch` without --savings-plans, "
                       "readers::read_offer_json)");
    }
    if (state_ == st::sp_array) {
      state_ = st::plan;
      ++plans_seen_;
      plan_sku_.clear();
      plan_description_.clear();
      plan_effective_.reset();
      plan_lease_.clear();
      rate_index_ = 0;
      plan_offset_ = input_.Tell();
      return true;
    }
    if (state_ == st::products || state_ == st::rates) return begin_sub();
    return fail_here(context(), "an object where a string was expected");
  }
  bool EndObject(rapidjson::SizeType n) {
    if (forward()) {
      if (!builder_.EndObject(n)) return false;
      return --sub_depth_ == 0 ? end_sub() : true;
    }
    if (skip_ != 0) return --skip_, true;
    switch (state_) {
      case st::root:
        state_ = st::end;
        return finish_root();
      case st::terms:
        state_ = st::root;
        return true;
      case st::plan:
        state_ = st::sp_array;
        return true;
      default:
        return true;
    }
  }
  bool StartArray() {
    if (forward()) return sub_depth_++, builder_.StartArray();
    if (skip_ != 0) return ++skip_, true;
    const slot s = take_slot();
    if (s == slot::skip) return skip_ = 1, true;
    if (s == slot::products) return state_ = st::products, true;
    if (s == slot::savings_plan) return state_ = st::sp_array, true;
    if (s == slot::rates) {
      if (!plan_known()) return false;
      return state_ = st::rates, true;
    }
    return fail_here(context(), state_ == st::none ? "the offer file is not a JSON object"
                                                   : "an array where an object or a string was "
                                                     "expected");
  }
  bool EndArray(rapidjson::SizeType n) {
    if (forward()) {
      if (!builder_.EndArray(n)) return false;
      return --sub_depth_ == 0 ? end_sub() : true;
    }
    if (skip_ != 0) return --skip_, true;
    if (state_ == st::products) {
      state_ = st::root;
      products_done_ = true;
    } else if (state_ == st::sp_array) {
      state_ = st::terms;
    } else if (state_ == st::rates) {
      state_ = st::plan;
    }
    return true;
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    if (forward()) return builder_.Key(s, n, copy);
    if (skip_ != 0) return true;
    const std::string_view k(s, n);
    last_key_.assign(k);
    switch (state_) {
      case st::root:
        slot_ = k == "formatVersion"     ? slot::format_version
                : k == "offerCode"       ? slot::offer_code
                : k == "version"         ? slot::version
                : k == "publicationDate" ? slot::publication_date
                : k == "products"        ? slot::products
                : k == "terms"           ? slot::terms
                                         : slot::skip;
        return true;
      case st::terms:
        slot_ = k == "savingsPlan" ? slot::savings_plan : slot::skip;
        return true;
      case st::plan:
        slot_ = k == "sku"                   ? slot::plan_sku
                : k == "description"         ? slot::plan_description
                : k == "effectiveDate"       ? slot::plan_effective
                : k == "leaseContractLength" ? slot::sub
                : k == "rates"               ? slot::rates
                                             : slot::skip;
        return true;
      default:
        slot_ = slot::skip;
        return true;
    }
  }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    if (forward()) return builder_.String(s, n, copy);
    return text(std::string_view(s, n));
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    if (forward()) return builder_.RawNumber(s, n, copy);
    return text(std::string_view(s, n));
  }
  bool Null() {
    if (forward()) return builder_.Null();
    return scalar();
  }
  bool Bool(bool b) {
    if (forward()) return builder_.Bool(b);
    return scalar();
  }

 private:
  enum class st : std::uint8_t { none, root, products, terms, sp_array, plan, rates, end };
  enum class slot : std::uint8_t {
    none,
    skip,
    format_version,
    offer_code,
    version,
    publication_date,
    products,
    terms,
    savings_plan,
    plan_sku,
    plan_description,
    plan_effective,
    sub,
    rates
  };
  struct plan_info {
    std::size_t product = 0;  // index in out_.products, when kept
    bool kept = false;
    std::size_t term = 0;
    bool has_term = false;
  };

  [[nodiscard]] bool forward() const noexcept { return sub_depth_ != 0; }
  slot take_slot() noexcept {
    const slot s = slot_;
    slot_ = slot::none;
    return s;
  }
  bool fail_here(std::string field, std::string rule) {
    return fail_at(input_.Tell(), std::move(field), std::move(rule));
  }
  bool fail_at(std::uint64_t at, std::string field, std::string rule) {
    failed = true;
    error_offset = at;
    error_field = std::move(field);
    error_rule = std::move(rule);
    return false;
  }
  bool begin_sub() {
    builder_ = json_tree_builder{};
    sub_offset_ = input_.Tell();
    sub_depth_ = 1;
    return builder_.StartObject();
  }
  bool scalar() {
    if (skip_ != 0) return true;
    if (take_slot() == slot::skip) return true;
    return fail_here(context(), "expected a string");
  }
  bool text(std::string_view v) {
    if (skip_ != 0) return true;
    switch (take_slot()) {
      case slot::skip:
        return true;
      case slot::format_version:
        out_.header.format_version.assign(v);
        return true;
      case slot::offer_code:
        out_.header.offer_code.assign(v);
        return true;
      case slot::version:
        out_.header.version.assign(v);
        return true;
      case slot::publication_date:
        try {
          out_.header.published = parse_timestamp(v);
        } catch (const error&) {
          return fail_here("publicationDate",
                           "\"" + std::string(v) + "\" is not an ISO 8601 UTC timestamp");
        }
        return true;
      case slot::plan_sku:
        plan_sku_.assign(v);
        return true;
      case slot::plan_description:
        plan_description_.assign(v);
        return true;
      case slot::plan_effective:
        try {
          plan_effective_ = parse_timestamp(v).day();
        } catch (const error&) {
          return fail_here(context() + ".effectiveDate",
                           "\"" + std::string(v) + "\" is not an ISO 8601 UTC timestamp");
        }
        return true;
      default:
        return fail_here(context(), "a string where an object or array was expected");
    }
  }

  static std::string_view str(const json_value& v, std::string_view key) {
    const json_value* m = v.find(key);
    return m != nullptr && (m->is_string() || m->is_number()) ? std::string_view(m->text())
                                                              : std::string_view{};
  }

  bool end_sub() {
    json_value v = builder_.take();
    if (state_ == st::products) return read_product(v);
    if (state_ == st::rates) return read_rate(v);
    // leaseContractLength
    plan_lease_ = lease_text(str(v, "duration"), str(v, "unit"));
    if (str(v, "duration").empty()) {
      return fail_at(sub_offset_, context() + ".leaseContractLength.duration", "is missing");
    }
    return true;
  }

  bool read_product(const json_value& v) {
    const std::string where = "products[" + std::to_string(products_seen_++) + "]";
    pricing::offer_product p;
    p.sku = std::string(str(v, "sku"));
    if (p.sku.empty()) return fail_at(sub_offset_, where + ".sku", "is missing");
    p.product_family = std::string(str(v, "productFamily"));
    add_if(p.attributes, "servicecode", str(v, "serviceCode"));
    add_if(p.attributes, "usagetype", str(v, "usageType"));
    add_if(p.attributes, "operation", str(v, "operation"));
    if (const json_value* a = v.find("attributes"); a != nullptr && a->is_object()) {
      for (std::size_t i = 0; i < a->keys().size(); ++i) {
        if (a->items()[i].is_string()) add_if(p.attributes, a->keys()[i], a->items()[i].text());
      }
    }
    if (auto term = p.attribute("purchaseTerm")) {
      p.attributes.push_back({"leaseContractLength", std::string(*term)});
    }
    if (plans_.count(p.sku) != 0) {
      return fail_at(sub_offset_, where + ".sku", "plan " + p.sku + " appears twice");
    }
    plan_info info;
    if (filter_.plans.matches(p.product_family, p.attributes)) {
      info.kept = true;
      info.product = out_.products.size();
      out_.products.push_back(std::move(p));
      plans_.emplace(out_.products.back().sku, info);
    } else {
      plans_.emplace(p.sku, info);
    }
    return true;
  }

  bool plan_known() {
    if (plan_sku_.empty()) {
      return fail_here(context() + ".sku", "is missing (it must come before the rates)");
    }
    if (!products_done_ || plans_.count(plan_sku_) == 0) {
      return fail_here(context() + ".sku",
                       "the plan " + plan_sku_ + " is not among the file's products");
    }
    return true;
  }

  bool read_rate(const json_value& v) {
    ++rates_seen;
    const std::string where = context();
    ++rate_index_;
    plan_info& plan = plans_.find(plan_sku_)->second;
    if (!plan.kept) return true;
    pricing::price_dimension d;
    const std::string_view usage = str(v, "discountedUsageType");
    add_if(d.attributes, "discountedSku", str(v, "discountedSku"));
    add_if(d.attributes, "discountedServiceCode", str(v, "discountedServiceCode"));
    add_if(d.attributes, "discountedUsageType", usage);
    add_if(d.attributes, "discountedOperation", str(v, "discountedOperation"));
    add_if(d.attributes, "discountedInstanceType", instance_type_of_usage(usage));
    add_if(d.attributes, "regionCode", region_);
    if (!filter_.rates.matches("", d.attributes)) return true;
    d.rate_code = std::string(str(v, "rateCode"));
    if (d.rate_code.empty()) return fail_at(sub_offset_, where + ".rateCode", "is missing");
    d.unit = std::string(str(v, "unit"));
    if (d.unit.empty()) return fail_at(sub_offset_, where + ".unit", "is missing");
    if (pricing::find_price_unit(d.unit) == nullptr) {
      return fail_at(sub_offset_, where + ".unit",
                     "\"" + d.unit + "\" is not in trncost's price-unit table");
    }
    const json_value* rate = v.find("discountedRate");
    if (rate == nullptr || !rate->is_object()) {
      return fail_at(sub_offset_, where + ".discountedRate", "is missing");
    }
    const std::string_view currency = str(*rate, "currency");
    if (currency.empty()) {
      return fail_at(sub_offset_, where + ".discountedRate.currency", "is missing");
    }
    if (currency != filter_.rates.currency()) {
      return fail_at(
          sub_offset_, where + ".discountedRate.currency",
          "the rate is in " + std::string(currency) + ", not " + filter_.rates.currency());
    }
    const std::string_view price = str(*rate, "price");
    try {
      d.price = decimal::parse(price);
    } catch (const error& e) {
      return fail_at(sub_offset_, where + ".discountedRate.price", decimal_rule(price, e, "price"));
    }
    d.description = plan_description_;
    d.offset = sub_offset_;
    if (!plan.has_term) {
      pricing::offer_term t;
      t.type = "savingsPlan";
      t.sku = plan_sku_;
      t.offer_term_code = plan_sku_;
      t.effective = plan_effective_;
      plan.has_term = true;
      plan.term = out_.terms.size();
      out_.terms.push_back(std::move(t));
      if (!plan_lease_.empty()) {
        auto& attrs = out_.products[plan.product].attributes;
        if (!pricing::find_attribute(attrs, "leaseContractLength")) {
          attrs.push_back({"leaseContractLength", plan_lease_});
        }
      }
    }
    out_.terms[plan.term].dimensions.push_back(std::move(d));
    return true;
  }

  bool finish_root() {
    if (!out_.header.published) {
      return fail_here("publicationDate",
                       "is missing; a price needs the date its offer file was published");
    }
    if (out_.header.offer_code.empty()) {
      // Older Savings Plans files have no offerCode: the plans' service code names the offer.
      for (const auto& p : out_.products) {
        if (auto s = p.attribute("servicecode")) {
          out_.header.offer_code = std::string(*s);
          break;
        }
      }
    }
    return true;
  }

  const savings_plan_filter& filter_;
  const istream_input& input_;
  pricing::offer& out_;
  std::string region_;
  st state_ = st::none;
  slot slot_ = slot::none;
  std::uint32_t skip_ = 0;
  std::uint32_t sub_depth_ = 0;
  std::uint64_t sub_offset_ = 0;
  json_tree_builder builder_;
  std::string last_key_;
  std::map<std::string, plan_info, std::less<>> plans_;
  bool products_done_ = false;
  std::uint64_t products_seen_ = 0;
  std::uint64_t plans_seen_ = 0;
  std::uint64_t rate_index_ = 0;
  std::uint64_t plan_offset_ = 0;
  std::string plan_sku_, plan_description_, plan_lease_;
  std::optional<date> plan_effective_;
};

}  // namespace detail

/// Reads a Savings Plans JSON offer file. `region` is the region the file covers (its rates do
/// not say); it becomes each rate's regionCode. Errors name the byte offset and the field.
[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_json(std::istream& in,
                                                                  std::string_view file,
                                                                  const savings_plan_filter& filter,
                                                                  std::string region);

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_json_file(
    const std::string& path, const savings_plan_filter& filter, std::string region);

/// Reads a Savings Plans CSV offer file (columns by name: SKU, RateCode, Unit, EffectiveDate,
/// DiscountedRate, Currency, DiscountedSKU, DiscountedServiceCode, DiscountedUsageType,
/// DiscountedOperation, PurchaseOption, LeaseContractLength, LeaseContractLengthUnit, ...).
[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_csv(std::istream& in,
                                                                 std::string_view file,
                                                                 const savings_plan_filter& filter);

[[nodiscard]] TRNCOST_DECL pricing::offer read_savings_plans_csv_file(
    const std::string& path, const savings_plan_filter& filter);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/savings_plans.ipp"
#endif

#endif  // TRNCOST_READERS_SAVINGS_PLANS_HPP
