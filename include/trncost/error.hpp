// The exceptions trncost throws: each message names the input or field and the rule it broke.
#ifndef TRNCOST_ERROR_HPP
#define TRNCOST_ERROR_HPP

#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

#include "config.hpp"

namespace trncost {

/// Base of every trncost exception, so a host can catch them all in one place.
class error : public std::runtime_error {
 public:
  TRNCOST_DECL explicit error(const std::string& what);
  // Out of line, so that a program built separately has one copy of each class's vtable.
  TRNCOST_DECL ~error() override;
};

/// Text that is not what it claims to be (a price string, a date, a field of a file).
class parse_error : public error {
 public:
  using error::error;
  TRNCOST_DECL ~parse_error() override;
};

/// An exact value that does not fit its representation; trncost never wraps.
class overflow_error : public error {
 public:
  using error::error;
  TRNCOST_DECL ~overflow_error() override;
};

/// An operation that would have to round where the caller did not ask for rounding.
class inexact_error : public error {
 public:
  using error::error;
  TRNCOST_DECL ~inexact_error() override;
};

/// An input that breaks a rule of the model (an empty name, a missing source, a negative price...).
class input_error : public error {
 public:
  using error::error;
  TRNCOST_DECL ~input_error() override;
};

namespace detail {

/// An error's message without the "trncost: " prefix `error` adds, to quote inside another message
/// (an audit's mismatch, a scenario file's line) that carries the prefix once.
TRNCOST_DECL std::string bare_message(const std::exception& e);

}  // namespace detail

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/error.ipp"
#endif

#endif  // TRNCOST_ERROR_HPP
