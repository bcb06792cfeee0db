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

#include <array>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
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
  explicit istream_input(std::istream& in) : in_(&in) { refill(); }

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
  rapidjson::MemoryStream memory(text.data(), text.size());
  // MemoryStream yields '\0' at the end, which the Reader treats as the end of the input.
  const rapidjson::ParseResult result = reader.Parse<json_parse_flags>(memory, builder);
  if (result.IsError()) {
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
  istream_input input(in);
  const rapidjson::ParseResult result = reader.Parse<json_parse_flags>(input, builder);
  if (result.IsError()) {
    fail_json(file, result, "", builder.too_deep() ? json_tree_builder::too_deep_rule : "");
  }
  return builder.take();
}

}  // namespace trncost::io::detail

#endif  // TRNCOST_IO_DETAIL_JSON_HPP
