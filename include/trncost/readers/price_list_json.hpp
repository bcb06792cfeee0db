// Reader for AWS Price List JSON offer files (formatVersion, disclaimer, offerCode, version,
// publicationDate, products, terms), streamed with RapidJSON's SAX Reader: a per-region EC2 file
// is about 450 MB and is never held whole. Only the products the caller's filter selects, and
// their terms, are kept; every other product leaves only its SKU (to check that terms point to a
// known SKU and that a repeated SKU repeats the same attributes). Prices stay text until
// decimal::parse, so nothing passes through binary floating point.
#ifndef TRNCOST_READERS_PRICE_LIST_JSON_HPP
#define TRNCOST_READERS_PRICE_LIST_JSON_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../pricing/offer.hpp"
#include "../pricing/unit_table.hpp"
#include "detail/input.hpp"
#include "detail/json.hpp"

namespace trncost::readers {

/// What a read saw and kept (for reports and benchmarks).
struct offer_read_stats {
  std::uint64_t bytes = 0;
  std::uint64_t products = 0;
  std::uint64_t products_kept = 0;
  std::uint64_t terms_kept = 0;
  std::uint64_t lines_kept = 0;
};

namespace detail {

/// The SAX handler of the JSON offer reader: a fixed state machine over the offer file's layout.
/// Unselected subtrees are skipped by counting depth; buffers are reused from product to product.
class offer_json_handler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, offer_json_handler> {
 public:
  offer_json_handler(const pricing::offer_filter& filter, const istream_input& input,
                     pricing::offer& out)
      : filter_(filter), input_(input), out_(out) {
    out_.header.currency = filter.currency();
  }

  // --- error state, read by the caller after the parse ---------------------------------------
  bool failed = false;
  std::uint64_t error_offset = 0;
  std::string error_field;
  std::string error_rule;
  offer_read_stats stats;

  /// Where the parser was, as a path ("terms.OnDemand.SKU.SKU.TERM.priceDimensions").
  [[nodiscard]] std::string context() const {
    switch (state_) {
      case st::none:
        return "";
      case st::root:
        return last_key_;
      case st::products:
        return "products";
      case st::product:
        return "products." + product_key_ + (last_key_.empty() ? "" : "." + last_key_);
      case st::attributes:
        return "products." + product_key_ + ".attributes" +
               (n_attrs_ ? "." + attrs_[n_attrs_ - 1].name : "");
      case st::terms:
        return "terms";
      case st::term_type:
        return "terms." + term_type_;
      case st::term_sku:
        return "terms." + term_type_ + "." + term_sku_;
      case st::term:
      case st::dimensions:
      case st::term_attributes:
        return term_path() + (last_key_.empty() ? "" : "." + last_key_);
      case st::dimension:
      case st::price_per_unit:
        return term_path() + ".priceDimensions." + dim_key_ +
               (last_key_.empty() ? "" : "." + last_key_);
      case st::end:
        return "";
    }
    return "";
  }

  bool StartObject() {
    if (skip_ != 0) {
      ++skip_;
      return true;
    }
    const slot s = slot_;
    slot_ = slot::none;
    switch (s) {
      case slot::none:
        if (state_ != st::none) return fail_here("", "an object where a value was expected");
        state_ = st::root;
        return true;
      case slot::skip:
        skip_ = 1;
        return true;
      case slot::products:
        state_ = st::products;
        return true;
      case slot::terms:
        if (!products_done_) {
          return fail_here("terms",
                           "the terms come before the products; this reader needs the "
                           "products first, as AWS writes offer files");
        }
        state_ = st::terms;
        return true;
      case slot::product:
        state_ = st::product;
        product_offset_ = input_.Tell();
        product_sku_.clear();
        product_family_.clear();
        n_attrs_ = 0;
        return true;
      case slot::attributes:
        state_ = st::attributes;
        return true;
      case slot::term_type:
        state_ = st::term_type;
        return true;
      case slot::term_sku:
        state_ = st::term_sku;
        return true;
      case slot::term:
        state_ = st::term;
        term_offset_ = input_.Tell();
        term_ = pricing::offer_term{};
        term_.type = term_type_;
        term_.sku = term_sku_;
        return true;
      case slot::dimensions:
        state_ = st::dimensions;
        return true;
      case slot::term_attributes:
        state_ = st::term_attributes;
        return true;
      case slot::dimension:
        state_ = st::dimension;
        dim_ = pricing::price_dimension{};
        dim_.offset = input_.Tell();
        price_found_ = false;
        other_currency_.clear();
        return true;
      case slot::price_per_unit:
        state_ = st::price_per_unit;
        return true;
      default:
        return fail_here(context(), "expected a string, found an object");
    }
  }

