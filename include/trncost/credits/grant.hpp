// Credits as a billing instrument: a grant has a balance, an issue date, a last valid day and a
// coverage (which AWS services it pays, which kinds of charge it never pays). A credit grant is not
// free capacity: what it does not cover, or what is spent after it runs out or expires, is paid.
#ifndef TRNCOST_CREDITS_GRANT_HPP
#define TRNCOST_CREDITS_GRANT_HPP

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/aws_service.hpp"
#include "../model/category.hpp"
#include "../provenance/date.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"

namespace trncost::credits {

using trncost::to_string;  // dates, categories: found next to this namespace's own to_string

/// What a charge is, as far as credit terms care. AWS promotional credits do not pay upfront fees
/// of Savings Plans or reserved instances, Marketplace purchases or certain Support plans.
enum class charge_kind { usage, upfront_fee, marketplace, support };

constexpr std::string_view to_string(charge_kind k) noexcept {
  switch (k) {
    case charge_kind::usage:
      return "usage";
    case charge_kind::upfront_fee:
      return "upfront fee";
    case charge_kind::marketplace:
      return "Marketplace";
    case charge_kind::support:
      return "support";
  }
  return "unknown";
}

/// The kinds of charge credits do not pay unless the terms say otherwise.
TRNCOST_DECL const std::set<charge_kind>& default_exclusions();

/// The last day a grant can pay, as AWS writes a credit's expiry date (the day itself included).
/// A type of its own so that a bare date, such as the first day a grant can no longer pay, is not
/// taken for it: `grant(..., issued, last_day{2027-10-31}, ...)`.
struct last_day {
  constexpr explicit last_day(date d) noexcept : day(d) {}
  date day;
};

/// Every service of known_aws_services by its code: what AWS promotional credits usually cover
/// (check the terms).
TRNCOST_DECL std::set<std::string> all_known_services();

/// One grant of credits. The amount is sourced: the billing console or the grant letter (quoted or
/// documented) when you have the grant, a program page's "up to" figure (documented) when you are
/// planning, or a third-party figure, which keeps everything computed from it visibly third-party.
/// Credits are usable on charges dated from `issued` to the last valid day, both included, of the
/// services named in `services` (codes such as "AmazonEC2" or names such as "Amazon Elastic
/// Compute Cloud", kept as codes). A charge whose service is unknown is never covered.
class grant {
 public:
  grant(std::string name, sourced<money> amount, date issued, last_day last,
        const std::set<std::string>& services,
        std::set<charge_kind> excluded = default_exclusions());

  /// Refused with one sentence (the one of assigning the two amounts): an amount in another unit
  /// than USD, such as hours of compute. (It delegates only to have something to compile; the
  /// sentence stops the compile first.)
  template <exact_quantity Amount>
  requires(!std::same_as<Amount, money>)
      grant(std::string name, const sourced<Amount>&, date issued, last_day last,
            const std::set<std::string>& services,
            std::set<charge_kind> excluded = default_exclusions())
      : grant(std::move(name), sourced<money>("refused", money{}, assumption{"refused"}), issued,
              last, services, std::move(excluded)) {
    trncost::detail::refuse_unit_assignment<
        trncost::detail::classify_unit_mix<typename Amount::unit_type, units::usd_t>()>();
  }

  /// Refused with one sentence: a bare date where the last valid day goes (the first day a grant
  /// can no longer pay, as an `expires` field often means, would give one day of credit too many).
  template <std::same_as<date> Last>
  grant(std::string name, const sourced<money>& amount, date issued, Last,
        const std::set<std::string>& services,
        std::set<charge_kind> excluded = default_exclusions())
      : grant(std::move(name), amount, issued, last_day{issued}, services, std::move(excluded)) {
    constexpr bool refused_call = trncost::detail::refuses<sizeof(Last)>;
    static_assert(refused_call,
                  "trncost: a grant's last valid day is a credits::last_day, the day AWS writes as "
                  "the credit's expiry date (included), never a bare date: grant(..., issued, "
                  "credits::last_day{date}, services); see "
                  "docs/troubleshooting.md#analysis-and-credits-inputs");
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] const sourced<money>& amount() const noexcept { return amount_; }
  [[nodiscard]] date issued() const noexcept { return issued_; }
  /// The last day the grant can pay (included), as AWS writes its expiry date.
  [[nodiscard]] date last_valid_day() const noexcept { return last_; }
  /// The day after the last valid day: the first day the grant cannot pay.
  [[nodiscard]] date first_invalid_day() const { return add_days(last_, 1); }
  /// The codes of the services it covers.
  [[nodiscard]] const std::set<std::string>& services() const noexcept { return services_; }
  [[nodiscard]] const std::set<charge_kind>& excluded() const noexcept { return excluded_; }

  /// True when the grant covers the service with this code; an unknown service (empty) never is.
  [[nodiscard]] bool covers(const std::optional<std::string>& service) const {
    return service && services_.contains(*service);
  }
  [[nodiscard]] bool pays(charge_kind k) const noexcept { return !excluded_.contains(k); }
  /// True when a charge dated `day` falls in the grant's validity (issue day and last day
  /// included).
  [[nodiscard]] bool valid_on(date day) const noexcept { return issued_ <= day && day <= last_; }

 private:
  std::string name_;
  sourced<money> amount_;
  date issued_;
  date last_;
  std::set<std::string> services_;
  std::set<charge_kind> excluded_;
};

/// The timeline rule (docs/provenance.md#the-timeline-rule) on a grant: its amount is an input like
/// any other, so a grant letter or console page read after the as-of date is refused, naming the
/// grant and the date (input_error).
TRNCOST_DECL void check_timeline(const grant& g, date as_of);

}  // namespace trncost::credits

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/grant.ipp"
#endif

#endif  // TRNCOST_CREDITS_GRANT_HPP
