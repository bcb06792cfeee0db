// The definitions of model/components/data_preparation.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_DATA_PREPARATION_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_DATA_PREPARATION_IPP

#include "../data_preparation.hpp"

namespace trncost {

TRNCOST_DECL data_preparation::data_preparation(std::string name, cpu_instances on)
    : name_(std::move(name)), how_(std::move(on)) {
  if (name_.empty()) throw input_error("a data_preparation component needs a name");
  const auto& c = std::get<cpu_instances>(how_);
  if (c.instance_type.empty()) {
    throw input_error("component '" + name_ + "': the instance type is empty");
  }
  detail::require_positive(c.count, name_);
  detail::require_non_negative(c.price, name_);
  detail::require_non_negative(c.duration, name_);
}

TRNCOST_DECL data_preparation::data_preparation(std::string name, measured_job job)
    : name_(std::move(name)), how_(std::move(job)) {
  if (name_.empty()) throw input_error("a data_preparation component needs a name");
  const auto& j = std::get<measured_job>(how_);
  detail::require_non_negative(j.cost_per_job, name_);
  detail::require_positive(j.jobs, name_);
}

TRNCOST_DECL data_preparation::data_preparation(std::string name,
                                                const sourced<money>& cost_of_one_job)
    : name_(std::move(name)), how_(one_measured_job::of(cost_of_one_job)) {
  if (name_.empty()) throw input_error("a data_preparation component needs a name");
  detail::require_non_negative(cost_of_one_job, name_);
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_DATA_PREPARATION_IPP
