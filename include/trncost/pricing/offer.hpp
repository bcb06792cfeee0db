// An AWS Price List offer as trncost keeps it after reading: the file's header, the products a
// filter selected and their terms (OnDemand, Reserved, savingsPlan), each term's priced lines with
// the price as an exact decimal. Also the filter a reader applies while it streams a file.
#ifndef TRNCOST_PRICING_OFFER_HPP
#define TRNCOST_PRICING_OFFER_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
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
[[nodiscard]] TRNCOST_DECL std::optional<std::string_view> find_attribute(
    std::span<const attribute> list, std::string_view name) noexcept;

/// The one place where the spellings offer files have used over the years become one spelling.
/// A lease: "1yr", "1 yr", "1 Yr", "1year", "1 year", "1-year", "1 years" -> "1yr" (and so for any
/// whole number of years); text that is not a number of years is kept as written.
[[nodiscard]] TRNCOST_DECL std::string normalise_lease(std::string_view v);

/// A purchase option: "AllUpfront", "all upfront", "All Upfront" -> "All Upfront"; likewise
/// "Partial Upfront" and "No Upfront". Other text (the 2011-2014 "Heavy Utilization" options) is
/// kept as written.
[[nodiscard]] TRNCOST_DECL std::string normalise_purchase_option(std::string_view v);

/// A term attribute or a Savings Plans product attribute in its one spelling: the lease names
/// (LeaseContractLength, leaseContractLength, purchaseTerm) through normalise_lease, the purchase
/// options through normalise_purchase_option, OfferingClass lower-cased ("Standard" ->
/// "standard"); every other attribute as written.
[[nodiscard]] TRNCOST_DECL std::string normalise_attribute(std::string_view name,
                                                           std::string_view v);

/// AWS's location names ("US East (N. Virginia)") and their region codes, for offer files written
/// before regionCode existed (before 2019 they name a region only by its location). Both the older
/// "EU (...)" and the current "Europe (...)" spellings are listed.
inline constexpr std::pair<std::string_view, std::string_view> aws_locations[] = {
    {"US East (N. Virginia)", "us-east-1"},
    {"US East (Ohio)", "us-east-2"},
    {"US West (N. California)", "us-west-1"},
    {"US West (Oregon)", "us-west-2"},
    {"Africa (Cape Town)", "af-south-1"},
    {"Asia Pacific (Hong Kong)", "ap-east-1"},
    {"Asia Pacific (Mumbai)", "ap-south-1"},
    {"Asia Pacific (Hyderabad)", "ap-south-2"},
    {"Asia Pacific (Tokyo)", "ap-northeast-1"},
    {"Asia Pacific (Seoul)", "ap-northeast-2"},
    {"Asia Pacific (Osaka)", "ap-northeast-3"},
    {"Asia Pacific (Osaka-Local)", "ap-northeast-3"},
    {"Asia Pacific (Singapore)", "ap-southeast-1"},
    {"Asia Pacific (Sydney)", "ap-southeast-2"},
    {"Asia Pacific (Jakarta)", "ap-southeast-3"},
    {"Asia Pacific (Melbourne)", "ap-southeast-4"},
    {"Canada (Central)", "ca-central-1"},
    {"Canada West (Calgary)", "ca-west-1"},
    {"EU (Frankfurt)", "eu-central-1"},
    {"Europe (Frankfurt)", "eu-central-1"},
    {"EU (Zurich)", "eu-central-2"},
    {"Europe (Zurich)", "eu-central-2"},
    {"EU (Ireland)", "eu-west-1"},
    {"Europe (Ireland)", "eu-west-1"},
    {"EU (London)", "eu-west-2"},
    {"Europe (London)", "eu-west-2"},
    {"EU (Paris)", "eu-west-3"},
    {"Europe (Paris)", "eu-west-3"},
    {"EU (Milan)", "eu-south-1"},
    {"Europe (Milan)", "eu-south-1"},
    {"EU (Spain)", "eu-south-2"},
    {"Europe (Spain)", "eu-south-2"},
    {"EU (Stockholm)", "eu-north-1"},
    {"Europe (Stockholm)", "eu-north-1"},
    {"Middle East (Bahrain)", "me-south-1"},
    {"Middle East (UAE)", "me-central-1"},
    {"Israel (Tel Aviv)", "il-central-1"},
    {"South America (Sao Paulo)", "sa-east-1"},
    {"South America (São Paulo)", "sa-east-1"},
    {"AWS GovCloud (US)", "us-gov-west-1"},
    {"AWS GovCloud (US-West)", "us-gov-west-1"},
    {"AWS GovCloud (US-East)", "us-gov-east-1"},
};

/// The region code of an AWS location name, or empty when the table does not know it.
[[nodiscard]] TRNCOST_DECL std::string_view region_code_of_location(
    std::string_view location) noexcept;

/// Sets attribute `name` to `value` in list[0, n), appending when absent (list grows as needed).
TRNCOST_DECL void put_attribute(std::vector<attribute>& list, std::size_t& n, std::string_view name,
                                std::string_view value);

/// Fills in, for a product of an older offer file, the attributes later files carry and queries
/// use, each derived by a fixed rule and listed in the attribute "trncostDerived" (so a reviewer
/// sees which were not in the file): regionCode from location, fromRegionCode and toRegionCode
/// from fromLocation and toLocation (through aws_locations; an unknown location derives nothing),
/// and marketoption "OnDemand" for an AmazonEC2 compute instance whose file has no marketoption
/// (files older than Capacity Blocks, 2023, have none; a Capacity Block row always carries
/// marketoption=CapacityBlock). Acts on list[0, n).
TRNCOST_DECL void normalise_product_attributes(std::string_view family,
                                               std::vector<attribute>& list, std::size_t& n);

