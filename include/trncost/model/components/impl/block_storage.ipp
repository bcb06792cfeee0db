// The definitions of model/components/block_storage.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_BLOCK_STORAGE_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_BLOCK_STORAGE_IPP

#include "../block_storage.hpp"

namespace trncost {

TRNCOST_DECL block_storage::block_storage(std::string name, std::string volume_type,
                                          input_of<quantity<units::gibibyte_t>> size,
                                          usage_period kept,
                                          input_of<quantity<units::usd_per_gibibyte_month_t>> price)
    : name_(std::move(name)),
      volume_type_(std::move(volume_type)),
      size_(std::move(size)),
      kept_(std::move(kept)),
      price_(std::move(price)) {
  if (name_.empty()) throw input_error("a block_storage component needs a name");
  if (volume_type_.empty()) {
    throw input_error("component '" + name_ + "': the volume type is empty");
  }
  detail::require_non_negative(size_, name_);
  kept_.validate_for(name_);
  detail::require_non_negative(price_, name_);
}

TRNCOST_DECL auto block_storage::with_volumes(input_of<quantity<units::dimensionless_t>> volumes)
    -> block_storage& {
  if (volumes_) throw input_error("component '" + name_ + "': the volume count is already given");
  detail::require_positive(volumes, name_);
  volumes_ = std::move(volumes);
  return *this;
}

TRNCOST_DECL auto block_storage::with_iops(input_of<quantity<units::iops_t>> provisioned,
                                           iops_prices prices) -> block_storage& {
  if (iops_) throw input_error("component '" + name_ + "': the provisioned IOPS are already given");
  detail::require_non_negative(provisioned, name_);
  iops_.emplace(std::move(provisioned), std::move(prices));
  return *this;
}

TRNCOST_DECL auto block_storage::with_throughput(
    input_of<quantity<units::mebibytes_per_second_t>> provisioned,
    throughput_prices_per_mibps prices) -> block_storage& {
  require_no_throughput_yet();
  detail::require_non_negative(provisioned, name_);
  throughput_.emplace(std::move(provisioned), std::move(prices));
  return *this;
}

TRNCOST_DECL auto block_storage::with_throughput(
    input_of<quantity<units::mebibytes_per_second_t>> provisioned,
    throughput_prices_per_gibps prices) -> block_storage& {
  require_no_throughput_yet();
  detail::require_non_negative(provisioned, name_);
  throughput_.emplace(std::move(provisioned), std::move(prices));
  return *this;
}

TRNCOST_DECL auto block_storage::require_no_throughput_yet() const -> void {
  if (throughput_) {
    throw input_error("component '" + name_ + "': the provisioned throughput is already given");
  }
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_BLOCK_STORAGE_IPP
