// Logging and monitoring (CloudWatch): log ingestion per GiB, log storage per GiB-month, and custom
// metrics per metric-month by tiers of the number of metrics.
#ifndef TRNCOST_MODEL_COMPONENTS_LOGGING_HPP
#define TRNCOST_MODEL_COMPONENTS_LOGGING_HPP

#include <optional>
#include <string>
#include <utility>

#include "../tiers.hpp"

namespace trncost {

/// The logs a job writes and keeps, and the custom metrics it publishes. Volumes are in GiB (AWS's
/// "GB" is 2^30 bytes). Ingestion and storage are both required: a log group that is kept costs
/// storage every month, and leaving it out would price it at nothing.
class logging {
 public:
  using metric_prices = tier_table<units::metric_t, units::usd_per_metric_month_t>;

  logging(std::string name, input_of<quantity<units::gibibyte_t>> ingested,
          input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
          input_of<quantity<units::gibibyte_t>> stored, usage_period kept,
          input_of<quantity<units::usd_per_gibibyte_month_t>> storage_price)
      : name_(std::move(name)),
        ingested_(std::move(ingested)),
        ingestion_price_(std::move(ingestion_price)),
        stored_(std::move(stored)),
        kept_(std::move(kept)),
        storage_price_(std::move(storage_price)) {
    if (name_.empty()) throw input_error("a logging component needs a name");
    detail::require_non_negative(ingested_, name_);
    detail::require_non_negative(ingestion_price_, name_);
    detail::require_non_negative(stored_, name_);
    kept_.validate_for(name_);
    detail::require_non_negative(storage_price_, name_);
  }

  /// Custom metrics published over `period`, priced per metric-month by tiers of the number of
  /// metrics ("first 10,000 metrics", "next 240,000", ...).
  logging& with_custom_metrics(input_of<quantity<units::metric_t>> metrics, usage_period period,
                               metric_prices prices) {
    if (metrics_) {
      throw input_error("component '" + name_ + "': the custom metrics are already given");
    }
    detail::require_non_negative(metrics, name_);
    period.validate_for(name_);
    metrics_.emplace(metrics_part{std::move(metrics), std::move(period), std::move(prices)});
    return *this;
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::logs; }

  void build(component_builder& b) const {
    const auto ingested = detail::add_input(b, ingested_);
    const auto ingestion_price = detail::add_input(b, ingestion_price_);
    b.line({std::nullopt, "log ingestion"}, ingestion_price, ingested);

    const auto period = kept_.add_to(b);
    const auto stored = detail::add_input(b, stored_);
    const auto storage_price = detail::add_input(b, storage_price_);
    detail::line_over(b, {std::nullopt, "log storage"}, storage_price, stored, period);

    if (metrics_) {
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
  input_of<quantity<units::gibibyte_t>> ingested_;
  input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price_;
  input_of<quantity<units::gibibyte_t>> stored_;
  usage_period kept_;
  input_of<quantity<units::usd_per_gibibyte_month_t>> storage_price_;
  std::optional<metrics_part> metrics_;
};

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_LOGGING_HPP
