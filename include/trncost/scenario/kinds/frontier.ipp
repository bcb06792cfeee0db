// The `frontier` component of a scenario file (docs/scenario.md): frontier-scale training,
// extrapolated from a reference cluster or sized from its compute (6 x parameters x tokens at an
// MFU of the catalog's peak; workload/training.hpp). Its keys, the rules across them (checked when
// the file is read) and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_FRONTIER_IPP
#define TRNCOST_SCENARIO_KINDS_FRONTIER_IPP

#include "../../workload/training.hpp"
#include "interruptions.ipp"
#include "kind.ipp"
#include "peak.ipp"

namespace trncost::scenario::detail {

// Every figure of the run may be `{ unknown = "why" }` (the lines it feeds unpriced, with the
// reason), but the interruptions: all three or none, and none prices no interruption.
inline constexpr std::array<scenario_key, 13> frontier_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"nodes", kt::input, true, {}, true},
    {"token_budget", kt::input, true, {}, true},
    // Extrapolated from a reference cluster...
    {"reference_nodes", kt::input, false, {}, true},
    {"reference_throughput", kt::input, false, {}, true},  // token/s of the whole reference cluster
    {"scaling_efficiency", kt::input, false, {}, true},
    // ... or sized from its compute, at the catalog's dense peak of the instance type.
    {"parameters", kt::input, false, {}, true},
    {"mfu", kt::input, false, {}, true},
    {"precision", kt::text, false},  // "bf16" (the default) or "fp8"
    // Interruptions over the training, measured or assumed (interruptions.ipp): all three or none.
    {"interruptions_per_instance_hour", kt::input, false},
    {"restart_seconds", kt::input, false},
    {"work_lost_seconds", kt::input, false},
}};

inline void frontier_rules([[maybe_unused]] const scenario_parser& ps,
                           [[maybe_unused]] const toml::table& t,
                           [[maybe_unused]] const std::string& path,
                           [[maybe_unused]] scenario_component& c) {
  static constexpr std::string_view extrapolated[] = {"reference_nodes", "reference_throughput",
                                                      "scaling_efficiency"};
  static constexpr std::string_view from_compute[] = {"parameters", "mfu"};
  const auto given = [&](std::span<const std::string_view> keys) {
    for (const auto k : keys) {
      if (t.get(k) != nullptr) return true;
    }
    return false;
  };
  const bool by_reference = given(extrapolated);
  const bool by_compute = given(from_compute) || t.get("precision") != nullptr;
  if (by_reference && by_compute) {
    const std::string_view k = t.get("parameters") != nullptr ? "parameters"
                               : t.get("mfu") != nullptr      ? "mfu"
                                                              : "precision";
    ps.fail_at(ps.line_of(*t.get(k)), ps.join(path, k),
               "is given with the reference cluster's figures: a frontier run is extrapolated "
               "from a reference cluster (reference_nodes, reference_throughput, "
               "scaling_efficiency) or sized from its compute (parameters, mfu), not both");
  }
  const auto require_all = [&](std::span<const std::string_view> keys, std::string_view how) {
    for (const auto k : keys) {
      if (t.get(k) == nullptr) {
        ps.fail_at(ps.line_of(t), ps.join(path, k), "is missing: " + std::string(how));
      }
    }
  };
  interruptions_rules(ps, t, path);
  if (by_compute) {
    require_all(from_compute,
                "a frontier run sized from its compute gives parameters (6 x parameters x tokens "
                "FLOP) and mfu (the share of the catalog's peak it achieves)");
    precision_rule(ps, t, path);
  } else {
    require_all(extrapolated,
                "a frontier run is extrapolated from a reference cluster (reference_nodes, "
                "reference_throughput, scaling_efficiency) or sized from its compute "
                "(parameters, mfu)");
  }
}

inline void frontier_add([[maybe_unused]] scenario_builder& sb, model& m,
                         const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  if (sb.find(c, "parameters") != nullptr) {
    (void)workload::add_frontier_from_compute(
        m, workload::frontier_compute_inputs{
               c.name, type, sb.instance_price(c, type), sb.maybe(c, "nodes", units::instance),
               sb.maybe(c, "parameters", units::dimensionless),
               sb.maybe(c, "token_budget", units::token), sb.maybe(c, "mfu", units::dimensionless),
               catalog_peak(c, type), workload::six_flops_per_parameter_token(),
               interruptions_of(sb, c)});
    return;
  }
  (void)workload::add_frontier_training(
      m, workload::frontier_inputs{c.name, type, sb.instance_price(c, type),
                                   sb.maybe(c, "reference_nodes", units::instance),
                                   sb.maybe(c, "reference_throughput", units::tokens_per_second),
                                   sb.maybe(c, "nodes", units::instance),
                                   sb.maybe(c, "scaling_efficiency", units::dimensionless),
                                   sb.maybe(c, "token_budget", units::token),
                                   interruptions_of(sb, c)});
}

inline constexpr component_kind frontier_kind{
    "frontier", frontier_keys, {}, &frontier_rules, &frontier_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_FRONTIER_IPP
