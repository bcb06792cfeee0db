// The definitions of model/components/logging.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_LOGGING_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_LOGGING_IPP

#include "../logging.hpp"

namespace trncost {

TRNCOST_DECL logging::logging(std::string name, data_volume ingested,
                              input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
                              input_of<quantity<units::gibibyte_t>> stored, usage_period kept,
                              input_of<quantity<units::usd_per_gibibyte_month_t>> storage_price)
    : name_(std::move(name)),
      ingested_(std::move(ingested)),
      ingestion_price_(std::move(ingestion_price)),
      storage_(storage_part{std::move(stored), std::move(kept), std::move(storage_price)}) {
  if (name_.empty()) throw input_error("a logging component needs a name");
  ingested_.validate_for(name_);
  detail::require_non_negative(ingestion_price_, name_);
  detail::require_non_negative(storage_->stored, name_);
  storage_->kept.validate_for(name_);
  detail::require_non_negative(storage_->price, name_);
}

TRNCOST_DECL auto logging::not_kept(std::string name, data_volume ingested,
                                    input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
                                    std::string why) -> logging {
  return logging(std::move(name), std::move(ingested), std::move(ingestion_price), std::move(why));
}

TRNCOST_DECL auto logging::with_custom_metrics(input_of<quantity<units::metric_t>> metrics,
                                               usage_period period, metric_prices prices)
    -> logging& {
  if (metrics_) {
    throw input_error("component '" + name_ + "': the custom metrics are already given");
  }
  detail::require_non_negative(metrics, name_);
  period.validate_for(name_);
  metrics_.emplace(metrics_part{std::move(metrics), std::move(period), std::move(prices)});
  return *this;
}

TRNCOST_DECL logging::logging(std::string name, data_volume ingested,
                              input_of<quantity<units::usd_per_gibibyte_t>> ingestion_price,
                              std::string why)
    : name_(std::move(name)),
      ingested_(std::move(ingested)),
      ingestion_price_(std::move(ingestion_price)),
      not_kept_(std::move(why)) {
  if (name_.empty()) throw input_error("a logging component needs a name");
  if (not_kept_.empty()) {
    throw input_error("component '" + name_ + "': logs not kept need the reason they are not");
  }
  ingested_.validate_for(name_);
  detail::require_non_negative(ingestion_price_, name_);
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_LOGGING_IPP
