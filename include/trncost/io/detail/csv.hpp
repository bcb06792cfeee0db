// A streaming RFC 4180 CSV record reader for trncost's readers: quoted fields (with "" escapes and
// line breaks inside), CRLF or LF line ends, a leading UTF-8 byte-order mark skipped (a UTF-16 one
// refused), and the line each record starts on kept for error messages. Columns are found by name
// through csv_header. Memory is one input buffer plus the current record, whatever the file's size.
#ifndef TRNCOST_IO_DETAIL_CSV_HPP
#define TRNCOST_IO_DETAIL_CSV_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input.hpp"

namespace trncost::io::detail {

class csv_reader {
 public:
  /// The longest record read (8 MiB): a record beyond it is refused at the line it starts on
  /// before it is held whole (a quote never closed would otherwise swallow the rest of the file).
  static constexpr std::size_t max_record_bytes = std::size_t{8} << 20;

  /// Reads from `in`; `file` names the input in error messages (kept by value).
  csv_reader(std::istream& in, std::string file) : in_(&in), file_(std::move(file)) {}

  /// Reads the next record. Returns false at the end of the input (a final empty line is not a
  /// record). Throws parse_error for a quote left open at the end of the input or a character
  /// after a closing quote.
  bool next() {
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
        io::fail(input_position::at_line(file_, line_), column_label(),
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

  /// The fields of the current record; valid until the next call to next().
  [[nodiscard]] std::size_t size() const noexcept { return ends_.size(); }
  [[nodiscard]] std::string_view operator[](std::size_t i) const noexcept {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(record_).substr(begin, ends_[i] - begin);
  }
  /// The line the current record starts on (1-based).
  [[nodiscard]] std::uint64_t line() const noexcept { return record_line_; }
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] input_position position() const noexcept {
    return input_position::at_line(file_, record_line_);
  }
  /// True when every field of the current record is empty (a blank line reads as one empty field).
  [[nodiscard]] bool blank() const noexcept { return record_.empty(); }

 private:
  // Throws parse_error naming the record's line and the column for bytes that are not UTF-8 (a
  // file saved as Latin-1 or Windows-1252, say).
  void check_utf8() const {
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
        io::fail(position(), "column " + std::to_string(column + 1),
                 std::string("invalid UTF-8 (byte 0x") + hex[c >> 4] + hex[c & 0xF] +
                     "); save the file as UTF-8");
      }
      i += len;
    }
  }

  // Returns false when the input is exhausted.
  bool fill_if_empty() {
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
        io::fail(input_position::at_line(file_, 1), "",
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

  void read_quoted() {
    field_open_quoted_ = true;
    const std::uint64_t opened_on = line_;
    for (;;) {
      if (!fill_if_empty()) {
        io::fail(input_position::at_line(file_, opened_on), column_label(),
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
            io::fail(input_position::at_line(file_, line_), column_label(),
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

  void check_length() const {
    if (record_.size() > max_record_bytes) {
      io::fail(position(), "",
               "the record is longer than " + std::to_string(max_record_bytes) +
                   " bytes (8 MiB), the limit of one CSV record; a quote left open, or a file "
                   "that is not CSV?");
    }
  }

  void finish_field() {
    ends_.push_back(record_.size());
    field_start_ = record_.size();
    field_open_quoted_ = false;
  }

  [[nodiscard]] std::string column_label() const {
    return "column " + std::to_string(ends_.size() + 1);
  }

  std::istream* in_;
  std::string file_;
  std::array<char, 1 << 16> buffer_{};
  std::size_t pos_ = 0;
  std::size_t size_ = 0;
  bool eof_ = false;
  bool first_fill_ = true;
  std::uint64_t line_ = 1;
  std::uint64_t record_line_ = 0;
  std::string record_;
  std::vector<std::size_t> ends_;
  std::size_t field_start_ = 0;
  bool field_open_quoted_ = false;
};

/// The column names of a header record, looked up by name (files differ in column order and set).
class csv_header {
 public:
  csv_header() = default;
  /// Takes the names from the reader's current record. Throws parse_error for a duplicate name.
  explicit csv_header(const csv_reader& reader) : file_(reader.file()), line_(reader.line()) {
    names_.reserve(reader.size());
    for (std::size_t i = 0; i < reader.size(); ++i) {
      const std::string_view name = reader[i];
      if (find(name)) {
        io::fail(reader.position(), "column '" + std::string(name) + "'",
                 "appears twice in the header");
      }
      names_.emplace_back(name);
    }
  }

  [[nodiscard]] std::size_t size() const noexcept { return names_.size(); }
  [[nodiscard]] const std::string& name(std::size_t i) const { return names_[i]; }
  [[nodiscard]] std::span<const std::string> names() const noexcept { return names_; }

  /// The index of a column, if the header has it.
  [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (names_[i] == name) return i;
    }
    return std::nullopt;
  }

  /// The index of a column the reader cannot do without; parse_error naming the file and the
  /// header's line otherwise.
  [[nodiscard]] std::size_t require(std::string_view name) const {
    if (auto i = find(name)) return *i;
    io::fail(input_position::at_line(file_, line_), "column '" + std::string(name) + "'",
             "is required but missing from the header");
  }

  /// Checks that the reader's current record has as many fields as the header.
  void check_width(const csv_reader& reader) const {
    if (reader.size() != names_.size()) {
      io::fail(reader.position(), "",
               "the record has " + std::to_string(reader.size()) + " fields, the header has " +
                   std::to_string(names_.size()));
    }
  }

 private:
  std::string file_;
  std::uint64_t line_ = 0;
  std::vector<std::string> names_;
};

}  // namespace trncost::io::detail

#endif  // TRNCOST_IO_DETAIL_CSV_HPP
