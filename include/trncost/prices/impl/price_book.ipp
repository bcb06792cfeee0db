// The definitions of prices/price_book.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PRICES_IMPL_PRICE_BOOK_IPP
#define TRNCOST_PRICES_IMPL_PRICE_BOOK_IPP

#include "../price_book.hpp"

namespace trncost {

namespace pricing {

[[nodiscard]] TRNCOST_DECL hour_kind hour_kind_of(const price_entry& e, std::string* why) {
  const auto said = [why](std::string text) {
    if (why != nullptr) *why = std::move(text);
  };
  const auto usage = e.attribute("usagetype").value_or("");
  const auto discounted = e.attribute("discountedUsageType").value_or("");
  for (const std::string_view amount :
       {"GB-Hours", "vCPU-Hours", "LCUUsage", "LCU-Hrs", "GB-Hrs"}) {
    for (const std::string_view text : {usage, discounted}) {
      if (text.find(amount) != std::string_view::npos) {
        said("its usage type " + std::string(text) + " counts hours of an amount (" +
             std::string(amount) + "), not instance-hours");
        return hour_kind::amount;
      }
    }
  }
  for (const std::string_view amount : {"per GB-hour", "per GB-Hour", "per vCPU-hour",
                                        "per vCPU-Hour", "per LCU-hour", "per LCU-Hour"}) {
    if (e.origin.description.find(amount) != std::string::npos) {
      said("its description says \"" + std::string(amount) + "\", not per instance-hour");
      return hour_kind::amount;
    }
  }
  if (e.term_type == "savingsPlan") {
    if (auto t = e.attribute("discountedInstanceType"); t && !t->empty()) {
      said("a Savings Plans rate for instance type " + std::string(*t));
      return hour_kind::instance;
    }
    said("a Savings Plans rate that names no instance type (discountedInstanceType)");
    return hour_kind::other;
  }
  const auto type = e.attribute("instanceType");
  for (const auto& [offer, family] : instance_hour_families) {
    if (e.origin.offer_code == offer && e.product_family == family) {
      if (type && !type->empty()) {
        said(std::string(family) + " " + std::string(*type) + " of " + std::string(offer));
        return hour_kind::instance;
      }
      said(std::string(family) + " of " + std::string(offer) + " without an instanceType");
      return hour_kind::other;
    }
  }
  said("product family \"" + e.product_family + "\" of offer " +
       (e.origin.offer_code.empty() ? std::string("(none)") : e.origin.offer_code) +
       " is not an instance (instance-hours are priced for " +
       "AmazonEC2 Compute Instance, AmazonSageMaker ML Instance and AmazonRDS Database Instance)");
  return hour_kind::other;
}

}  // namespace pricing

}  // namespace trncost

#endif  // TRNCOST_PRICES_IMPL_PRICE_BOOK_IPP
