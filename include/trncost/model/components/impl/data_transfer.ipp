// The definitions of model/components/data_transfer.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_DATA_TRANSFER_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_DATA_TRANSFER_IPP

#include "../data_transfer.hpp"

namespace trncost {

TRNCOST_DECL auto transfer::inter_az(
    std::string what, data_volume volume,
    input_of<quantity<units::usd_per_gibibyte_t>> price_each_direction) -> transfer {
  transfer t(std::move(what), std::move(volume), 2, std::move(price_each_direction), std::nullopt);
  t.usage_ = "DataTransfer-Regional-Bytes";
  return t;
}

TRNCOST_DECL auto transfer::internet_egress(std::string what, data_volume volume, prices tiers)
    -> transfer {
  transfer t(std::move(what), std::move(volume), 1, std::nullopt, std::move(tiers));
  t.usage_ = "DataTransfer-Out-Bytes";
  return t;
}

TRNCOST_DECL auto transfer::internet_egress_by_month(
    std::string what, std::vector<input_of<quantity<units::gibibyte_t>>> monthly_volumes,
    prices tiers) -> transfer {
  if (monthly_volumes.empty()) {
    throw input_error("transfer '" + what + "': no monthly volume; give one per billing month");
  }
  transfer t(std::move(what), monthly_volumes.front(), 1, std::nullopt, std::move(tiers));
  t.monthly_ = std::move(monthly_volumes);
  t.usage_ = "DataTransfer-Out-Bytes";
  return t;
}

TRNCOST_DECL auto transfer::same_region_s3(std::string what, data_volume volume,
                                           input_of<quantity<units::usd_per_gibibyte_t>> price)
    -> transfer {
  return transfer(std::move(what), std::move(volume), 1, std::move(price), std::nullopt);
}

TRNCOST_DECL auto transfer::inter_region(std::string what, const std::string& to_region,
                                         data_volume volume,
                                         input_of<quantity<units::usd_per_gibibyte_t>> price)
    -> transfer {
  const std::string_view prefix = usage_type_prefix(to_region);
  if (prefix.empty()) {
    throw input_error("transfer '" + what + "': \"" + to_region +
                      "\" is not a region AWS bills name (us-west-2, eu-west-1, ...)");
  }
  transfer t(std::move(what), std::move(volume), 1, std::move(price), std::nullopt);
  t.usage_ = std::string(prefix) + "-AWS-Out-Bytes";
  return t;
}

TRNCOST_DECL auto transfer::priced(std::string what, data_volume volume,
                                   input_of<quantity<units::usd_per_gibibyte_t>> price)
    -> transfer {
  return transfer(std::move(what), std::move(volume), 1, std::move(price), std::nullopt);
}

TRNCOST_DECL auto transfer::tiered(std::string what, data_volume volume, prices tiers) -> transfer {
  return transfer(std::move(what), std::move(volume), 1, std::nullopt, std::move(tiers));
}

TRNCOST_DECL auto transfer::billed_by(std::string_view service) -> transfer& {
  const auto s = find_aws_service(service);
  if (!s || (s->code != "AmazonEC2" && s->code != "AmazonS3")) {
    throw input_error("transfer '" + what_ + "': billed_by \"" + std::string(service) +
                      "\" is not a service that bills the data it moves: AmazonEC2 (\"EC2\", "
                      "from an instance) or AmazonS3 (\"S3\", from a bucket)");
  }
  billed_by_ = std::string(s->code);
  return *this;
}

TRNCOST_DECL data_transfer::data_transfer(std::string name, std::vector<transfer> transfers)
    : name_(std::move(name)), transfers_(std::move(transfers)) {
  if (name_.empty()) throw input_error("a data_transfer component needs a name");
  if (transfers_.empty()) {
    throw input_error("component '" + name_ +
                      "': the transfer list is empty; give at least one "
                      "transfer, or declare the transfer category none with the reason");
  }
  for (const auto& t : transfers_) {
    if (t.what_.empty()) {
      throw input_error("component '" + name_ + "': a transfer needs a description");
    }
    t.volume_.validate_for(name_);
    for (const auto& v : t.monthly_) detail::require_non_negative(v, name_);
    if (t.flat_) detail::require_non_negative(*t.flat_, name_);
  }
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_DATA_TRANSFER_IPP
