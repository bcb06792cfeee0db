// The `continued_pretraining` component of a scenario file (docs/scenario.md): continued
// pre-training over a token budget, with its checkpoints (workload/continued_pretraining.hpp). Its
// keys, the rules across them (checked when the file is read) and the component it adds to a model,
// in one place; registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP
#define TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP

#include "../../workload/continued_pretraining.hpp"
#include "interruptions.ipp"
#include "kind.ipp"

namespace trncost::scenario::detail {

// Every figure of the run may be `{ unknown = "why" }`: the lines it feeds are then unpriced, with
// the reason. The checkpoints and the setup have an honest default when not given (no time priced
// for them, said in the report as trncost's default); the interruptions have none: all three or
// none, and none prices no interruption (the failures category is then declared or priced apart).
inline constexpr std::array<scenario_key, 12> continued_pretraining_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true, {}, true},
    {"token_budget", kt::input, true, {}, true},
    {"throughput", kt::input, true, {}, true},
    {"checkpoint_interval_seconds", kt::input, false, {}, true},
    {"checkpoint_interval_hours", kt::input, false, {}, true},
    {"checkpoint_seconds", kt::input, false, {}, true},  // with the interval: both or neither
    {"setup_seconds", kt::input, false, {}, true},
    // Interruptions over the job, measured or assumed (interruptions.ipp): all three or none.
    {"interruptions_per_instance_hour", kt::input, false},
    {"restart_seconds", kt::input, false},
    {"work_lost_seconds", kt::input, false},
}};

/// Why a run without a checkpoint interval is priced without checkpoint time (trncost's default,
/// written in the report with the input).
inline constexpr std::string_view no_checkpoint_default =
    "no checkpoint interval given: the run is priced without checkpoint time; give "
    "checkpoint_interval_hours and checkpoint_seconds to price it";
/// Why a run without a setup time is priced from its first training step.
inline constexpr std::string_view no_setup_default =
    "no setup time given: the run is priced from its first training step; give setup_seconds "
    "to price the time before it (launch, loading, compilation)";

inline void continued_pretraining_rules([[maybe_unused]] const scenario_parser& ps,
                                        [[maybe_unused]] const toml::table& t,
                                        [[maybe_unused]] const std::string& path,
                                        [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"checkpoint_interval_seconds", "checkpoint_interval_hours"}, true,
            "the training time between checkpoints");
  const bool interval = t.get("checkpoint_interval_seconds") != nullptr ||
                        t.get("checkpoint_interval_hours") != nullptr;
  const bool each = t.get("checkpoint_seconds") != nullptr;
  if (interval && !each) {
    ps.fail_at(ps.line_of(t), ps.join(path, "checkpoint_seconds"),
               "is missing: checkpoints at an interval are priced at the time each one holds the "
               "cluster; write checkpoint_seconds (or { unknown = \"why\" }), or leave the "
               "interval out to price the run without checkpoint time");
  }
  if (each && !interval) {
    ps.fail_at(ps.line_of(*t.get("checkpoint_seconds")), ps.join(path, "checkpoint_seconds"),
               "is given without checkpoint_interval_hours (or checkpoint_interval_seconds): one "
               "checkpoint's time is priced once per interval of training; write the interval "
               "(or { unknown = \"why\" }), or leave both out to price the run without "
               "checkpoint time");
  }
  interruptions_rules(ps, t, path);
}

/// A time written as `<base>_seconds` or `<base>_hours` (hours converted exactly), either of which
/// may be unknown; none when neither is written.
inline std::optional<input_of<quantity<units::second_t>>> maybe_time(const scenario_builder& sb,
                                                                     const scenario_component& c,
                                                                     const std::string& base) {
  if (sb.find(c, base + "_seconds") != nullptr)
    return sb.maybe(c, base + "_seconds", units::second);
  if (const scenario_value* h = sb.find(c, base + "_hours")) {
    if (h->unknown) return unknown_input{c.name + "." + base + "_hours", *h->unknown};
    return convert<units::second_t>(c.name + "." + base + "_seconds",
                                    sb.input(c, base + "_hours", units::hour));
  }
  return std::nullopt;
}

inline void continued_pretraining_add([[maybe_unused]] scenario_builder& sb, model& m,
                                      const scenario_component& c,
                                      [[maybe_unused]] std::size_t index) {
  const std::string& type = c.text.at("instance_type");
  auto interval = maybe_time(sb, c, "checkpoint_interval");
  input_of<quantity<units::second_t>> each =
      interval ? sb.maybe(c, "checkpoint_seconds", units::second)
               : input_of<quantity<units::second_t>>(
                     sourced(c.name + ".checkpoint_seconds", make(units::second, 0),
                             provenance{tool_default{std::string(no_checkpoint_default)}}));
  workload::continued_pretraining_inputs in{c.name,
                                            type,
                                            sb.instance_price(c, type),
                                            sb.maybe(c, "instances", units::instance),
                                            sb.maybe(c, "token_budget", units::token),
                                            sb.maybe(c, "throughput", units::tokens_per_second),
                                            std::move(interval),
                                            std::move(each)};
  in.setup = sb.find(c, "setup_seconds") != nullptr
                 ? sb.maybe(c, "setup_seconds", units::second)
                 : input_of<quantity<units::second_t>>(
                       sourced(c.name + ".setup_seconds", make(units::second, 0),
                               provenance{tool_default{std::string(no_setup_default)}}));
  in.interrupted = interruptions_of(sb, c);
  (void)workload::add_continued_pretraining(m, in);
}

inline constexpr component_kind continued_pretraining_kind{"continued_pretraining",
                                                           continued_pretraining_keys,
                                                           {},
                                                           &continued_pretraining_rules,
                                                           &continued_pretraining_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_CONTINUED_PRETRAINING_IPP
