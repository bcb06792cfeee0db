// Credits as a billing instrument: a grant has a balance, an issue date, an expiry date and a
// coverage (which charge categories it pays, which kinds of charge it never pays). A credit grant is
// not free capacity: what it does not cover, or what is spent after it runs out or expires, is paid.
#ifndef TRNCOST_CREDITS_GRANT_HPP
#define TRNCOST_CREDITS_GRANT_HPP

#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "../error.hpp"
#include "../model/category.hpp"
#include "../provenance/date.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::credits {

using trncost::to_string;  // dates, categories: found next to this namespace's own to_string

/// What a charge is, as far as credit terms care. AWS promotional credits do not pay upfront fees of
/// Savings Plans or reserved instances, Marketplace purchases or certain Support plans.
enum class charge_kind { usage, upfront_fee, marketplace, support };

constexpr std::string_view to_string(charge_kind k) noexcept {
  switch (k) {
    case charge_kind::usage: return "usage";
    case charge_kind::upfront_fee: return "upfront fee";
    case charge_kind::marketplace: return "Marketplace";
    case charge_kind::support: return "support";
  }
  return "unknown";
}

/// The kinds of charge credits do not pay unless the terms say otherwise.
inline const std::set<charge_kind>& default_exclusions() {
  static const std::set<charge_kind> kinds{charge_kind::upfront_fee, charge_kind::marketplace,
                                           charge_kind::support};
  return kinds;
}

/// One grant of credits. The amount is sourced: the billing console or the grant letter (quoted or
/// documented) when you have the grant, a program page's "up to" figure (documented) when you are
/// planning, or a third-party figure, which keeps everything computed from it visibly third-party.
/// Credits are usable on charges dated on or after `issued` and before `expires` (the expiry date
/// itself is the first day the grant cannot pay).
class grant {
 public:
  grant(std::string name, sourced<money> amount, date issued, date expires,
        std::set<category> covered,
        std::set<charge_kind> excluded = default_exclusions())
      : name_(std::move(name)),
        amount_(std::move(amount)),
        issued_(issued),
        expires_(expires),
        covered_(std::move(covered)),
        excluded_(std::move(excluded)) {
    const std::string who = "grant '" + name_ + "'";
    if (name_.empty()) throw input_error("a grant needs a name");
    if (!issued_.ok()) throw input_error(who + ": the issue date is not a calendar date");
    if (!expires_.ok()) throw input_error(who + ": the expiry date is not a calendar date");
    if (!(issued_ < expires_)) {
      throw input_error(who + ": expires on " + to_string(expires_) + ", not after its issue date " +
                        to_string(issued_));
    }
    if (amount_.value().value().is_negative()) {
      throw input_error(who + ": the amount " + amount_.value().value().to_string() +
                        " USD is negative");
    }
    if (covered_.empty()) {
      throw input_error(who + ": covers no charge category (name at least one, e.g. compute)");
    }
    if (excluded_.contains(charge_kind::usage)) {
      throw input_error(who + ": excludes usage charges, so it could never pay anything");
    }
  }

  /// Refused with one sentence (the one of assigning the two amounts): an amount in another unit
  /// than USD, such as hours of compute. (It delegates only to have something to compile; the
  /// sentence stops the compile first.)
  template <exact_quantity Amount>
    requires(!std::same_as<Amount, money>)
  grant(std::string name, const sourced<Amount>&, date issued, date expires,
        std::set<category> covered, std::set<charge_kind> excluded = default_exclusions())
      : grant(std::move(name), sourced<money>("refused", money{}, assumption{"refused"}), issued,
              expires, std::move(covered), std::move(excluded)) {
    trncost::detail::refuse_unit_assignment<
        trncost::detail::classify_unit_mix<typename Amount::unit_type, units::usd_t>()>();
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] const sourced<money>& amount() const noexcept { return amount_; }
  [[nodiscard]] date issued() const noexcept { return issued_; }
  [[nodiscard]] date expires() const noexcept { return expires_; }
  [[nodiscard]] const std::set<category>& covered() const noexcept { return covered_; }
  [[nodiscard]] const std::set<charge_kind>& excluded() const noexcept { return excluded_; }

  [[nodiscard]] bool covers(category c) const noexcept { return covered_.contains(c); }
  [[nodiscard]] bool pays(charge_kind k) const noexcept { return !excluded_.contains(k); }
  /// True when a charge dated `day` falls in the grant's validity.
  [[nodiscard]] bool valid_on(date day) const noexcept { return issued_ <= day && day < expires_; }

 private:
  std::string name_;
  sourced<money> amount_;
  date issued_;
  date expires_;
  std::set<category> covered_;
  std::set<charge_kind> excluded_;
};

/// Every category of the formula: what AWS promotional credits usually cover (check the terms).
inline std::set<category> all_usage_categories() {
  return {all_categories.begin(), all_categories.end()};
}

}  // namespace trncost::credits

#endif  // TRNCOST_CREDITS_GRANT_HPP
