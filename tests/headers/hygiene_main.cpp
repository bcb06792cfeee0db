// Links the units that include headers in a host's ways: toml++ before and after every trncost
// header (toml_first.cpp, trncost_first.cpp, which include the headers in two orders), and
// model/model.hpp alone (model_alone.cpp). Each check prints what it saw when it fails; with
// --link, only the two orders' check (headers_link_two_orders).
#include <cstdio>
#include <string>

#include "foreign_common.hpp"

std::string headers_model_alone_total();

namespace {

int failures = 0;

void expect(bool ok, const char* what, const std::string& a, const std::string& b) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "FAILED: %s\n  got:      %s\n  expected: %s\n", what, a.c_str(), b.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  // headers_link_two_orders: the two units that include every header in two orders linked into
  // this program (a header's non-inline definition would have failed the link) and both ran.
  if (argc == 2 && std::string(argv[1]) == "--link") {
    const int both =
        headers_foreign::all_headers_ascending() + headers_foreign::all_headers_descending();
    expect(both == 3, "both orders of every header linked and ran", std::to_string(both), "3");
    if (failures == 0) std::puts("every public header, in two orders, in two linked units");
    return failures == 0 ? 0 : 1;
  }
  const auto first = headers_foreign::toml_first();
  const auto second = headers_foreign::trncost_first();
  expect(first.toml_macros == second.toml_macros,
         "toml++'s macros are the same whichever comes first", first.toml_macros,
         second.toml_macros);
  expect(first.host_value == "42" && second.host_value == "42", "the host's own toml++ use",
         first.host_value + " / " + second.host_value, "42 / 42");
  expect(first.scenario == "Tokenize only" && second.scenario == "Tokenize only",
         "a valid scenario is read", first.scenario + " / " + second.scenario,
         "Tokenize only / Tokenize only");
  // The same refusal, with line and column, in both units (tests/scenario/scenario_test.cpp checks
  // each message's wording).
  const std::string refusals =
      "trncost: s.toml:2: is not valid TOML: column 2: a table header needs a name after '[' (saw "
      "a "
      "line break)\n"
      "trncost: s.toml:1: is not valid TOML: column 7: '}' inside the array opened at line 1, "
      "column 6; an array ends with ']'\n"
      "trncost: s.toml:2: is not valid TOML: column 2: U+03E5 outside a string or comment; TOML "
      "allows only ASCII there\n";
  expect(first.refusals == refusals, "toml++'s hazards refused (toml++ first)", first.refusals,
         refusals);
  expect(second.refusals == refusals, "toml++'s hazards refused (trncost first)", second.refusals,
         refusals);
  const std::string total = headers_model_alone_total();
  expect(total == "10", "model/model.hpp alone adds and evaluates", total, "10");
  if (failures == 0) std::puts("header hygiene: 6 checks passed");
  return failures == 0 ? 0 : 1;
}
