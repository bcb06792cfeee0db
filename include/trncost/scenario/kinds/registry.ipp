// The component kinds of the scenario file: one line per kind, each defined in its own file of this
// folder (docs/architecture.md, "Adding a component kind"). Their order is the documentation's and
// the one error messages list them in. Part of scenario/impl/scenario.ipp, included after the
// parser and the builder it extends.
#ifndef TRNCOST_SCENARIO_KINDS_REGISTRY_IPP
#define TRNCOST_SCENARIO_KINDS_REGISTRY_IPP

#include "autoscaled_serving.ipp"
#include "batch_inference.ipp"
#include "block_storage.ipp"
#include "compilation.ipp"
#include "continued_pretraining.ipp"
#include "data_preparation.ipp"
#include "data_transfer.ipp"
#include "failures.ipp"
#include "frontier.ipp"
#include "hosted_api.ipp"
#include "instance_time.ipp"
#include "logging.ipp"
#include "object_storage.ipp"
#include "serving.ipp"
#include "sweep.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<const component_kind*, 15> component_kinds{
    &instance_time_kind,
    &failures_kind,
    &block_storage_kind,
    &object_storage_kind,
    &logging_kind,
    &data_transfer_kind,
    &data_preparation_kind,
    &serving_kind,
    &sweep_kind,
    &continued_pretraining_kind,
    &batch_inference_kind,
    &autoscaled_serving_kind,
    &frontier_kind,
    &hosted_api_kind,
    &compilation_kind,
};

inline bool carries_interruptions(std::string_view kind) {
  for (const component_kind* k : component_kinds) {
    if (k->name != kind) continue;
    for (const auto& key : k->keys) {
      if (key.name == interruption_figures[0]) return true;
    }
  }
  return false;
}

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_REGISTRY_IPP
