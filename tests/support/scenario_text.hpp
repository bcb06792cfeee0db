// What the tests of the scenario and study files share: a valid scenario's head to append cases
// to, the parser's refusal of a text, a line found by its description (and text.hpp's helpers).
// One copy here, so a change of the scenario format or of the error type changes one place.
#ifndef TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP
#define TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <trncost/io/scenario.hpp>

#include "text.hpp"

namespace trncost_support {

/// A valid scenario's head (as of 2026-11-30, us-east-1, no price file); cases append components,
/// `[declare_none]` or other tables.
inline const std::string scenario_head = R"(format = 1
[estimate]
title = "t"
as_of = 2026-11-30
region = "us-east-1"
[prices]
files = []
)";

/// A `[declare_none]` table declaring every cost category none but those a case has components
/// for (`"compute"`, `"storage"`...), each with a short reason: the cases that test one component
/// kind account for the other categories this way.
inline std::string declare_none_but(std::initializer_list<std::string_view> kept) {
  std::string t = "\n[declare_none]\n";
  for (const std::string_view c :
       {"compute", "storage", "transfer", "logs", "data_preparation", "failures_restarts"}) {
    if (std::find(kept.begin(), kept.end(), c) == kept.end()) {
      t += std::string(c) + " = \"not in this case\"\n";
    }
  }
  return t;
}

/// The message with which the scenario parser refuses `text` (read as `file`), or "no error".
inline std::string parse_error_of(const std::string& text, const std::string& file = "s.toml") {
  return error_message<trncost::parse_error>(
      [&] { (void)trncost::io::parse_scenario(text, file); });
}

/// The line of `est` with this description, or nullptr.
inline const trncost::line_item* find_line(const trncost::estimate& est,
                                           std::string_view description) {
  for (const auto& l : est.lines) {
    if (l.description == description) return &l;
  }
  return nullptr;
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_SCENARIO_TEXT_HPP
