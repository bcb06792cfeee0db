// Categories declared none, so that a test of one category (or one component) looks at it alone:
// an estimate is complete only when every category is modelled or declared none.
#ifndef TRNCOST_TESTS_SUPPORT_DECLARED_CATEGORIES_HPP
#define TRNCOST_TESTS_SUPPORT_DECLARED_CATEGORIES_HPP

#include <string>
#include <trncost/model.hpp>

namespace trncost_support {

/// Declares every category of `m` but `kept` none, for `reason`.
inline void declare_none_but(trncost::model& m, trncost::category kept,
                             const std::string& reason = "not part of this test") {
  for (const auto c : trncost::all_categories) {
    if (c != kept) m.declare_none(c, trncost::declared_none{reason});
  }
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_DECLARED_CATEGORIES_HPP
