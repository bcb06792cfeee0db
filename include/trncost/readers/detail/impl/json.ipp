// The definitions of readers/detail/json.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_READERS_DETAIL_IMPL_JSON_IPP
#define TRNCOST_READERS_DETAIL_IMPL_JSON_IPP

#include "../json.hpp"

namespace trncost {

namespace readers::detail {

[[nodiscard]] TRNCOST_DECL std::size_t plain_string_run(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
#if defined(__SSE2__)
  // x86-64 always has SSE2: sixteen bytes at a time, most of an offer file's strings in one step.
  // A byte is below 0x20 when the unsigned maximum of it and 0x1F is 0x1F.
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i below = _mm_set1_epi8(0x1F);
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_cmpeq_epi8(_mm_max_epu8(v, below), below));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) return i + static_cast<std::size_t>(std::countr_zero(mask));
  }
#endif
  if constexpr (std::endian::native == std::endian::little) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p + i, 8);
      const std::uint64_t q = w ^ (ones * 0x22U);  // '"'
      const std::uint64_t b = w ^ (ones * 0x5CU);  // '\\'
      const std::uint64_t hit =
          ((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20U) & ~w);  // < 0x20
      if ((hit & highs) != 0) {
        return i + static_cast<std::size_t>(std::countr_zero(hit & highs) >> 3);
      }
    }
  }
  for (; i < n; ++i) {
    const auto c = static_cast<unsigned char>(p[i]);
    if (c == '"' || c == '\\' || c < 0x20) return i;
  }
  return n;
}

[[nodiscard]] TRNCOST_DECL std::size_t blank_run(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
#if defined(__SSE2__)
  // Sixteen bytes at a time: a line end and the next line's indentation in one or two steps.
  const __m128i space = _mm_set1_epi8(' ');
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  const __m128i tab = _mm_set1_epi8('\t');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i is_blank =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, lf)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, tab)));
    const auto other = ~static_cast<unsigned>(_mm_movemask_epi8(is_blank)) & 0xFFFFU;
    if (other != 0) return i + static_cast<std::size_t>(std::countr_zero(other));
  }
#endif
  while (i < n) {
    const char c = p[i];
    if (c == ' ') {
      if constexpr (std::endian::native == std::endian::little) {
        if (i + 8 <= n) {
          std::uint64_t w = 0;
          std::memcpy(&w, p + i, 8);
          const std::uint64_t x = w ^ 0x2020202020202020ULL;  // zero bytes: the spaces
          i += x == 0 ? 8 : static_cast<std::size_t>(std::countr_zero(x) >> 3);
          continue;
        }
      }
      ++i;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      ++i;
    } else {
      return i;
    }
  }
  return n;
}

[[nodiscard]] TRNCOST_DECL std::string_view json_error_text(rapidjson::ParseErrorCode code) {
  return rapidjson::GetParseError_En(code);
}

[[noreturn]] TRNCOST_DECL void fail_json(std::string_view file,
                                         const rapidjson::ParseResult& result,
                                         std::string_view handler_field,
                                         std::string_view handler_message) {
  const auto where = input_position::at_byte(file, result.Offset());
  if (result.Code() == rapidjson::kParseErrorTermination && !handler_message.empty()) {
    readers::fail(where, handler_field, handler_message);
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
  readers::fail(where, "", rule);
}

[[nodiscard]] TRNCOST_DECL bool starts_with_utf8_bom(std::string_view text) noexcept {
  return text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
         static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF;
}

[[nodiscard]] TRNCOST_DECL std::uint64_t key_hash(std::string_view k) noexcept {
  constexpr std::uint64_t mul = 0x9E3779B97F4A7C15ULL;
  std::uint64_t h = (k.size() + 1) * mul;
  std::size_t i = 0;
  for (; i + 8 <= k.size(); i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, k.data() + i, 8);
    h = (h ^ w) * mul;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  if (i != k.size() && k.size() >= 8) {
    std::memcpy(&tail, k.data() + k.size() - 8, 8);  // the last 8 bytes, overlapping
  } else {
    for (; i < k.size(); ++i) tail = (tail << 8) | static_cast<unsigned char>(k[i]);
  }
  h = (h ^ tail) * mul;
  return h ^ (h >> 32);
}

[[nodiscard]] TRNCOST_DECL json_value parse_json_text(std::string_view text, std::string_view file,
                                                      std::uint64_t line) {
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
    readers::fail(input_position::at_line(file, line), "", rule);
  }
  return builder.take();
}

