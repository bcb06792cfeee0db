// A streaming RFC 4180 CSV record reader for trncost's readers: quoted fields (with "" escapes and
// line breaks inside), CRLF or LF line ends, a leading UTF-8 byte-order mark skipped (a UTF-16 one
// refused), and the line each record starts on kept for error messages. Columns are found by name
// through csv_header. Memory is one input buffer plus the current record, whatever the file's size.
#ifndef TRNCOST_READERS_DETAIL_CSV_HPP
#define TRNCOST_READERS_DETAIL_CSV_HPP

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

#include "../../config.hpp"
#include "input.hpp"

namespace trncost::readers::detail {

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
  bool next();

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
  void check_utf8() const;

  // Returns false when the input is exhausted.
  bool fill_if_empty();

  void read_quoted();

  void check_length() const;

  void finish_field();

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
  explicit csv_header(const csv_reader& reader);

  [[nodiscard]] std::size_t size() const noexcept { return names_.size(); }
  [[nodiscard]] const std::string& name(std::size_t i) const { return names_[i]; }
  [[nodiscard]] std::span<const std::string> names() const noexcept { return names_; }

  /// The index of a column, if the header has it.
  [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const noexcept;

  /// The index of a column the reader cannot do without; parse_error naming the file and the
  /// header's line otherwise.
  [[nodiscard]] std::size_t require(std::string_view name) const;

  /// Checks that the reader's current record has as many fields as the header.
  void check_width(const csv_reader& reader) const;

 private:
  std::string file_;
  std::uint64_t line_ = 0;
  std::vector<std::string> names_;
};

}  // namespace trncost::readers::detail

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/csv.ipp"
#endif

#endif  // TRNCOST_READERS_DETAIL_CSV_HPP
