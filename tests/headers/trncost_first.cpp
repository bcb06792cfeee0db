// A host that includes trncost's headers (every public header, in reverse alphabetical order then
// in alphabetical order) before toml++, the other order of toml_first.cpp: main checks that
// toml++'s macros expand here as they do there, and that both units work. The unit is also the
// second order of headers_link_two_orders. The order is the test (clang-format must not sort it).
// clang-format off
#include "all_headers_descending.inc"
#include <toml++/toml.h>
// clang-format on

#include "foreign_common.hpp"

int headers_foreign::all_headers_descending() { return 2; }

headers_foreign::unit_report headers_foreign::trncost_first() {
  unit_report r;
  r.toml_macros = TRNCOST_HEADERS_SPELL(TOML_ASSERT_ASSUME(x) TOML_UNREACHABLE);
  r.host_value = std::to_string(toml::parse("answer = 42")["answer"].value_or(std::int64_t{0}));
  r.scenario = trncost::io::parse_scenario(valid_scenario, "s.toml").title;
  for (const char* text : hazards) {
    try {
      (void)trncost::io::parse_scenario(text, "s.toml");
      r.refusals += "accepted\n";
    } catch (const trncost::error& e) {
      r.refusals += std::string(e.what()) + "\n";
    }
  }
  return r;
}