  bool EndObject(rapidjson::SizeType) {
    if (skip_ != 0) {
      --skip_;
      return true;
    }
    last_key_.clear();
    switch (state_) {
      case st::root:
        state_ = st::end;
        return finish_root();
      case st::products:
        state_ = st::root;
        return finish_products();
      case st::product:
        state_ = st::products;
        return finish_product();
      case st::attributes:
        state_ = st::product;
        return true;
      case st::terms:
        state_ = st::root;
        return true;
      case st::term_type:
        state_ = st::terms;
        return true;
      case st::term_sku:
        state_ = st::term_type;
        return true;
      case st::term:
        state_ = st::term_sku;
        return finish_term();
      case st::dimensions:
      case st::term_attributes:
        state_ = st::term;
        return true;
      case st::dimension:
        state_ = st::dimensions;
        return finish_dimension();
      case st::price_per_unit:
        state_ = st::dimension;
        return true;
      case st::none:
      case st::end:
        return true;
    }
    return true;
  }

  bool StartArray() {
    if (skip_ != 0 || slot_ == slot::skip) {
      ++skip_;
      slot_ = slot::none;
      return true;
    }
    if (slot_ == slot::products) {
      return fail_here("products",
                       "is an array, as in a Savings Plans file (products[], "
                       "terms.savingsPlan[]), not an object of products by SKU: read the file as "
                       "one (a scenario's [prices] savings_plans, `trncost prices fetch "
                       "--savings-plans`, readers::read_savings_plans_json)");
    }
    return fail_here(context(), state_ == st::none ? "the offer file is not a JSON object"
                                                   : "expected an object or a string, found an "
                                                     "array");
  }
  bool EndArray(rapidjson::SizeType) {
    --skip_;
    return true;
  }

  bool Key(const char* s, rapidjson::SizeType n, bool) {
    if (skip_ != 0) return true;
    const std::string_view k(s, n);
    switch (state_) {
      case st::root:
        last_key_.assign(k);
        slot_ = k == "formatVersion"     ? slot::format_version
                : k == "offerCode"       ? slot::offer_code
                : k == "version"         ? slot::version
                : k == "publicationDate" ? slot::publication_date
                : k == "products"        ? slot::products
                : k == "terms"           ? slot::terms
                                         : slot::skip;
        if (slot_ == slot::products && products_done_) {
          return fail_here("products", "appears twice");
        }
        return true;
      case st::products:
        product_key_.assign(k);
        slot_ = slot::product;
        ++stats.products;
        return true;
      case st::product:
        last_key_.assign(k);
        slot_ = k == "sku"             ? slot::product_sku
                : k == "productFamily" ? slot::product_family
                : k == "attributes"    ? slot::attributes
                                       : slot::skip;
        return true;
      case st::attributes:
        if (n_attrs_ == attrs_.size()) attrs_.emplace_back();
        attrs_[n_attrs_++].name.assign(k);
        slot_ = slot::attr_value;
        return true;
      case st::terms: {
        term_type_.assign(k);
        // Another spelling of a term type ("ondemand") is refused, wanted or not: the filter
        // would pass it by unseen. An unknown type is refused where the filter wants it.
        const bool wanted = filter_.wants_term(k);
        if (const std::string rule = pricing::term_type_rule(k);
            !rule.empty() &&
            (wanted || rule.find("how the price list writes") != std::string::npos)) {
          return fail_here("terms." + term_type_, rule);
        }
        slot_ = wanted ? slot::term_type : slot::skip;
        return true;
      }
      case st::term_type: {
        term_sku_.assign(k);
        if (!known_sku(k)) {
          if (filter_.skips_orphan_terms()) {
            if (std::find(out_.orphan_skus.begin(), out_.orphan_skus.end(), term_sku_) ==
                out_.orphan_skus.end()) {
              out_.orphan_skus.push_back(term_sku_);
            }
            slot_ = slot::skip;
            return true;
          }
          return fail_here("terms." + term_type_ + "." + term_sku_,
                           "the term points to SKU " + term_sku_ +
                               ", which is not among the file's products (for an excerpt of an "
                               "offer file, offer_filter::skip_orphan_terms() skips and lists "
                               "such terms)");
        }
        slot_ = selected_.count(term_sku_) != 0 ? slot::term_sku : slot::skip;
        return true;
      }
      case st::term_sku:
        term_key_.assign(k);
        slot_ = slot::term;
        return true;
      case st::term:
        last_key_.assign(k);
        slot_ = k == "offerTermCode"     ? slot::term_code
                : k == "sku"             ? slot::term_sku_field
                : k == "effectiveDate"   ? slot::term_effective
                : k == "priceDimensions" ? slot::dimensions
                : k == "termAttributes"  ? slot::term_attributes
                                         : slot::skip;
        return true;
      case st::dimensions:
        dim_key_.assign(k);
        last_key_.clear();
        slot_ = slot::dimension;
        return true;
      case st::dimension:
        last_key_.assign(k);
        slot_ = k == "rateCode"       ? slot::dim_rate_code
                : k == "description"  ? slot::dim_description
                : k == "beginRange"   ? slot::dim_begin
                : k == "endRange"     ? slot::dim_end
                : k == "unit"         ? slot::dim_unit
                : k == "pricePerUnit" ? slot::price_per_unit
                                      : slot::skip;
        return true;
      case st::price_per_unit:
        last_key_ = "pricePerUnit.";
        last_key_.append(k);
        if (k == filter_.currency()) {
          slot_ = slot::price_value;
        } else {
          if (!other_currency_.empty()) other_currency_ += ", ";
          other_currency_.append(k);
          slot_ = slot::skip;
        }
        return true;
      case st::term_attributes:
        last_key_.assign(k);
        term_.term_attributes.push_back({std::string(k), {}});
        slot_ = slot::term_attr_value;
        return true;
      case st::none:
      case st::end:
        return true;
    }
    return true;
  }

