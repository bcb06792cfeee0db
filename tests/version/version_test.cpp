// trncost::version and the TRNCOST_VERSION_* macros say the same version (the CMake project
// version; tests/CMakeLists.txt checks the macros against it when it configures).
#include <doctest/doctest.h>

#include <string>
#include <trncost/version.hpp>

namespace trncost_tests::version_version {

TEST_CASE("the version string is the version macros joined by dots") {
  const std::string want = std::to_string(TRNCOST_VERSION_MAJOR) + "." +
                           std::to_string(TRNCOST_VERSION_MINOR) + "." +
                           std::to_string(TRNCOST_VERSION_PATCH);
  CHECK(trncost::version == want);
}

}  // namespace trncost_tests::version_version
