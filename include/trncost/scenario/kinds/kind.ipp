// What a component kind of the scenario file is (docs/architecture.md, "Adding a component kind"):
// its name, its keys, the keys of its sub-tables, the rules across its keys and how it adds itself
// to a model. One file per kind in this folder defines one; scenario/kinds/registry.ipp lists them.
// The scenario file's parser and builder (scenario/impl/scenario.ipp, which includes this folder
// after defining them) know no kind by name: they read a [[component]]'s `kind`, find its entry,
// read its keys, then call its rules and its add.
#ifndef TRNCOST_SCENARIO_KINDS_KIND_IPP
#define TRNCOST_SCENARIO_KINDS_KIND_IPP

#ifndef TRNCOST_SCENARIO_IMPL_SCENARIO_IPP
#error \
    "scenario/kinds/ is part of scenario/impl/scenario.ipp (the scenario file's parser and builder): include <trncost/scenario/scenario.hpp>"
#endif

#include <toml++/toml.h>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "../scenario.hpp"

namespace trncost::scenario::detail {

class scenario_parser;
class scenario_builder;

/// A table inside a component (`purchase = { ... }`, `[[component.transfer]]`): its key and the
/// keys it may hold (typed when the kind reads them as inputs, else their names).
struct sub_table {
  std::string_view key;
  std::span<const scenario_key> typed;
  std::span<const std::string_view> names;
};

/// One component kind of the scenario file.
struct component_kind {
  std::string_view name;               ///< `kind = "..."`
  std::span<const scenario_key> keys;  ///< the keys of its [[component]] table
  std::span<const sub_table> tables;   ///< its sub-tables, for scenario_key_paths()
  /// The rules across its keys, once they are read into `c` (one of two alternatives, a key that
  /// goes with another); reads its sub-tables into `c`. Throws parse_error naming the line.
  void (*rules)(const scenario_parser&, const toml::table&, const std::string& path,
                scenario_component& c);
  /// Adds the component `c` describes to the model, reading the files it names.
  void (*add)(scenario_builder&, model&, const scenario_component& c, std::size_t index);
};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_KIND_IPP
