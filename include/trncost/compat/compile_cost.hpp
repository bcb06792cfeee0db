// Compilation as a one-off cost, apart from the repeated cost of running: one line per (model,
// compiler version) in the compilation phase, built with the model's component API; and the rule
// for compiled-graph (NEFF) caches: reusable only for the compiler version that built them, a hit
// removing the compilation time from the line with the cache's provenance.
#ifndef TRNCOST_COMPAT_COMPILE_COST_HPP
#define TRNCOST_COMPAT_COMPILE_COST_HPP

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../config.hpp"
#include "../model/inputs.hpp"

namespace trncost::compat {

/// A compiled-graph cache: where it is, which neuronx-cc version built it, and who says so.
/// Public caches are named per compiler version:
/// hf://buckets/aws-neuron/torch-neuronx-neff-cache/neuronxcc-<version>.
struct neff_cache {
  std::string location{};
  std::string compiler_version{};  ///< empty: taken from "neuronxcc-<version>" in the location
  provenance origin{};
};

/// The version in a cache location's "neuronxcc-<version>" segment (up to the next '/'), or empty.
[[nodiscard]] TRNCOST_DECL std::string cache_compiler_version(std::string_view location);

/// Whether two neuronx-cc versions name the same build: equal, or equal releases where one names
/// its build's commit and the other does not ("2.19.8089.0+8ab9f450" and "2.19.8089.0", as
/// `neuronx-cc --version` and a cache folder may write it). "2.19.8089.0" and "2.19.8089.1" differ,
/// as do two different commits.
[[nodiscard]] TRNCOST_DECL bool same_compiler_build(std::string_view a,
                                                    std::string_view b) noexcept;

/// Whether a cache may be reused for a compilation with `compiler_version`, and why.
struct cache_decision {
  bool usable = false;
  std::string reason{};
};

/// A cache is usable only when the version that built it is known and is `compiler_version`'s build
/// (same_compiler_build); a location and a declared version that disagree are rejected too.
[[nodiscard]] TRNCOST_DECL cache_decision check_cache(const neff_cache& cache,
                                                      std::string_view compiler_version);

/// The one-off compilation of `model_id` with neuronx-cc `compiler_version`: `count` instances of
/// `instance_type` at `price` for `compile_time`, in the compute category and the compilation phase
/// (overhead). Its name carries the model and the version, so a model accepts one such line per
/// pair (model::add refuses a second component of the same name). With a usable cache the line's
/// quantity is 0 s, a constant whose provenance is the cache's, and compile_time is not an input
/// of the model; a rejected cache leaves the line as it is and says why in its description.
class compile_cost {
 public:
  compile_cost(std::string model_id, std::string compiler_version, std::string instance_type,
               input_of<quantity<units::instance_t>> count,
               input_of<quantity<units::usd_per_instance_hour_t>> price,
               input_of<quantity<units::second_t>> compile_time,
               std::optional<neff_cache> cache = std::nullopt);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::compute; }
  /// The verdict on the cache offered, if one was.
  [[nodiscard]] const std::optional<cache_decision>& cache() const noexcept { return decision_; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    b.bills(::trncost::detail::ec2_instance_identity(instance_type_, std::nullopt));
    const auto count = ::trncost::detail::add_input(b, count_);
    const auto price = ::trncost::detail::add_input(b, price_);
    const std::string on =
        " on " + ::trncost::detail::value_or_name(count_) + " x " + instance_type_;
    if (decision_ && decision_->usable) {
      const auto none =
          b.rule_constant(model_id_ + ".compile_time_with_cache", seconds(0), cache_->origin);
      b.line({phase::compilation, name_ + on + ": skipped, " + decision_->reason}, price,
             count * none);
      return;
    }
    std::string description = name_ + on;
    if (decision_) description += " (" + decision_->reason + ": not reused)";
    b.line({phase::compilation, std::move(description)}, price,
           count * ::trncost::detail::add_input(b, compile_time_));
  }

 private:
  std::string model_id_;
  std::string version_;
  std::string instance_type_;
  input_of<quantity<units::instance_t>> count_;
  input_of<quantity<units::usd_per_instance_hour_t>> price_;
  input_of<quantity<units::second_t>> compile_time_;
  std::optional<neff_cache> cache_;
  std::optional<cache_decision> decision_;
  std::string name_;
};

}  // namespace trncost::compat

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/compile_cost.ipp"
#endif

#endif  // TRNCOST_COMPAT_COMPILE_COST_HPP
