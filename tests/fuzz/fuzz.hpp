// Shared by the libFuzzer targets: an input is either read or refused with a trncost::error.
// Anything else escaping (std::out_of_range, std::bad_alloc, a crash, a sanitizer report) is a
// finding: libFuzzer stops and saves the input.
#ifndef TRNCOST_TESTS_FUZZ_FUZZ_HPP
#define TRNCOST_TESTS_FUZZ_FUZZ_HPP

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "trncost/error.hpp"

namespace fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Runs `read`; a trncost::error is the reader refusing bad input, which is what it should do.
template <class F>
int guarded(F&& read) {
  try {
    read();
  } catch (const trncost::error&) {
  }
  return 0;
}

}  // namespace fuzz

#endif  // TRNCOST_TESTS_FUZZ_FUZZ_HPP
