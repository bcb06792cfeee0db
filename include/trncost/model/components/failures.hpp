// Failures and restarts: expected interruptions (a rate per instance-hour x the instance-hours
// exposed) x (restart time + work lost since the last checkpoint) x instances x price, as two lines
// so a report shows the restarts and the failed work apart.
#ifndef TRNCOST_MODEL_COMPONENTS_FAILURES_HPP
#define TRNCOST_MODEL_COMPONENTS_FAILURES_HPP

#include <concepts>
#include <string>
#include <utility>
#include <variant>

#include "../../config.hpp"
#include "../inputs.hpp"

namespace trncost {

/// What interruptions cost a job on `count` x `instance_type` at `price` per instance-hour:
///
///   interruptions = rate x exposure
///   restarts      = interruptions x restart time x count x price          (phase restarts)
///   failed work   = interruptions x work lost   x count x price           (phase failed_work)
///
/// The rate is in interruptions per instance-hour (a measured count over the instance-hours it was
/// measured on, say); the exposure is the instance-hours of the job at risk; the restart time and
/// the work lost are per interruption. The work lost since the last checkpoint is often taken as
/// half the checkpoint interval: an assumption is fine, and makes the estimate provisional.
class failures {
 public:
  failures(std::string name, std::string instance_type, input_of<quantity<units::instance_t>> count,
           input_of<quantity<units::usd_per_instance_hour_t>> price,
           input_of<quantity<units::interruptions_per_instance_hour_t>> rate,
           input_of<quantity<units::instance_hour_t>> exposure,
           input_of<quantity<units::seconds_per_interruption_t>> restart_time,
           input_of<quantity<units::seconds_per_interruption_t>> work_lost)
      : name_(std::move(name)),
        instance_type_(std::move(instance_type)),
        count_(std::move(count)),
        price_(std::move(price)),
        rate_(std::move(rate)),
        exposure_(std::move(exposure)),
        restart_time_(std::move(restart_time)),
        work_lost_(std::move(work_lost)) {
    check();
  }

  /// The same with the exposure in instance-seconds, as per-second billing measures instance time
  /// (2 instances x 86,401 s): no conversion to instance-hours, which would have to round; the
  /// lines apply the exact factor (1/3600) instead.
  failures(std::string name, std::string instance_type, input_of<quantity<units::instance_t>> count,
           input_of<quantity<units::usd_per_instance_hour_t>> price,
           input_of<quantity<units::interruptions_per_instance_hour_t>> rate,
           input_of<quantity<units::instance_second_t>> exposure,
           input_of<quantity<units::seconds_per_interruption_t>> restart_time,
           input_of<quantity<units::seconds_per_interruption_t>> work_lost)
      : name_(std::move(name)),
        instance_type_(std::move(instance_type)),
        count_(std::move(count)),
        price_(std::move(price)),
        rate_(std::move(rate)),
        exposure_(std::move(exposure)),
        restart_time_(std::move(restart_time)),
        work_lost_(std::move(work_lost)) {
    check();
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::failures_restarts; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    // Lost work and restarts are instance hours of the same instances, billed as they are; the
    // purchase option is the instance time's, which this component does not know.
    b.bills(detail::ec2_instance_identity(instance_type_, std::nullopt));
    const auto count = detail::add_input(b, count_);
    const auto price = detail::add_input(b, price_);
    const auto rate = detail::add_input(b, rate_);
    std::visit(
        [&](const auto& exposure_input) {
          const auto exposure = detail::add_input(b, exposure_input);
          const auto restart_time = detail::add_input(b, restart_time_);
          const auto work_lost = detail::add_input(b, work_lost_);
          const std::string on = " on " + detail::value_or_name(count_) + " x " + instance_type_;
          const auto interruptions = rate * exposure;
          b.line({phase::restarts, "restarts after expected interruptions" + on}, price,
                 count * (interruptions * restart_time));
          b.line({phase::failed_work, "work lost since the last checkpoint" + on}, price,
                 count * (interruptions * work_lost));
        },
        exposure_);
  }

 private:
  void check() const;

  std::string name_;
  std::string instance_type_;
  input_of<quantity<units::instance_t>> count_;
  input_of<quantity<units::usd_per_instance_hour_t>> price_;
  input_of<quantity<units::interruptions_per_instance_hour_t>> rate_;
  std::variant<input_of<quantity<units::instance_hour_t>>,
               input_of<quantity<units::instance_second_t>>>
      exposure_;
  input_of<quantity<units::seconds_per_interruption_t>> restart_time_;
  input_of<quantity<units::seconds_per_interruption_t>> work_lost_;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/failures.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_FAILURES_HPP
