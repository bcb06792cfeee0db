// The `continued_pretraining` component of a scenario file (docs/scenario.md): continued
// pre-training over a token budget, with its checkpoints (workload/continued_pretraining.hpp). Its
// keys, the rules across them (checked when the file is read) and the component it adds to a model,
// in one place; registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP
#define TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP

#include "../../workload/continued_pretraining.hpp"
#include "interruptions.ipp"
#include "kind.ipp"

namespace trncost::io::detail {

inline constexpr std::array<scenario_key, 12> continued_pretraining_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true},
    {"token_budget", kt::input, true},
    {"throughput", kt::input, true},
    {"checkpoint_interval_seconds", kt::input, false},
    {"checkpoint_interval_hours", kt::input, false},
    {"checkpoint_seconds", kt::input, true},
    {"setup_seconds", kt::input, false},
    // Interruptions over the job, measured or assumed (interruptions.ipp): all three or none.
    {"interruptions_per_instance_hour", kt::input, false},
    {"restart_seconds", kt::input, false},
    {"work_lost_seconds", kt::input, false},
}};

inline void continued_pretraining_rules([[maybe_unused]] const scenario_parser& ps,
                                        [[maybe_unused]] const toml::table& t,
                                        [[maybe_unused]] const std::string& path,
                                        [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"checkpoint_interval_seconds", "checkpoint_interval_hours"}, false,
            "the training time between checkpoints");
  interruptions_rules(ps, t, path);
}

inline void continued_pretraining_add([[maybe_unused]] scenario_builder& sb, model& m,
                                      const scenario_component& c,
                                      [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  workload::continued_pretraining_inputs in{c.name,
                                            type,
                                            sb.instance_price(c, type),
                                            sb.input(c, "instances", units::instance),
                                            sb.input(c, "token_budget", units::token),
                                            sb.input(c, "throughput", units::tokens_per_second),
                                            *sb.time(c, "checkpoint_interval"),
                                            sb.input(c, "checkpoint_seconds", units::second)};
  in.setup = sb.time(c, "setup");
  in.interrupted = interruptions_of(sb, c);
  (void)workload::add_continued_pretraining(m, in);
}

inline constexpr component_kind continued_pretraining_kind{"continued_pretraining",
                                                           continued_pretraining_keys,
                                                           {},
                                                           &continued_pretraining_rules,
                                                           &continued_pretraining_add};

}  // namespace trncost::io::detail

#endif  // TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP
