// The `batch_inference` component of a scenario file (docs/scenario.md): a batch of tokens
// generated offline (workload/batch_inference.hpp). Its keys, the rules across them (checked when
// the file is read) and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP
#define TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP

#include "../../workload/batch_inference.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

// Every figure of the batch may be `{ unknown = "why" }` (its lines unpriced, with the reason); the
// setup has an honest default when not given: none priced, said in the report as trncost's own.
inline constexpr std::array<scenario_key, 6> batch_inference_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true, {}, true},
    {"tokens", kt::input, true, {}, true},
    {"throughput", kt::input, true, {}, true},
    {"setup_seconds", kt::input, false, {}, true},
}};

/// Why a batch without a setup time is priced from its first token.
inline constexpr std::string_view batch_no_setup_default =
    "no setup time given: the batch is priced from its first token; give setup_seconds to price "
    "the time before it (launch, loading the weights)";

inline void batch_inference_add([[maybe_unused]] scenario_builder& sb, model& m,
                                const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  workload::batch_inference_inputs in{
      c.name,
      type,
      sb.instance_price(c, type),
      sb.maybe(c, "instances", units::instance),
      sb.maybe(c, "tokens", units::token),
      sb.maybe(c, "throughput", units::tokens_per_second_per_instance)};
  in.setup = sb.find(c, "setup_seconds") != nullptr
                 ? sb.maybe(c, "setup_seconds", units::second)
                 : input_of<quantity<units::second_t>>(
                       sourced(c.name + ".setup_seconds", make(units::second, 0),
                               provenance{tool_default{std::string(batch_no_setup_default)}}));
  (void)workload::add_batch_inference(m, in);
}

inline constexpr component_kind batch_inference_kind{
    "batch_inference", batch_inference_keys, {}, nullptr, &batch_inference_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP
