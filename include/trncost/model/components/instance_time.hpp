// Instance time: instances x billed time by phase, under a billing rule (per second with a
// 60-second minimum per launch, per hour, or a Capacity Block's upfront fee). Each phase is its own
// line.
#ifndef TRNCOST_MODEL_COMPONENTS_INSTANCE_TIME_HPP
#define TRNCOST_MODEL_COMPONENTS_INSTANCE_TIME_HPP

#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "../inputs.hpp"

namespace trncost {

/// The time one phase of a job kept the instances up (measured, in seconds).
struct phase_time {
  trncost::phase ph;
  sourced<quantity<units::second_t>> duration;
};

/// How AWS turns instance time into billed time.
struct billing_rule {
  enum class kind { per_second, per_hour, capacity_block };
  kind how = kind::per_second;
  /// per_second: the minimum billed per launch (60 s for Linux On-Demand, Spot and Reserved).
  quantity<units::second_t> minimum = seconds(60);
  /// Where the rule is written.
  provenance source = documented{
      "Amazon EC2 pricing: per-second billing, 60-second minimum "
      "(Linux)",
      date{2026, 11, 30}};
  /// capacity_block: the upfront fee for the whole block, and the block's length.
  std::optional<sourced<money>> block_fee{};
  std::optional<sourced<quantity<units::hour_t>>> block_duration{};

  /// Per-second billing with a 60-second minimum per launch (Linux On-Demand, Spot, Reserved).
  static billing_rule per_second() { return billing_rule{}; }
  /// Whole hours per launch (a partial hour is billed as a full one).
  static billing_rule per_hour();
  /// A Capacity Block for ML: an upfront fee for `duration` of the component's instances, paid
  /// whether used or not. Phases are priced at the fee's effective rate and the unused reserved
  /// time is a line of its own.
  static billing_rule capacity_block(sourced<money> fee, sourced<quantity<units::hour_t>> duration);
};

/// Instances over billed time: `count` instances of `instance_type` at `price` per instance-hour,
/// with one line per phase and the billing rule's own line (the minimum, the rounding to hours, or
/// the reserved-but-unused time of a Capacity Block).
class instance_time {
 public:
  instance_time(std::string name, std::string instance_type,
                input_of<quantity<units::instance_t>> count,
                input_of<quantity<units::usd_per_instance_hour_t>> price,
                std::vector<phase_time> phases, billing_rule rule = billing_rule::per_second());

  /// Refused with one sentence (the one of assigning the two prices): a price in another unit than
  /// USD per instance-hour, such as a storage price per GiB-month or a per-chip-hour price.
  template <exact_quantity Price>
  requires(!std::same_as<Price, quantity<units::usd_per_instance_hour_t>>)
      instance_time(std::string name, std::string instance_type,
                    input_of<quantity<units::instance_t>> count, const sourced<Price>&,
                    std::vector<phase_time> phases, billing_rule rule = billing_rule::per_second())
      : instance_time(std::move(name), std::move(instance_type), std::move(count), unknown_input{},
                      std::move(phases), std::move(rule)) {
    trncost::detail::refuse_unit_assignment<trncost::detail::classify_unit_mix<
        typename Price::unit_type, units::usd_per_instance_hour_t>()>();
  }

  /// Launches of the instances (1 + restarts); the per-second minimum applies to each.
  instance_time& with_launches(sourced<quantity<units::dimensionless_t>> launches);

  /// How the instances are bought (on-demand unless said; a Capacity Block billing rule says
  /// capacity_block itself): part of every line's identity, which the price's quote must match
  /// (docs/model.md#identity-consistent). Throws input_error for an option the billing rule
  /// contradicts.
  instance_time& bought_as(purchase_option option);
  [[nodiscard]] purchase_option purchase() const noexcept { return purchase_; }
  [[nodiscard]] const std::string& instance_type() const noexcept { return instance_type_; }

  /// What the component's lines are: instance hours of its type under AmazonEC2.
  [[nodiscard]] line_identity identity() const;

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::compute; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    b.bills(identity());
    const auto count = detail::add_input(b, count_);
    const std::string on = " on " + detail::value_or_name(count_) + " x " + instance_type_;
    // Billed time of every phase, and their sum (the time of the launch).
    std::vector<node<units::second_t>> durations;
    for (const auto& p : phases_) durations.push_back(b.input(p.duration));
    node<units::second_t> total = durations.front();
    for (std::size_t i = 1; i < durations.size(); ++i) total = total + durations[i];
    // Its timeline: one launch's phases, billed and wall clock alike (model::add_figure).
    b.target().add_figure(name_, std::string(figure_billed_time), total);
    b.target().add_figure(name_, std::string(figure_wall_clock_time), total);

    if (rule_.how == billing_rule::kind::capacity_block) {
      build_capacity_block(b, count, durations, total, on);
      return;
    }
    const auto price = detail::add_input(b, price_);
    for (std::size_t i = 0; i < phases_.size(); ++i) {
      b.line({phases_[i].ph, std::string(to_string(phases_[i].ph)) + on}, price,
             count * durations[i]);
    }
    if (rule_.how == billing_rule::kind::per_second) {
      // The minimum is billed per launch: max(0, launches * minimum - total) more seconds.
      const auto minimum = b.rule_constant("billing_minimum", rule_.minimum, rule_.source);
      node<units::second_t> floor_time = minimum;
      if (launches_) floor_time = b.input(*launches_) * minimum;
      const auto zero = b.rule_constant("no_time", seconds(0), rule_.source);
      const auto extra = max(floor_time - total, zero);
      b.line({std::nullopt, "per-second billing minimum" + on}, price, count * extra);
    } else {
      const auto billed = ceil_to(total, seconds(3600));
      b.line({std::nullopt, "rounding up to whole billed hours" + on}, price,
             count * (billed - total));
    }
  }

 private:
  void build_capacity_block(component_builder& b, const node<units::instance_t>& count,
                            const std::vector<node<units::second_t>>& durations,
                            const node<units::second_t>& total, const std::string& on) const;

  std::string name_;
  std::string instance_type_;
  input_of<quantity<units::instance_t>> count_;
  input_of<quantity<units::usd_per_instance_hour_t>> price_;
  std::vector<phase_time> phases_;
  billing_rule rule_;
  std::optional<sourced<quantity<units::dimensionless_t>>> launches_;
  purchase_option purchase_ = purchase_option::on_demand;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/instance_time.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_INSTANCE_TIME_HPP
