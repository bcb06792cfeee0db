// The definitions of catalog/catalog.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CATALOG_IMPL_CATALOG_IPP
#define TRNCOST_CATALOG_IMPL_CATALOG_IPP

#include "../catalog.hpp"

namespace trncost {

TRNCOST_DECL auto catalog::builtin() -> const catalog& {
  static const catalog instance = [] {
    catalog c;
    for (auto& spec : builtin_instance_specs()) c.add(std::move(spec));
    return c;
  }();
  return instance;
}

TRNCOST_DECL auto catalog::add(instance_spec spec) -> void {
  if (spec.name.empty()) {
    throw input_error("cannot add an instance spec with an empty name (accelerator '" +
                      spec.accelerator + "')");
  }
  if (entries_.find(spec.name) != entries_.end()) {
    throw input_error("instance type '" + spec.name + "' is already in the catalog");
  }
  if (spec.chips.value().value().signum() <= 0) {
    throw input_error("instance type '" + spec.name + "': chips must be positive, not " +
                      spec.chips.value().value().to_string());
  }
  std::string key = spec.name;
  entries_.emplace(std::move(key), std::move(spec));
}

TRNCOST_DECL auto catalog::at(std::string_view name) const -> const instance_spec& {
  if (const instance_spec* spec = find(name)) return *spec;
  std::string message = "unknown instance type '" + std::string(name) + "'";
  if (const std::string* closest = closest_name(name)) {
    message += "; did you mean '" + *closest + "'?";
  } else if (entries_.empty()) {
    message += "; the catalog is empty";
  } else {
    message += "; known types: ";
    bool first = true;
    for (const auto& [key, spec] : entries_) {
      if (!first) message += ", ";
      message += key;
      first = false;
    }
  }
  throw input_error(message);
}

TRNCOST_DECL auto catalog::find(std::string_view name) const -> const instance_spec* {
  const auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

TRNCOST_DECL auto catalog::closest_name(std::string_view name) const -> const std::string* {
  const std::string* best = nullptr;
  std::size_t best_distance = 0;
  for (const auto& [key, spec] : entries_) {
    const std::size_t d = detail::edit_distance(name, key);
    const std::size_t longer = key.size() > name.size() ? key.size() : name.size();
    const bool close =
        3 * d <= longer || (name.size() >= 4 && detail::starts_with_ignoring_case(key, name));
    if (close && (best == nullptr || d < best_distance)) {
      best = &key;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace trncost

#endif  // TRNCOST_CATALOG_IMPL_CATALOG_IPP
