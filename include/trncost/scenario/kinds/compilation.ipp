// The `compilation` component of a scenario file (docs/scenario.md): the one-off compilation of a
// model with one neuronx-cc version, on instances over a compile time, and the compiled-graph
// cache it may reuse (compat/compile_cost.hpp). Its keys, the rules across them (checked when the
// file is read) and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_COMPILATION_IPP
#define TRNCOST_SCENARIO_KINDS_COMPILATION_IPP

#include "../../compat/compile_cost.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 8> compilation_keys{{
    {"model", kt::text, true},             // the model compiled ("llama-3.1-8b")
    {"compiler_version", kt::text, true},  // neuronx-cc's version ("2.21.18209.0")
    {"instance_type", kt::text, true},
    {"instances", kt::input, true},
    // The compile time without a cache (a compilation that cannot reuse one is billed it).
    {"compile_seconds", kt::input, false, {}, true},
    {"compile_hours", kt::input, false},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"cache", kt::cache, false},  // a compiled-graph cache offered for reuse
}};

/// `cache = { ... }`: where the cache is, the version that built it, and who says so.
inline constexpr std::array<std::string_view, 2> cache_keys{"location", "compiler_version"};

/// A compiler version as neuronx-cc prints it: digits and dots first ("2.21.18209.0"), perhaps a
/// build suffix ("+043b1bf7"). Anything else is a typo or a placeholder, never a version.
inline bool is_compiler_version(std::string_view v) noexcept {
  if (v.empty() || v.front() < '0' || v.front() > '9') return false;
  return std::all_of(v.begin(), v.end(), [](char ch) {
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           ch == '.' || ch == '+' || ch == '-' || ch == '_';
  });
}

inline void compilation_rules([[maybe_unused]] const scenario_parser& ps,
                              [[maybe_unused]] const toml::table& t,
                              [[maybe_unused]] const std::string& path,
                              [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"compile_seconds", "compile_hours"}, false,
            "the compile time without a cache");
  const auto version = [&](const std::string& v, const toml::node& n, const std::string& key) {
    if (!is_compiler_version(v)) {
      ps.fail_at(ps.line_of(n), key,
                 "\"" + v +
                     "\" is not a neuronx-cc version (digits and dots, as `neuronx-cc "
                     "--version` prints it: \"2.21.18209.0\")");
    }
  };
  version(c.text.at("compiler_version"), *t.get("compiler_version"),
          ps.join(path, "compiler_version"));
  const toml::node* n = t.get("cache");
  if (n == nullptr) return;
  const std::string key = ps.join(path, "cache");
  const toml::table* ct = n->as_table();
  if (ct == nullptr) {
    ps.fail_at(ps.line_of(*n), key,
               "must be { location = \"...\", compiler_version = \"...\", documented = { ... } "
               "}: where the cache is, the neuronx-cc version that built it (optional when the "
               "location names it, .../neuronxcc-<version>) and who says so");
  }
  std::array<std::string_view, cache_keys.size() + scenario_parser::provenance_keys.size() + 1>
      allowed{};
  std::copy(cache_keys.begin(), cache_keys.end(), allowed.begin());
  std::copy(scenario_parser::provenance_keys.begin(), scenario_parser::provenance_keys.end(),
            allowed.begin() + cache_keys.size());
  allowed.back() = "source";
  ps.check_keys(*ct, key, allowed, "a compiled-graph cache");
  scenario_cache cache;
  cache.line = ps.line_of(*n);
  cache.location = ps.string(*ct, key, "location", true);
  if (const toml::node* v = ct->get("compiler_version")) {
    cache.compiler_version = ps.string(*ct, key, "compiler_version", true);
    version(cache.compiler_version, *v, ps.join(key, "compiler_version"));
  }
  cache.origin = ps.sole_provenance(*ct, key, cache_keys, "a cache");
  c.cache = std::move(cache);
}

inline void compilation_add([[maybe_unused]] scenario_builder& sb, model& m,
                            const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  const input_of<quantity<units::second_t>> time =
      sb.find(c, "compile_hours") != nullptr
          ? input_of<quantity<units::second_t>>(*sb.time(c, "compile"))
          : sb.maybe(c, "compile_seconds", units::second);
  std::optional<compat::neff_cache> cache;
  if (c.cache)
    cache = compat::neff_cache{c.cache->location, c.cache->compiler_version, c.cache->origin};
  m.add(compat::compile_cost(c.text.at("model"), c.text.at("compiler_version"), type,
                             sb.input(c, "instances", units::instance), sb.instance_price(c, type),
                             time, std::move(cache)));
}

inline constexpr sub_table compilation_tables[] = {
    {"cache", {}, cache_keys},
};

inline constexpr component_kind compilation_kind{
    "compilation", compilation_keys, compilation_tables, &compilation_rules, &compilation_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_COMPILATION_IPP