/// Why a line filed under an OnDemand term looks like a reserved term (a lease length, a purchase
/// option or an offering class among the term's attributes, an "Upfront Fee" description), or
/// empty when it does not. (A unit "Quantity" alone is no sign: other services price one-off
/// fees on demand.) An on-demand price is never read
/// from such a line.
[[nodiscard]] TRNCOST_DECL std::string reserved_sign(std::string_view term_type,
                                                     std::span<const attribute> term_attributes,
                                                     std::string_view description);

/// Why a priced line's range (beginRange/endRange, StartingRange/EndingRange) cannot be a range of
/// usage, or empty when it can: both ends or neither (Reserved upfront fees have none); the
/// beginning a decimal of at least 0; the end "Inf" or a decimal above the beginning.
/// `at_end`, when given, says whether the rule concerns the end (else the beginning).
[[nodiscard]] TRNCOST_DECL std::string range_rule(std::string_view begin, std::string_view end,
                                                  bool* at_end = nullptr);

/// What a price's own description states about it, when it states an amount: "$21.50 per ...",
/// "USD 0.0 per ...", "USD1.0E-4 per ...". `amount` is per `count` units as the description
/// counts them ("$0.005 per 1,000 PUT ..." is 0.005 per 1000), `places` the fractional digits
/// written (-1 for an exponent, which is compared exactly), `text` the statement as written.
struct stated_price {
  decimal amount;
  std::uint64_t count = 1;
  int places = 0;
  std::string text;
};

namespace detail {
/// A count written at `text[i]`: "1,000", "10000", "1K", "1M", "1B", "1 million", "2 thousand";
/// 0 when there is none ("1st", letters). On success `i` is past it.
TRNCOST_DECL std::uint64_t count_at(std::string_view text, std::size_t& i);
/// How many of a thing one `unit` of a price list counts: 1000 for "1K tokens", 1 for "Hrs".
TRNCOST_DECL std::uint64_t unit_count(std::string_view unit);
}  // namespace detail

/// The amount `description` states, if it begins with one ("$" or "USD", a number, " per ").
[[nodiscard]] TRNCOST_DECL std::optional<stated_price> stated_price_of(
    std::string_view description);

/// Why `price` (per `unit`, in `currency`) contradicts its own description, or empty when it does
/// not, the description states no amount, or the price is not in US dollars (the currency a
/// description's "$" and "USD" name). The description may round the price to the digits it writes,
/// may count per 1,000 or 10,000 units ("per 1,000 requests" of a price per request), and prices
/// EBS throughput per MiBps where the price is per GiBps (x 1024); any other difference, such as
/// "$21.50 per On Demand Linux trn1.32xlarge Instance Hour" at 0.0000000000, is a contradiction.
[[nodiscard]] TRNCOST_DECL std::string price_contradiction(std::string_view description,
                                                           decimal price, std::string_view unit,
                                                           std::string_view currency = "USD");

/// The term types a price list writes and trncost prices: OnDemand, Reserved (offer files) and
/// savingsPlan (Savings Plans files).
inline constexpr std::string_view known_term_types[] = {"OnDemand", "Reserved", "savingsPlan"};

/// Why a term type is refused, or empty when it is one of known_term_types: another spelling of
/// one ("ondemand", "ON_DEMAND") names the one the price list writes; anything else lists them.
[[nodiscard]] TRNCOST_DECL std::string term_type_rule(std::string_view type);

/// The offer file's own identification, kept with every price read from it.
struct offer_header {
  std::string source;                  ///< the path or URL the caller read
  std::string format_version;          ///< "v1.0"
  std::string offer_code;              ///< "AmazonEC2"
  std::string version;                 ///< "20260910195514"
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
  std::string begin_range;   ///< text, "0"; empty when the row has none
  std::string end_range;     ///< text, "Inf" for the last tier; empty when the row has none
  std::string unit;          ///< the price list's unit string, verbatim
  decimal price;             ///< per unit, exact
  std::uint64_t offset = 0;  ///< byte offset (JSON) or line (CSV) the line was read at
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

  [[nodiscard]] const offer_product* product(std::string_view sku) const noexcept;
};

/// Checks what an offer says of each priced line against the rules a reader applies to keys and
/// ranges (the term type, a rate code of its own term, the range): input_error naming the offer's
/// source, the SKU and rate code and the rule. For offers that reach a price book without a
/// reader's checks (a price store, an offer built in code). A description is the readers' to
/// compare with its price: an offer built in code carries the text its author gives.
TRNCOST_DECL void check_offer_lines(const offer& o);

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
  offer_filter& where(std::string name, std::string value);
  offer_filter& where_any(std::string name, std::vector<std::string> values);
  offer_filter& where_prefix(std::string name, std::vector<std::string> prefixes);
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
                             std::span<const attribute> attributes) const noexcept;

  [[nodiscard]] bool wants_term(std::string_view type) const noexcept;

  /// "productFamily=Compute Instance, instanceType=trn1.32xlarge|p5.48xlarge, terms OnDemand".
  [[nodiscard]] std::string describe() const;

 private:
  std::vector<condition> conditions_;
  std::vector<std::string> term_types_;
  std::string currency_ = "USD";
  bool skip_orphans_ = false;
};

/// The price-list conditions for a Linux, shared-tenancy EC2 instance bought without a Capacity
/// Block (docs/domain.md#ec2-price-conditions): `marketoption=OnDemand` keeps Capacity Block rows
/// (priced 0.00) out. Reserved terms hang on the same products.
[[nodiscard]] TRNCOST_DECL offer_filter ec2_linux_shared(std::string region,
                                                         std::vector<std::string> instance_types);

}  // namespace trncost::pricing

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/offer.ipp"
#endif

#endif  // TRNCOST_PRICING_OFFER_HPP
