// The interruption figures a training workload of a scenario file may carry (continued_pretraining,
// frontier; each lists the three keys): interruptions_per_instance_hour, restart_seconds and
// work_lost_seconds, each measured or assumed, all three or none; priced as a failures component
// beside the workload (workload::interruptions). One place for the keys, their rule and how they
// are read.
#ifndef TRNCOST_SCENARIO_KINDS_INTERRUPTIONS_IPP
#define TRNCOST_SCENARIO_KINDS_INTERRUPTIONS_IPP

#include <optional>

#include "../../workload/common.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<std::string_view, 3> interruption_figures{
    "interruptions_per_instance_hour", "restart_seconds", "work_lost_seconds"};

/// All three figures or none; a missing one is named at the component's line.
inline void interruptions_rules(const scenario_parser& ps, const toml::table& t,
                                const std::string& path) {
  std::string given;
  for (const auto k : interruption_figures) {
    if (t.get(k) != nullptr) given += (given.empty() ? "" : ", ") + std::string(k);
  }
  if (given.empty()) return;
  for (const auto k : interruption_figures) {
    if (t.get(k) == nullptr) {
      ps.fail_at(ps.line_of(t), ps.join(path, k),
                 "is missing: a workload's interruptions are interruptions_per_instance_hour, "
                 "restart_seconds and work_lost_seconds together (given: " +
                     given + "), measured or assumed");
    }
  }
}

/// Whether the kind named `kind` takes the interruption figures itself (a training workload),
/// read off its keys in the registry (defined in registry.ipp, which includes every kind).
inline bool carries_interruptions(std::string_view kind);

/// The figures written in component `c`, or none.
inline std::optional<workload::interruptions> interruptions_of(scenario_builder& sb,
                                                               const scenario_component& c) {
  if (sb.find(c, "restart_seconds") == nullptr) return std::nullopt;
  return workload::interruptions{
      sb.input(c, "interruptions_per_instance_hour", units::interruptions_per_instance_hour),
      sb.input(c, "restart_seconds", units::seconds_per_interruption),
      sb.input(c, "work_lost_seconds", units::seconds_per_interruption)};
}

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_INTERRUPTIONS_IPP
