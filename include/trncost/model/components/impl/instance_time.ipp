// The definitions of model/components/instance_time.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_INSTANCE_TIME_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_INSTANCE_TIME_IPP

#include "../instance_time.hpp"

namespace trncost {

TRNCOST_DECL auto billing_rule::per_hour() -> billing_rule {
  billing_rule r;
  r.how = kind::per_hour;
  r.source = documented{"Amazon EC2 pricing: hourly billing, a partial hour billed as a full hour",
                        date{2026, 11, 30}};
  return r;
}

TRNCOST_DECL auto billing_rule::capacity_block(sourced<money> fee,
                                               sourced<quantity<units::hour_t>> duration)
    -> billing_rule {
  billing_rule r;
  r.how = kind::capacity_block;
  r.block_fee = std::move(fee);
  r.block_duration = std::move(duration);
  return r;
}

TRNCOST_DECL instance_time::instance_time(std::string name, std::string instance_type,
                                          input_of<quantity<units::instance_t>> count,
                                          input_of<quantity<units::usd_per_instance_hour_t>> price,
                                          std::vector<phase_time> phases, billing_rule rule)
    : name_(std::move(name)),
      instance_type_(std::move(instance_type)),
      count_(std::move(count)),
      price_(std::move(price)),
      phases_(std::move(phases)),
      rule_(std::move(rule)) {
  if (rule_.how == billing_rule::kind::capacity_block) purchase_ = purchase_option::capacity_block;
  if (name_.empty()) throw input_error("an instance_time component needs a name");
  if (instance_type_.empty()) {
    throw input_error("component '" + name_ + "': the instance type is empty");
  }
  if (phases_.empty()) {
    throw input_error("component '" + name_ +
                      "': the phase list is empty; give at least the "
                      "measured training phase");
  }
  detail::require_positive(count_, name_);
  detail::require_non_negative(price_, name_);
  for (const auto& p : phases_) detail::require_non_negative(p.duration, name_);
  if (rule_.how == billing_rule::kind::per_second && rule_.minimum.value().is_negative()) {
    throw input_error("component '" + name_ + "': the billing minimum cannot be negative");
  }
  if (rule_.how == billing_rule::kind::capacity_block) {
    if (!rule_.block_fee || !rule_.block_duration) {
      throw input_error("component '" + name_ + "': a Capacity Block needs its fee and duration");
    }
    detail::require_non_negative(*rule_.block_fee, name_);
    detail::require_positive(*rule_.block_duration, name_);
  }
}

TRNCOST_DECL auto instance_time::bought_as(purchase_option option) -> instance_time& {
  const bool block = rule_.how == billing_rule::kind::capacity_block;
  if (block != (option == purchase_option::capacity_block)) {
    throw input_error("component '" + name_ + "': bought as " + std::string(to_string(option)) +
                      " but billed " + (block ? "as a Capacity Block" : "by the second or hour") +
                      "; a Capacity Block's billing rule and purchase option go together");
  }
  purchase_ = option;
  return *this;
}

TRNCOST_DECL auto instance_time::identity() const -> line_identity {
  return detail::ec2_instance_identity(instance_type_, purchase_);
}

TRNCOST_DECL auto instance_time::with_launches(sourced<quantity<units::dimensionless_t>> launches)
    -> instance_time& {
  detail::require_positive(launches, name_);
  launches_ = std::move(launches);
  return *this;
}

TRNCOST_DECL auto instance_time::build_capacity_block(
    component_builder& b, const node<units::instance_t>& count,
    const std::vector<node<units::second_t>>& durations, const node<units::second_t>& total,
    const std::string& on) const -> void {
  const auto fee = b.input(*rule_.block_fee);
  const auto length = b.input(*rule_.block_duration);
  // The fee's effective rate: fee / (instances * block length), in USD per instance-hour.
  const node<units::usd_per_instance_hour_t> rate = fee / (count * length);
  for (std::size_t i = 0; i < phases_.size(); ++i) {
    b.line({phases_[i].ph, std::string(to_string(phases_[i].ph)) + on + " (Capacity Block)"}, rate,
           count * durations[i]);
  }
  const auto reserved = convert<units::second_t>(length);
  b.line({std::nullopt, "reserved but unused Capacity Block time" + on}, rate,
         count * (reserved - total));
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_INSTANCE_TIME_IPP
