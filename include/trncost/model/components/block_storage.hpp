// Block storage (EBS): provisioned GiB-months of volume, and for volumes that bill them provisioned
// IOPS-months and throughput-months, each tiered (gp3's included 3,000 IOPS and 125 MiB/s are a
// first tier at 0.00; io2's IOPS have three price tiers).
#ifndef TRNCOST_MODEL_COMPONENTS_BLOCK_STORAGE_HPP
#define TRNCOST_MODEL_COMPONENTS_BLOCK_STORAGE_HPP

#include <concepts>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "../../config.hpp"
#include "../tiers.hpp"

namespace trncost {

/// EBS volumes of one type and configuration, `volumes` of them (one per node, say), kept for a
/// period: size x period at a per-GiB-month price, plus optional provisioned IOPS and throughput.
///
/// AWS bills EBS "GB" as GiB (2^30 bytes): the size is in GiB and the price in USD per GiB-month.
/// gp3 throughput is provisioned in MiB/s; its offer-file row is priced per GiBps-month (40.96 in
/// us-east-1) while its description says 0.04 per MiBps-month. Either price unit is accepted, and
/// the line applies the exact factor between them (1024): type the price in the unit its source
/// states, never the number of one with the unit of the other.
class block_storage {
 public:
  using iops_prices = tier_table<units::iops_t, units::usd_per_iops_month_t>;
  using throughput_prices_per_mibps =
      tier_table<units::mebibytes_per_second_t, units::usd_per_mibps_month_t>;
  using throughput_prices_per_gibps =
      tier_table<units::mebibytes_per_second_t, units::usd_per_gibps_month_t>;

  block_storage(std::string name, std::string volume_type,
                input_of<quantity<units::gibibyte_t>> size, usage_period kept,
                input_of<quantity<units::usd_per_gibibyte_month_t>> price);

  /// How many identical volumes (one per instance of a cluster, say); 1 when not given.
  block_storage& with_volumes(input_of<quantity<units::dimensionless_t>> volumes);

  /// Provisioned IOPS of each volume, priced per IOPS-month by tiers of the per-volume IOPS.
  block_storage& with_iops(input_of<quantity<units::iops_t>> provisioned, iops_prices prices);

  /// Provisioned throughput of each volume, priced per MiBps-month by tiers.
  block_storage& with_throughput(input_of<quantity<units::mebibytes_per_second_t>> provisioned,
                                 throughput_prices_per_mibps prices);
  /// The same with prices per GiBps-month, as the offer file states gp3's (the line divides by
  /// 1024, exactly).
  block_storage& with_throughput(input_of<quantity<units::mebibytes_per_second_t>> provisioned,
                                 throughput_prices_per_gibps prices);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::storage; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    // EBS volumes are billed by Amazon EC2 (their prices are in the AmazonEC2 offer file).
    b.bills({.service = "AmazonEC2", .usage_type = "EBS:VolumeUsage." + volume_type_});
    const auto period = kept_.add_to(b);
    std::optional<node<units::dimensionless_t>> volumes;
    std::string on;
    if (volumes_) {
      volumes = detail::add_input(b, *volumes_);
      on = " x " + detail::value_or_name(*volumes_) + " volumes";
    }
    // Each line is price x (volumes x per-volume quantity x period).
    const auto priced = [&](const std::string& what, const auto& price, const auto& per_volume) {
      if (volumes) {
        detail::line_over(b, {std::nullopt, what}, price, *volumes * per_volume, period);
      } else {
        detail::line_over(b, {std::nullopt, what}, price, per_volume, period);
      }
    };

    // Inputs are added in a fixed order (not as function arguments), so the graph is the same
    // with every compiler.
    const auto storage_price = detail::add_input(b, price_);
    const auto size = detail::add_input(b, size_);
    priced(volume_type_ + " volume storage" + on, storage_price, size);
    if (iops_) {
      b.bills({.service = "AmazonEC2", .usage_type = "EBS:VolumeP-IOPS." + volume_type_});
      const auto provisioned = detail::add_input(b, iops_->first);
      iops_->second.for_each_band(
          b, provisioned, [&](const std::string& r, const auto& price, const auto& part) {
            priced(iops_prices::describe(volume_type_ + " provisioned IOPS" + on, r), price, part);
          });
    }
    if (throughput_) {
      b.bills({.service = "AmazonEC2", .usage_type = "EBS:VolumeP-Throughput." + volume_type_});
      const auto provisioned = detail::add_input(b, throughput_->first);
      std::visit(
          [&](const auto& table) {
            table.for_each_band(
                b, provisioned, [&](const std::string& r, const auto& price, const auto& part) {
                  priced(table.describe(volume_type_ + " provisioned throughput" + on, r), price,
                         part);
                });
          },
          throughput_->second);
    }
  }

 private:
  void require_no_throughput_yet() const;

  std::string name_;
  std::string volume_type_;
  input_of<quantity<units::gibibyte_t>> size_;
  usage_period kept_;
  input_of<quantity<units::usd_per_gibibyte_month_t>> price_;
  std::optional<input_of<quantity<units::dimensionless_t>>> volumes_;
  std::optional<std::pair<input_of<quantity<units::iops_t>>, iops_prices>> iops_;
  std::optional<std::pair<input_of<quantity<units::mebibytes_per_second_t>>,
                          std::variant<throughput_prices_per_mibps, throughput_prices_per_gibps>>>
      throughput_;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/block_storage.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_BLOCK_STORAGE_HPP
