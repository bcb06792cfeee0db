// Logging and monitoring (CloudWatch): log ingestion per GiB, log storage per GiB-month, and custom
// metrics per metric-month by tiers of the number of metrics.
#ifndef TRNCOST_MODEL_COMPONENTS_LOGGING_HPP
#define TRNCOST_MODEL_COMPONENTS_LOGGING_HPP

#include <concepts>
#include <optional>
#include <string>
#include <utility>

#include "../../config.hpp"
#include "../tiers.hpp"
#include "../volume.hpp"

namespace trncost {

/// The logs a job writes and keeps, and the custom metrics it publishes. Volumes are in GiB (AWS's
/// "GB" is 2^30 bytes). Ingestion and storage are both required: a log group that is kept costs
/// storage every month, and leaving it out would price it at nothing. Logs that are not kept
/// (deleted by a retention rule, or exported elsewhere and priced there) say so with
/// logging::not_kept(), whose reason is written on the ingestion line. The volume ingested is a
/// total, a rate a month over a period (a workload's wall-clock time) or a rate per unit of the
/// model's work (data_volume).
class logging {
 public:
  using metric_prices = tier_table<units::metric_t, units::usd_per_metric_month_t>;

  logging(std::string name, data_volume ingested,
          input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
          input_of<quantity<units::gibibyte_t>> stored, usage_period kept,
          input_of<quantity<units::usd_per_gibibyte_month_t>> storage_price);

  /// Logs ingested and not kept in CloudWatch: ingestion only, with the reason no storage is billed
  /// ("the log group's retention deletes them within the day"); an empty reason is refused.
  static logging not_kept(std::string name, data_volume ingested,
                          input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
                          std::string why);

  /// Why the logs are not kept (logging::not_kept()); empty when their storage is billed.
  [[nodiscard]] std::optional<std::string> not_kept_reason() const {
    return storage_ ? std::nullopt : std::optional<std::string>(not_kept_);
  }

  /// Custom metrics published over `period`, priced per metric-month by tiers of the number of
  /// metrics ("first 10,000 metrics", "next 240,000", ...).
  logging& with_custom_metrics(input_of<quantity<units::metric_t>> metrics, usage_period period,
                               metric_prices prices);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::logs; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    b.bills({.service = "AmazonCloudWatch", .usage_type = "DataProcessing-Bytes"});
    ingested_.line(b,
                   {std::nullopt, storage_ ? std::string("log ingestion")
                                           : "log ingestion (not kept: " + not_kept_ + ")"},
                   ingestion_price_);

    if (storage_) {
      b.bills({.service = "AmazonCloudWatch", .usage_type = "TimedStorage-ByteHrs"});
      const auto period = storage_->kept.add_to(b);
      const auto stored = detail::add_input(b, storage_->stored);
      const auto storage_price = detail::add_input(b, storage_->price);
      detail::line_over(b, {std::nullopt, "log storage"}, storage_price, stored, period);
    }

    if (metrics_) {
      b.bills({.service = "AmazonCloudWatch", .usage_type = "CW:MetricMonitorUsage"});
      const auto metrics_period = metrics_->period.add_to(b);
      const auto metrics = detail::add_input(b, metrics_->metrics);
      add_tiered_lines(b, metrics_->prices, metrics, metrics_period, "custom metrics");
    }
  }

 private:
  struct metrics_part {
    input_of<quantity<units::metric_t>> metrics;
    usage_period period;
    metric_prices prices;
  };

  std::string name_;
  data_volume ingested_;
  input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price_;
  struct storage_part {
    input_of<quantity<units::gibibyte_t>> stored;
    usage_period kept;
    input_of<quantity<units::usd_per_gibibyte_month_t>> price;
  };
  std::optional<storage_part> storage_;
  std::string not_kept_;  ///< why, when storage_ is empty
  std::optional<metrics_part> metrics_;

  logging(std::string name, data_volume ingested,
          input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price, std::string why);
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/logging.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_LOGGING_HPP
