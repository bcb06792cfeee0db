// The price book: quoted prices from one or several offer files, keyed by SKU and rate code, each
// with its full provenance; freshness against the estimate's as-of date; two different prices for
// the same key are recorded as a conflict, never silently overwritten. Queries select priced lines
// by attributes and return them as sourced<quantity<Rate>>, typed through the unit table.
#ifndef TRNCOST_PRICING_PRICE_BOOK_HPP
#define TRNCOST_PRICING_PRICE_BOOK_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../provenance/region.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "offer.hpp"
#include "unit_table.hpp"

namespace trncost::pricing {

/// One priced line, as the book keeps it.
struct price_entry {
  quoted origin;  ///< offer code, version, publication date, SKU, term, rate code, ...
  decimal price;  ///< per unit, exact
  const price_unit_entry* unit = nullptr;  ///< from the unit table (never null in a book)
  std::string currency;
  std::string product_family;
  attribute_list attributes;  ///< the product's
  std::string term_type;      ///< "OnDemand", "Reserved", "savingsPlan"
  attribute_list term_attributes;
  std::string begin_range;  ///< text; empty when the row has no range
  std::string end_range;    ///< text; "Inf" for an open last tier

  [[nodiscard]] std::optional<std::string_view> attribute(std::string_view name) const noexcept;
  [[nodiscard]] std::optional<std::string_view> term_attribute(
      std::string_view name) const noexcept {
    return find_attribute(term_attributes, name);
  }
  /// "SKU H7NG..., rate H7NG....6YS6EN2CT7: 32.7726 USD per Hrs ("$32.7726 per On Demand ...")".
  [[nodiscard]] std::string describe() const;
};

/// What one hour of an `Hrs` line counts. Only an instance's running hour reads as a price per
/// instance-hour; the price list also writes `Hrs` for hours of other things.
enum class hour_kind : std::uint8_t {
  instance,  ///< one instance running one hour (EC2, SageMaker ML, RDS instances; their plans)
  other,     ///< an hour of something that is not an instance: a Dedicated Host, a Redshift
             ///< node, a load balancer, a NAT gateway (reads as USD/h, never USD/instance-h)
  amount,    ///< an hour of an amount: GB-hours, vCPU-hours, LCU-hours (Fargate, load-balancer
             ///< capacity): neither USD/h nor USD/instance-h
};

/// The offer codes and product families whose `Hrs` lines are instance-hours: the one table.
inline constexpr std::pair<std::string_view, std::string_view> instance_hour_families[] = {
    {"AmazonEC2", "Compute Instance"},
    {"AmazonEC2", "Compute Instance (bare metal)"},
    {"AmazonSageMaker", "ML Instance"},
    {"AmazonRDS", "Database Instance"},
};

/// What an hour of `e` counts, and why, decided by its product family and attributes:
/// - an amount when its usage type or description names GB-hours, vCPU-hours or LCU-hours
///   (Fargate, load-balancer capacity units);
/// - an instance for a product of instance_hour_families with an instanceType, or a Savings Plans
///   rate that discounts an instance type (discountedInstanceType);
/// - otherwise another thing's hour (a Dedicated Host, a Redshift node, a load balancer).
[[nodiscard]] TRNCOST_DECL hour_kind hour_kind_of(const price_entry& e, std::string* why = nullptr);

/// Two different prices for the same SKU and rate code.
struct price_conflict {
  std::string sku;
  std::string rate_code;
  std::vector<price_entry> versions;  ///< the first one added, then each different one
  [[nodiscard]] std::string describe() const;
};

/// A priced line price_book::add() left out, and why.
struct skipped_line {
  std::string source;
  std::string sku;
  std::string rate_code;
  std::string reason;
};

/// How a price stands against the book's as-of date.
enum class freshness {
  fresh,              ///< published (or seen) on or before the as-of date, within the max age
  stale,              ///< older than the max age
  not_yet_published,  ///< published after the as-of date, or effective after in_force_on()
};

/// Conditions a query puts on priced lines. Attribute conditions use "productFamily" for the
/// product family; term conditions name term attributes (LeaseContractLength, PurchaseOption).
struct price_query {
  enum class match { equals, prefix, suffix };
  struct condition {
    std::string name;
    std::string value;
    match how = match::equals;
  };
  std::string what;  ///< what is asked for, in words, for error messages
  std::vector<condition> attributes;
  std::vector<condition> term_attributes;
  std::string term_type;   ///< empty: any
  std::string unit;        ///< the price list's unit string; empty: any
  std::string offer_code;  ///< empty: any

