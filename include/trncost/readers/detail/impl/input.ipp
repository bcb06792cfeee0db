// The definitions of readers/detail/input.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_DETAIL_IMPL_INPUT_IPP
#define TRNCOST_READERS_DETAIL_IMPL_INPUT_IPP

#include "../input.hpp"

namespace trncost {

namespace readers {

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

}  // namespace readers

namespace readers::detail {

TRNCOST_DECL bool measurement_decimal(std::string_view t, decimal& out) {
  // Text with any other character is no number: said before decimal::parse would throw, which
  // costs a microsecond (a bill's fingerprint asks this of every field of every row).
  if (t.empty() || t.find_first_not_of("0123456789.-+eE") != std::string_view::npos) return false;
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

}  // namespace readers::detail

namespace readers {

namespace detail {

TRNCOST_DECL std::string size_text(std::uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  std::size_t u = 0;
  std::uint64_t whole = bytes;
  while (whole >= 1024 && u + 1 < std::size(units)) {
    whole /= 1024;
    ++u;
  }
  return std::to_string(whole) + " " + units[u];
}

}  // namespace detail

[[nodiscard]] TRNCOST_DECL std::string input_file_rule(const std::string& path,
                                                       std::uint64_t max_bytes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  switch (status.type()) {
    case fs::file_type::regular:
      break;
    case fs::file_type::directory:
      return "is a directory, not a file; give the file's path";
    case fs::file_type::not_found:
      return "cannot be opened (no such file)";
    case fs::file_type::none:
      return "cannot be opened (its status cannot be read: unreadable)";
    case fs::file_type::character:
      return "is a character device, not a regular file; trncost reads only regular files, "
             "whose size is known before reading (a device such as /dev/zero never ends)";
    case fs::file_type::block:
      return "is a block device, not a regular file; trncost reads only regular files, whose "
             "size is known before reading";
    case fs::file_type::fifo:
      return "is a FIFO (a named pipe or a shell's <(...)), not a regular file; trncost reads "
             "only regular files, whose size is known before reading: save the input first";
    case fs::file_type::socket:
      return "is a socket, not a regular file; trncost reads only regular files";
    default:
      return "is not a regular file; trncost reads only regular files";
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return "cannot be opened (its size cannot be read)";
  if (size > max_bytes) {
    return "is " + detail::size_text(size) + " (" + std::to_string(size) +
           " bytes), more than the " + detail::size_text(max_bytes) +
           " this reader takes; no input of trncost is that large, so it "
           "is refused before reading";
  }
  return {};
}

[[nodiscard]] TRNCOST_DECL std::ifstream open_input_file(const std::string& path,
                                                         std::uint64_t max_bytes) {
  // Recorded before it is examined: a file the run tried to read is one its output must spare.
  read_log::note(path);
  if (std::string rule = input_file_rule(path, max_bytes); !rule.empty()) {
    fail(input_position::whole(path), "", rule);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(input_position::whole(path), "", "cannot be opened (unreadable)");
  return in;
}

[[nodiscard]] TRNCOST_DECL std::string read_input_file(const std::string& path,
                                                       std::uint64_t max_bytes) {
  std::ifstream in = open_input_file(path, max_bytes);
  std::string text;
  std::array<char, 1 << 16> block{};
  // Bounded even if the file grew after its size was read.
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    text.append(block.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) {
      fail(input_position::whole(path), "",
           "grew beyond the " + detail::size_text(max_bytes) +
               " this reader takes while it was read");
    }
  }
  if (in.bad()) fail(input_position::whole(path), "", "cannot be read to its end");
  return text;
}

}  // namespace readers

namespace readers {

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

}  // namespace readers

}  // namespace trncost

#endif  // TRNCOST_READERS_DETAIL_IMPL_INPUT_IPP
