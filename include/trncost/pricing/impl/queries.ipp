// The definitions of pricing/queries.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICING_IMPL_QUERIES_IPP
#define TRNCOST_PRICING_IMPL_QUERIES_IPP

#include "../queries.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL price_query ec2_on_demand_query(const std::string& region,
                                                           const std::string& instance_type) {
  price_query q;
  q.what = "EC2 Linux on-demand " + instance_type + " in " + region;
  q.offer_code = "AmazonEC2";
  q.where("productFamily", "Compute Instance")
      .where("regionCode", region)
      .where("instanceType", instance_type)
      .where("operatingSystem", "Linux")
      .where("tenancy", "Shared")
      .where("preInstalledSw", "NA")
      .where("capacitystatus", "Used")
      .where("licenseModel", "No License required")
      .where("operation", "RunInstances")
      .where("marketoption", "OnDemand");
  q.term_type = "OnDemand";
  q.unit = "Hrs";
  return q;
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> ec2_on_demand(
    const price_book& book, const std::string& region, const std::string& instance_type,
    std::string name) {
  return book.quote_one<units::usd_per_instance_hour_t>(ec2_on_demand_query(region, instance_type),
                                                        std::move(name));
}

[[nodiscard]] TRNCOST_DECL reserved_price
ec2_reserved(const price_book& book, const std::string& region, const std::string& instance_type,
             const std::string& lease, const std::string& offering_class,
             const std::string& purchase, const std::string& name) {
  price_query q = ec2_on_demand_query(region, instance_type);
  q.what = "EC2 Linux reserved " + instance_type + " in " + region + " (" + lease + ", " +
           offering_class + ", " + purchase + ")";
  q.term_type = "Reserved";
  q.where_term("LeaseContractLength", lease)
      .where_term("OfferingClass", offering_class)
      .where_term("PurchaseOption", purchase);
  q.unit = "Hrs";
  const price_entry& hourly = book.one(q);
  q.unit = "Quantity";
  std::optional<sourced<money>> upfront;
  for (const auto* e : book.select(q)) {
    if (e->origin.offer_term_code != hourly.origin.offer_term_code ||
        e->origin.sku != hourly.origin.sku) {
      continue;
    }
    if (upfront) throw input_error(q.what + ": the term has two upfront fees");
    book.check_usable(*e, q.what);
    upfront = book.quote<units::usd_t>(*e, name + "_upfront");
  }
  if (!upfront && purchase != "No Upfront") {
    throw input_error(q.what + ": the term " + hourly.origin.offer_term_code +
                      " has no upfront fee line (unit Quantity)");
  }
  return {book.quote<units::usd_per_instance_hour_t>(hourly, name + "_hourly"), std::move(upfront)};
}

[[nodiscard]] TRNCOST_DECL price_query savings_plan_query(const std::string& instance_type,
                                                          const std::string& plan_family,
                                                          const std::string& lease,
                                                          const std::string& purchase) {
  price_query q;
  q.what = plan_family + " " + lease + " " + purchase + " rate for " + instance_type;
  q.term_type = "savingsPlan";
  q.where("productFamily", plan_family)
      .where("discountedInstanceType", instance_type)
      .where("discountedUsageType", "BoxUsage:" + instance_type, match::suffix)
      .where("discountedOperation", "RunInstances")
      .where("purchaseOption", purchase)
      .where("leaseContractLength", lease);
  q.unit = "Hrs";
  return q;
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> savings_plan_rate(
    const price_book& book, const std::string& instance_type, const std::string& plan_family,
    const std::string& lease, const std::string& purchase, std::string name) {
  return book.quote_one<units::usd_per_instance_hour_t>(
      savings_plan_query(instance_type, plan_family, lease, purchase), std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_month_t>> ebs_storage(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name) {
  price_query q;
  q.what = "EBS " + volume_api_name + " storage in " + region;
  q.where("productFamily", "Storage")
      .where("regionCode", region)
      .where("volumeApiName", volume_api_name);
  q.unit = "GB-Mo";
  return book.quote_one<units::usd_per_gibibyte_month_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibps_month_t>> ebs_throughput(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name) {
  price_query q;
  q.what = "EBS " + volume_api_name + " provisioned throughput in " + region;
  q.where("productFamily", "Provisioned Throughput")
      .where("regionCode", region)
      .where("volumeApiName", volume_api_name);
  return book.quote_one<units::usd_per_gibps_month_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_iops_month_t>> ebs_iops(
    const price_book& book, const std::string& region, const std::string& volume_api_name,
    std::string name) {
  price_query q;
  q.what = "EBS " + volume_api_name + " provisioned IOPS in " + region;
  q.where("productFamily", "System Operation")
      .where("regionCode", region)
      .where("volumeApiName", volume_api_name);
  q.unit = "IOPS-Mo";
  return book.quote_one<units::usd_per_iops_month_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL
    std::vector<quoted_tier<units::gibibyte_t, units::usd_per_gibibyte_month_t>>
    s3_storage_tiers(const price_book& book, const std::string& region,
                     const std::string& volume_type, const std::string& name) {
  price_query q;
  q.what = "S3 " + volume_type + " storage in " + region;
  q.offer_code = "AmazonS3";
  q.where("productFamily", "Storage").where("regionCode", region).where("volumeType", volume_type);
  q.unit = "GB-Mo";
  return book.tiers<units::gibibyte_t, units::usd_per_gibibyte_month_t>(q, name);
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_request_t>> s3_requests(
    const price_book& book, const std::string& region, const std::string& group, std::string name) {
  price_query q;
  q.what = "S3 requests of group " + group + " in " + region;
  q.offer_code = "AmazonS3";
  q.where("productFamily", "API Request").where("regionCode", region).where("group", group);
  return book.quote_one<units::usd_per_request_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_t>> cloudwatch_logs_ingestion(
    const price_book& book, const std::string& region, std::string name) {
  price_query q;
  q.what = "CloudWatch Logs ingestion in " + region;
  q.offer_code = "AmazonCloudWatch";
  q.where("regionCode", region).where("usagetype", "DataProcessing-Bytes", match::suffix);
  return book.quote_one<units::usd_per_gibibyte_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_month_t>>
cloudwatch_logs_storage(const price_book& book, const std::string& region, std::string name) {
  price_query q;
  q.what = "CloudWatch Logs storage in " + region;
  q.offer_code = "AmazonCloudWatch";
  q.where("regionCode", region).where("usagetype", "TimedStorage-ByteHrs", match::suffix);
  return book.quote_one<units::usd_per_gibibyte_month_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_gibibyte_t>> data_transfer_inter_region(
    const price_book& book, const std::string& region, const std::string& to_region,
    std::string name) {
  price_query q;
  q.what = "data transfer from " + region + " to " + to_region;
  q.where("productFamily", "Data Transfer")
      .where("fromRegionCode", region)
      .where("toRegionCode", to_region)
      .where("transferType", "InterRegion Outbound");
  q.unit = "GB";
  return book.quote_one<units::usd_per_gibibyte_t>(q, std::move(name));
}

[[nodiscard]] TRNCOST_DECL price_query bedrock_tokens_query(const std::string& region,
                                                            const std::string& model,
                                                            token_direction direction) {
  const bool in = direction == token_direction::input;
  price_query q;
  q.what = std::string("Amazon Bedrock on-demand ") + (in ? "input" : "output") + " tokens of " +
           model + " in " + region;
  q.offer_code = "AmazonBedrock";
  q.where("productFamily", "Amazon Bedrock")
      .where("regionCode", region)
      .where("model", model)
      .where("feature", "On-demand Inference")
      .where("inferenceType", in ? "Input tokens" : "Output tokens");
  q.term_type = "OnDemand";
  return q;
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_million_tokens_t>> bedrock_tokens(
    const price_book& book, const std::string& region, const std::string& model,
    token_direction direction, std::string name) {
  const price_entry& e = book.one(bedrock_tokens_query(region, model, direction));
  if (e.unit->unit == price_unit::thousand_tokens) {
    return convert<units::usd_per_million_tokens_t>(
        name, book.quote<units::usd_per_thousand_tokens_t>(e, name + "_per_1k"));
  }
  return book.quote<units::usd_per_million_tokens_t>(e, std::move(name));
}

[[nodiscard]] TRNCOST_DECL std::vector<quoted_tier<units::gibibyte_t, units::usd_per_gibibyte_t>>
data_transfer_tiers(const price_book& book, const std::string& region,
                    const std::string& transfer_type, const std::string& name) {
  price_query q;
  q.what = "data transfer (" + transfer_type + ") from " + region;
  q.where("productFamily", "Data Transfer")
      .where("fromRegionCode", region)
      .where("transferType", transfer_type);
  q.unit = "GB";
  return book.tiers<units::gibibyte_t, units::usd_per_gibibyte_t>(q, name);
}

}  // namespace pricing

namespace pricing::detail {

TRNCOST_DECL void check_observation(const observation& seen, std::string_view name) {
  if (seen.source.empty()) {
    throw input_error("price '" + std::string(name) + "': the observation has no source; say " +
                      "where the price was seen");
  }
}

}  // namespace pricing::detail

namespace pricing {

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::usd_per_instance_hour_t>> spot_price(
    std::string name, std::string_view usd_per_hour, const std::string& region,
    const std::string& availability_zone, const std::string& instance_type,
    const observation& seen) {
  detail::check_observation(seen, name);
  // A spot price is a zone's: the zone must be one of the region's ("us-east-1a" of "us-east-1").
  if (!is_zone_of(availability_zone, region)) {
    throw input_error("spot price '" + name + "': '" + availability_zone +
                      "' is not an availability zone of " + region + " (" + region + "a, " +
                      region +
                      "b, ...); a spot price of another region or zone does "
                      "not price instances in " +
                      region);
  }
  const auto value = make(units::usd_per_instance_hour, usd_per_hour);
  const std::string what = "spot " + instance_type + " in " + availability_zone;
  if (seen.from_seller) {
    quoted q{.source = seen.source,
             .region = region,
             .option = purchase_option::spot,
             .consulted = seen.seen};
    q.unit = "Hrs";
    q.description = what;
    q.instance_type = instance_type;
    return sourced(std::move(name), value, provenance{std::move(q)});
  }
  return sourced(std::move(name), value,
                 provenance{third_party{seen.source + " (" + what + ")", seen.seen}});
}

[[nodiscard]] TRNCOST_DECL capacity_block capacity_block_offering(
    const std::string& name, std::string_view upfront_fee_usd, const std::string& region,
    const std::string& instance_type, int instances, int days, const observation& seen) {
  detail::check_observation(seen, name);
  if (instances < 1) {
    throw input_error("Capacity Block '" + name + "': " + std::to_string(instances) +
                      " instances; a block has at least one");
  }
  if (!is_capacity_block_duration(days)) {
    throw input_error("Capacity Block '" + name + "': " + std::to_string(days) +
                      " days is not a Capacity Block duration (1 to 14 days, then multiples of "
                      "7 days up to 182)");
  }
  const std::string what =
      instance_type + " x " + std::to_string(instances) + " for " + std::to_string(days) + " days";
  provenance origin;
  if (seen.from_seller) {
    quoted q{.source = seen.source,
             .region = region,
             .option = purchase_option::capacity_block,
             .consulted = seen.seen};
    q.unit = "Quantity";
    q.description = "Capacity Block upfront fee, " + what;
    q.instance_type = instance_type;
    origin = std::move(q);
  } else {
    origin = third_party{seen.source + " (Capacity Block " + what + ")", seen.seen};
  }
  sourced<money> fee(name + "_fee", usd(upfront_fee_usd), origin);
  sourced<quantity<units::instance_hour_t>> hours(
      name + "_instance_hours",
      make(units::instance_hour, static_cast<long long>(instances) * days * 24), origin);
  auto hourly = (fee / hours).named(name + "_hourly");
  return {std::move(fee), std::move(hours), std::move(hourly)};
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICING_IMPL_QUERIES_IPP
