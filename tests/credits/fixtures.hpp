// Grants for the credit tests: an amount as a document states it, and a grant of it valid to its
// last day included. Dates are written with std::chrono's month names (support/chrono_dates.hpp).
#ifndef TRNCOST_TESTS_CREDITS_FIXTURES_HPP
#define TRNCOST_TESTS_CREDITS_FIXTURES_HPP

#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "../support/chrono_dates.hpp"
#include "trncost/credits/burn_down.hpp"

namespace credits_test {

using trncost_support::chrono_dates::d;

/// Where the burn-down tests read a grant's amount: the Credits page of the AWS Billing console.
inline trncost::documented credits_page() {
  return {"AWS Billing console, Credits page", d(2026, std::chrono::January, 2)};
}

/// Where the tests of AWS's terms read it: the letter that grants it.
inline trncost::documented grant_letter() {
  return {"grant letter", d(2026, std::chrono::November, 2)};
}

/// A grant's amount of `amount` USD, as `where` states it.
inline trncost::sourced<trncost::money> grant_amount(std::string_view amount,
                                                     trncost::documented where = credits_page()) {
  return {"grant_amount", trncost::make<trncost::units::usd_t>(amount), where};
}

/// Grant `name` of `amount` USD (as `where` states it), issued on `issued` and valid to `last`
/// included, for `services`.
inline trncost::credits::grant make_grant(std::string name, std::string_view amount,
                                          trncost::date issued, trncost::date last,
                                          const std::set<std::string>& services,
                                          trncost::documented where = credits_page()) {
  return trncost::credits::grant(std::move(name), grant_amount(amount, std::move(where)), issued,
                                 trncost::credits::last_day{last}, services);
}

}  // namespace credits_test

#endif  // TRNCOST_TESTS_CREDITS_FIXTURES_HPP
