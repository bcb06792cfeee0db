// The five workloads a Trainium budget usually funds, each as one call that builds a model from the
// workload's sourced inputs and the categories the caller declares none (or adds afterwards):
// fine-tuning an open-weight model, continued pre-training, self-hosted inference at constant load,
// evaluation and research sweeps, frontier-scale training. Each drains money its own way, and the
// archetype says how (what_drives_the_bill) next to the model it builds.
#ifndef TRNCOST_WORKLOAD_ARCHETYPES_HPP
#define TRNCOST_WORKLOAD_ARCHETYPES_HPP

#include <array>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "continued_pretraining.hpp"
#include "serving.hpp"
#include "sweep.hpp"
#include "training.hpp"

namespace trncost::workload {

enum class archetype {
  fine_tuning,              ///< short multi-node bursts to a target quality
  continued_pretraining,    ///< weeks of sustained cluster time on domain data
  constant_load_inference,  ///< always-on instances serving a steady demand
  research_sweep,           ///< many trials on a cluster left up between them
  frontier_training,        ///< thousands of accelerator-hours at a scale never measured whole
};

inline constexpr std::array<archetype, 5> all_archetypes{
    archetype::fine_tuning, archetype::continued_pretraining, archetype::constant_load_inference,
    archetype::research_sweep, archetype::frontier_training};

constexpr std::string_view to_string(archetype a) noexcept {
  switch (a) {
    case archetype::fine_tuning:
      return "fine-tuning";
    case archetype::continued_pretraining:
      return "continued pre-training";
    case archetype::constant_load_inference:
      return "inference at constant load";
    case archetype::research_sweep:
      return "evaluation and research sweeps";
    case archetype::frontier_training:
      return "frontier-scale training";
  }
  return "unknown";
}

/// What the bill of an archetype follows, in one sentence a report or a user interface can show.
constexpr std::string_view what_drives_the_bill(archetype a) noexcept {
  switch (a) {
    case archetype::fine_tuning:
      return "short multi-node runs: the cost per run to the target quality, failures included";
    case archetype::continued_pretraining:
      return "sustained cluster time: the token budget over measured throughput, checkpoints "
             "included";
    case archetype::constant_load_inference:
      return "always-on instance-hours: the bill is the same at 40 % and at 90 % utilisation, the "
             "cost per million tokens served is not";
    case archetype::research_sweep:
      return "clusters idle between trials: early stops and partial waves leave billed slots "
             "empty";
    case archetype::frontier_training:
      return "sub-linear scaling: the gap between linear and measured throughput at scale";
  }
  return "";
}

/// A category the caller declares legitimately empty, with the reason.
using declared_category = std::pair<category, declared_none>;

namespace detail {

TRNCOST_DECL void declare_all(model& m, const std::vector<declared_category>& none);

}  // namespace detail

/// Fine-tuning to a target quality (training_to_target_inputs: tokens to the target, measured
/// throughput, the job's other phases, the runs it buys). Add a failures component for the
/// interruptions the runs saw.
TRNCOST_DECL model fine_tuning(const training_to_target_inputs& in,
                               const std::vector<declared_category>& none = {});

/// Continued pre-training: a token budget at measured throughput with checkpoints at a cadence.
TRNCOST_DECL model continued_pretraining(const continued_pretraining_inputs& in,
                                         const std::vector<declared_category>& none = {});

/// Self-hosted inference at constant load: an always-on fleet sized for its demand.
template <class Rate>
model constant_load_inference(const serving_inputs<Rate>& in,
                              const std::vector<declared_category>& none = {}) {
  model m;
  (void)add_serving(m, in);
  detail::declare_all(m, none);
  return m;
}

/// Evaluation and research sweeps: trials on a cluster kept up between them.
TRNCOST_DECL model research_sweep(const sweep_inputs& in,
                                  const std::vector<declared_category>& none = {});

/// Frontier-scale training: a measured throughput extrapolated to the full node count.
TRNCOST_DECL model frontier_training(const frontier_inputs& in,
                                     const std::vector<declared_category>& none = {});

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/archetypes.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_ARCHETYPES_HPP
