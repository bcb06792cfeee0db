// The `batch_inference` component of a scenario file (docs/scenario.md): a batch of tokens
// generated offline (workload/batch_inference.hpp). Its keys, the rules across them (checked when
// the file is read) and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP
#define TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP

#include "../../workload/batch_inference.hpp"
#include "kind.ipp"

namespace trncost::io::detail {

inline constexpr std::array<scenario_key, 6> batch_inference_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true},
    {"tokens", kt::input, true},
    {"throughput", kt::input, true},
    {"setup_seconds", kt::input, false},
}};

inline void batch_inference_add([[maybe_unused]] scenario_builder& sb, model& m,
                                const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  workload::batch_inference_inputs in{
      c.name,
      type,
      sb.instance_price(c, type),
      sb.input(c, "instances", units::instance),
      sb.input(c, "tokens", units::token),
      sb.input(c, "throughput", units::tokens_per_second_per_instance)};
  in.setup = sb.time(c, "setup");
  (void)workload::add_batch_inference(m, in);
}

inline constexpr component_kind batch_inference_kind{
    "batch_inference", batch_inference_keys, {}, nullptr, &batch_inference_add};

}  // namespace trncost::io::detail

#endif  // TRNCOST_SCENARIO_KINDS_BATCH_INFERENCE_IPP
