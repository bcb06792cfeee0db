// What tests share to read files, texts and refusals: a file's whole text, a text edited in place,
// the fragments a text must hold, the message of an error. Standard library and doctest only, so
// any test unit may include it.
#ifndef TRNCOST_TESTS_SUPPORT_TEXT_HPP
#define TRNCOST_TESTS_SUPPORT_TEXT_HPP

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <trncost/error.hpp>
#include <utility>
#include <vector>

namespace trncost_support {

/// The whole text of the file at `path`; the test stops if it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "cannot read " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `text` with each `from` replaced by its `to`, once, in order; the test stops if a `from` is
/// not found (the file it edits changed).
inline std::string with_changes(std::string text,
                                const std::vector<std::pair<std::string, std::string>>& changes) {
  for (const auto& change : changes) {
    // Named members, not a structured binding: clang 14 cannot capture a binding in the
    // message lambda REQUIRE_MESSAGE builds.
    const std::string& from = change.first;
    const std::string& to = change.second;
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not in the text: " << from);
    text.replace(at, from.size(), to);
  }
  return text;
}

/// Checks that `text` holds each of `fragments` (an array or list of strings) somewhere; a failure
/// names the fragment missing.
template <class Fragments>
void check_holds_each(const std::string& text, const Fragments& fragments) {
  for (const std::string_view fragment : fragments) {
    CAPTURE(fragment);
    CHECK(text.find(fragment) != std::string::npos);
  }
}

/// The message of the `Error` that `run()` throws, or "no error"; any other exception escapes and
/// fails the test.
template <class Error = trncost::error, class Run>
std::string error_message(Run&& run) {
  try {
    run();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_TEXT_HPP
