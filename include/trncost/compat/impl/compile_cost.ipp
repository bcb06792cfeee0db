// The definitions of compat/compile_cost.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_COMPILE_COST_IPP
#define TRNCOST_COMPAT_IMPL_COMPILE_COST_IPP

#include "../compile_cost.hpp"

namespace trncost {

namespace compat {

[[nodiscard]] TRNCOST_DECL std::string cache_compiler_version(std::string_view location) {
  constexpr std::string_view marker = "neuronxcc-";
  const auto at = location.rfind(marker);
  if (at == std::string_view::npos) return {};
  const auto start = at + marker.size();
  const auto end = location.find('/', start);
  return std::string(location.substr(start, end == std::string_view::npos ? end : end - start));
}

[[nodiscard]] TRNCOST_DECL cache_decision check_cache(const neff_cache& cache,
                                                      std::string_view compiler_version) {
  const std::string from_location = cache_compiler_version(cache.location);
  if (!cache.compiler_version.empty() && !from_location.empty() &&
      cache.compiler_version != from_location) {
    return {false, "cache " + cache.location + " is declared as built by neuronx-cc " +
                       cache.compiler_version + " but its location says neuronxcc-" +
                       from_location};
  }
  const std::string built_by =
      cache.compiler_version.empty() ? from_location : cache.compiler_version;
  if (built_by.empty()) {
    return {false, "cache " + cache.location +
                       " does not say which neuronx-cc version built it (no neuronxcc-<version>)"};
  }
  if (built_by != compiler_version) {
    return {false, "cache " + cache.location + " was built by neuronx-cc " + built_by +
                       "; this compilation uses neuronx-cc " + std::string(compiler_version) +
                       ", and compiled graphs are reusable only with the compiler that built them"};
  }
  return {true, "cache " + cache.location + " was built by neuronx-cc " + built_by +
                    ", the version this compilation uses"};
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_COMPILE_COST_IPP
