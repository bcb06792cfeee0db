// The JSON parser behind trncost's readers, kept behind this small interface so it can be swapped:
// RapidJSON's SAX Reader (Debian rapidjson-dev), never its document.h (see docs/io.md for why).
// Provides a buffered std::istream input stream that counts bytes, parse-error messages with the
// byte offset, and json_value, a small tree for inputs read one modest record at a time (a run
// log, one neuron-monitor report). Numbers are kept as their text, so nothing passes through
// binary floating point on the way to an exact decimal.
#ifndef TRNCOST_IO_DETAIL_JSON_HPP
#define TRNCOST_IO_DETAIL_JSON_HPP

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
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "input.hpp"

namespace trncost::io::detail {

/// Numbers as text (exact decimals later), a depth-independent parser (no recursion), and strings
/// that must be valid UTF-8.
inline constexpr unsigned json_parse_flags = rapidjson::kParseNumbersAsStringsFlag |
                                             rapidjson::kParseIterativeFlag |
                                             rapidjson::kParseValidateEncodingFlag;

/// A RapidJSON input stream over a std::istream, read in 64 KiB blocks; Tell() is the byte offset.
class istream_input {
 public:
  using Ch = char;
  /// Skips a leading UTF-8 byte-order mark (EF BB BF); Tell() still counts it, so byte offsets in
  /// messages are offsets in the file.
  explicit istream_input(std::istream& in) : in_(&in) {
    refill();
    if (size_ >= 3 && static_cast<unsigned char>(buffer_[0]) == 0xEF &&
        static_cast<unsigned char>(buffer_[1]) == 0xBB &&
        static_cast<unsigned char>(buffer_[2]) == 0xBF) {
      pos_ = 3;
      if (pos_ == size_) refill();
    }
  }

  Ch Peek() const { return pos_ < size_ ? buffer_[pos_] : '\0'; }
  Ch Take() {
    const Ch c = Peek();
    if (pos_ < size_) {
      ++pos_;
      if (pos_ == size_) refill();
    }
    return c;
  }
  std::size_t Tell() const { return consumed_ + pos_; }

  // Output side of the stream concept: never used by the Reader for a read-only stream.
  Ch* PutBegin() { return nullptr; }
  void Put(Ch) {}
  void Flush() {}
  std::size_t PutEnd(Ch*) { return 0; }

 private:
  void refill() {
    consumed_ += size_;
    pos_ = 0;
    in_->read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    size_ = static_cast<std::size_t>(in_->gcount());
  }

  std::istream* in_;
  std::array<char, 1 << 16> buffer_{};
  std::size_t pos_ = 0;
  std::size_t size_ = 0;
  std::size_t consumed_ = 0;
};

/// The parser's own words for a syntax error ("Missing a comma or '}' after an object member.").
[[nodiscard]] inline std::string_view json_error_text(rapidjson::ParseErrorCode code) {
  return rapidjson::GetParseError_En(code);
}

/// Throws parse_error for a failed parse: the handler's own message when it stopped the parse
/// (handler_message non-empty), the parser's otherwise; both with the byte offset.
[[noreturn]] inline void fail_json(std::string_view file, const rapidjson::ParseResult& result,
                                   std::string_view handler_field,
                                   std::string_view handler_message) {
  const auto where = input_position::at_byte(file, result.Offset());
  if (result.Code() == rapidjson::kParseErrorTermination && !handler_message.empty()) {
    io::fail(where, handler_field, handler_message);
  }
  std::string rule = "invalid JSON: ";
  rule += json_error_text(result.Code());
  if (result.Code() == rapidjson::kParseErrorDocumentEmpty ||
      result.Code() == rapidjson::kParseErrorObjectMissCommaOrCurlyBracket ||
      result.Code() == rapidjson::kParseErrorArrayMissCommaOrSquareBracket ||
      result.Code() == rapidjson::kParseErrorStringMissQuotationMark ||
      result.Code() == rapidjson::kParseErrorObjectMissColon ||
      result.Code() == rapidjson::kParseErrorObjectMissName ||
      result.Code() == rapidjson::kParseErrorValueInvalid) {
    rule += " (truncated input?)";
  }
  io::fail(where, "", rule);
}

/// True when `text` begins with the UTF-8 byte-order mark (EF BB BF).
[[nodiscard]] inline bool starts_with_utf8_bom(std::string_view text) noexcept {
  return text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
         static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF;
}

/// The rule every JSON reader applies to an object holding the same key twice (JSON leaves the
/// meaning open; a parser keeping the last value would silently replace a price or a count).
inline constexpr std::string_view duplicate_key_rule =
    "appears twice in one object; trncost refuses a repeated key (the last value would silently "
    "replace the first)";

/// Wraps a SAX handler and refuses an object that holds the same key twice (compared exactly, as
/// bytes), stopping the parse; every other event is passed on. It also keeps the path to the
/// current value ("terms.OnDemand.S1", "neuron_runtime_data[0].report"), so a refusal names
/// where the repeated key is. Objects with more than 16 keys are checked through a hash set
/// (an offer file's "products" holds every SKU), smaller ones by comparison.
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
    bool object = false;
    std::size_t items = 0;  // arrays: values so far; objects: keys so far
    std::vector<std::string> keys;  // the first 16 keys (strings reused from object to object)
    std::unordered_set<std::string> many;  // every key, once there are more than 16

    void start(bool is_object) {
      object = is_object;
      items = 0;
      if (!many.empty()) many.clear();
    }
    /// Records `k`; false when the object already has it.
    bool add(std::string_view k) {
      if (items < 16) {
        for (std::size_t i = 0; i < items; ++i) {
          if (keys[i] == k) return false;
        }
        if (keys.size() <= items) keys.emplace_back();
        keys[items].assign(k);
      } else {
        if (items == 16) many.insert(keys.begin(), keys.begin() + 16);
        if (!many.emplace(k).second) return false;
        keys[15].assign(k);  // the last key, for path()
      }
      ++items;
      return true;
    }
    [[nodiscard]] std::string_view last_key() const {
      return items == 0 ? std::string_view{} : std::string_view(keys[std::min<std::size_t>(items, 16) - 1]);
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

/// Reads a JSON Lines file line by line, for every JSON Lines reader: a leading UTF-8
/// byte-order mark is skipped, a CR before the LF dropped, and a line longer than
/// max_line_bytes refused (naming the line) before it is held whole.
class json_lines {
 public:
  /// 8 MiB: a neuron-monitor report of the largest instance is well under 1 MiB.
  static constexpr std::size_t max_line_bytes = std::size_t{8} << 20;

  json_lines(std::istream& in, std::string_view file) : in_(&in), file_(file) {}

  /// Reads the next line; false at the end of the input.
  bool next() {
    text_.clear();
    std::streambuf* buf = in_->rdbuf();
    if (buf == nullptr) return false;
    bool any = false;
    newline_ = false;
    for (;;) {
      const int c = buf->sbumpc();
      if (c == std::char_traits<char>::eof()) break;
      any = true;
      if (c == '\n') {
        newline_ = true;
        break;
      }
      if (text_.size() == max_line_bytes) {
        ++line_;
        io::fail(input_position::at_line(file_, line_), "",
                 "the line is longer than " + std::to_string(max_line_bytes) +
                     " bytes (8 MiB), the limit of one JSON Lines record; is this a JSON Lines "
                     "file (one object per line)?");
      }
      text_ += static_cast<char>(c);
    }
    if (!any) return false;
    ++line_;
    if (line_ == 1 && starts_with_utf8_bom(text_)) text_.erase(0, 3);
    if (!text_.empty() && text_.back() == '\r') text_.pop_back();
    return true;
  }

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
  if (line == 0) io::fail(input_position::at_byte(file, offset), guard.path(), duplicate_key_rule);
  io::fail(input_position::at_line(file, line), guard.path(),
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
  [[nodiscard]] const json_value* find(std::string_view key) const noexcept {
    if (kind_ != kind::object) return nullptr;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (keys_[i] == key) return &items_[i];
    }
    return nullptr;
  }

  /// Names a kind for error messages ("a string", "an object").
  [[nodiscard]] static std::string_view kind_name(kind k) noexcept {
    switch (k) {
      case kind::null: return "null";
      case kind::boolean: return "a boolean";
      case kind::number: return "a number";
      case kind::string: return "a string";
      case kind::array: return "an array";
      case kind::object: return "an object";
    }
    return "a value";
  }

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
[[nodiscard]] inline json_value parse_json_text(std::string_view text, std::string_view file,
                                                std::uint64_t line = 0) {
  rapidjson::Reader reader;
  json_tree_builder builder;
  unique_keys<json_tree_builder> guard(builder);
  std::size_t bom = 0;
  if (line <= 1 && starts_with_utf8_bom(text)) bom = 3;  // offsets stay offsets in `text`
  rapidjson::MemoryStream memory(text.data() + bom, text.size() - bom);
  // MemoryStream yields '\0' at the end, which the Reader treats as the end of the input.
  rapidjson::ParseResult result = reader.Parse<json_parse_flags>(memory, guard);
  if (result.IsError()) {
    result.Set(result.Code(), result.Offset() + bom);
    if (guard.duplicate()) fail_duplicate_key(file, line, guard, result.Offset());
    const std::string_view deep = builder.too_deep() ? json_tree_builder::too_deep_rule : "";
    if (line == 0) fail_json(file, result, "", deep);
    const std::string_view why = deep.empty() ? json_error_text(result.Code()) : deep;
    std::string rule = "invalid JSON at byte " + std::to_string(result.Offset()) +
                       " of the line: " + std::string(why);
    io::fail(input_position::at_line(file, line), "", rule);
  }
  return builder.take();
}

/// Parses a whole JSON document from a stream (for files of modest size; large files are read with
/// a SAX handler of their own).
[[nodiscard]] inline json_value parse_json_stream(std::istream& in, std::string_view file) {
  rapidjson::Reader reader;
  json_tree_builder builder;
  unique_keys<json_tree_builder> guard(builder);
  istream_input input(in);
  const rapidjson::ParseResult result = reader.Parse<json_parse_flags>(input, guard);
  if (result.IsError()) {
    if (guard.duplicate()) fail_duplicate_key(file, 0, guard, result.Offset());
    fail_json(file, result, "", builder.too_deep() ? json_tree_builder::too_deep_rule : "");
  }
  return builder.take();
}

}  // namespace trncost::io::detail

#endif  // TRNCOST_IO_DETAIL_JSON_HPP
