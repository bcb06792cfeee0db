// Which AWS service bills an estimate's line: the service's code (the offer code of its price list
// file, "AmazonEC2") and its name as AWS credit terms and bills write it. One table, used by the
// credits (a grant covers services) and the FOCUS writer (ServiceName).
#ifndef TRNCOST_MODEL_AWS_SERVICE_HPP
#define TRNCOST_MODEL_AWS_SERVICE_HPP

#include <array>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "../config.hpp"
#include "estimate.hpp"

namespace trncost {

/// An AWS service as the price list, credit terms and the FOCUS export name it.
struct aws_service {
  std::string_view code;        ///< the offer code of its price list file: "AmazonEC2"
  std::string_view name;        ///< as credit terms and the console write it
  std::string_view focus_name;  ///< FOCUS ServiceName as AWS's own export writes it
};

/// The services trncost prices. EBS volumes are billed by Amazon EC2 (their prices are in the
/// AmazonEC2 offer file); data sent between zones and to the internet by AWS Data Transfer.
inline constexpr std::array<aws_service, 4> known_aws_services{{
    {"AmazonEC2", "Amazon Elastic Compute Cloud", "Amazon Elastic Compute Cloud"},
    {"AmazonS3", "Amazon Simple Storage Service", "Amazon Simple Storage Service"},
    {"AWSDataTransfer", "AWS Data Transfer", "AWS Data Transfer"},
    {"AmazonCloudWatch", "Amazon CloudWatch", "AmazonCloudWatch"},
}};

/// The known service whose code or name is `code_or_name` (exact spelling), if any.
constexpr std::optional<aws_service> find_aws_service(std::string_view code_or_name) noexcept {
  for (const auto& s : known_aws_services) {
    if (s.code == code_or_name || s.name == code_or_name) return s;
  }
  return std::nullopt;
}

/// The offer code a quote names: its own field, or for a price read from a pricing page the first
/// word of its source when that is a known code ("AmazonS3 offer file, us-east-1"). Empty if none.
TRNCOST_DECL std::string offer_code_of(const quoted& q);

namespace detail {

TRNCOST_DECL void quoted_offer_codes(const input_ref& r, std::set<std::string>& codes,
                                     bool& unnamed);

}  // namespace detail

/// The service that bills a line: the offer code of the quote its unit price rests on (the price
/// itself, or the quoted inputs it is derived from). A price that names the offer file it was read
/// from is the one link to a service that does not guess; a category does not name one (storage is
/// EBS, billed by Amazon EC2, or S3). Empty, meaning unknown, when the price rests on no quote (a
/// measured cost, an assumption), on a quote that names no offer, or on quotes of two services.
[[nodiscard]] TRNCOST_DECL std::optional<std::string> service_of(const line_item& l);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/aws_service.ipp"
#endif

#endif  // TRNCOST_MODEL_AWS_SERVICE_HPP
