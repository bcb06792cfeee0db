// What every workload shares: demand rates and what they count, the service period from dates,
// and a component made from a build step (how a workload adds its lines and hands back its nodes).
#ifndef TRNCOST_WORKLOAD_COMMON_HPP
#define TRNCOST_WORKLOAD_COMMON_HPP

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../model/component.hpp"
#include "../model/components/instance_time.hpp"
#include "../model/inputs.hpp"
#include "../model/model.hpp"

namespace trncost::workload {

using fraction = quantity<units::dimensionless_t>;

/// A demand rate and what it counts: tokens/s counts tokens, requests/s requests.
template <class Rate>
struct rate_traits;
template <>
struct rate_traits<units::tokens_per_second_t> {
  using count_unit = units::token_t;
  using per_instance = units::tokens_per_second_per_instance_t;
  static constexpr work_kind served = work_kind::tokens_served;
};
template <>
struct rate_traits<units::requests_per_second_t> {
  using count_unit = units::request_t;
  using per_instance = units::requests_per_second_per_instance_t;
  static constexpr work_kind served = work_kind::requests_served;
};

/// A period of service given as dates: from `from` (inclusive, 00:00 UTC) to `to` (exclusive),
/// in hours, with the provenance of the plan that fixes it (an assumption, a signed order...).
/// 2027-01-01 to 2027-04-01 is 90 days, 2,160 h.
TRNCOST_DECL sourced<quantity<units::hour_t>> service_period(std::string name, date from, date to,
                                                             provenance why);

/// Interruptions of a training workload (hardware faults, spot reclaims, crashes that force a
/// restart), measured or assumed: how often, the restart, and the work lost since the last
/// checkpoint. A workload given them prices them as a failures component beside its instance time
/// (category failures_restarts, model/components/failures.hpp's formula):
///
///   interruptions = rate x instances x the workload's billed seconds
///   restarts      = interruptions x restart time x instances x price      (phase restarts)
///   failed work   = interruptions x work lost   x instances x price      (phase failed_work)
struct interruptions {
  sourced<quantity<units::interruptions_per_instance_hour_t>> rate;
  sourced<quantity<units::seconds_per_interruption_t>> restart_time;
  sourced<quantity<units::seconds_per_interruption_t>> work_lost;
};

namespace detail {

/// A cost component whose lines a build step adds (the step also keeps the nodes it made, so the
/// workload can hand them back).
template <class Build>
struct built_component {
  std::string name_;
  category category_;
  Build build_;
  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category_; }
  void build(component_builder& b) const { build_(b); }
};

template <class Build>
void add_built(model& m, std::string name, category c, Build build) {
  m.add(built_component<Build>{std::move(name), c, std::move(build)});
}

/// Instance-time lines of a job launched once: price x instances x each phase's seconds, and the
/// per-second billing minimum (60 s per launch, AWS's rule for Linux instances) as its own line:
/// max(minimum - total, 0) more seconds, as instance_time bills it.
TRNCOST_DECL void bill_phases(component_builder& b,
                              const node<units::usd_per_instance_hour_t>& price,
                              const node<units::instance_t>& instances,
                              const std::vector<std::pair<phase, node<units::second_t>>>& phases,
                              const std::string& on);

/// Adds the failures component "<name> interruptions" of a workload on `instances` x
/// `instance_type` at `price` whose instances run `exposed` seconds each (the interruptions
/// struct's formula), billed as the instance type's EC2 hours. Returns the wall-clock seconds the
/// interruptions add to the workload: interruptions x (restart time + work lost), each
/// interruption stopping the whole job.
TRNCOST_DECL node<units::second_t> add_interruptions(
    model& m, const std::string& name, const std::string& instance_type,
    const input_of<quantity<units::usd_per_instance_hour_t>>& price,
    const input_of<quantity<units::instance_t>>& instances, const node<units::second_t>& exposed,
    const interruptions& in);

/// Refuses a fraction outside (0, 1], naming the workload and the input.
TRNCOST_DECL void require_fraction(const sourced<fraction>& f, std::string_view workload,
                                   bool zero_allowed = false);
/// The same for an input that may be unknown (checked when known).
inline void require_fraction(const input_of<fraction>& f, std::string_view workload,
                             bool zero_allowed = false) {
  if (const auto* s = f.known()) require_fraction(*s, workload, zero_allowed);
}

/// States a workload's timeline (model::add_figure): the seconds each instance is billed and the
/// wall-clock seconds, the billed ones plus what interruptions add when it has them.
TRNCOST_DECL void add_timeline(model& m, const std::string& name,
                               const node<units::second_t>& billed,
                               const std::optional<node<units::second_t>>& interrupted);

}  // namespace detail
}  // namespace trncost::workload

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/common.ipp"
#endif

#endif  // TRNCOST_WORKLOAD_COMMON_HPP
