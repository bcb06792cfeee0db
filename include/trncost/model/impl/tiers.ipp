// The definitions of model/tiers.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_IMPL_TIERS_IPP
#define TRNCOST_MODEL_IMPL_TIERS_IPP

#include "../tiers.hpp"

namespace trncost {

TRNCOST_DECL auto usage_period::unknown_hours(std::string name, std::string reason,
                                              month_convention convention) -> usage_period {
  return usage_period(
      input_of<quantity<units::hour_t>>{unknown_input{std::move(name), std::move(reason)}},
      convention);
}

TRNCOST_DECL auto usage_period::name() const -> std::string {
  if (derived_) return derived_->name();
  if (seconds_) return detail::input_name(*seconds_);
  return hours_ ? detail::input_name(*hours_) : detail::input_name(*months_);
}

TRNCOST_DECL auto usage_period::validate_for(std::string_view component) const -> void {
  if (hours_ || seconds_ || derived_) {
    if (hours_) detail::require_non_negative(*hours_, component);
    if (seconds_) detail::require_non_negative(*seconds_, component);
    if (convention_.hours_per_month == 0) {
      throw input_error("component '" + std::string(component) + "': input '" + name() +
                        "' is priced per month under the convention '" +
                        std::string(convention_.name) + "', which has zero hours");
    }
  } else {
    detail::require_non_negative(*months_, component);
  }
}

TRNCOST_DECL auto usage_period::add_to(component_builder& b) const -> detail::period_node {
  detail::period_node out;
  out.convention = convention_;
  if (derived_) {
    if (derived_->data() != &b.target().data()) {
      throw input_error("component '" + b.component() + "': its period '" + derived_->name() +
                        "' is a node of another model");
    }
    out.seconds = *derived_;
  } else if (seconds_) {
    out.seconds = detail::add_input(b, *seconds_);
  } else if (hours_) {
    out.hours = detail::add_input(b, *hours_);
  } else {
    out.months = detail::add_input(b, *months_);
  }
  return out;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_IMPL_TIERS_IPP
