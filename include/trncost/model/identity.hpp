// What a line is: the AWS service that bills it, the region, the instance or usage type and the
// purchase option. The component that adds a line gives it its identity from its own structure (an
// instance_time bills instance hours of its instance type under AmazonEC2), never from a price's
// wording; rules that need to know what a line is (credits, region and type consistency, FOCUS
// columns, reconciliation with a bill) read it here.
#ifndef TRNCOST_MODEL_IDENTITY_HPP
#define TRNCOST_MODEL_IDENTITY_HPP

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "../provenance/provenance.hpp"
#include "../provenance/region.hpp"

namespace trncost {

/// An AWS service as the price list, credit terms and the FOCUS export name it.
struct aws_service {
  std::string_view code;        ///< the offer code of its price list file: "AmazonEC2"
  std::string_view name;        ///< as credit terms and the console write it
  std::string_view focus_name;  ///< FOCUS ServiceName as AWS's own export writes it
  std::string_view category;    ///< FOCUS ServiceCategory
  std::string_view short_name;  ///< the spelling people use ("EC2"), matched in any case
};

/// The services a line of trncost's can be billed by, or a grant can cover. EBS volumes are billed
/// by Amazon EC2 (their prices are in the AmazonEC2 offer file); data sent between zones, regions
/// and to the internet by AWS Data Transfer.
inline constexpr std::array<aws_service, 10> known_aws_services{{
    {"AmazonEC2", "Amazon Elastic Compute Cloud", "Amazon Elastic Compute Cloud", "Compute", "EC2"},
    {"AmazonS3", "Amazon Simple Storage Service", "Amazon Simple Storage Service", "Storage", "S3"},
    {"AWSDataTransfer", "AWS Data Transfer", "AWS Data Transfer", "Networking", "Data Transfer"},
    {"AmazonCloudWatch", "Amazon CloudWatch", "AmazonCloudWatch", "Management and Governance",
     "CloudWatch"},
    {"AmazonSageMaker", "Amazon SageMaker", "Amazon SageMaker", "AI and Machine Learning",
     "SageMaker"},
    {"AmazonBedrock", "Amazon Bedrock", "Amazon Bedrock", "AI and Machine Learning", "Bedrock"},
    {"AmazonFSx", "Amazon FSx", "Amazon FSx", "Storage", "FSx"},
    {"AmazonEFS", "Amazon Elastic File System", "Amazon Elastic File System", "Storage", "EFS"},
    {"AmazonEKS", "Amazon Elastic Kubernetes Service", "Amazon Elastic Kubernetes Service",
     "Compute", "EKS"},
    {"AmazonECR", "Amazon EC2 Container Registry (ECR)", "Amazon EC2 Container Registry (ECR)",
     "Compute", "ECR"},
}};

namespace detail {
constexpr bool same_letters_any_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}
}  // namespace detail

/// The known service whose code, name, FOCUS name or short name (any case: "ec2", "Amazon EC2"
/// through "Amazon " + short name) is `spelling`, if any.
constexpr std::optional<aws_service> find_aws_service(std::string_view spelling) noexcept {
  for (const auto& s : known_aws_services) {
    if (s.code == spelling || s.name == spelling || s.focus_name == spelling) return s;
  }
  for (const auto& s : known_aws_services) {
    if (detail::same_letters_any_case(spelling, s.code) ||
        detail::same_letters_any_case(spelling, s.name) ||
        detail::same_letters_any_case(spelling, s.short_name)) {
      return s;
    }
    const std::string_view amazon = "Amazon ";
    const std::string_view aws = "AWS ";
    for (const auto prefix : {amazon, aws}) {
      if (spelling.size() > prefix.size() &&
          detail::same_letters_any_case(spelling.substr(0, prefix.size()), prefix) &&
          detail::same_letters_any_case(spelling.substr(prefix.size()), s.short_name)) {
        return s;
      }
    }
  }
  return std::nullopt;
}

/// The identity of a priced line. Empty fields are unknown or do not apply (a transfer line has no
/// instance type; a user's on-premise power bill has no AWS service).
struct line_identity {
  /// The AWS service code that bills the line: the billing product, as the bill names it
  /// (lineItem/ProductCode, FOCUS ServiceName) and as credits cover it ("AmazonEC2", "AmazonS3",
  /// "AmazonCloudWatch", "AWSDataTransfer"; known_aws_services). Empty: not billed by an AWS
  /// service (a user's own component that says none).
  std::string service{};
  /// The region the line is billed in ("us-east-1"); a component leaves it empty and the model's
  /// region fills it in (model::set_region()).
  std::string region{};
  /// The instance type whose time the line bills ("trn1.32xlarge"); empty for a line that bills no
  /// instance time.
  std::string instance_type{};
  /// The AWS usage type without its region prefix ("BoxUsage:trn1.32xlarge",
  /// "EBS:VolumeUsage.gp3", "TimedStorage-ByteHrs"): what a bill's line item names.
  std::string usage_type{};
  /// How the capacity is bought, for instance time; empty where it does not apply.
  std::optional<purchase_option> purchase{};
  /// The price list offer the line's price comes from (the bill's product/servicecode), when it
  /// is not the billing service's own: "AWSDataTransfer" for data that AmazonS3 or AmazonEC2 moved
  /// and bills. Empty: the service's own offer.
  std::string offer{};

  /// The offer the line's price comes from: `offer`, else the service's own.
  [[nodiscard]] const std::string& price_offer() const noexcept {
    return offer.empty() ? service : offer;
  }
  [[nodiscard]] bool empty() const noexcept {
    return service.empty() && region.empty() && instance_type.empty() && usage_type.empty() &&
           !purchase && offer.empty();
  }
  friend bool operator==(const line_identity&, const line_identity&) = default;
};

/// The identity in one cell of a table: "AmazonEC2, us-east-1, BoxUsage:trn1.32xlarge, on-demand"
/// (the instance type when there is no usage type; "no AWS service" for a line none bills).
[[nodiscard]] inline std::string describe(const line_identity& id) {
  if (id.empty()) return "no AWS service";
  std::string s = id.service.empty() ? std::string("no AWS service") : id.service;
  if (!id.offer.empty()) s += " (" + id.offer + " offer)";
  const auto add = [&](std::string_view part) {
    if (!part.empty()) s.append(", ").append(part);
  };
  add(id.region);
  add(id.usage_type.empty() ? std::string_view(id.instance_type) : std::string_view(id.usage_type));
  if (id.purchase) add(to_string(*id.purchase));
  return s;
}

namespace detail {

/// Instance hours of `instance_type` bought as `option`, billed by Amazon EC2: the usage type a
/// bill names them by (BoxUsage for on-demand, reserved and Savings Plans use, SpotUsage for spot;
/// none when the option is not known or is a Capacity Block).
[[nodiscard]] inline line_identity ec2_instance_identity(const std::string& instance_type,
                                                         std::optional<purchase_option> option) {
  line_identity id{.service = "AmazonEC2", .instance_type = instance_type, .purchase = option};
  if (option == purchase_option::spot) {
    id.usage_type = "SpotUsage:" + instance_type;
  } else if (option && option != purchase_option::capacity_block) {
    id.usage_type = "BoxUsage:" + instance_type;
  }
  return id;
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_MODEL_IDENTITY_HPP