  price_query& where(std::string name, std::string value, match how = match::equals);
  price_query& where_term(std::string name, std::string value);

  [[nodiscard]] static bool test(const condition& c, std::optional<std::string_view> v) noexcept;
  [[nodiscard]] bool matches(const price_entry& e) const noexcept;
  /// "productFamily=Compute Instance, instanceType=trn1.32xlarge, term OnDemand, unit Hrs".
  [[nodiscard]] std::string describe() const;
};

/// A tier of a tiered price as read from the book: the price applies to usage in [begin, end).
template <class Usage, class Rate>
struct quoted_tier {
  sourced<quantity<Rate>> price;
  quantity<Usage> begin;
  std::optional<quantity<Usage>> end;  ///< empty for the open last tier ("Inf")
};

class price_book {
 public:
  /// A book for an estimate made on `as_of` that takes prices of any age: how old a price may be
  /// before the estimate is stale is the estimate's freshness window, judged on each quote
  /// (docs/provenance.md#stale-prices), not the book's.
  explicit price_book(date as_of);
  /// A book that refuses prices published more than `max_age` before `as_of` (the book's maximum
  /// age, a setting of its own: `max_age_days` under a scenario's [prices]).
  price_book(date as_of, day_count max_age);

  [[nodiscard]] date as_of() const noexcept { return as_of_; }
  /// The maximum age, when the book has one.
  [[nodiscard]] std::optional<day_count> max_age() const noexcept { return max_age_; }

  /// The day whose versions queries see: the as-of date unless set_in_force_on() chose another.
  /// What is known stays the as-of date's (a price published after it is still refused); which
  /// of the known versions of a term is in force is decided on this day (a plan's occurrence on
  /// 2027-06-01 is priced with the version effective then).
  [[nodiscard]] date in_force_on() const noexcept { return in_force_on_.value_or(as_of_); }
  void set_in_force_on(date d);

  /// Every effective date of a version of a term in the book, once each, in order: the days on
  /// which what is in force can change.
  [[nodiscard]] std::vector<date> version_dates() const;

  /// Adds every priced line of `o`. `consulted` is the day the caller read the file; without it
  /// the file's publication date is used and named as such. Returns the number of lines added
  /// (a line equal to one already in the book is not added again).
  std::size_t add(const offer& o, std::optional<date> consulted = std::nullopt);

  /// Adds one priced line. Returns false when an equal price for the same key is already there;
  /// a different price for the same key is recorded in conflicts() and not added. A term (SKU,
  /// term type and offer term code) whose lines are effective on different days has versions, not
  /// conflicts: queries see the lines of the version in force on in_force_on() (the latest
  /// effective on or before it; the earliest when none is yet, which check_usable() then refuses
  /// as not yet effective), so a price announced ahead is never used before it takes effect.
  bool add(price_entry e);

  [[nodiscard]] std::span<const price_entry> entries() const noexcept { return entries_; }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
  [[nodiscard]] const std::vector<price_conflict>& conflicts() const noexcept { return conflicts_; }
  /// Lines add() left out because nothing says where their product is (no region): each with its
  /// file, SKU, rate code and reason. The rest of the offer is added; a query never sees these.
  [[nodiscard]] const std::vector<skipped_line>& skipped() const noexcept { return skipped_; }

  /// The line with this SKU and rate code (the version in force on in_force_on()), or nullptr.
  [[nodiscard]] const price_entry* find(std::string_view sku, std::string_view rate_code) const;

  [[nodiscard]] freshness freshness_of(const price_entry& e) const noexcept;

  /// Every line the query matches, in the order added (of each key, the version in force).
  [[nodiscard]] std::vector<const price_entry*> select(const price_query& q) const;

  /// The one line the query matches. trncost::input_error when none does (saying so), when
  /// several do (listing them), when it is in conflict, stale, or not yet published, and when its
  /// range is not all usage (0 to Inf, or none): a flat price is not one tier of a tiered one.
  [[nodiscard]] const price_entry& one(const price_query& q) const;

  /// Throws trncost::input_error if `e` is in conflict, stale or not yet published.
  void check_usable(const price_entry& e, std::string_view what) const;

