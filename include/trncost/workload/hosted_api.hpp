// Paying per token instead of hosting: a model called through a hosted API (Amazon Bedrock's
// on-demand inference), billed for every input token sent and every output token generated, at the
// same demand a self-hosted service states (docs/workloads.md, "A hosted API").
//
//   output tokens = average output demand x period            (the tokens served: the work)
//   input tokens  = output tokens x input tokens per output token
//   lines         = input tokens x input price,  output tokens x output price    (phase serving)
//
// Nothing is billed while no request is made, and there is no fleet to size: a peak demand sizes
// nothing here. Lines are billed by the service that prices the model (AmazonBedrock).
#ifndef TRNCOST_WORKLOAD_HOSTED_API_HPP
#define TRNCOST_WORKLOAD_HOSTED_API_HPP

#include <string>

#include "../config.hpp"
#include "common.hpp"

namespace trncost::workload {

/// What a hosted-API option needs, every figure sourced (or a price explicitly unknown).
struct hosted_api_inputs {
  std::string name;   ///< the component: "qwen3-32b-service"
  std::string model;  ///< the model as the price list names it: "Qwen3 32B"
  /// The AWS service that bills the tokens (its code: known_aws_services).
  std::string service = "AmazonBedrock";
  input_of<quantity<units::usd_per_million_tokens_t>> input_price;
  input_of<quantity<units::usd_per_million_tokens_t>> output_price;
  sourced<quantity<units::hour_t>> period;  ///< hours, or service_period(from, to)
  /// Output tokens per second, on average over the period (the demand a service states).
  sourced<quantity<units::tokens_per_second_t>> average_demand;
  /// Prompt tokens sent per output token generated (3 for prompts three times the answer).
  sourced<fraction> input_tokens_per_output_token;
};

/// The nodes a hosted API added to its model.
struct hosted_api_plan {
  node<units::token_t> input_tokens;   ///< output tokens x input tokens per output token
  node<units::token_t> output_tokens;  ///< average demand x period: the work delivered
};

/// Adds a hosted API to `m` (category compute, phase serving, billed by `in.service`) and says that
/// the model delivers the output tokens served. Throws input_error for an empty name or model, a
/// service trncost does not know, a negative price, a demand or period that is not positive, or a
/// negative input-to-output ratio.
TRNCOST_DECL hosted_api_plan add_hosted_api(model& m, const hosted_api_inputs& in);

}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/hosted_api.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_HOSTED_API_HPP
