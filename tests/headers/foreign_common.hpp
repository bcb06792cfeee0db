// Shared by toml_first.cpp and trncost_first.cpp: what each of the two translation units reports,
// so that main compares them. Nothing here includes toml++ or trncost: each unit picks the order.
#ifndef TRNCOST_TESTS_HEADERS_FOREIGN_COMMON_HPP
#define TRNCOST_TESTS_HEADERS_FOREIGN_COMMON_HPP

#include <string>

// Spells a macro's expansion, to compare what toml++'s macros are in each unit.
#define TRNCOST_HEADERS_SPELL_(...) #__VA_ARGS__
#define TRNCOST_HEADERS_SPELL(...) TRNCOST_HEADERS_SPELL_(__VA_ARGS__)

namespace headers_foreign {

/// What one translation unit saw and did.
struct unit_report {
  std::string toml_macros;  ///< toml++'s TOML_ASSERT_ASSUME(x) and TOML_UNREACHABLE, expanded
  std::string host_value;   ///< a host's own toml++ use: "answer" of "answer = 42"
  std::string scenario;     ///< parse_scenario on a valid scenario: its title
  std::string refusals;     ///< parse_scenario on toml++ 3.3's hazards: the messages, one a line
};

// Defined in toml_first.cpp and trncost_first.cpp.
unit_report toml_first();
unit_report trncost_first();
// Defined in the same units, which include every public header in two orders: 1 and 2.
int all_headers_ascending();
int all_headers_descending();

/// A valid scenario (the smallest: one component, the other categories declared empty).
inline const char* const valid_scenario =
    "format = 1\n[estimate]\ntitle = \"Tokenize only\"\nas_of = 2026-11-30\nregion = "
    "\"us-east-1\"\n"
    "[prices]\nfiles = []\n[[component]]\nkind = \"data_preparation\"\nname = \"tokenize\"\n"
    "cost = { value = \"38.40\", assumption = \"last month's bill\" }\n[declare_none]\n"
    "compute = \"c\"\nstorage = \"s\"\ntransfer = \"t\"\nlogs = \"l\"\nfailures_restarts = \"f\"\n";

/// Inputs on which toml++ 3.3 breaks its own preconditions (tests/fuzz/README.md).
inline const char* const hazards[] = {"format = 1\n[\n", "es = [}\n",
                                      "format = 1\nx\xcf\xa5 = 1\n"};

}  // namespace headers_foreign

#endif  // TRNCOST_TESTS_HEADERS_FOREIGN_COMMON_HPP