  /// Throws trncost::input_error when `e` prices a used on-demand instance hour at zero (term
  /// OnDemand, capacitystatus Used or absent, marketoption OnDemand, not a Dedicated Host's
  /// instance): such an hour is never free, so the row is wrong or not the product's price. A zero
  /// elsewhere (a Capacity Block or capacity reservation row, a free tier) stays a price.
  void check_not_free(const price_entry& e, std::string_view name) const;

  /// The line as a sourced price of trncost rate unit `Rate`: trncost::input_error when the unit
  /// table says the line's unit is another one (a GiBps-mo price read as per MiBps-month).
  template <class Rate>
  [[nodiscard]] sourced<quantity<Rate>> quote(const price_entry& e, std::string name) const {
    check_not_free(e, name);
    if (e.unit->unit == price_unit::hour) {
      std::string why;
      const hour_kind kind = hour_kind_of(e, &why);
      const bool per_instance = std::is_same_v<Rate, units::usd_per_instance_hour_t>;
      if ((per_instance && kind != hour_kind::instance) ||
          (!per_instance && kind == hour_kind::amount)) {
        throw input_error("price '" + name + "': " + e.describe() + " is priced per \"Hrs\", but " +
                          why + "; it does not read as " + units::symbol<Rate>());
      }
    }
    if (!rate_fits<Rate>(e.unit->unit)) {
      throw input_error("price '" + name + "': " + e.describe() + " is priced per \"" +
                        std::string(e.unit->text) + "\", which reads as " +
                        std::string(e.unit->rate_symbol) + " (" + std::string(e.unit->note) +
                        "), not as " + units::symbol<Rate>());
    }
    if (e.currency != "USD") {
      throw input_error("price '" + name + "': " + e.describe() + " is in " + e.currency +
                        "; trncost money is USD");
    }
    return sourced<quantity<Rate>>(std::move(name), quantity<Rate>::from_value(e.price), e.origin);
  }

  /// one() then quote().
  template <class Rate>
  [[nodiscard]] sourced<quantity<Rate>> quote_one(const price_query& q, std::string name) const {
    return quote<Rate>(one(q), std::move(name));
  }

  /// The tiers the query matches, sorted by their beginning, as a tiered price whose ranges are in
  /// `Usage` (AWS's billing GB is a GiB: pass units::gibibyte_t for GB-Mo and GB rows). Each tier
  /// is named `name` + "_" + its beginning.
  template <class Usage, class Rate>
  [[nodiscard]] std::vector<quoted_tier<Usage, Rate>> tiers(const price_query& q,
                                                            const std::string& name) const {
    auto found = select(q);
    if (found.empty()) {
      throw input_error("no price matches " + q.what + " (" + q.describe() + ") among the " +
                        std::to_string(entries_.size()) + " prices in the book");
    }
    std::vector<std::pair<decimal, const price_entry*>> sorted;
    for (const auto* e : found) {
      check_usable(*e, q.what);
      sorted.emplace_back(range_value(*e, e->begin_range, "beginRange"), e);
    }
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<quoted_tier<Usage, Rate>> out;
    for (const auto& [begin, e] : sorted) {
      std::optional<quantity<Usage>> end;
      if (e->end_range != "Inf") {
        end = quantity<Usage>::from_value(range_value(*e, e->end_range, "endRange"));
      }
      out.push_back({quote<Rate>(*e, name + "_" + begin.to_string()),
                     quantity<Usage>::from_value(begin), end});
    }
    return out;
  }

 private:
  static decimal range_value(const price_entry& e, const std::string& text, const char* field);

  static std::optional<std::string> region_of(const attribute_list& attributes,
                                              const offer_header& h);

  static purchase_option option_of(std::string_view term_type);

  /// Of the versions of one key (indices into entries_), the one in force on in_force_on().
  [[nodiscard]] const price_entry& in_force(const std::vector<std::size_t>& versions) const;

  /// The effective date of the version of e's term in force on in_force_on().
  [[nodiscard]] std::optional<date> term_in_force(const price_entry& e) const;

  date as_of_;
  std::optional<date> in_force_on_;
  std::optional<day_count> max_age_;
  std::vector<price_entry> entries_;
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> index_;
  /// Each term's (SKU, term type, offer term code) effective dates, one per version.
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<std::optional<date>>>
      term_versions_;
  std::vector<price_conflict> conflicts_;
  std::vector<skipped_line> skipped_;
};

}  // namespace trncost::pricing

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/price_book.ipp"
#endif

#endif  // TRNCOST_PRICING_PRICE_BOOK_HPP
