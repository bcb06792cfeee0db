// The definitions of model/components/commitment_mix.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_COMMITMENT_MIX_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_COMMITMENT_MIX_IPP

#include "../commitment_mix.hpp"

namespace trncost {

TRNCOST_DECL std::vector<demand_level> base_and_peak(sourced<quantity<units::instance_t>> base,
                                                     sourced<quantity<units::instance_t>> peak,
                                                     const sourced<quantity<units::hour_t>>& period,
                                                     sourced<quantity<units::hour_t>> peak_hours) {
  if (peak_hours.value().value() > period.value().value()) {
    throw input_error("demand: the peak lasts " + peak_hours.value().value().to_string() +
                      " h, longer than the period of " + period.value().value().to_string() +
                      " h ('" + peak_hours.name() + "' > '" + period.name() + "')");
  }
  if (peak.value().value() < base.value().value()) {
    throw input_error("demand: the peak ('" + peak.name() + "', " +
                      peak.value().value().to_string() + " instances) is lower than the base ('" +
                      base.name() + "', " + base.value().value().to_string() + ")");
  }
  auto base_hours = (period - peak_hours).named("base_hours");
  std::vector<demand_level> out;
  out.push_back({std::move(base), std::move(base_hours)});
  out.push_back({std::move(peak), std::move(peak_hours)});
  return out;
}

TRNCOST_DECL auto commitment_mix::reserved_instances(
    std::string name, std::string instance_type, std::vector<demand_level> demand,
    sourced<quantity<units::instance_t>> reserved,
    sourced<quantity<units::usd_per_instance_hour_t>> reserved_rate,
    sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate) -> commitment_mix {
  commitment_mix c(std::move(name), std::move(instance_type), std::move(demand),
                   std::move(reserved_rate), std::move(on_demand_rate));
  detail::require_positive(reserved, c.name_);
  c.require_whole(reserved.value().value(), reserved.name());
  c.reserved_ = std::move(reserved);
  return c;
}

TRNCOST_DECL auto commitment_mix::savings_plan(
    std::string name, std::string instance_type, std::vector<demand_level> demand,
    sourced<quantity<units::usd_per_hour_t>> commitment,
    sourced<quantity<units::usd_per_instance_hour_t>> plan_rate,
    sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate) -> commitment_mix {
  commitment_mix c(std::move(name), std::move(instance_type), std::move(demand),
                   std::move(plan_rate), std::move(on_demand_rate));
  detail::require_positive(commitment, c.name_);
  detail::require_positive(c.rate_, c.name_);
  c.commitment_ = std::move(commitment);
  return c;
}

TRNCOST_DECL auto commitment_mix::with_term(sourced<quantity<units::hour_t>> term)
    -> commitment_mix& {
  decimal demand_hours{};
  for (const auto& l : demand_) demand_hours = demand_hours + l.hours.value().value();
  if (term.value().value() < demand_hours) {
    throw input_error("component '" + name_ + "': the commitment's term ('" + term.name() + "', " +
                      term.value().value().to_string() + " h) is shorter than the demand (" +
                      demand_hours.to_string() +
                      " h); model the hours after it as on-demand in another component");
  }
  term_ = std::move(term);
  return *this;
}

TRNCOST_DECL auto commitment_mix::with_upfront(sourced<money> fee_per_instance) -> commitment_mix& {
  if (!reserved_) {
    throw input_error("component '" + name_ +
                      "': an upfront fee applies to reserved instances here; a Savings Plan's "
                      "upfront payment is not modelled (use its No Upfront rate)");
  }
  detail::require_non_negative(fee_per_instance, name_);
  upfront_ = std::move(fee_per_instance);
  return *this;
}

TRNCOST_DECL commitment_mix::commitment_mix(
    std::string name, std::string instance_type, std::vector<demand_level> demand,
    sourced<quantity<units::usd_per_instance_hour_t>> rate,
    sourced<quantity<units::usd_per_instance_hour_t>> on_demand_rate)
    : name_(std::move(name)),
      instance_type_(std::move(instance_type)),
      demand_(std::move(demand)),
      rate_(std::move(rate)),
      on_demand_rate_(std::move(on_demand_rate)) {
  if (name_.empty()) throw input_error("a commitment_mix component needs a name");
  if (instance_type_.empty()) {
    throw input_error("component '" + name_ + "': the instance type is empty");
  }
  if (demand_.empty()) {
    throw input_error("component '" + name_ +
                      "': the demand is empty; give at least one level (instances, hours)");
  }
  detail::require_non_negative(rate_, name_);
  detail::require_non_negative(on_demand_rate_, name_);
  for (const auto& l : demand_) {
    detail::require_non_negative(l.instances, name_);
    detail::require_non_negative(l.hours, name_);
    require_whole(l.instances.value().value(), l.instances.name());
  }
}

TRNCOST_DECL auto commitment_mix::require_whole(const decimal& v, const std::string& input) const
    -> void {
  if (v.round(decimal_places{0}) != v) {
    throw input_error("component '" + name_ + "': input '" + input + "' is " + v.to_string() +
                      " instances; instances running or reserved are a whole number");
  }
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_COMMITMENT_MIX_IPP
