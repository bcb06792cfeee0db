// Object storage (S3): GiB-months stored, priced by tiers of the amount stored, and requests by
// class (PUT-class, GET-class), priced per request or per 1,000 requests.
#ifndef TRNCOST_MODEL_COMPONENTS_OBJECT_STORAGE_HPP
#define TRNCOST_MODEL_COMPONENTS_OBJECT_STORAGE_HPP

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../../config.hpp"
#include "../tiers.hpp"

namespace trncost {

/// A request price, per request (as S3's offer file states it: 0.0000004 USD per GET) or per 1,000
/// requests (as its pricing page does: 0.0004 USD per 1,000 GET). The line applies the exact
/// factor.
class request_price {
 public:
  request_price(sourced<quantity<units::usd_per_request_t>> p)
      : price_(input_of<per_request>(std::move(p))) {}
  request_price(sourced<quantity<units::usd_per_thousand_requests_t>> p)
      : price_(input_of<per_thousand>(std::move(p))) {}
  request_price(input_of<quantity<units::usd_per_request_t>> p) : price_(std::move(p)) {}
  request_price(input_of<quantity<units::usd_per_thousand_requests_t>> p) : price_(std::move(p)) {}

  [[nodiscard]] std::string name() const {
    return std::visit([](const auto& p) { return detail::input_name(p); }, price_);
  }
  void validate_for(std::string_view component) const;
  /// Calls `f` with the price added to the model as a node of its own unit.
  template <class F>
  void visit_node(component_builder& b, F&& f) const {
    std::visit([&](const auto& p) { f(detail::add_input(b, p)); }, price_);
  }

 private:
  using per_request = quantity<units::usd_per_request_t>;
  using per_thousand = quantity<units::usd_per_thousand_requests_t>;
  std::variant<input_of<per_request>, input_of<per_thousand>> price_;
};

/// Objects kept in an S3 storage class: the amount stored (GiB: AWS's "GB" is 2^30 bytes) over a
/// period at a tiered per-GiB-month price, and the requests made to them.
///
/// S3's tiers ("first 50 TB / month") apply to each month's GiB-months. They are applied here to
/// the amount stored, which is each whole month's GiB-months for data kept at that level; for data
/// kept less than a month, give the month's average (GiB-months / 1 month) and a period of 1 month.
class object_storage {
 public:
  using storage_prices = tier_table<units::gibibyte_t, units::usd_per_gibibyte_month_t>;

  object_storage(std::string name, std::string storage_class,
                 input_of<quantity<units::gibibyte_t>> stored, usage_period kept,
                 storage_prices prices);

  /// Requests of one pricing class: `count` of them at `price`.
  object_storage& with_requests(std::string request_class,
                                input_of<quantity<units::request_t>> count, request_price price);
  /// PUT, COPY, POST and LIST requests (checkpoint writes): of S3 Standard, billed as
  /// Requests-Tier1
  /// (https://docs.aws.amazon.com/AmazonS3/latest/userguide/aws-usage-report-understand.html).
  object_storage& with_put_requests(input_of<quantity<units::request_t>> count,
                                    request_price price);
  /// GET, SELECT and all other requests (dataset reads): of S3 Standard, billed as Requests-Tier2.
  object_storage& with_get_requests(input_of<quantity<units::request_t>> count,
                                    request_price price);

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] category cost_category() const noexcept { return category::storage; }

  template <std::same_as<component_builder> Builder>  // see model/component.hpp
  void build(Builder& b) const {
    b.bills({.service = "AmazonS3", .usage_type = "TimedStorage-ByteHrs"});
    const auto period = kept_.add_to(b);
    const auto stored = detail::add_input(b, stored_);
    add_tiered_lines(b, prices_, stored, period, storage_class_ + " storage");
    for (const auto& r : requests_) {
      // A request class is the user's words ("PUT, COPY, POST, LIST"), not a usage type; the PUT
      // and GET classes of S3 Standard have theirs (Requests-Tier1, Requests-Tier2).
      b.bills({.service = "AmazonS3", .usage_type = r.usage_type});
      const auto count = detail::add_input(b, r.count);
      r.price.visit_node(b, [&](const auto& price) {
        b.line({std::nullopt, storage_class_ + " " + r.request_class + " requests"}, price, count);
      });
    }
  }

 private:
  struct requests {
    std::string request_class;
    input_of<quantity<units::request_t>> count;
    request_price price;
    std::string usage_type{};  ///< what a bill names them by, when known
  };

  std::string name_;
  std::string storage_class_;
  input_of<quantity<units::gibibyte_t>> stored_;
  usage_period kept_;
  storage_prices prices_;
  std::vector<requests> requests_;
};

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/object_storage.ipp"
#endif

#endif  // TRNCOST_MODEL_COMPONENTS_OBJECT_STORAGE_HPP
