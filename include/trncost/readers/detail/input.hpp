// Where a reader is in its input, and the one way readers report bad input: the file, the line or
// byte offset, the field, and the rule broken. Shared by every reader in trncost/readers/.
#ifndef TRNCOST_READERS_DETAIL_INPUT_HPP
#define TRNCOST_READERS_DETAIL_INPUT_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "../../config.hpp"
#include "../../error.hpp"
#include "../../units/decimal.hpp"

namespace trncost::readers {

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
  [[nodiscard]] std::string to_string() const;
};

/// Throws parse_error "<where>: <field>: <rule>" (the field part is left out when empty).
[[noreturn]] TRNCOST_DECL void fail(const input_position& where, std::string_view field,
                                    std::string_view rule);

/// The rule for a field's text decimal::parse refused, keeping its reason: a number out of range
/// says so and gives the limit (`"1234…" is out of the decimal range (about +/-1.7e20); a price
/// must lie within it`), anything else is `"<text>" is not a decimal <noun>: <why> at offset N`.
/// `noun` is "price" or "number".
[[nodiscard]] TRNCOST_DECL std::string decimal_rule(std::string_view text, const error& e,
                                                    std::string_view noun);

namespace detail {

/// A measurement's text (a JSON number, a CSV field Python wrote) as a decimal: plain decimals
/// exactly; an exponent ("9.5e-05") shifts the point exactly; digits beyond the 18th fractional
/// one are dropped (truncated toward zero), which an instrument's reading can afford. Returns false
/// for text that is not a number.
TRNCOST_DECL bool measurement_decimal(std::string_view t, decimal& out);

/// "100 GiB", "5 MiB", "512 bytes": a size in whole binary units, for messages.
TRNCOST_DECL std::string size_text(std::uint64_t bytes);

}  // namespace detail

/// The largest file a streaming reader opens: 64 GiB. An offer file of every region of EC2, the
/// largest input trncost reads, is a few GB; a bigger file is not one of its inputs.
inline constexpr std::uint64_t max_streamed_input_bytes = std::uint64_t{64} << 30;

/// The largest file a reader holds whole (a scenario, a study, a report the audit reads): 256
/// MiB, hundreds of times the largest such file seen.
inline constexpr std::uint64_t max_whole_input_bytes = std::uint64_t{256} << 20;

/// Why `path` is not a file a reader may open, or empty when it is: it must exist and be a
/// regular file (not a directory, which read as a stream would look empty, nor a device or a
/// FIFO, which may never end: `/dev/zero`, `/dev/urandom`, a pipe) of at most `max_bytes`.
/// Decided from the file's status, before any byte is read.
[[nodiscard]] TRNCOST_DECL std::string input_file_rule(const std::string& path,
                                                       std::uint64_t max_bytes);

/// The files this thread's readers open while it lives: every path opened by open_input_file()
/// (so by every reader: scenarios, studies, plans, offer files, run logs, bills, reports...) and
/// every price store opened, recorded in each read_log alive in the thread (the innermost and
/// those around it). A program that writes an output asks it what the run read, transitively, and
/// refuses to write over any of it (docs/security.md).
class read_log {
 public:
  read_log() noexcept : outer_(innermost()) { innermost() = this; }
  ~read_log() { innermost() = outer_; }
  read_log(const read_log&) = delete;
  read_log& operator=(const read_log&) = delete;

  /// The paths opened, in the order they were first opened, each once.
  [[nodiscard]] const std::vector<std::string>& paths() const noexcept { return paths_; }

  /// Records that `path` is being opened for reading, in every read_log alive in this thread.
  static void note(const std::string& path) {
    for (read_log* l = innermost(); l != nullptr; l = l->outer_) {
      bool seen = false;
      for (const auto& p : l->paths_) seen = seen || p == path;
      if (!seen) l->paths_.push_back(path);
    }
  }

 private:
  static read_log*& innermost() noexcept {
    thread_local read_log* log = nullptr;
    return log;
  }
  read_log* outer_;
  std::vector<std::string> paths_;
};

/// Opens `path` for a reader, in binary. parse_error naming the path when input_file_rule()
/// refuses it or it cannot be opened. Every reader opens its files here.
[[nodiscard]] TRNCOST_DECL std::ifstream open_input_file(
    const std::string& path, std::uint64_t max_bytes = max_streamed_input_bytes);

/// The whole text of `path` (opened by open_input_file with `max_bytes`), for readers that hold
/// their input whole; parse_error naming the path otherwise.
[[nodiscard]] TRNCOST_DECL std::string read_input_file(
    const std::string& path, std::uint64_t max_bytes = max_whole_input_bytes);

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/input.ipp"
#endif

#endif  // TRNCOST_READERS_DETAIL_INPUT_HPP
