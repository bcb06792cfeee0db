// The version of trncost these headers are: the CMake project version (tests/CMakeLists.txt refuses
// to configure when the two differ). Reports name it in their archived protocol.
#ifndef TRNCOST_VERSION_HPP
#define TRNCOST_VERSION_HPP

#include <string_view>

#define TRNCOST_VERSION_MAJOR 0
#define TRNCOST_VERSION_MINOR 1
#define TRNCOST_VERSION_PATCH 0

namespace trncost {

/// "MAJOR.MINOR.PATCH", as the macros above give it.
inline constexpr std::string_view version = "0.1.0";

}  // namespace trncost

#endif  // TRNCOST_VERSION_HPP
