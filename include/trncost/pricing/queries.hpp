// Ready-made price queries: the conditions that pick one official price out of an offer file
// (EC2 on-demand and reserved, Savings Plans, EBS, S3, CloudWatch Logs, data transfer), each
// returning sourced prices typed through the unit table. Also the prices offer files do not carry
// (spot, Capacity Blocks), entered by the caller as dated observations.
#ifndef TRNCOST_PRICING_QUERIES_HPP
#define TRNCOST_PRICING_QUERIES_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/region.hpp"
#include "price_book.hpp"

namespace trncost::pricing {

using match = price_query::match;

/// EC2 Linux on-demand shared tenancy, with every condition of docs/domain.md#ec2-price-conditions
/// including marketoption=OnDemand (a Capacity Block row of the same instance, priced 0.00, never
/// matches).
[[nodiscard]] TRNCOST_DECL price_query ec2_on_demand_query(const std::string& region,
                                                           const std::string& instance_type);

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> ec2_on_demand(
    const price_book& book, const std::string& region, const std::string& instance_type,
    std::string name);

/// A reserved instance's price: an hourly rate and, for Partial and All Upfront, an upfront fee,
/// each its own priced line of the same term.
struct reserved_price {
  sourced<quantity<units::usd_per_instance_hour_t>> hourly;
  std::optional<sourced<money>> upfront;
};

/// lease "1yr" or "3yr"; offering_class "standard" or "convertible"; purchase "No Upfront",
/// "Partial Upfront" or "All Upfront". The lines are named `name` + "_hourly" and "_upfront".
[[nodiscard]] TRNCOST_DECL reserved_price
ec2_reserved(const price_book& book, const std::string& region, const std::string& instance_type,
             const std::string& lease, const std::string& offering_class,
             const std::string& purchase, const std::string& name);

/// A Savings Plan's rate for Linux shared-tenancy use of an instance type: plan_family
/// "EC2InstanceSavingsPlans" or "ComputeSavingsPlans", lease "1yr" or "3yr", purchase "No Upfront",
/// "Partial Upfront" or "All Upfront".
[[nodiscard]] TRNCOST_DECL price_query savings_plan_query(const std::string& instance_type,
                                                          const std::string& plan_family,
                                                          const std::string& lease,
                                                          const std::string& purchase);

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> savings_plan_rate(
    const price_book& book, const std::string& instance_type, const std::string& plan_family,
    const std::string& lease, const std::string& purchase, std::string name);

/// EBS volume storage (volume_api_name "gp3", "io2", ...), per GiB-month.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_month_t>> ebs_storage(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name);

/// EBS provisioned throughput, as the offer file prices it: per GiBps-month. The row's
/// description speaks of MiBps; convert<units::usd_per_mibps_month_t> divides by exactly 1024.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibps_month_t>> ebs_throughput(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name);

/// EBS provisioned IOPS, per IOPS-month.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_iops_month_t>> ebs_iops(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name);

/// S3 storage by tier (volume_type "Standard", ...), ranges in GiB (AWS's billing GB).
[[nodiscard]] TRNCOST_DECL
    std::vector<quoted_tier<units::gibibyte_t, units::usd_per_gibibyte_month_t>>
    s3_storage_tiers(const price_book& book, const std::string& region,
                     const std::string& volume_type, const std::string& name);

/// An S3 request class ("S3-API-Tier1": PUT, COPY, POST, LIST; "S3-API-Tier2": GET), per request.
/// Descriptions say "per 1,000 requests"; the price is per single request.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_request_t>> s3_requests(
    const price_book& book, const std::string& region, const std::string& group, std::string name);

/// CloudWatch Logs ingestion (standard class), per GiB ingested.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_t>> cloudwatch_logs_ingestion(
    const price_book& book, const std::string& region, std::string name);

/// CloudWatch Logs storage (archived logs), per GiB-month.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_month_t>>
cloudwatch_logs_storage(const price_book& book, const std::string& region, std::string name);

/// Data transfer out of `region` by transfer type ("IntraRegion": between availability zones,
/// charged in each direction; "AWS Outbound": to the internet), by tier, per GiB.
[[nodiscard]] TRNCOST_DECL std::vector<quoted_tier<units::gibibyte_t, units::usd_per_gibibyte_t>>
data_transfer_tiers(const price_book& book, const std::string& region,
                    const std::string& transfer_type, const std::string& name);

/// Data sent from `region` to `to_region` ("InterRegion Outbound" rows of the AWSDataTransfer
/// offer, fromRegionCode and toRegionCode), one flat price per GiB; input_error when the book has
/// tiers for it.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_t>> data_transfer_inter_region(
    const price_book& book, const std::string& region, const std::string& to_region,
    std::string name);

/// Which tokens a hosted model's price is for: the AmazonBedrock price list's `inferenceType`.
enum class token_direction : std::uint8_t { input, output };

/// The query for a hosted model's on-demand token price in the AmazonBedrock price list: product
/// family "Amazon Bedrock", `regionCode`, `model` as the list names it ("Qwen3 32B"), `feature`
/// "On-demand Inference", `inferenceType` "Input tokens" or "Output tokens", term OnDemand.
[[nodiscard]] TRNCOST_DECL price_query bedrock_tokens_query(const std::string& region,
                                                            const std::string& model,
                                                            token_direction direction);

/// A hosted model's on-demand token price per 1M tokens. The price list writes most rows per
/// "1K tokens": such a row is quoted as it is (`name` + "_per_1k") and converted exactly (x 1000),
/// the conversion a derivation the report shows; a row per "1M tokens" is quoted directly.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_million_tokens_t>> bedrock_tokens(
    const price_book& book, const std::string& region, const std::string& model,
    token_direction direction, std::string name);

/// Who saw a price that no offer file carries, and when: the seller's own page or API
/// (from_seller, recorded as quoted) or someone else (recorded as third-party).
struct observation {
  std::string source;
  date seen{};
  bool from_seller = false;
};

namespace detail {
TRNCOST_DECL void check_observation(const observation& seen, std::string_view name);
}  // namespace detail

/// A spot price observed for an instance type in an availability zone, per instance-hour.
[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> spot_price(
    std::string name, std::string_view usd_per_hour, const std::string& region,
    const std::string& availability_zone, const std::string& instance_type,
    const observation& seen);

/// A Capacity Block offering: its upfront fee for `instances` instances over `days` days, and the
/// hourly rate that fee comes to (derived). Durations are 1 to 14 days in 1-day steps, then 7-day
/// steps up to 182 days; Savings Plans do not discount them.
struct capacity_block {
  sourced<money> fee;
  sourced<quantity<units::instance_hour_t>> instance_hours;
  sourced<quantity<units::usd_per_instance_hour_t>> hourly;
};

/// Whether AWS sells a Capacity Block of `days`: 1 to 14 days, then multiples of 7 days up to 182.
[[nodiscard]] constexpr bool is_capacity_block_duration(long long days) noexcept {
  return days >= 1 && days <= 182 && (days <= 14 || days % 7 == 0);
}

[[nodiscard]] TRNCOST_DECL capacity_block capacity_block_offering(
    const std::string& name, std::string_view upfront_fee_usd, const std::string& region,
    const std::string& instance_type, int instances, int days, const observation& seen);

}  // namespace trncost::pricing

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/queries.ipp"
#endif

#endif  // TRNCOST_PRICING_QUERIES_HPP
