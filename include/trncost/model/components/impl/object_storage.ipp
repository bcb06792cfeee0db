// The definitions of model/components/object_storage.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MODEL_COMPONENTS_IMPL_OBJECT_STORAGE_IPP
#define TRNCOST_MODEL_COMPONENTS_IMPL_OBJECT_STORAGE_IPP

#include "../object_storage.hpp"

namespace trncost {

TRNCOST_DECL auto request_price::validate_for(std::string_view component) const -> void {
  std::visit([&](const auto& p) { detail::require_non_negative(p, component); }, price_);
}

TRNCOST_DECL object_storage::object_storage(std::string name, std::string storage_class,
                                            input_of<quantity<units::gibibyte_t>> stored,
                                            usage_period kept, storage_prices prices)
    : name_(std::move(name)),
      storage_class_(std::move(storage_class)),
      stored_(std::move(stored)),
      kept_(std::move(kept)),
      prices_(std::move(prices)) {
  if (name_.empty()) throw input_error("an object_storage component needs a name");
  if (storage_class_.empty()) {
    throw input_error("component '" + name_ + "': the storage class is empty");
  }
  detail::require_non_negative(stored_, name_);
  kept_.validate_for(name_);
}

TRNCOST_DECL auto object_storage::with_requests(std::string request_class,
                                                input_of<quantity<units::request_t>> count,
                                                request_price price) -> object_storage& {
  if (request_class.empty()) {
    throw input_error("component '" + name_ +
                      "': a request class needs a name (e.g. \"PUT, COPY, "
                      "POST, LIST\")");
  }
  detail::require_non_negative(count, name_);
  price.validate_for(name_);
  requests_.push_back({std::move(request_class), std::move(count), std::move(price)});
  return *this;
}

namespace detail {
/// S3 Standard, however the class is written ("Standard", "S3 Standard").
inline bool is_s3_standard(std::string_view storage_class) noexcept {
  if (storage_class.size() > 3 &&
      detail::same_letters_any_case(storage_class.substr(0, 3), "S3 ")) {
    storage_class.remove_prefix(3);
  }
  return detail::same_letters_any_case(storage_class, "Standard");
}
}  // namespace detail

TRNCOST_DECL auto object_storage::with_put_requests(input_of<quantity<units::request_t>> count,
                                                    request_price price) -> object_storage& {
  with_requests("PUT, COPY, POST, LIST", std::move(count), std::move(price));
  if (detail::is_s3_standard(storage_class_)) {
    requests_.back().usage_type = "Requests-Tier1";
  }
  return *this;
}

TRNCOST_DECL auto object_storage::with_get_requests(input_of<quantity<units::request_t>> count,
                                                    request_price price) -> object_storage& {
  with_requests("GET, SELECT and other", std::move(count), std::move(price));
  if (detail::is_s3_standard(storage_class_)) {
    requests_.back().usage_type = "Requests-Tier2";
  }
  return *this;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_COMPONENTS_IMPL_OBJECT_STORAGE_IPP
