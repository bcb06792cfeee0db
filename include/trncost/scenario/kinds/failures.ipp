// The `failures` component of a scenario file (docs/scenario.md): interruptions of an
// instance_time: the work lost and the restarts, from run logs or written
// (model/components/failures.hpp). Its keys, the rules across them (checked when the file is read)
// and the component it adds to a model, in one place; registered by one line of
// scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_FAILURES_IPP
#define TRNCOST_SCENARIO_KINDS_FAILURES_IPP

#include "../../model/components/failures.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 5> failures_keys{{
    {"instance_time", kt::text, true},
    {"runs", kt::files, false},
    // The figures themselves, measured or assumed, instead of run logs: all three or none.
    {"interruptions_per_instance_hour", kt::input, false},
    {"restart_seconds", kt::input, false},
    {"work_lost_seconds", kt::input, false},
}};

inline void failures_rules([[maybe_unused]] const scenario_parser& ps,
                           [[maybe_unused]] const toml::table& t,
                           [[maybe_unused]] const std::string& path,
                           [[maybe_unused]] scenario_component& c) {
  // The interruption figures written inline (measured or assumed) or read from run logs:
  // all three, or none and the logs.
  constexpr std::string_view figures[] = {"interruptions_per_instance_hour", "restart_seconds",
                                          "work_lost_seconds"};
  std::string given;
  std::string missing;
  for (const auto k : figures) {
    std::string& list = c.values.count(std::string(k)) != 0 ? given : missing;
    if (!list.empty()) list += ", ";
    list += k;
  }
  // The rate alone may be left out: a spot instance_time with purchase.advisor gives it
  // (checked when the model is built, where the instance_time is known).
  if (!given.empty() && !missing.empty() && missing != "interruptions_per_instance_hour") {
    ps.fail_at(c.line, ps.join(path, std::string(missing.substr(0, missing.find(',')))),
               "is missing: a failures component gives interruptions_per_instance_hour, "
               "restart_seconds and work_lost_seconds together (given: " +
                   given + "), or none of them and reads them from run logs");
  }
  if (!given.empty() && t.get("runs") != nullptr) {
    ps.fail_at(c.line, ps.join(path, "runs"),
               "is given with the interruption figures: a failures component takes them "
               "written (interruptions_per_instance_hour, restart_seconds, work_lost_seconds) "
               "or from run logs, not both");
  }
}

inline void failures_add([[maybe_unused]] scenario_builder& sb, model& m,
                         const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const std::string& of = c.text.at("instance_time");
  const auto j = sb.jobs_.find(of);
  if (j == sb.jobs_.end()) {
    for (const auto& other : sb.s_.components) {
      if (other.name == of && other.kind != "failures" && carries_interruptions(other.kind)) {
        throw input_error("instance_time: \"" + of + "\" is a " + other.kind +
                          " workload, not an instance_time: write its interruptions in it "
                          "(interruptions_per_instance_hour, restart_seconds, "
                          "work_lost_seconds) instead of a failures component");
      }
    }
    throw input_error("instance_time: no instance_time component named \"" + of +
                      "\" comes before this one");
  }
  if (j->second.capacity_block) {
    throw input_error("instance_time: \"" + of +
                      "\" is billed as a Capacity Block, whose fee "
                      "already pays for the reserved time restarts would use (its unused "
                      "time is a line); declare failures_restarts none, saying so");
  }
  const std::string& type = j->second.instance_type;
  if (sb.find(c, "restart_seconds") != nullptr) {
    // Written inline, measured or assumed (their provenance says which): no run log. The
    // rate, when not written, is the spot market's (the advisor's bucket, an assumption).
    if (sb.find(c, "interruptions_per_instance_hour") == nullptr && !j->second.spot_interruptions) {
      throw input_error(
          "interruptions_per_instance_hour: is missing: a failures component gives "
          "interruptions_per_instance_hour, restart_seconds and work_lost_seconds together, "
          "or leaves the rate to the Spot Instance Advisor when its instance_time \"" +
          of + "\" is bought as spot with purchase.advisor");
    }
    m.add(failures(
        c.name, type, j->second.count, j->second.price,
        sb.find(c, "interruptions_per_instance_hour") != nullptr
            ? sb.input(c, "interruptions_per_instance_hour", units::interruptions_per_instance_hour)
            : *j->second.spot_interruptions,
        j->second.exposure, sb.input(c, "restart_seconds", units::seconds_per_interruption),
        sb.input(c, "work_lost_seconds", units::seconds_per_interruption)));
    return;
  }
  const auto logged =
      c.runs.empty() ? sb.runs(c) : sb.read_runs(c.runs, c.runs_line, c.path + ".runs");
  const auto fed = measure::feed_model<units::tokens_per_second_t>(logged);
  if (!fed.restart_time || !fed.work_lost) {
    throw input_error(
        "the run logs record no interruption: no restart time or work lost "
        "(give runs that saw one, or declare the category none)");
  }
  // Runs of another instance type stand in for this one: an assumption, said as one
  // (docs/scenario.md, failures), never a measurement of this type.
  if (!logged.empty() && logged.front().instance_type != type) {
    m.add(failures(c.name, type, j->second.count, j->second.price,
                   measure::assumed_on(fed.interruption_rate, type), j->second.exposure,
                   measure::assumed_on(*fed.restart_time, type),
                   measure::assumed_on(*fed.work_lost, type)));
    return;
  }
  sb.archive(m, logged);
  m.add(failures(c.name, type, j->second.count, j->second.price, fed.interruption_rate,
                 j->second.exposure, *fed.restart_time, *fed.work_lost));
}

inline constexpr component_kind failures_kind{
    "failures", failures_keys, {}, &failures_rules, &failures_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_FAILURES_IPP