  bool String(const char* s, rapidjson::SizeType n, bool) { return text(std::string_view(s, n)); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    return text(std::string_view(s, n));
  }
  bool Null() { return scalar("null"); }
  bool Bool(bool) { return scalar("a boolean"); }

 private:
  enum class st : std::uint8_t {
    none,
    root,
    products,
    product,
    attributes,
    terms,
    term_type,
    term_sku,
    term,
    dimensions,
    dimension,
    price_per_unit,
    term_attributes,
    end
  };
  enum class slot : std::uint8_t {
    none,
    skip,
    format_version,
    offer_code,
    version,
    publication_date,
    products,
    terms,
    product,
    product_sku,
    product_family,
    attributes,
    attr_value,
    term_type,
    term_sku,
    term,
    term_code,
    term_sku_field,
    term_effective,
    dimensions,
    term_attributes,
    term_attr_value,
    dimension,
    dim_rate_code,
    dim_description,
    dim_begin,
    dim_end,
    dim_unit,
    price_per_unit,
    price_value
  };

  /// A product's SKU in the arena. A SKU filed twice is a repeated key of "products", which the
  /// unique_keys guard refuses (exactly, by the SKU's text), so each SKU here is one product.
  struct sku_ref {
    std::uint32_t at;
    std::uint32_t size;
  };

  [[nodiscard]] std::string term_path() const {
    return "terms." + term_type_ + "." + term_sku_ + "." + term_key_;
  }

  bool fail_here(std::string field, std::string rule) {
    return fail_at(input_.Tell(), std::move(field), std::move(rule));
  }
  bool fail_at(std::uint64_t offset, std::string field, std::string rule) {
    failed = true;
    error_offset = offset;
    error_field = std::move(field);
    error_rule = std::move(rule);
    return false;
  }

  bool scalar(std::string_view what) {
    if (skip_ != 0) return true;
    if (slot_ == slot::skip) {
      slot_ = slot::none;
      return true;
    }
    if (state_ == st::none) return fail_here("", "the offer file is not a JSON object");
    return fail_here(context(), "expected a string, found " + std::string(what));
  }

  bool text(std::string_view v) {
    if (skip_ != 0) return true;
    const slot s = slot_;
    slot_ = slot::none;
    switch (s) {
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
          return fail_here("publicationDate", "\"" + std::string(v) +
                                                  "\" is not an ISO 8601 UTC timestamp "
                                                  "(YYYY-MM-DDTHH:MM:SSZ)");
        }
        return true;
      case slot::product_sku:
        product_sku_.assign(v);
        return true;
      case slot::product_family:
        product_family_.assign(v);
        return true;
      case slot::attr_value:
        attrs_[n_attrs_ - 1].value.assign(v);
        return true;
      case slot::term_code:
        term_.offer_term_code.assign(v);
        return true;
      case slot::term_sku_field:
        if (v != term_sku_) {
          return fail_here(term_path() + ".sku", "\"" + std::string(v) +
                                                     "\" differs from the SKU the term is "
                                                     "filed under");
        }
        return true;
      case slot::term_effective:
        try {
          term_.effective = v.size() == 10 ? parse_date(v) : parse_timestamp(v).day();
        } catch (const error&) {
          return fail_here(term_path() + ".effectiveDate",
                           "\"" + std::string(v) + "\" is not an ISO 8601 date or UTC timestamp");
        }
        return true;
      case slot::term_attr_value:
        term_.term_attributes.back().value =
            pricing::normalise_attribute(term_.term_attributes.back().name, v);
        return true;
      case slot::dim_rate_code:
        dim_.rate_code.assign(v);
        return true;
      case slot::dim_description:
        dim_.description.assign(v);
        return true;
      case slot::dim_begin:
        dim_.begin_range.assign(v);
        return true;
      case slot::dim_end:
        dim_.end_range.assign(v);
        return true;
      case slot::dim_unit:
        dim_.unit.assign(v);
        return true;
      case slot::price_value:
        try {
          dim_.price = decimal::parse(v);
        } catch (const error& e) {
          return fail_here(context(), decimal_rule(v, e, "price"));
        }
        price_found_ = true;
        return true;
      case slot::none:
        return fail_here(context(), "a value where an object was expected");
      default:
        return fail_here(context(), "expected an object, found a string");
    }
  }

  bool finish_product() {
    if (!product_sku_.empty() && product_sku_ != product_key_) {
      return fail_at(product_offset_, "products." + product_key_ + ".sku",
                     "\"" + product_sku_ + "\" differs from the key it is filed under");
    }
    skus_.push_back({static_cast<std::uint32_t>(arena_.size()),
                     static_cast<std::uint32_t>(product_key_.size())});
    arena_ += product_key_;
    pricing::normalise_product_attributes(product_family_, attrs_, n_attrs_);
    const std::span<const pricing::attribute> attrs(attrs_.data(), n_attrs_);
    if (filter_.matches(product_family_, attrs)) {
      auto [it, inserted] = selected_.emplace(product_key_, out_.products.size());
      if (inserted) {
        out_.products.push_back(
            {product_key_, product_family_, pricing::attribute_list(attrs.begin(), attrs.end())});
        ++stats.products_kept;
      }
    }
    return true;
  }

  [[nodiscard]] std::string_view sku_at(const sku_ref& r) const noexcept {
    return std::string_view(arena_).substr(r.at, r.size);
  }

  bool finish_products() {
    products_done_ = true;
    std::sort(skus_.begin(), skus_.end(),
              [this](const sku_ref& a, const sku_ref& b) { return sku_at(a) < sku_at(b); });
    return true;
  }

  [[nodiscard]] bool known_sku(std::string_view sku) const {
    const auto it =
        std::lower_bound(skus_.begin(), skus_.end(), sku,
                         [this](const sku_ref& r, std::string_view s) { return sku_at(r) < s; });
    return it != skus_.end() && sku_at(*it) == sku;
  }

  bool finish_dimension() {
    const std::string where = term_path() + ".priceDimensions." + dim_key_;
    if (!price_found_) {
      if (!other_currency_.empty()) {
        return fail_at(dim_.offset, where + ".pricePerUnit",
                       "has a price in " + other_currency_ + " but none in " + filter_.currency());
      }
      return fail_at(dim_.offset, where + ".pricePerUnit",
                     "is missing or has no " + filter_.currency() + " price");
    }
    if (dim_.rate_code.empty()) return fail_at(dim_.offset, where + ".rateCode", "is missing");
    if (dim_.rate_code != dim_key_) {
      return fail_at(dim_.offset, where + ".rateCode",
                     trncost::detail::quoted_for_message(dim_.rate_code) +
                         " differs from the key it is filed under; a report would cite the wrong "
                         "rate code");
    }
    bool at_end = false;
    if (const std::string rule = pricing::range_rule(dim_.begin_range, dim_.end_range, &at_end);
        !rule.empty()) {
      return fail_at(dim_.offset, where + (at_end ? ".endRange" : ".beginRange"), rule);
    }
    if (dim_.unit.empty()) return fail_at(dim_.offset, where + ".unit", "is missing");
    if (pricing::find_price_unit(dim_.unit) == nullptr) {
      try {
        (void)pricing::lookup_price_unit(dim_.unit, "rate " + dim_.rate_code);
      } catch (const error& e) {
        std::string rule = e.what();
        const std::string prefix = "trncost: ";
        if (rule.starts_with(prefix)) rule.erase(0, prefix.size());
        return fail_at(dim_.offset, where + ".unit", rule);
      }
    }
    if (const std::string rule = pricing::price_contradiction(dim_.description, dim_.price,
                                                              dim_.unit, filter_.currency());
        !rule.empty()) {
      return fail_at(dim_.offset, where + ".pricePerUnit." + filter_.currency(), rule);
    }
    term_.dimensions.push_back(std::move(dim_));
    ++stats.lines_kept;
    return true;
  }

