// A host that includes trncost's headers (every public header, in reverse alphabetical order then
// in alphabetical order) before toml++, the other order of toml_first.cpp: main checks that
// toml++'s macros expand here as they do there, and that both units work. The unit is also the
// second order of headers_link_two_orders. The order is the test (clang-format must not sort it).
// clang-format off
#include "all_headers_descending.inc"
#include <toml++/toml.h>
// clang-format on

#include "foreign_common.hpp"
#include "this_unit_report.hpp"

int headers_foreign::all_headers_descending() { return 2; }

headers_foreign::unit_report headers_foreign::trncost_first() { return this_unit_report(); }
