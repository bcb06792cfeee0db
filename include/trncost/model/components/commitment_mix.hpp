// A commitment mix for a base load: a commitment (reserved instances, or a Savings Plan's USD per
// hour) covers the instances running each hour up to its size, on-demand instances run above it,
// and the hours the commitment is paid for but not used are a line of their own. Demand is given as
// levels (so many instances for so many hours), so a flat base with a peak is two levels.
#ifndef TRNCOST_MODEL_COMPONENTS_COMMITMENT_MIX_HPP
#define TRNCOST_MODEL_COMPONENTS_COMMITMENT_MIX_HPP

#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "../inputs.hpp"

namespace trncost {

/// So many instances running for so many hours (hours need not be contiguous: "4 instances for
/// the 120 peak hours of the month").
struct demand_level {
  sourced<quantity<units::instance_t>> instances;
  sourced<quantity<units::hour_t>> hours;
};

/// A flat base with a peak over a period: `peak` instances for `peak_hours`, `base` instances for
/// the rest of `period` (period - peak_hours, derived). Throws input_error when the peak is longer
/// than the period or lower than the base.
TRNCOST_DECL std::vector<demand_level> base_and_peak(sourced<quantity<units::instance_t>> base,
                                                     sourced<quantity<units::instance_t>> peak,
                                                     const sourced<quantity<units::hour_t>>& period,
                                                     sourced<quantity<units::hour_t>> peak_hours);

/// A commitment covering a base load, on-demand above it, and the commitment's unused hours,
/// each a compute line:
///
/// - "committed use": commitment rate x sum over levels of min(instances, covered) x hours;
/// - "on-demand above the commitment": on-demand rate x sum of (instances - min(instances,
///   covered)) x hours;
/// - "unused commitment": commitment rate x sum of (covered - min(instances, covered)) x hours;
/// - with a term longer than the demand's hours, "commitment term after the demand": commitment
///   rate x covered x (term - demand hours).
///
/// `covered` is the reserved instance count, or for a Savings Plan the USD-per-hour commitment over
/// the plan's rate for the instance type (the instances per hour the commitment pays for, possibly
/// fractional: the rest of an instance-hour is on-demand). A commitment applies hour by hour: an
/// unused hour is not carried to a busier one. Reserved instances bought with an upfront fee add
/// the line "upfront fees" = fee x reserved (with_upfront). See docs/prices.md#commitment-mix.
class commitment_mix {
 public:
  /// `reserved` instances (a whole number) at `reserved_rate`, the rest at `on_demand_rate`.
  static commitment_mix reserved_instances(
      std::string name, std::string instance_type, std::vector<demand_level> demand,
      sourced<quantity<units::instance_t>> reserved,
      sourced<quantity<units::usd_per_instance_hour_t>> reserved_rate,
      sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate);

  /// A Savings Plan of `commitment` USD per hour, applied at `plan_rate` (the plan's rate for the
  /// instance type, from the Savings Plans file), the rest at `on_demand_rate`.
  static commitment_mix savings_plan(
      std::string name, std::string instance_type, std::vector<demand_level> demand,
      sourced<quantity<units::usd_per_hour_t>> commitment,
      sourced<quantity<units::usd_per_instance_hour_t>> plan_rate,
      sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate);

  /// The commitment's term (8,760 h for one year), when it runs beyond the demand's hours: the
  /// hours after the demand are paid and unused. Throws input_error for a term shorter than the
  /// demand.
  commitment_mix& with_term(sourced<quantity<units::hour_t>> term);

  /// Reserved instances bought Partial or All Upfront: the upfront fee of one reserved instance
  /// (the offer file's "Upfront Fee" line, pricing::ec2_reserved().upfront), paid for each, a line
  /// of its own. Throws input_error for a Savings Plan (its upfront payment is not modelled: use
  /// the No Upfront rate).
  commitment_mix& with_upfront(sourced<money> fee_per_instance);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::compute; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    const auto rate = b.input(rate_);
    const auto on_demand = b.input(on_demand_rate_);
    const node<units::instance_t> covered =
        reserved_ ? b.input(*reserved_) : convert<units::instance_t>(b.input(*commitment_) / rate);
    std::optional<node<units::instance_hour_t>> used;
    std::optional<node<units::instance_hour_t>> above;
    std::optional<node<units::instance_hour_t>> idle;
    std::optional<node<units::hour_t>> demand_hours;
    for (const auto& l : demand_) {
      const auto running = b.input(l.instances);
      const auto hours = b.input(l.hours);
      const auto in_commitment = min(running, covered);
      const auto u = in_commitment * hours;
      const auto a = (running - in_commitment) * hours;
      const auto i = (covered - in_commitment) * hours;
      used = used ? *used + u : u;
      above = above ? *above + a : a;
      idle = idle ? *idle + i : i;
      demand_hours = demand_hours ? *demand_hours + hours : hours;
    }
    const std::string kind = reserved_ ? "reserved instances" : "Savings Plan";
    const std::string on = " on " + instance_type_;
    const purchase_option committed =
        reserved_ ? purchase_option::reserved : purchase_option::savings_plan;
    const line_identity as_committed = detail::ec2_instance_identity(instance_type_, committed);
    b.bills(as_committed);
    b.line({std::nullopt, "committed use (" + kind + ")" + on}, rate, *used);
    b.line({std::nullopt, "on-demand above the commitment" + on,
            detail::ec2_instance_identity(instance_type_, purchase_option::on_demand)},
           on_demand, *above);
    b.line({std::nullopt, "unused commitment (" + kind + ")" + on}, rate, *idle);
    if (upfront_) {
      // The fee is per reserved instance (the offer file prices the Upfront Fee line per
      // "Quantity", one reservation): fee / 1 instance, with the fee's own provenance.
      const auto per = b.rule_constant("instances_per_upfront_fee", make(units::instance, 1),
                                       upfront_->origin());
      b.line({std::nullopt, "upfront fees (" + kind + ")" + on}, b.input(*upfront_) / per,
             b.input(*reserved_));
    }
    if (term_) {
      const auto term = b.input(*term_);
      b.line({std::nullopt, "commitment term after the demand, unused (" + kind + ")" + on}, rate,
             covered * (term - *demand_hours));
    }
  }

 private:
  commitment_mix(std::string name, std::string instance_type, std::vector<demand_level> demand,
                 sourced<quantity<units::usd_per_instance_hour_t>> rate,
                 sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate);

  void require_whole(const decimal& v, const std::string& input) const;

  std::string name_;
  std::string instance_type_;
  std::vector<demand_level> demand_;
  sourced<quantity<units::usd_per_instance_hour_t>> rate_;
  sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate_;
  std::optional<sourced<quantity<units::instance_t>>> reserved_{};
  std::optional<sourced<quantity<units::usd_per_hour_t>>> commitment_{};
  std::optional<sourced<quantity<units::hour_t>>> term_{};
  std::optional<sourced<money>> upfront_{};
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/commitment_mix.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_COMMITMENT_MIX_HPP
