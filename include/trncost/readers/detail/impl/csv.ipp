// The definitions of readers/detail/csv.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_DETAIL_IMPL_CSV_IPP
#define TRNCOST_READERS_DETAIL_IMPL_CSV_IPP

#include "../csv.hpp"

namespace trncost {

namespace readers::detail {

TRNCOST_DECL auto csv_reader::next() -> bool {
  record_.clear();
  ends_.clear();
  field_start_ = 0;
  field_open_quoted_ = false;
  if (!fill_if_empty()) return false;
  record_line_ = line_;
  bool any = false;
  for (;;) {
    if (!fill_if_empty()) {
      if (any) {
        finish_field();
        check_utf8();
      }
      return any;
    }
    char c = buffer_[pos_];
    any = true;
    if (c == '"' && field_start_ == record_.size() && !field_open_quoted_) {
      ++pos_;
      read_quoted();
      continue;
    }
    if (c == ',') {
      ++pos_;
      finish_field();
      continue;
    }
    if (c == '\n' || c == '\r') {
      ++pos_;
      if (c == '\r' && fill_if_empty() && buffer_[pos_] == '\n') ++pos_;
      ++line_;
      finish_field();
      check_utf8();
      return true;
    }
    if (c == '"') {
      readers::fail(
          input_position::at_line(file_, line_), column_label(),
          "a quote inside an unquoted field (quote the whole field and double the quote)");
    }
    // An unquoted run: copy up to the next special character in one go.
    std::size_t end = pos_;
    while (end < size_ && buffer_[end] != ',' && buffer_[end] != '\n' && buffer_[end] != '\r' &&
           buffer_[end] != '"') {
      ++end;
    }
    record_.append(buffer_.data() + pos_, end - pos_);
    pos_ = end;
    check_length();
  }
}

TRNCOST_DECL auto csv_reader::check_utf8() const -> void {
  const auto* s = reinterpret_cast<const unsigned char*>(record_.data());
  const std::size_t n = record_.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;  // of the sequence c starts
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
    }
    bool ok = len != 0 && i + len <= n;
    for (std::size_t k = 1; ok && k < len; ++k) ok = (s[i + k] & 0xC0) == 0x80;
    if (ok && len > 2) {  // no overlong forms, no surrogates, nothing above U+10FFFF
      const unsigned char d = s[i + 1];
      ok = !((c == 0xE0 && d < 0xA0) || (c == 0xED && d > 0x9F) || (c == 0xF0 && d < 0x90) ||
             (c == 0xF4 && d > 0x8F));
    }
    if (!ok) {
      std::size_t column = 0;
      while (column + 1 < ends_.size() && ends_[column] <= i) ++column;
      constexpr char hex[] = "0123456789ABCDEF";
      readers::fail(position(), "column " + std::to_string(column + 1),
                    std::string("invalid UTF-8 (byte 0x") + hex[c >> 4] + hex[c & 0xF] +
                        "); save the file as UTF-8");
    }
    i += len;
  }
}

TRNCOST_DECL auto csv_reader::fill_if_empty() -> bool {
  if (pos_ < size_) return true;
  if (eof_) return false;
  in_->read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  size_ = static_cast<std::size_t>(in_->gcount());
  pos_ = 0;
  if (size_ < buffer_.size()) eof_ = true;
  if (first_fill_) {
    first_fill_ = false;
    const auto b0 = size_ >= 2 ? static_cast<unsigned char>(buffer_[0]) : 0;
    const auto b1 = size_ >= 2 ? static_cast<unsigned char>(buffer_[1]) : 0;
    if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)) {
      readers::fail(
          input_position::at_line(file_, 1), "",
          "the file is UTF-16 (it begins with a UTF-16 byte-order mark); save it as UTF-8");
    }
    if (size_ >= 3 && static_cast<unsigned char>(buffer_[0]) == 0xEF &&
        static_cast<unsigned char>(buffer_[1]) == 0xBB &&
        static_cast<unsigned char>(buffer_[2]) == 0xBF) {
      pos_ = 3;
    }
  }
  return pos_ < size_;
}

TRNCOST_DECL auto csv_reader::read_quoted() -> void {
  field_open_quoted_ = true;
  const std::uint64_t opened_on = line_;
  for (;;) {
    if (!fill_if_empty()) {
      readers::fail(input_position::at_line(file_, opened_on), column_label(),
                    "a quoted field is not closed before the end of the input (truncated file?)");
    }
    const char c = buffer_[pos_];
    if (c == '"') {
      ++pos_;
      if (fill_if_empty() && buffer_[pos_] == '"') {
        record_ += '"';
        ++pos_;
        continue;
      }
      field_open_quoted_ = false;
      if (fill_if_empty()) {
        const char after = buffer_[pos_];
        if (after != ',' && after != '\n' && after != '\r') {
          readers::fail(input_position::at_line(file_, line_), column_label(),
                        "a character after a closing quote (expected a comma or a line end)");
        }
      }
      return;
    }
    if (c == '\n') ++line_;  // a line break kept inside the field
    record_ += c;
    ++pos_;
    check_length();
  }
}

TRNCOST_DECL auto csv_reader::check_length() const -> void {
  if (record_.size() > max_record_bytes) {
    readers::fail(position(), "",
                  "the record is longer than " + std::to_string(max_record_bytes) +
                      " bytes (8 MiB), the limit of one CSV record; a quote left open, or a file "
                      "that is not CSV?");
  }
}

TRNCOST_DECL auto csv_reader::finish_field() -> void {
  ends_.push_back(record_.size());
  field_start_ = record_.size();
  field_open_quoted_ = false;
}

TRNCOST_DECL csv_header::csv_header(const csv_reader& reader)
    : file_(reader.file()), line_(reader.line()) {
  names_.reserve(reader.size());
  for (std::size_t i = 0; i < reader.size(); ++i) {
    const std::string_view name = reader[i];
    if (find(name)) {
      readers::fail(reader.position(), "column '" + std::string(name) + "'",
                    "appears twice in the header");
    }
    names_.emplace_back(name);
  }
}

TRNCOST_DECL auto csv_header::find(std::string_view name) const noexcept
    -> std::optional<std::size_t> {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return i;
  }
  return std::nullopt;
}

TRNCOST_DECL auto csv_header::require(std::string_view name) const -> std::size_t {
  if (auto i = find(name)) return *i;
  readers::fail(input_position::at_line(file_, line_), "column '" + std::string(name) + "'",
                "is required but missing from the header");
}

TRNCOST_DECL auto csv_header::check_width(const csv_reader& reader) const -> void {
  if (reader.size() != names_.size()) {
    readers::fail(reader.position(), "",
                  "the record has " + std::to_string(reader.size()) + " fields, the header has " +
                      std::to_string(names_.size()));
  }
}

}  // namespace readers::detail

}  // namespace trncost

#endif  // TRNCOST_READERS_DETAIL_IMPL_CSV_IPP
