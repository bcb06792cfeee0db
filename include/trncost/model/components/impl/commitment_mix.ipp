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

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_COMMITMENT_MIX_IPP
