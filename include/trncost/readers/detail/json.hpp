// The JSON parser behind trncost's readers, kept behind this small interface so it can be swapped:
// RapidJSON's SAX Reader (Debian rapidjson-dev), never its document.h (see docs/io.md for why).
// Provides a buffered std::istream input stream that counts bytes, parse-error messages with the
// byte offset, and json_value, a small tree for inputs read one modest record at a time (a run
// log, one neuron-monitor report). Numbers are kept as their text, so nothing passes through
// binary floating point on the way to an exact decimal.
#ifndef TRNCOST_READERS_DETAIL_JSON_HPP
#define TRNCOST_READERS_DETAIL_JSON_HPP

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#endif
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "input.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace trncost::readers::detail {

/// Numbers as text (exact decimals later), a depth-independent parser (no recursion), and strings
/// that must be valid UTF-8.
inline constexpr unsigned json_parse_flags = rapidjson::kParseNumbersAsStringsFlag |
                                             rapidjson::kParseIterativeFlag |
                                             rapidjson::kParseValidateEncodingFlag;

/// Where the first invalid UTF-8 sequence of `p[0, n)` starts, by the rules of RapidJSON's own
/// check (kParseValidateEncodingFlag: shortest form only, no surrogates, nothing above U+10FFFF),
/// or `n` when there is none. A sequence cut by the end of the range is not judged: `tail` is set
/// to where it starts (n when the range ends on a whole sequence), for the caller to finish it
/// with the bytes that follow. ASCII, almost all of an offer file, is skipped 32 bytes at a time.
// Not inlined: called once a block, and g++ -O2 would otherwise warn (-Warray-bounds) about its
// 32-byte step inlined where it is given the 8 bytes of a sequence cut by a block end.
[[nodiscard, gnu::noinline]] inline std::size_t find_invalid_utf8(const unsigned char* p,
                                                                  std::size_t n,
                                                                  std::size_t& tail) noexcept {
  tail = n;
  std::size_t i = 0;
  while (i < n) {
    if (i + 32 <= n) {
      std::uint64_t w[4];
      std::memcpy(w, p + i, 32);
      if (((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ULL) == 0) {
        i += 32;
        continue;
      }
    }
    if (i + 8 <= n) {
      std::uint64_t w = 0;
      std::memcpy(&w, p + i, 8);
      if ((w & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The allowed range of the second byte, and how many continuation bytes follow it.
    unsigned lo = 0x80, hi = 0xBF;
    std::size_t more = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      more = 0;
    } else if (c == 0xE0) {
      lo = 0xA0, more = 1;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      more = 1;
    } else if (c == 0xED) {
      hi = 0x9F, more = 1;
    } else if (c == 0xF0) {
      lo = 0x90, more = 2;
    } else if (c >= 0xF1 && c <= 0xF3) {
      more = 2;
    } else if (c == 0xF4) {
      hi = 0x8F, more = 2;
    } else {
      return i;  // a continuation byte alone, C0, C1 or F5-FF
    }
    if (i + 1 >= n) {
      tail = i;
      return n;
    }
    if (p[i + 1] < lo || p[i + 1] > hi) return i;
    for (std::size_t k = 0; k < more; ++k) {
      if (i + 2 + k >= n) {
        tail = i;
        return n;
      }
      if (p[i + 2 + k] < 0x80 || p[i + 2 + k] > 0xBF) return i;
    }
    i += 2 + more;
  }
  return n;
}

/// How many bytes at `p[0, n)` a string body holds before its first '"', '\\' or control byte
/// (below 0x20): bytes the parser copies as they are. Sixteen bytes at a time with SSE2, then
/// eight at a time on a little-endian machine (x86-64, aarch64): a byte equal to c makes
/// (w ^ c...) - 0x01... borrow into its top bit, and the lowest such bit is always a true match
/// (a borrow only runs upward from a match).
[[nodiscard]] TRNCOST_DECL std::size_t plain_string_run(const char* p, std::size_t n) noexcept;

/// How many bytes at `p[0, n)` are JSON blanks (space, tab, CR, LF): sixteen bytes at a time with
/// SSE2, else runs of spaces (an offer file's indentation) eight bytes at a time.
[[nodiscard]] TRNCOST_DECL std::size_t blank_run(const char* p, std::size_t n) noexcept;

/// A RapidJSON input stream over a std::istream, read in 64 KiB blocks; Tell() is the byte offset.
/// Peek() is one load (the byte after the data is always a '\0' sentinel, as RapidJSON's own
/// FileReadStream keeps it) and Take() one comparison: the parser calls them for every byte.
/// Each block is checked for UTF-8 as it is read (first_invalid_utf8()), so the parser need not
/// check byte by byte: see parse_json_stream_with.
class istream_input {
 public:
  using Ch = char;
  static constexpr std::size_t block_size = std::size_t{1} << 16;
  static constexpr std::uint64_t no_invalid_utf8 = ~std::uint64_t{0};

  /// Skips a leading UTF-8 byte-order mark (EF BB BF); Tell() still counts it, so byte offsets in
  /// messages are offsets in the file.
  explicit istream_input(std::istream& in);
  istream_input(const istream_input&) = delete;
  istream_input& operator=(const istream_input&) = delete;

  Ch Peek() const { return *cur_; }
  [[gnu::always_inline]] Ch Take() {
    const Ch c = *cur_;
    if (cur_ < last_) {
      ++cur_;
    } else if (size_ != 0) {
      refill();
    }
    return c;
  }
  std::size_t Tell() const;
  /// Copies the plain bytes of a string body at the read position (plain_string_run) to the
  /// parser's string stack `out` at once, up to the block's last byte: the parser then goes on
  /// byte by byte from the '"', '\\' or control byte, or through the block's end. RapidJSON calls
  /// this (its ScanCopyUnescapedString, specialised below) only when it is not checking UTF-8.
  template <class Output>
  void copy_plain_string(Output& out) {
    const std::size_t n = plain_string_run(cur_, static_cast<std::size_t>(last_ - cur_));
    if (n != 0) {
      std::memcpy(out.Push(static_cast<rapidjson::SizeType>(n)), cur_, n);
      cur_ += n;
    }
  }
  /// Skips JSON blanks, a block at a time (RapidJSON's SkipWhitespace, specialised below). The
  /// parser asks between every two tokens; most often there is none, or one space (`"key" : `).
  [[gnu::always_inline]] void skip_blanks() {
    if (!blank(cur_[0])) return;
    if (cur_ != last_ && !blank(cur_[1])) {
      ++cur_;
      return;
    }
    skip_blank_run();
  }

  /// The byte offset where the first invalid UTF-8 sequence read so far starts (the stream reads
  /// ahead of the parser by up to a block), or no_invalid_utf8.
  [[nodiscard]] std::uint64_t first_invalid_utf8() const noexcept { return invalid_at_; }

  // Output side of the stream concept: never used by the Reader for a read-only stream.
  Ch* PutBegin() { return nullptr; }
  void Put(Ch) {}
  void Flush() {}
  std::size_t PutEnd(Ch*) { return 0; }

 private:
  static bool blank(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

  [[gnu::noinline]] void skip_blank_run() {
    for (;;) {
      cur_ += blank_run(cur_, static_cast<std::size_t>(last_ - cur_));
      if (cur_ != last_ || size_ == 0 || !blank(*cur_)) return;
      Take();  // the block's last byte, a blank: read the next block
    }
  }

  // Once a block: kept out of Take(), which the parser calls for every byte outside strings.
  [[gnu::noinline]] void refill() {
    consumed_ += size_;
    in_->read(buffer_.data(), static_cast<std::streamsize>(block_size));
    size_ = static_cast<std::size_t>(in_->gcount());
    buffer_[size_] = '\0';
    cur_ = buffer_.data();
    last_ = size_ == 0 ? cur_ : cur_ + size_ - 1;
    if (invalid_at_ == no_invalid_utf8) check_utf8();
  }

  /// Checks the new block, finishing first a sequence the previous block cut (kept in carry_).
  void check_utf8();

  std::istream* in_;
  std::vector<char> buffer_;
  Ch* cur_ = nullptr;
  Ch* last_ = nullptr;
  std::size_t size_ = 0;
  std::uint64_t consumed_ = 0;
  std::uint64_t invalid_at_ = no_invalid_utf8;
  std::array<unsigned char, 4> carry_{};
  std::size_t carry_n_ = 0;
};

}  // namespace trncost::readers::detail

// RapidJSON's hooks for a fast input, specialised for istream_input: its own fast string copy and
// blank skipping exist only for its in-memory streams. Both only move the read position over
// bytes the generic code would have taken one at a time, so results and error offsets are the same.
namespace rapidjson {
template <>
template <>
inline void GenericReader<UTF8<>, UTF8<>, CrtAllocator>::ScanCopyUnescapedString(
    trncost::readers::detail::istream_input& is, StackStream<char>& os) {
  is.copy_plain_string(os);
}
template <>
[[gnu::always_inline]] inline void SkipWhitespace(trncost::readers::detail::istream_input& is) {
  is.skip_blanks();
}
}  // namespace rapidjson

namespace trncost::readers::detail {

/// The parser's own words for a syntax error ("Missing a comma or '}' after an object member.").
[[nodiscard]] TRNCOST_DECL std::string_view json_error_text(rapidjson::ParseErrorCode code);

/// Throws parse_error for a failed parse: the handler's own message when it stopped the parse
/// (handler_message non-empty), the parser's otherwise; both with the byte offset.
[[noreturn]] TRNCOST_DECL void fail_json(std::string_view file,
                                         const rapidjson::ParseResult& result,
                                         std::string_view handler_field,
                                         std::string_view handler_message);

/// True when `text` begins with the UTF-8 byte-order mark (EF BB BF).
[[nodiscard]] TRNCOST_DECL bool starts_with_utf8_bom(std::string_view text) noexcept;

/// A key's hash for the duplicate check: every byte, eight at a time, multiplied and folded (a
/// few instructions for a typical key). Equal hashes are only a hint; keys are compared in full.
[[nodiscard]] TRNCOST_DECL std::uint64_t key_hash(std::string_view k) noexcept;

/// The rule every JSON reader applies to an object holding the same key twice (JSON leaves the
/// meaning open; a parser keeping the last value would silently replace a price or a count).
inline constexpr std::string_view duplicate_key_rule =
    "appears twice in one object; trncost refuses a repeated key (the last value would silently "
    "replace the first)";

/// Wraps a SAX handler and refuses an object that holds the same key twice (compared exactly, as
/// bytes), stopping the parse; every other event is passed on. It also keeps the path to the
/// current value ("terms.OnDemand.S1", "neuron_runtime_data[0].report"), so a refusal names
/// where the repeated key is. Objects with more than 8 keys are checked through a hash table
/// (an offer file's "products" holds every SKU), smaller ones by comparison; neither allocates
/// once the buffers have grown to the file's widest object.
template <class Handler>
class unique_keys : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, unique_keys<Handler>> {
 public:
  explicit unique_keys(Handler& inner) : inner_(&inner) {}

  /// Forgets everything (for the next line of a JSON Lines file).
  void reset() {
    depth_ = 0;
    duplicate_ = false;
    path_.clear();
  }

  bool Null() { return value() && inner_->Null(); }
  bool Bool(bool b) { return value() && inner_->Bool(b); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    return value() && inner_->RawNumber(s, n, copy);
  }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    return value() && inner_->String(s, n, copy);
  }
  bool StartObject() {
    if (!value()) return false;
    open(true);
    return inner_->StartObject();
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    frame& f = frames_[depth_ - 1];
    const std::string_view k(s, n);
    if (!f.add(k)) {
      duplicate_ = true;
      path_ = path_to(depth_ - 1);
      if (!path_.empty()) path_ += '.';
      path_.append(k);
      return false;
    }
    return inner_->Key(s, n, copy);
  }
  bool EndObject(rapidjson::SizeType n) {
    --depth_;
    return inner_->EndObject(n);
  }
  bool StartArray() {
    if (!value()) return false;
    open(false);
    return inner_->StartArray();
  }
  bool EndArray(rapidjson::SizeType n) {
    --depth_;
    return inner_->EndArray(n);
  }

  /// True when the parse stopped at a repeated key; path() then names it.
  [[nodiscard]] bool duplicate() const noexcept { return duplicate_; }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }

 private:
  struct frame {
    /// Keys compared one by one up to this many; past it, through a hash table.
    static constexpr std::size_t linear_keys = 8;

    bool object = false;
    std::size_t items = 0;  // arrays: values so far; objects: keys so far
    // The object's keys end to end in text[0, used), and where each ends: buffers reused from
    // object to object, so a key costs no allocation once the file's widest object has been read.
    std::string text;
    std::size_t used = 0;
    std::vector<std::size_t> ends;
    // Past linear_keys keys: each key's key_hash, open addressing (key index + 1; 0 is an empty
    // slot), and each key's slot, so that the next object clears only the slots it used.
    std::vector<std::uint64_t> hashes;
    std::vector<std::uint32_t> table;
    std::vector<std::uint32_t> slot_of;
    bool hashed = false;

    void start(bool is_object) {
      if (hashed) {
        for (const std::uint32_t s : slot_of) table[s] = 0;
        slot_of.clear();
        hashes.clear();
        hashed = false;
      }
      object = is_object;
      items = 0;
      used = 0;
      ends.clear();
    }
    [[nodiscard]] std::string_view key(std::size_t i) const noexcept {
      const std::size_t from = i == 0 ? 0 : ends[i - 1];
      return {text.data() + from, ends[i] - from};
    }
    /// Records `k`; false when the object already has it.
    bool add(std::string_view k) {
      if (!hashed) {
        for (std::size_t i = 0; i < items; ++i) {
          if (key(i) == k) return false;
        }
        push(k);
        if (items > linear_keys) index_all(table.size() < 64 ? 64 : table.size());
        return true;
      }
      const std::uint64_t h = key_hash(k);
      const std::size_t mask = table.size() - 1;
      std::size_t s = static_cast<std::size_t>(h) & mask;
      for (; table[s] != 0; s = (s + 1) & mask) {
        const std::size_t i = table[s] - 1;
        if (hashes[i] == h && key(i) == k) return false;
      }
      push(k);
      hashes.push_back(h);
      table[s] = static_cast<std::uint32_t>(items);
      slot_of.push_back(static_cast<std::uint32_t>(s));
      if (items * 2 > table.size()) index_all(table.size() * 2);
      return true;
    }
    [[nodiscard]] std::string_view last_key() const {
      return items == 0 ? std::string_view{} : key(items - 1);
    }

   private:
    void push(std::string_view k) {
      if (text.size() < used + k.size()) {
        text.resize(std::max(2 * text.size(), used + k.size() + 256));
      }
      if (!k.empty()) std::memcpy(text.data() + used, k.data(), k.size());
      used += k.size();
      ends.push_back(used);
      ++items;
    }
    /// Files every key in a zeroed table of `slots` slots (a power of two, twice the keys or more).
    void index_all(std::size_t slots) {
      // Not hashed, a table of the right size is already zero: start() cleared what it used.
      if (hashed || table.size() != slots) table.assign(slots, 0);
      if (!hashed) {
        hashes.clear();
        for (std::size_t i = 0; i < items; ++i) hashes.push_back(key_hash(key(i)));
      }
      slot_of.clear();
      const std::size_t mask = slots - 1;
      for (std::size_t i = 0; i < items; ++i) {
        std::size_t s = static_cast<std::size_t>(hashes[i]) & mask;
        while (table[s] != 0) s = (s + 1) & mask;
        table[s] = static_cast<std::uint32_t>(i + 1);
        slot_of.push_back(static_cast<std::uint32_t>(s));
      }
      hashed = true;
    }
  };

  bool value() {
    if (depth_ != 0 && !frames_[depth_ - 1].object) ++frames_[depth_ - 1].items;
    return true;
  }
  void open(bool object) {
    if (frames_.size() <= depth_) frames_.emplace_back();
    frames_[depth_++].start(object);
  }
  [[nodiscard]] std::string path_to(std::size_t level) const {
    std::string p;
    for (std::size_t i = 0; i < level; ++i) {
      const frame& f = frames_[i];
      if (f.object) {
        if (!p.empty()) p += '.';
        p.append(f.last_key());
      } else {
        p += '[' + std::to_string(f.items == 0 ? 0 : f.items - 1) + ']';
      }
    }
    return p;
  }

  Handler* inner_;
  std::vector<frame> frames_;
  std::size_t depth_ = 0;
  bool duplicate_ = false;
  std::string path_;
};

/// Parse flags for an istream_input, which checks UTF-8 itself, block by block: the parser's own
/// check goes byte by byte through every string and took a third of an offer file's read.
inline constexpr unsigned json_stream_parse_flags =
    rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag;

/// Wraps a SAX handler and stops the parse at a string or key that holds the first invalid UTF-8
/// sequence the input found, before the handler sees it: what the parser's own check does.
template <class Handler>
class utf8_strings : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, utf8_strings<Handler>> {
 public:
  utf8_strings(const istream_input& input, Handler& inner) : input_(&input), inner_(&inner) {}

  bool Null() { return inner_->Null(); }
  bool Bool(bool b) { return inner_->Bool(b); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    return inner_->RawNumber(s, n, copy);
  }
  // The string ended just before Tell(); no invalid byte lies before the string (the parser
  // refuses one outside strings, and every earlier string was checked).
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    return input_->first_invalid_utf8() >= input_->Tell() && inner_->String(s, n, copy);
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    return input_->first_invalid_utf8() >= input_->Tell() && inner_->Key(s, n, copy);
  }
  bool StartObject() { return inner_->StartObject(); }
  bool EndObject(rapidjson::SizeType n) { return inner_->EndObject(n); }
  bool StartArray() { return inner_->StartArray(); }
  bool EndArray(rapidjson::SizeType n) { return inner_->EndArray(n); }

 private:
  const istream_input* input_;
  Handler* inner_;
};

/// Parses `input` with `handler` (usually a unique_keys guard) and the input's block-wise UTF-8
/// check: the result, error code and offset included, is what json_parse_flags gives. An invalid
/// sequence the parse stopped at or went past is reported as the parser reports it ("Invalid
/// encoding in string." at the sequence's first byte); one the parse never reached (after an
/// earlier error, or beyond the end of the document) changes nothing.
template <class Handler>
[[nodiscard]] rapidjson::ParseResult parse_json_stream_with(istream_input& input,
                                                            Handler& handler) {
  utf8_strings<Handler> checked(input, handler);
  rapidjson::Reader reader;
  rapidjson::ParseResult result = reader.Parse<json_stream_parse_flags>(input, checked);
  // Past the sequence: the parser went through a string holding it (an escape error later in
  // it, or the string's end, where utf8_strings stopped). At it: a byte no JSON token starts with,
  // the same error with or without the parser's check.
  if (result.IsError() && input.first_invalid_utf8() < result.Offset()) {
    result.Set(rapidjson::kParseErrorStringInvalidEncoding,
               static_cast<std::size_t>(input.first_invalid_utf8()));
  }
  return result;
}

/// Reads a JSON Lines file line by line, for every JSON Lines reader: a leading UTF-8
/// byte-order mark is skipped, a CR before the LF dropped, and a line longer than
/// max_line_bytes refused (naming the line) before it is held whole.
class json_lines {
 public:
  /// 8 MiB: a neuron-monitor report of the largest instance is well under 1 MiB.
  static constexpr std::size_t max_line_bytes = std::size_t{8} << 20;

  json_lines(std::istream& in, std::string_view file) : in_(&in), file_(file) {}

  /// Reads the next line; false at the end of the input.
  bool next();

  [[nodiscard]] std::string& text() noexcept { return text_; }
  [[nodiscard]] std::uint64_t line() const noexcept { return line_; }
  /// True when the line holds only blanks.
  [[nodiscard]] bool blank() const noexcept {
    return text_.find_first_not_of(" \t") == std::string::npos;
  }
  /// True when the last line read ended at the end of the input, without a line end.
  [[nodiscard]] bool unterminated() const noexcept { return !newline_; }

 private:
  std::istream* in_;
  std::string_view file_;
  std::string text_;
  std::uint64_t line_ = 0;
  bool newline_ = false;
};

/// Throws parse_error for a repeated key a unique_keys guard stopped the parse at: the file with
/// the byte offset (whole documents) or the line and the byte within it (JSON Lines).
template <class Handler>
[[noreturn]] void fail_duplicate_key(std::string_view file, std::uint64_t line,
                                     const unique_keys<Handler>& guard, std::size_t offset) {
  if (line == 0)
    readers::fail(input_position::at_byte(file, offset), guard.path(), duplicate_key_rule);
  readers::fail(
      input_position::at_line(file, line), guard.path(),
      std::string(duplicate_key_rule) + " (byte " + std::to_string(offset) + " of the line)");
}

/// A parsed JSON value: small and simple, for records read one at a time. Numbers keep their text.
class json_value {
 public:
  enum class kind : std::uint8_t { null, boolean, number, string, array, object };

  json_value() = default;
  static json_value make(kind k) {
    json_value v;
    v.kind_ = k;
    return v;
  }

  [[nodiscard]] kind type() const noexcept { return kind_; }
  [[nodiscard]] bool is_null() const noexcept { return kind_ == kind::null; }
  [[nodiscard]] bool is_object() const noexcept { return kind_ == kind::object; }
  [[nodiscard]] bool is_array() const noexcept { return kind_ == kind::array; }
  [[nodiscard]] bool is_string() const noexcept { return kind_ == kind::string; }
  [[nodiscard]] bool is_number() const noexcept { return kind_ == kind::number; }
  [[nodiscard]] bool is_bool() const noexcept { return kind_ == kind::boolean; }

  /// The text of a string or number ("true"/"false" for a boolean, empty for null and containers).
  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  [[nodiscard]] bool boolean() const noexcept { return kind_ == kind::boolean && text_ == "true"; }

  /// Array elements, or object members' values in file order.
  [[nodiscard]] const std::vector<json_value>& items() const noexcept { return items_; }
  /// Object member names, parallel to items().
  [[nodiscard]] const std::vector<std::string>& keys() const noexcept { return keys_; }

  /// The member named `key` of an object (the first if repeated), or nullptr.
  [[nodiscard]] const json_value* find(std::string_view key) const noexcept;

  /// Names a kind for error messages ("a string", "an object").
  [[nodiscard]] static std::string_view kind_name(kind k) noexcept;

 private:
  friend class json_tree_builder;
  kind kind_ = kind::null;
  std::string text_;
  std::vector<json_value> items_;
  std::vector<std::string> keys_;
};

/// SAX handler that builds a json_value tree. It refuses nesting deeper than max_depth: the tree
/// is freed recursively, and no record trncost reads is nested more than a few levels.
class json_tree_builder
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, json_tree_builder> {
 public:
  static constexpr std::size_t max_depth = 256;
  static constexpr std::string_view too_deep_rule =
      "arrays and objects nested more than 256 deep (refused)";

  bool Null() { return put(json_value::make(json_value::kind::null)); }
  bool Bool(bool b) {
    auto v = json_value::make(json_value::kind::boolean);
    v.text_ = b ? "true" : "false";
    return put(std::move(v));
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    auto v = json_value::make(json_value::kind::number);
    v.text_.assign(s, n);
    return put(std::move(v));
  }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    auto v = json_value::make(json_value::kind::string);
    v.text_.assign(s, n);
    return put(std::move(v));
  }
  bool StartObject() {
    if (stack_.size() >= max_depth) return refuse_depth();
    stack_.push_back(json_value::make(json_value::kind::object));
    return true;
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    stack_.back().keys_.emplace_back(s, n);
    return true;
  }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool StartArray() {
    if (stack_.size() >= max_depth) return refuse_depth();
    stack_.push_back(json_value::make(json_value::kind::array));
    return true;
  }
  bool EndArray(rapidjson::SizeType) { return close(); }

  [[nodiscard]] json_value take() { return std::move(root_); }
  /// True when the parse stopped at nesting deeper than max_depth.
  [[nodiscard]] bool too_deep() const noexcept { return too_deep_; }

 private:
  bool refuse_depth() {
    too_deep_ = true;
    return false;  // stops the parse
  }
  bool put(json_value v) {
    if (stack_.empty()) {
      root_ = std::move(v);
    } else {
      stack_.back().items_.push_back(std::move(v));
    }
    return true;
  }
  bool close() {
    json_value done = std::move(stack_.back());
    stack_.pop_back();
    return put(std::move(done));
  }

  std::vector<json_value> stack_;
  json_value root_;
  bool too_deep_ = false;
};

/// Parses one JSON document held in `text` (one line of a JSON Lines file, say). Errors name the
/// file and, when line is non-zero, that line and the byte offset within it.
[[nodiscard]] TRNCOST_DECL json_value parse_json_text(std::string_view text, std::string_view file,
                                                      std::uint64_t line = 0);

/// Parses a whole JSON document from a stream (for files of modest size; large files are read with
/// a SAX handler of their own).
[[nodiscard]] TRNCOST_DECL json_value parse_json_stream(std::istream& in, std::string_view file);

}  // namespace trncost::readers::detail

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/json.ipp"
#endif

#endif  // TRNCOST_READERS_DETAIL_JSON_HPP
