// The definitions of io/detail/input.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_DETAIL_IMPL_INPUT_IPP
#define TRNCOST_IO_DETAIL_IMPL_INPUT_IPP

#include "../input.hpp"

namespace trncost {

namespace io {

[[noreturn]] TRNCOST_DECL void fail(const input_position& where, std::string_view field,
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

[[nodiscard]] TRNCOST_DECL std::string decimal_rule(std::string_view text, const error& e,
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

}  // namespace io

namespace io::detail {

TRNCOST_DECL bool measurement_decimal(std::string_view t, decimal& out) {
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

}  // namespace io::detail

namespace io {

[[nodiscard]] TRNCOST_DECL std::ifstream open_input_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    fail(input_position::whole(path), "", "is a directory, not a file; give the file's path");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(input_position::whole(path), "", "cannot open the file");
  return in;
}

}  // namespace io

namespace io {

TRNCOST_DECL auto input_position::to_string() const -> std::string {
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

}  // namespace io

}  // namespace trncost

#endif  // TRNCOST_IO_DETAIL_IMPL_INPUT_IPP
