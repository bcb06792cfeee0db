// A first pass over a TOML text that refuses, with its line and column, the few byte patterns on
// which toml++ 3.3 breaks its own preconditions instead of reporting a parse error. The scenario
// reader runs it before toml++ sees the text, so toml++ is used exactly as shipped (no macro of
// toml++ is redefined: a host that includes toml++ itself sees the same definitions as trncost).
//
// What toml++ 3.3 does not survive (found by tests/fuzz/scenario_fuzz.cpp; each is a test in
// tests/scenario/scenario_test.cpp):
// - a table header whose '[' or '[[' is followed by something that cannot start a key ("[" then a
//   line break, "[=]"): parse_key() asserts on its first character;
// - '}' inside an array ("x = [}", "x = [1, }"): parse_value() asserts it is not a terminator;
// - a date, 'T', then neither a digit nor the value's end ("2026-11-20T:00"): parse_time() asserts
//   a digit; a date, a space and one digit ("2026-11-20 3"): parse_value() asserts more follows;
// - a character of U+00A1-U+0499, U+2C8E-U+3087 or U+FB06-U+FEFE where toml++ asks "is this
//   whitespace?" (outside strings and comments, or in a multi-line basic string right after a
//   backslash or after a line-ending backslash): its Unicode table reaches an "unreachable" point.
// Every pattern refused here is invalid TOML 1.0 except the last case's second form (a non-ASCII
// character first on a line continued by a line-ending backslash), which is refused as a whole:
// TOML allows non-ASCII characters outside strings and comments nowhere, and the check stays
// simple and independent of toml++'s tables. Text that is not UTF-8 is left to toml++, which
// refuses it before it reaches anything past it.
#ifndef TRNCOST_READERS_DETAIL_TOML_CHECK_HPP
#define TRNCOST_READERS_DETAIL_TOML_CHECK_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../config.hpp"

namespace trncost::readers::detail {

/// Where a TOML text breaks a rule of toml_check, and the rule.
struct toml_refusal {
  std::uint64_t line = 0;    ///< 1-based
  std::uint64_t column = 0;  ///< 1-based, in characters (code points)
  std::string rule;
};

namespace toml_check_detail {

TRNCOST_DECL bool is_bare_key_char(char c) noexcept;

/// Scans the text once, keeping what a TOML parser needs to know where it is: inside a string or
/// a comment, at the start of a line (where '[' opens a table header), and which arrays and
/// inline tables are open.
class scanner {
 public:
  explicit scanner(std::string_view text) : text_(text) {}

  std::optional<toml_refusal> run();

 private:
  struct opened {
    char bracket;
    std::uint64_t line;
    std::uint64_t column;
  };

  std::string_view text_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 1;
  std::uint64_t column_ = 1;
  std::vector<opened> open_;
  bool stop_ = false;  // text that is not UTF-8 from here: toml++ refuses it first

  [[nodiscard]] bool at(char c) const noexcept { return pos_ < text_.size() && text_[pos_] == c; }
  [[nodiscard]] bool at(std::string_view s) const noexcept {
    return text_.substr(pos_, s.size()) == s;
  }

  /// One byte on; a UTF-8 continuation byte does not start a new column.
  void advance() noexcept;

  [[nodiscard]] toml_refusal refuse(std::string rule) const {
    return {line_, column_, std::move(rule)};
  }

  /// The non-ASCII character at pos_, refused with `where`; or, when the bytes there are not UTF-8
  /// (a lead byte without its continuation bytes), nothing: the scan stops and toml++ reports them.
  std::optional<toml_refusal> non_ascii(std::string_view where);

  /// A value that is not a string, an array or an inline table, to where toml++ stops reading it.
  std::optional<toml_refusal> bare_value();

  /// A table header: what follows '[' or '[[' (and spaces) must be able to start a key, or be
  /// ']' or, after '[' and spaces, '[' (toml++'s own errors: an empty name, brackets apart).
  std::optional<toml_refusal> table_header();

  /// A string from its opening quote (at pos_) past its closing one. Only multi-line basic
  /// strings have places where toml++ asks whether a character is whitespace.
  std::optional<toml_refusal> string(char quote);

  /// A backslash in a multi-line basic string: an escape, or a line-ending backslash after which
  /// toml++ skips whitespace and line breaks.
  std::optional<toml_refusal> escape_in_multi_line();
};

}  // namespace toml_check_detail

/// The first place of `text` that toml++ 3.3 could not be trusted to refuse by itself, with the
/// rule broken; nothing when the text can be handed to toml++.
[[nodiscard]] TRNCOST_DECL std::optional<toml_refusal> check_toml(std::string_view text);

}  // namespace trncost::readers::detail

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/toml_check.ipp"
#endif

#endif  // TRNCOST_READERS_DETAIL_TOML_CHECK_HPP
