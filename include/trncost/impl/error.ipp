// The definitions of error.hpp's functions: included by that header (header-only) or compiled once
// by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IMPL_ERROR_IPP
#define TRNCOST_IMPL_ERROR_IPP

#include "../error.hpp"

namespace trncost {

TRNCOST_DECL error::error(const std::string& what) : std::runtime_error("trncost: " + what) {}
TRNCOST_DECL error::~error() = default;
TRNCOST_DECL parse_error::~parse_error() = default;
TRNCOST_DECL overflow_error::~overflow_error() = default;
TRNCOST_DECL inexact_error::~inexact_error() = default;
TRNCOST_DECL input_error::~input_error() = default;

namespace detail {

TRNCOST_DECL std::string bare_message(const std::exception& e) {
  std::string_view m = e.what();
  constexpr std::string_view prefix = "trncost: ";
  if (m.starts_with(prefix)) m.remove_prefix(prefix.size());
  return std::string(m);
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_IMPL_ERROR_IPP
