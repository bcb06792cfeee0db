// Batch inference: a fixed batch of tokens through instances at their measured throughput.
//
//   processing time = tokens to process / (instances x throughput per instance)   (phase batch inference)
//   billed          = instances x (setup + processing time), at least 60 s per launch
//   work delivered  = the tokens to process
#ifndef TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP
#define TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP

#include <optional>
#include <string>

#include "common.hpp"

namespace trncost::workload {

struct batch_inference_inputs {
  std::string name;           ///< the component: "nightly-summaries"
  std::string instance_type;  ///< "inf2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::instance_t>> instances;
  sourced<quantity<units::token_t>> tokens;  ///< tokens to process (prompt + output)
  /// What one instance processes at the batch's operating point (a benchmark).
  sourced<quantity<units::tokens_per_second_per_instance_t>> throughput_per_instance;
  std::optional<sourced<quantity<units::second_t>>> setup{};  ///< launch to first token
};

/// The nodes a batch added to its model.
struct batch_inference_plan {
  node<units::second_t> processing;  ///< tokens / (instances x throughput per instance)
  node<units::token_t> work;         ///< the tokens processed
};

/// Adds a batch inference job to `m` (category compute) and says it delivers the tokens processed.
inline batch_inference_plan add_batch_inference(model& m, const batch_inference_inputs& in) {
  const std::string& name = in.name;
  if (name.empty()) throw input_error("a batch inference workload needs a name");
  if (in.instance_type.empty()) throw input_error("workload '" + name + "': the instance type is empty");
  trncost::detail::require_non_negative(in.price, name);
  trncost::detail::require_positive(in.instances, name);
  trncost::detail::require_positive(in.tokens, name);
  trncost::detail::require_positive(in.throughput_per_instance, name);
  if (in.setup) trncost::detail::require_non_negative(*in.setup, name);
  std::optional<batch_inference_plan> plan;
  detail::add_built(m, name, category::compute, [&](component_builder& b) {
    const auto price = trncost::detail::add_input(b, in.price);
    const auto instances = b.input(in.instances);
    const auto tokens = b.input(in.tokens);
    const node<units::tokens_per_second_t> rate = instances * b.input(in.throughput_per_instance);
    const node<units::second_t> processing = tokens / rate;
    std::vector<std::pair<phase, node<units::second_t>>> phases;
    if (in.setup) phases.emplace_back(phase::setup, b.input(*in.setup));
    phases.emplace_back(phase::batch_inference, processing);
    detail::bill_phases(b, price, instances, phases,
                        " on " + in.instances.value().value().to_string() + " x " + in.instance_type);
    plan.emplace(batch_inference_plan{processing, tokens});
  });
  m.deliver(work_kind::tokens_processed, plan->work);
  return *plan;
}

}  // namespace trncost::workload

#endif  // TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP
