// What tests of the bill against the estimate share: two reconciliations of one bill (read
// plain or as delivered, or reduced by the SQL of readers::bill_query) agree on every figure.
#ifndef TRNCOST_TESTS_SUPPORT_RECONCILIATIONS_HPP
#define TRNCOST_TESTS_SUPPORT_RECONCILIATIONS_HPP

#include <doctest/doctest.h>

#include <cstddef>
#include <trncost/report/reconcile.hpp>

namespace trncost_support {

/// `b` gives every figure `a` gives: the totals, each row's identity, amounts, quantities, effects,
/// why and resources, the other charges and the rows left out. How many bill rows each counts and
/// how it cites them may differ (a bill reduced by SQL has fewer rows); check those apart.
inline void check_same_figures(const trncost::report::reconciliation& a,
                               const trncost::report::reconciliation& b) {
  CHECK(b.layout == a.layout);
  CHECK(b.estimated == a.estimated);
  CHECK(b.billed_usage == a.billed_usage);
  CHECK(b.difference == a.difference);
  CHECK(b.other == a.other);
  CHECK(b.invoiced == a.invoiced);
  REQUIRE(b.rows.size() == a.rows.size());
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    const auto& x = a.rows[i];
    const auto& y = b.rows[i];
    CAPTURE(describe(x.identity));
    CHECK(y.identity == x.identity);
    CHECK(y.estimated == x.estimated);
    CHECK(y.billed == x.billed);
    CHECK(y.difference == x.difference);
    CHECK(y.unit == x.unit);
    CHECK(y.billed_quantity == x.billed_quantity);
    CHECK(y.usage_effect == x.usage_effect);
    CHECK(y.price_effect == x.price_effect);
    CHECK(y.why == x.why);
    REQUIRE(y.resources.size() == x.resources.size());
    for (std::size_t j = 0; j < x.resources.size(); ++j) {
      CHECK(y.resources[j].id == x.resources[j].id);
      CHECK(y.resources[j].billed == x.resources[j].billed);
      CHECK(y.resources[j].quantity == x.resources[j].quantity);
    }
  }
  for (const auto& [xs, ys] :
       {std::pair{&a.other_charges, &b.other_charges}, std::pair{&a.left_out, &b.left_out}}) {
    REQUIRE(ys->size() == xs->size());
    for (std::size_t i = 0; i < xs->size(); ++i) {
      CHECK((*ys)[i].what == (*xs)[i].what);
      CHECK((*ys)[i].amount == (*xs)[i].amount);
    }
  }
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_RECONCILIATIONS_HPP
