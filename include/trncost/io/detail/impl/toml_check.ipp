// The definitions of io/detail/toml_check.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_DETAIL_IMPL_TOML_CHECK_IPP
#define TRNCOST_IO_DETAIL_IMPL_TOML_CHECK_IPP

#include "../toml_check.hpp"

namespace trncost {

namespace io::detail::toml_check_detail {

TRNCOST_DECL bool is_bare_key_char(char c) noexcept {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

}  // namespace io::detail::toml_check_detail

namespace io::detail {

[[nodiscard]] TRNCOST_DECL std::optional<toml_refusal> check_toml(std::string_view text) {
  return toml_check_detail::scanner(text).run();
}

}  // namespace io::detail

}  // namespace trncost

#endif  // TRNCOST_IO_DETAIL_IMPL_TOML_CHECK_IPP
