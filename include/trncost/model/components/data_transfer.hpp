// Data transfer: traffic between availability zones (charged on both sides), internet egress
// (tiered by the month's volume), transfer between S3 and instances in the same region (priced from
// its own quote, 0.00 in the offer file, never assumed), and any other priced flow.
#ifndef TRNCOST_MODEL_COMPONENTS_DATA_TRANSFER_HPP
#define TRNCOST_MODEL_COMPONENTS_DATA_TRANSFER_HPP

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "../../provenance/region.hpp"
#include "../tiers.hpp"
#include "../volume.hpp"

namespace trncost {

/// One flow of data, its volume in GiB (AWS's "GB" is 2^30 bytes) and its price per GiB. The volume
/// is a total, a rate a month over a period (a workload's wall-clock time) or a rate per unit of
/// the model's work (data_volume); a flow priced by tiers of a month's volume takes a total or a
/// rate a month.
class transfer {
 public:
  using prices = tier_table<units::gibibyte_t, units::usd_per_gibibyte_t>;

  /// Traffic between two availability zones of a region: AWS charges it out of one zone and into
  /// the other, so the line's quantity is 2 x the volume at the price per GiB in each direction.
  static transfer inter_az(std::string what, data_volume volume,
                           input_of<quantity<units::usd_per_gibibyte_t>> price_each_direction);
  /// Data out to the internet, priced by tiers of a month's volume ("first 10 TB / month", "next
  /// 40 TB", ...): a total is one billing month's volume; a rate a month
  /// (data_volume::per_month) is banded per month and priced over its period. For volumes that
  /// differ month to month, give each to internet_egress_by_month(): the tiers start again every
  /// month.
  static transfer internet_egress(std::string what, data_volume volume, prices tiers);
  /// Data out to the internet over several billing months, one volume per month: AWS applies the
  /// tiers to each month's volume, so each month has its own tier lines ("month 2 of 3"). A
  /// quarter's 30,720 GiB at 10,240 a month stays in the first tier; as one volume it would not.
  static transfer internet_egress_by_month(
      std::string what, std::vector<input_of<quantity<units::gibibyte_t>>> monthly_volumes,
      prices tiers);
  /// Between S3 and instances in the same region: the offer file has a row for it (0.00 USD/GB);
  /// the price is that quote like any other, so an estimate shows where the zero comes from.
  static transfer same_region_s3(std::string what, data_volume volume,
                                 input_of<quantity<units::usd_per_gibibyte_t>> price);
  /// Data sent to another AWS region, at the sending region's price per GiB to it: billed by AWS
  /// Data Transfer under "<to>-AWS-Out-Bytes" (the usage type without the sending region's
  /// prefix: "USW2-AWS-Out-Bytes" from us-east-1 to us-west-2). input_error for a region code
  /// AWS bills do not name.
  static transfer inter_region(std::string what, const std::string& to_region, data_volume volume,
                               input_of<quantity<units::usd_per_gibibyte_t>> price);
  /// Any other flow at one price per GiB (through a NAT gateway...).
  static transfer priced(std::string what, data_volume volume,
                         input_of<quantity<units::usd_per_gibibyte_t>> price);
  /// Any other flow priced by tiers of its volume.
  static transfer tiered(std::string what, data_volume volume, prices tiers);

  /// The service that moved the data and bills it, the billing product ("AmazonS3" for data
  /// sent from a bucket, "AmazonEC2" from an instance; "S3" and "EC2" read alike): the line's
  /// identity then says that service, priced by the AWSDataTransfer offer, as a Cost and Usage
  /// Report bills it (lineItem/ProductCode that service, product/servicecode AWSDataTransfer), and
  /// credits that cover the service cover it. Not said, the line says AWSDataTransfer. input_error
  /// for a service that bills no data it moves here (neither Amazon EC2 nor Amazon S3).
  transfer& billed_by(std::string_view service);
  /// The billing product billed_by() named; empty when none was.
  [[nodiscard]] const std::string& billing_product() const noexcept { return billed_by_; }

  [[nodiscard]] const std::string& what() const noexcept { return what_; }
  /// The AWS usage type a bill names the flow by, without its region prefix
  /// ("DataTransfer-Regional-Bytes" between zones, "DataTransfer-Out-Bytes" to the internet);
  /// empty for a flow the factory cannot name.
  [[nodiscard]] const std::string& usage_type() const noexcept { return usage_; }

 private:
  friend class data_transfer;
  transfer(std::string what, data_volume volume, std::int64_t sides,
           std::optional<input_of<quantity<units::usd_per_gibibyte_t>>> flat,
           std::optional<prices> tiers)
      : what_(std::move(what)),
        volume_(std::move(volume)),
        sides_(sides),
        flat_(std::move(flat)),
        tiers_(std::move(tiers)) {}

  std::string what_;
  data_volume volume_;
  std::int64_t sides_ = 1;  // 2 for inter-AZ: charged out of one zone and into the other
  std::optional<input_of<quantity<units::usd_per_gibibyte_t>>> flat_;
  std::optional<prices> tiers_;
  /// internet_egress_by_month(): each billing month's volume (volume_ is then the first).
  std::vector<input_of<quantity<units::gibibyte_t>>> monthly_;
  std::string usage_;
  std::string billed_by_;  ///< billed_by(): the billing product, when said
};

/// The data a job moves, one line per flow (and per tier of a tiered flow).
class data_transfer {
 public:
  data_transfer(std::string name, std::vector<transfer> transfers);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::transfer; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    for (const auto& t : transfers_) {
      if (t.billed_by_.empty()) {
        b.bills({.service = "AWSDataTransfer", .usage_type = t.usage_});
      } else {
        b.bills({.service = t.billed_by_, .usage_type = t.usage_, .offer = "AWSDataTransfer"});
      }
      if (!t.monthly_.empty()) {
        const std::string of = " of " + std::to_string(t.monthly_.size());
        for (std::size_t i = 0; i < t.monthly_.size(); ++i) {
          t.tiers_->add_lines(b, detail::add_input(b, t.monthly_[i]),
                              t.what_ + ", month " + std::to_string(i + 1) + of);
        }
        continue;
      }
      if (t.tiers_) {
        t.volume_.tiered_lines(b, *t.tiers_, t.what_);
      } else if (t.sides_ == 2) {
        // Out of one zone and into the other: the formula shows the 2 x.
        t.volume_.line(b, {std::nullopt, t.what_ + " (charged on both sides)"}, *t.flat_, 2);
      } else {
        t.volume_.line(b, {std::nullopt, t.what_}, *t.flat_);
      }
    }
  }

 private:
  std::string name_;
  std::vector<transfer> transfers_;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/data_transfer.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_DATA_TRANSFER_HPP
