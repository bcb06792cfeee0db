// The definitions of readers/detail/toml_check.hpp's functions: included by that header
// (header-only) or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_DETAIL_IMPL_TOML_CHECK_IPP
#define TRNCOST_READERS_DETAIL_IMPL_TOML_CHECK_IPP

#include "../toml_check.hpp"

namespace trncost {

namespace readers::detail::toml_check_detail {

TRNCOST_DECL bool is_bare_key_char(char c) noexcept {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

}  // namespace readers::detail::toml_check_detail

namespace readers::detail {

[[nodiscard]] TRNCOST_DECL std::optional<toml_refusal> check_toml(std::string_view text) {
  return toml_check_detail::scanner(text).run();
}

}  // namespace readers::detail

namespace readers::detail::toml_check_detail {

TRNCOST_DECL auto scanner::run() -> std::optional<toml_refusal> {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // a UTF-8 byte order mark; toml++ skips it
  bool line_start = true;
  // Where a value may start: after '=', after '[' of an array and after ',' in an array.
  bool value_next = false;
  // Inside a key's bare part: a quote there does not start a string for toml++, which refuses it.
  bool in_key = false;
  while (pos_ < text_.size() && !stop_) {
    const char c = text_[pos_];
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r') {
      advance();
      if (c == '\n' && open_.empty()) {
        line_start = true;
        value_next = false;
      }
      in_key = false;
      continue;
    }
    const bool header = line_start && open_.empty();
    const bool key_goes_on = in_key;
    line_start = false;
    in_key = false;
    if (c == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') advance();
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      if (auto r = non_ascii("outside a string or comment; TOML allows only ASCII there")) return r;
      continue;
    }
    const bool value = value_next;
    value_next = false;
    switch (c) {
      case '"':
      case '\'':
        if (key_goes_on) {
          advance();
          in_key = true;
        } else if (auto r = string(c)) {
          return r;
        }
        break;
      case '[':
        if (header) {
          if (auto r = table_header()) return r;
        } else {
          open_.push_back({'[', line_, column_});
          advance();
          value_next = true;
        }
        break;
      case '{':
        open_.push_back({'{', line_, column_});
        advance();
        break;
      case ']':
        if (!open_.empty() && open_.back().bracket == '[') open_.pop_back();
        advance();
        break;
      case '}':
        if (!open_.empty() && open_.back().bracket == '[') {
          return refuse("'}' inside the array opened at line " + std::to_string(open_.back().line) +
                        ", column " + std::to_string(open_.back().column) +
                        "; an array ends with ']'");
        }
        if (!open_.empty()) open_.pop_back();
        advance();
        break;
      case '=':
        advance();
        value_next = true;
        break;
      case ',':
        advance();
        value_next = !open_.empty() && open_.back().bracket == '[';
        break;
      default:
        if (value) {
          // A number, date, boolean...: toml++ reads it to the next space, ']', '}', ',' or '#'.
          if (auto r = bare_value()) return r;
        } else {
          advance();
          in_key = c != '.';
        }
    }
  }
  return std::nullopt;
}

TRNCOST_DECL auto scanner::advance() noexcept -> void {
  const auto b = static_cast<unsigned char>(text_[pos_]);
  ++pos_;
  if (b == '\n') {
    ++line_;
    column_ = 1;
  } else if ((b & 0xC0U) != 0x80U) {
    ++column_;
  }
}

TRNCOST_DECL auto scanner::non_ascii(std::string_view where) -> std::optional<toml_refusal> {
  const auto lead = static_cast<unsigned char>(text_[pos_]);
  std::size_t length = 0;
  std::uint32_t cp = 0;
  if ((lead & 0xE0U) == 0xC0U) {
    length = 2;
    cp = lead & 0x1FU;
  } else if ((lead & 0xF0U) == 0xE0U) {
    length = 3;
    cp = lead & 0x0FU;
  } else if ((lead & 0xF8U) == 0xF0U) {
    length = 4;
    cp = lead & 0x07U;
  }
  if (length == 0 || pos_ + length > text_.size()) {
    stop_ = true;
    return std::nullopt;
  }
  for (std::size_t k = 1; k < length; ++k) {
    const auto b = static_cast<unsigned char>(text_[pos_ + k]);
    if ((b & 0xC0U) != 0x80U) {
      stop_ = true;
      return std::nullopt;
    }
    cp = (cp << 6U) | (b & 0x3FU);
  }
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string name = "U+";
  for (int shift = cp > 0xFFFFU ? 20 : 12; shift >= 0; shift -= 4) {
    name += hex[(cp >> static_cast<unsigned>(shift)) & 0xFU];
  }
  return refuse(name + " " + std::string(where));
}

TRNCOST_DECL auto scanner::bare_value() -> std::optional<toml_refusal> {
  const auto ends = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ']' || c == '}' || c == ',' ||
           c == '#';
  };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  char previous = '\0';
  std::string kept;  // the value's characters but '_', as toml++ counts them
  while (pos_ < text_.size() && !ends(text_[pos_])) {
    if (text_[pos_] != '_') kept += text_[pos_];
    const char c = text_[pos_];
    if (static_cast<unsigned char>(c) >= 0x80) {
      return non_ascii("in a value; TOML allows non-ASCII characters only in strings and comments");
    }
    advance();
    // A date, 'T', then not the time's first digit: toml++ asserts there is one.
    if ((c == 'T' || c == 't') && digit(previous) && pos_ < text_.size() && !ends(text_[pos_]) &&
        !digit(text_[pos_])) {
      if (static_cast<unsigned char>(text_[pos_]) >= 0x80) {
        return non_ascii(
            "in a value; TOML allows non-ASCII characters only in strings and "
            "comments");
      }
      return refuse("a date and time need the hour's digits after '" + std::string(1, c) +
                    "' (saw '" + std::string(1, text_[pos_]) + "')");
    }
    previous = c;
  }
  // A date, a space, one digit and the value's end ("2026-11-20 3"): toml++ takes the space for
  // the 'T' of a date and time and asserts that more follows the digit.
  if (kept.size() == 10 && kept[4] == '-' && kept[7] == '-' && pos_ + 2 < text_.size() &&
      text_[pos_] == ' ' && digit(text_[pos_ + 1]) &&
      (ends(text_[pos_ + 2]) || static_cast<unsigned char>(text_[pos_ + 2]) >= 0x80)) {
    advance();
    return refuse("a date and time need 'HH:MM:SS' after the space (saw '" +
                  std::string(1, text_[pos_]) + "' alone)");
  }
  return std::nullopt;
}

TRNCOST_DECL auto scanner::table_header() -> std::optional<toml_refusal> {
  advance();  // '['
  bool spaced = false;
  while (at(' ') || at('\t')) {
    advance();
    spaced = true;
  }
  bool second = false;
  if (at('[') && !spaced) {
    advance();
    second = true;
    while (at(' ') || at('\t')) advance();
  }
  if (pos_ >= text_.size()) return std::nullopt;
  const char c = text_[pos_];
  if (is_bare_key_char(c) || c == '"' || c == '\'' || c == ']' || (c == '[' && !second)) {
    return std::nullopt;
  }
  if (static_cast<unsigned char>(c) >= 0x80) {
    return non_ascii(
        "after '[' of a table header; a table name starts with a letter, a digit, "
        "'_', '-' or a quote");
  }
  const std::string saw =
      c == '\n' || c == '\r' ? std::string("a line break") : "'" + std::string(1, c) + "'";
  return refuse("a table header needs a name after '[' (saw " + saw + ")");
}

TRNCOST_DECL auto scanner::string(char quote) -> std::optional<toml_refusal> {
  const std::string triple(3, quote);
  if (at(triple)) {
    for (int k = 0; k < 3; ++k) advance();
    while (pos_ < text_.size()) {
      if (at(triple)) {
        for (int k = 0; k < 3 && at(quote); ++k) advance();
        for (int k = 0; k < 2 && at(quote); ++k) advance();  // "" or '' just before the end
        return std::nullopt;
      }
      if (quote == '"' && at('\\')) {
        if (auto r = escape_in_multi_line()) return r;
        if (stop_) return std::nullopt;
        continue;
      }
      advance();
    }
    return std::nullopt;
  }
  advance();
  while (pos_ < text_.size() && !at('\n')) {
    if (at(quote)) {
      advance();
      return std::nullopt;
    }
    if (quote == '"' && at('\\')) advance();
    if (pos_ < text_.size()) advance();
  }
  return std::nullopt;  // unterminated: toml++ reports it
}

TRNCOST_DECL auto scanner::escape_in_multi_line() -> std::optional<toml_refusal> {
  advance();  // '\'
  if (pos_ >= text_.size()) return std::nullopt;
  const auto after = static_cast<unsigned char>(text_[pos_]);
  if (after >= 0x80) {
    return non_ascii(
        "after a backslash in a multi-line string; an escape is a backslash and an "
        "ASCII character");
  }
  if (after != ' ' && after != '\t' && after != '\n' && after != '\r') {
    advance();  // the escaped character: \" \\ \n \u...
    return std::nullopt;
  }
  while (at(' ') || at('\t') || at('\n') || at('\r')) advance();
  if (pos_ < text_.size() && static_cast<unsigned char>(text_[pos_]) >= 0x80) {
    return non_ascii(
        "first on a line continued by a line-ending backslash in a multi-line "
        "string; start the line with an ASCII character or drop the backslash");
  }
  return std::nullopt;
}

}  // namespace readers::detail::toml_check_detail

}  // namespace trncost

#endif  // TRNCOST_READERS_DETAIL_IMPL_TOML_CHECK_IPP
