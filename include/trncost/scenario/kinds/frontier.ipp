// The `frontier` component of a scenario file (docs/scenario.md): frontier-scale training
// extrapolated from a reference cluster (workload/training.hpp). Its keys, the rules across them
// (checked when the file is read) and the component it adds to a model, in one place; registered by
// one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_FRONTIER_IPP
#define TRNCOST_SCENARIO_KINDS_FRONTIER_IPP

#include "../../workload/training.hpp"
#include "kind.ipp"

namespace trncost::io::detail {

inline constexpr std::array<scenario_key, 7> frontier_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"reference_nodes", kt::input, true},
    {"reference_throughput", kt::input, true},  // token/s of the whole reference cluster
    {"nodes", kt::input, true},
    {"scaling_efficiency", kt::input, true},
    {"token_budget", kt::input, true},
}};

inline void frontier_add([[maybe_unused]] scenario_builder& sb, model& m,
                         const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  (void)workload::add_frontier_training(
      m, workload::frontier_inputs{c.name, type, sb.instance_price(c, type),
                                   sb.input(c, "reference_nodes", units::instance),
                                   sb.input(c, "reference_throughput", units::tokens_per_second),
                                   sb.input(c, "nodes", units::instance),
                                   sb.input(c, "scaling_efficiency", units::dimensionless),
                                   sb.input(c, "token_budget", units::token)});
}

inline constexpr component_kind frontier_kind{
    "frontier", frontier_keys, {}, nullptr, &frontier_add};

}  // namespace trncost::io::detail

#endif  // TRNCOST_SCENARIO_KINDS_FRONTIER_IPP
