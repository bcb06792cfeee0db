// The `sweep` component of a scenario file (docs/scenario.md): a hyper-parameter sweep in waves of
// parallel trials (workload/sweep.hpp). Its keys, the rules across them (checked when the file is
// read) and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_SWEEP_IPP
#define TRNCOST_SCENARIO_KINDS_SWEEP_IPP

#include "../../workload/sweep.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 15> sweep_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"trials", kt::input, true},
    {"trial_seconds", kt::input, false},
    {"trial_hours", kt::input, false},
    {"instances_per_trial", kt::input, true},
    {"parallel_trials", kt::input, true},
    {"stopped_early", kt::input, true},
    {"stopped_trial_run", kt::input, false},  // required when stopped_early is above 0
    {"cluster_kept_up", kt::flag, false},
    {"rerun_instances", kt::input, false},
    {"rerun_seconds", kt::input, false},
    {"rerun_hours", kt::input, false},
    {"wave_gap_seconds", kt::input, false},  // the cluster kept up between waves
    {"wave_gap_hours", kt::input, false},
}};

inline void sweep_rules([[maybe_unused]] const scenario_parser& ps,
                        [[maybe_unused]] const toml::table& t,
                        [[maybe_unused]] const std::string& path,
                        [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"trial_seconds", "trial_hours"}, false, "the time of a full trial");
  ps.one_of(t, path, {"wave_gap_seconds", "wave_gap_hours"}, true,
            "the time the cluster waits between two waves");
  ps.one_of(t, path, {"rerun_seconds", "rerun_hours"}, true, "the winner's re-run");
  if ((t.get("rerun_instances") != nullptr) !=
      (t.get("rerun_seconds") != nullptr || t.get("rerun_hours") != nullptr)) {
    ps.fail_at(ps.line_of(t), ps.join(path, "rerun_instances"),
               "the winner's re-run needs both rerun_instances and rerun_seconds (or "
               "rerun_hours); write both or neither");
  }
}

inline void sweep_add([[maybe_unused]] scenario_builder& sb, model& m, const scenario_component& c,
                      [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  workload::sweep_inputs in{c.name,
                            type,
                            sb.instance_price(c, type),
                            sb.input(c, "trials", units::job),
                            *sb.time(c, "trial"),
                            sb.input(c, "instances_per_trial", units::instances_per_job),
                            sb.input(c, "parallel_trials", units::job),
                            sb.input(c, "stopped_early", units::dimensionless),
                            std::nullopt};
  if (sb.find(c, "stopped_trial_run") != nullptr) {
    in.stopped_trial_run = sb.input(c, "stopped_trial_run", units::dimensionless);
  }
  in.wave_gap = sb.time(c, "wave_gap");
  if (const auto f = c.flags.find("cluster_kept_up"); f != c.flags.end()) {
    in.cluster_kept_up = f->second;
  }
  if (sb.find(c, "rerun_instances") != nullptr) {
    in.rerun_instances = sb.input(c, "rerun_instances", units::instance);
    in.rerun_time = sb.time(c, "rerun");
  }
  (void)workload::add_sweep(m, in);
}

inline constexpr component_kind sweep_kind{"sweep", sweep_keys, {}, &sweep_rules, &sweep_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_SWEEP_IPP
