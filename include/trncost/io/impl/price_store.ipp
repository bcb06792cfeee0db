// The definitions of io/price_store.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_IMPL_PRICE_STORE_IPP
#define TRNCOST_IO_IMPL_PRICE_STORE_IPP

#include "../price_store.hpp"

namespace trncost {

namespace io::detail {

TRNCOST_DECL std::string attributes_text(const pricing::attribute_list& list) {
  std::string s;
  for (const auto& a : list) {
    s += a.name;
    s += '\x1f';
    s += a.value;
    s += '\x1e';
  }
  return s;
}

TRNCOST_DECL pricing::attribute_list attributes_of(std::string_view text, const std::string& file) {
  pricing::attribute_list out;
  while (!text.empty()) {
    const auto end = text.find('\x1e');
    const auto sep = text.find('\x1f');
    if (end == std::string_view::npos || sep == std::string_view::npos || sep > end) {
      throw input_error(file +
                        ": price store: an attribute list is damaged (not name/value pairs)");
    }
    out.push_back(
        {std::string(text.substr(0, sep)), std::string(text.substr(sep + 1, end - sep - 1))});
    text.remove_prefix(end + 1);
  }
  return out;
}

TRNCOST_DECL bool has_separator(std::string_view s) {
  return s.find('\x1e') != std::string_view::npos || s.find('\x1f') != std::string_view::npos;
}

TRNCOST_DECL std::string opt_text(const std::optional<timestamp>& t) {
  return t ? to_string(*t) : "";
}

}  // namespace io::detail

namespace io {

[[nodiscard]] TRNCOST_DECL std::vector<pricing::offer> price_store_offers(const std::string& path,
                                                                          date as_of) {
  const price_store store(path);
  const auto versions = store.in_force(as_of);
  if (versions.empty()) {
    std::string held;
    for (const auto& v : store.versions()) {
      held += (held.empty() ? "" : ", ") + v.offer_code + " " + v.version + " (published " +
              to_string(v.published) + ")";
    }
    throw input_error(path + ": the price store holds no offer version published on or before " +
                      to_string(as_of) +
                      (held.empty() ? " (it is empty)" : " (it holds " + held + ")"));
  }
  std::vector<pricing::offer> out;
  out.reserve(versions.size());
  for (const auto& v : versions) out.push_back(store.load(v.id));
  return out;
}

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_IO_IMPL_PRICE_STORE_IPP
