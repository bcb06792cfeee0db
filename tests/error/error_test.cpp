// trncost's exceptions: every message starts with "trncost: ", and detail::bare_message gives it
// without that prefix, for quoting one error inside another message (the audit's mismatch, a
// scenario file's line) that carries the prefix once.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <trncost/error.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::error_error {

TEST_CASE("every trncost error starts with the library's prefix") {
  const trncost::input_error e("price: must not be negative");
  CHECK(std::string(e.what()) == "trncost: price: must not be negative");
  const trncost::parse_error p("runs.csv:12: column 'duration_s': must not be negative");
  CHECK(std::string(p.what()) == "trncost: runs.csv:12: column 'duration_s': must not be negative");
}

TEST_CASE("bare_message drops the prefix once and leaves other messages whole") {
  CHECK(trncost::detail::bare_message(trncost::input_error("price: must not be negative")) ==
        "price: must not be negative");
  // An error quoting another one keeps the inner prefix: only the outer one is dropped.
  CHECK(trncost::detail::bare_message(trncost::input_error("trncost: inner")) == "trncost: inner");
  // Not trncost's: the message as it is, a prefix elsewhere in it included.
  CHECK(trncost::detail::bare_message(std::runtime_error("disk full (trncost: x)")) ==
        "disk full (trncost: x)");
  CHECK(trncost::detail::bare_message(std::runtime_error("trncost:no space")) ==
        "trncost:no space");
  CHECK(trncost::detail::bare_message(std::runtime_error("")).empty());
}

}  // namespace trncost_tests::error_error