  bool finish_term() {
    if (term_.offer_term_code.empty()) {
      return fail_here(term_path() + ".offerTermCode", "is missing");
    }
    // The key is SKU.OfferTermCode and each rate code SKU.OfferTermCode.RateCode: the codes a
    // report cites must be the ones the price is filed under.
    const std::string key = term_.sku + "." + term_.offer_term_code;
    if (term_key_ != key) {
      return fail_at(term_offset_, term_path(),
                     "the key is not the term's SKU and offer term code " +
                         trncost::detail::quoted_for_message(key) + " (sku " + term_.sku +
                         ", offerTermCode " +
                         trncost::detail::quoted_for_message(term_.offer_term_code) +
                         "); a term is filed under SKU.OfferTermCode, and a report would cite "
                         "the wrong code");
    }
    for (const auto& d : term_.dimensions) {
      if (!d.rate_code.starts_with(key + ".") || d.rate_code.size() == key.size() + 1) {
        return fail_at(d.offset, term_path() + ".priceDimensions." + d.rate_code + ".rateCode",
                       trncost::detail::quoted_for_message(d.rate_code) +
                           " is not the term's SKU and offer term code followed by a rate (" + key +
                           ".<rate>); a rate code is SKU.OfferTermCode.RateCode, and a "
                           "report would cite another term's code");
      }
    }
    for (const auto& d : term_.dimensions) {
      const std::string sign =
          pricing::reserved_sign(term_.type, term_.term_attributes, d.description);
      if (!sign.empty()) {
        return fail_at(d.offset, term_path(),
                       "SKU " + term_.sku + ", rate code " + d.rate_code +
                           " is filed under OnDemand but looks like a reserved term (" + sign +
                           "); trncost will not read it as an on-demand price");
      }
    }
    out_.terms.push_back(std::move(term_));
    ++stats.terms_kept;
    return true;
  }

  bool finish_root() {
    if (out_.header.offer_code.empty()) return fail_here("offerCode", "is missing");
    if (!out_.header.published) {
      return fail_here("publicationDate",
                       "is missing; a price needs the date its offer file was published");
    }
    return true;
  }

  const pricing::offer_filter& filter_;
  const istream_input& input_;
  pricing::offer& out_;

  st state_ = st::none;
  slot slot_ = slot::none;
  std::uint32_t skip_ = 0;
  std::string last_key_;

  // The product being read (buffers reused from product to product).
  std::string product_key_, product_sku_, product_family_;
  std::vector<pricing::attribute> attrs_;
  std::size_t n_attrs_ = 0;
  std::uint64_t product_offset_ = 0;

  // Every SKU of the file, in one arena; the selected ones by name.
  std::string arena_;
  std::vector<sku_ref> skus_;
  std::map<std::string, std::size_t, std::less<>> selected_;
  bool products_done_ = false;

  // The term being read.
  std::string term_type_, term_sku_, term_key_, dim_key_;
  std::uint64_t term_offset_ = 0;
  pricing::offer_term term_;
  pricing::price_dimension dim_;
  bool price_found_ = false;
  std::string other_currency_;
};

}  // namespace detail

/// Reads a JSON offer file from `in`, keeping the products `filter` selects and their terms.
/// `file` names the input in error messages and becomes the prices' source. Throws parse_error
/// for bad input (byte offset and field), input_error when the filter selects nothing.
[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_json(std::istream& in, std::string_view file,
                                                          const pricing::offer_filter& filter,
                                                          offer_read_stats* stats = nullptr);

/// Opens `path` and reads it with read_offer_json.
[[nodiscard]] TRNCOST_DECL pricing::offer read_offer_json_file(const std::string& path,
                                                               const pricing::offer_filter& filter,
                                                               offer_read_stats* stats = nullptr);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/price_list_json.ipp"
#endif

#endif  // TRNCOST_READERS_PRICE_LIST_JSON_HPP
