// Tables of tamperings for the audit tests: each row edits a report's JSON once and names the
// mismatch the audit must report first, so a case lists its edits as data and checks each alone.
#ifndef TRNCOST_TESTS_REPORTS_TAMPERING_HPP
#define TRNCOST_TESTS_REPORTS_TAMPERING_HPP

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "fixtures.hpp"

namespace reports_tampering {

/// One edit of a report's JSON: the first occurrence of `from` replaced by `to`; the audit's
/// first mismatch starts with `caught`.
struct tampering {
  std::string_view from;
  std::string_view to;
  std::string_view caught;
};

/// Each of `edits` (an array of tampering), made alone to `json`, is refused by the audit with
/// its mismatch.
template <class Edits>
void require_each_caught(const std::string& json, const Edits& edits) {
  for (const tampering& edit : edits) {
    CAPTURE(edit.from);
    CAPTURE(edit.to);
    reports_test::require_caught(reports_test::replace_once(json, edit.from, edit.to),
                                 std::string(edit.caught));
  }
}

}  // namespace reports_tampering

#endif  // TRNCOST_TESTS_REPORTS_TAMPERING_HPP
