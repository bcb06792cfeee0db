// Included last by toml_first.cpp and trncost_first.cpp, after toml++ and every trncost header in
// the unit's own order (this header includes neither, so that the order stays each unit's): what
// the unit sees and does, compiled in each unit. Internal linkage on purpose: each unit runs its
// own copy, which the linker must not merge with the other's.
#ifndef TRNCOST_TESTS_HEADERS_THIS_UNIT_REPORT_HPP
#define TRNCOST_TESTS_HEADERS_THIS_UNIT_REPORT_HPP

#include <cstdint>
#include <string>

#include "foreign_common.hpp"

namespace headers_foreign {
namespace {

unit_report this_unit_report() {
  unit_report r;
  r.toml_macros = TRNCOST_HEADERS_SPELL(TOML_ASSERT_ASSUME(x) TOML_UNREACHABLE);
  r.host_value = std::to_string(toml::parse("answer = 42")["answer"].value_or(std::int64_t{0}));
  r.scenario = trncost::scenario::parse_scenario(valid_scenario, "s.toml").title;
  for (const char* text : hazards) {
    try {
      (void)trncost::scenario::parse_scenario(text, "s.toml");
      r.refusals += "accepted\n";
    } catch (const trncost::error& e) {
      r.refusals += std::string(e.what()) + "\n";
    }
  }
  return r;
}

}  // namespace
}  // namespace headers_foreign

#endif  // TRNCOST_TESTS_HEADERS_THIS_UNIT_REPORT_HPP
