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

[[nodiscard]] TRNCOST_DECL bool same_compiler_build(std::string_view a,
                                                    std::string_view b) noexcept {
  if (a == b) return true;
  const auto release = [](std::string_view v) { return v.substr(0, v.find('+')); };
  // One names its build's commit and the other does not: the release number decides.
  const bool one_bare =
      (a.find('+') == std::string_view::npos) != (b.find('+') == std::string_view::npos);
  return one_bare && release(a) == release(b);
}

[[nodiscard]] TRNCOST_DECL cache_decision check_cache(const neff_cache& cache,
                                                      std::string_view compiler_version) {
  const std::string from_location = cache_compiler_version(cache.location);
  if (!cache.compiler_version.empty() && !from_location.empty() &&
      !same_compiler_build(cache.compiler_version, from_location)) {
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
  if (!same_compiler_build(built_by, compiler_version)) {
    return {false, "cache " + cache.location + " was built by neuronx-cc " + built_by +
                       "; this compilation uses neuronx-cc " + std::string(compiler_version) +
                       ", and compiled graphs are reusable only with the compiler that built them"};
  }
  return {true, "cache " + cache.location + " was built by neuronx-cc " + built_by +
                    ", the version this compilation uses"};
}

}  // namespace compat

namespace compat {

TRNCOST_DECL compile_cost::compile_cost(std::string model_id, std::string compiler_version,
                                        std::string instance_type,
                                        input_of<quantity<units::instance_t>> count,
                                        input_of<quantity<units::usd_per_instance_hour_t>> price,
                                        input_of<quantity<units::second_t>> compile_time,
                                        std::optional<neff_cache> cache)
    : model_id_(std::move(model_id)),
      version_(std::move(compiler_version)),
      instance_type_(std::move(instance_type)),
      count_(std::move(count)),
      price_(std::move(price)),
      compile_time_(std::move(compile_time)),
      cache_(std::move(cache)) {
  if (model_id_.empty()) throw input_error("a compile_cost needs the model id");
  if (version_.empty()) {
    throw input_error("compile_cost for '" + model_id_ + "': the compiler version is empty");
  }
  if (instance_type_.empty()) {
    throw input_error("compile_cost for '" + model_id_ + "': the instance type is empty");
  }
  name_ = "compilation of " + model_id_ + " with neuronx-cc " + version_;
  ::trncost::detail::require_positive(count_, name_);
  ::trncost::detail::require_non_negative(price_, name_);
  ::trncost::detail::require_non_negative(compile_time_, name_);
  if (cache_) {
    validate(cache_->origin, "cache " + cache_->location);
    decision_ = check_cache(*cache_, version_);
  }
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_COMPILE_COST_IPP
