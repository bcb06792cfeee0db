// Where a reader is in its input, and the one way readers report bad input: the file, the line or
// byte offset, the field, and the rule broken. Shared by every reader in trncost/io/.
#ifndef TRNCOST_IO_DETAIL_INPUT_HPP
#define TRNCOST_IO_DETAIL_INPUT_HPP

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include "../../error.hpp"
#include "../../units/decimal.hpp"

namespace trncost::io {

/// A place in an input: the file's name (or what the caller calls a stream), and a line (1-based)
/// or a byte offset (0-based). Zero line and no offset mean "the input as a whole".
struct input_position {
  std::string_view file;
  std::uint64_t line = 0;
  std::uint64_t offset = 0;
  bool has_offset = false;

  static input_position at_line(std::string_view file, std::uint64_t line) {
    return {file, line, 0, false};
  }
  static input_position at_byte(std::string_view file, std::uint64_t offset) {
    return {file, 0, offset, true};
  }
  static input_position whole(std::string_view file) { return {file, 0, 0, false}; }

  /// "runs.csv:12", "offer.json: byte 1234", or "offer.json".
  [[nodiscard]] std::string to_string() const {
    std::string out(file.empty() ? std::string_view("<input>") : file);
    if (line != 0) {
      out += ':';
      out += std::to_string(line);
    } else if (has_offset) {
      out += ": byte ";
      out += std::to_string(offset);
    }
    return out;
  }
};

/// Throws parse_error "<where>: <field>: <rule>" (the field part is left out when empty).
[[noreturn]] inline void fail(const input_position& where, std::string_view field,
                              std::string_view rule) {
  std::string message = where.to_string();
  message += ": ";
  if (!field.empty()) {
    message += field;
    message += ": ";
  }
  message += rule;
  throw parse_error(message);
}

/// The rule for a field's text decimal::parse refused, keeping its reason: a number out of range
/// says so and gives the limit (`"1234…" is out of the decimal range (about +/-1.7e20); a price
/// must lie within it`), anything else is `"<text>" is not a decimal <noun>: <why> at offset N`.
/// `noun` is "price" or "number".
[[nodiscard]] inline std::string decimal_rule(std::string_view text, const error& e,
                                              std::string_view noun) {
  const std::string quoted = trncost::detail::quoted_for_message(text);
  if (dynamic_cast<const overflow_error*>(&e) != nullptr) {
    return quoted + " is out of the decimal range (about +/-1.7e20, 18 fractional digits); a " +
           std::string(noun) + " must lie within it";
  }
  std::string why = e.what();
  const std::string_view marker = " is not a decimal number";
  const auto at = why.find(marker);
  why = at == std::string::npos ? std::string{} : why.substr(at + marker.size());
  return quoted + " is not a decimal " + std::string(noun) + why;
}

namespace detail {

/// A measurement's text (a JSON number, a CSV field Python wrote) as a decimal: plain decimals
/// exactly; an exponent ("9.5e-05") shifts the point exactly; digits beyond the 18th fractional
/// one are dropped (truncated toward zero), which an instrument's reading can afford. Returns false
/// for text that is not a number.
inline bool measurement_decimal(std::string_view t, decimal& out) {
  const auto e = t.find_first_of("eE");
  std::size_t dot = t.find('.');
  if (e == std::string_view::npos && (dot == std::string_view::npos || t.size() - dot - 1 <= 18)) {
    try {
      out = decimal::parse(t);
      return true;
    } catch (const error&) {
      return false;
    }
  }
  std::string_view mant = t.substr(0, e);
  int exp = 0;
  if (e != std::string_view::npos) {
    std::string_view x = t.substr(e + 1);
    bool neg = false;
    if (!x.empty() && (x[0] == '+' || x[0] == '-')) {
      neg = x[0] == '-';
      x.remove_prefix(1);
    }
    if (x.empty() || x.size() > 4) return false;
    for (char c : x) {
      if (c < '0' || c > '9') return false;
      exp = exp * 10 + (c - '0');
    }
    if (neg) exp = -exp;
  }
  std::string sign;
  if (!mant.empty() && mant[0] == '-') {
    sign = "-";
    mant.remove_prefix(1);
  }
  dot = mant.find('.');
  std::string digits(mant.substr(0, dot));
  int point = static_cast<int>(digits.size());
  if (dot != std::string_view::npos) digits += mant.substr(dot + 1);
  if (digits.empty()) return false;
  point += exp;
  std::string text;
  if (point <= 0) {
    text = "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  } else if (static_cast<std::size_t>(point) >= digits.size()) {
    text = digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
  } else {
    text = digits.substr(0, static_cast<std::size_t>(point)) + "." +
           digits.substr(static_cast<std::size_t>(point));
  }
  const auto p = text.find('.');
  if (p != std::string::npos && text.size() - p - 1 > 18) text.resize(p + 19);
  try {
    out = decimal::parse(sign + text);
    return true;
  } catch (const error&) {
    return false;
  }
}

}  // namespace detail

/// Opens `path` for a reader, in binary. parse_error naming the path when it is a directory
/// ("is a directory, not a file": read as a stream it would look empty) or cannot be opened.
[[nodiscard]] inline std::ifstream open_input_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    fail(input_position::whole(path), "", "is a directory, not a file; give the file's path");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(input_position::whole(path), "", "cannot open the file");
  return in;
}

}  // namespace trncost::io

#endif  // TRNCOST_IO_DETAIL_INPUT_HPP
