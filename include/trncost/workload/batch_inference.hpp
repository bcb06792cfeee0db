// Batch inference: a fixed batch of tokens through instances at their measured throughput.
//
//   processing time = tokens to process / (instances x throughput per instance)   (phase batch
//   inference) billed          = instances x (setup + processing time), at least 60 s per launch
//   work delivered  = the tokens to process
// Any input may be unknown: the lines it feeds are unpriced, with its reason.
#ifndef TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP
#define TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP

#include <optional>
#include <string>

#include "../config.hpp"
#include "common.hpp"

namespace trncost::workload {

struct batch_inference_inputs {
  std::string name;           ///< the component: "nightly-summaries"
  std::string instance_type;  ///< "inf2.48xlarge"
  input_of<quantity<units::usd_per_instance_hour_t>> price;
  input_of<quantity<units::instance_t>> instances;
  input_of<quantity<units::token_t>> tokens;  ///< tokens to process (prompt + output)
  /// What one instance processes at the batch's operating point (a benchmark).
  input_of<quantity<units::tokens_per_second_per_instance_t>> throughput_per_instance;
  std::optional<input_of<quantity<units::second_t>>> setup{};  ///< launch to first token
};

/// The nodes a batch added to its model.
struct batch_inference_plan {
  node<units::second_t> processing;  ///< tokens / (instances x throughput per instance)
  node<units::token_t> work;         ///< the tokens processed
};

/// Adds a batch inference job to `m` (category compute) and says it delivers the tokens processed.
TRNCOST_DECL batch_inference_plan add_batch_inference(model& m, const batch_inference_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/batch_inference.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_BATCH_INFERENCE_HPP