[[nodiscard]] TRNCOST_DECL json_value parse_json_stream(std::istream& in, std::string_view file) {
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

}  // namespace readers::detail

namespace readers::detail {

TRNCOST_DECL istream_input::istream_input(std::istream& in) : in_(&in), buffer_(block_size + 8) {
  refill();
  if (size_ >= 3 && static_cast<unsigned char>(buffer_[0]) == 0xEF &&
      static_cast<unsigned char>(buffer_[1]) == 0xBB &&
      static_cast<unsigned char>(buffer_[2]) == 0xBF) {
    Take();
    Take();
    Take();
  }
}

TRNCOST_DECL auto istream_input::Tell() const -> std::size_t {
  return static_cast<std::size_t>(consumed_) + static_cast<std::size_t>(cur_ - buffer_.data());
}

TRNCOST_DECL auto istream_input::check_utf8() -> void {
  const auto* p = reinterpret_cast<const unsigned char*>(buffer_.data());
  std::size_t from = 0;
  if (carry_n_ != 0) {
    std::array<unsigned char, 8> joined{};
    std::memcpy(joined.data(), carry_.data(), carry_n_);
    const std::size_t take = std::min<std::size_t>(size_, 4);
    std::memcpy(joined.data() + carry_n_, p, take);
    std::size_t tail = 0;
    const std::size_t n = carry_n_ + take;
    const std::size_t bad = find_invalid_utf8(joined.data(), n, tail);
    const std::uint64_t start = consumed_ - carry_n_;
    if (bad < n && bad == 0) {
      invalid_at_ = start;
      return;
    }
    if (tail == 0) {  // still cut: a short read is the end of the input (istream::read)
      invalid_at_ = start;
      return;
    }
    // The sequence that straddled the blocks is whole and valid: its length is the first
    // sequence's, found by checking it alone.
    std::size_t len = 1;
    while (len < n) {
      std::size_t t = 0;
      if (find_invalid_utf8(joined.data(), len, t) == len && t == len) break;
      ++len;
    }
    from = len - carry_n_;
    carry_n_ = 0;
  }
  if (size_ == 0) return;
  std::size_t tail = 0;
  const std::size_t bad = find_invalid_utf8(p + from, size_ - from, tail);
  if (bad < size_ - from) {
    invalid_at_ = consumed_ + from + bad;
    return;
  }
  carry_n_ = size_ - from - tail;
  std::memcpy(carry_.data(), p + from + tail, carry_n_);
}

TRNCOST_DECL auto json_lines::next() -> bool {
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
      readers::fail(input_position::at_line(file_, line_), "",
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

TRNCOST_DECL auto json_value::find(std::string_view key) const noexcept -> const json_value* {
  if (kind_ != kind::object) return nullptr;
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == key) return &items_[i];
  }
  return nullptr;
}

TRNCOST_DECL auto json_value::kind_name(kind k) noexcept -> std::string_view {
  switch (k) {
    case kind::null:
      return "null";
    case kind::boolean:
      return "a boolean";
    case kind::number:
      return "a number";
    case kind::string:
      return "a string";
    case kind::array:
      return "an array";
    case kind::object:
      return "an object";
  }
  return "a value";
}

}  // namespace readers::detail

}  // namespace trncost

#endif  // TRNCOST_READERS_DETAIL_IMPL_JSON_IPP
