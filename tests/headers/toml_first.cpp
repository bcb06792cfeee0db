// A host that includes toml++ before trncost's headers (every public header, in alphabetical order
// then in reverse): trncost must leave toml++'s macros as toml++ defined them (a redefinition would
// give this unit other inline toml++ functions than trncost_first.cpp: an ODR violation), and both
// must work. The unit is also one of the two orders of headers_link_two_orders.
#include <toml++/toml.h>

#include "foreign_common.hpp"

namespace {
constexpr const char* toml_macros_before =
    TRNCOST_HEADERS_SPELL(TOML_ASSERT_ASSUME(x) TOML_UNREACHABLE);
}  // namespace

// After toml++ on purpose (clang-format must not move it).
// clang-format off
#include "all_headers_ascending.inc"
// clang-format on

#include <string_view>

#include "this_unit_report.hpp"

static_assert(std::string_view(toml_macros_before) ==
                  TRNCOST_HEADERS_SPELL(TOML_ASSERT_ASSUME(x) TOML_UNREACHABLE),
              "including trncost/scenario/scenario.hpp changed toml++'s macros");

int headers_foreign::all_headers_ascending() { return 1; }

headers_foreign::unit_report headers_foreign::toml_first() { return this_unit_report(); }
