// The definitions of io/detail/json.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_IO_DETAIL_IMPL_JSON_IPP
#define TRNCOST_IO_DETAIL_IMPL_JSON_IPP

#include "../json.hpp"

namespace trncost {

namespace io::detail {

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
    io::fail(input_position::at_line(file, line), "", rule);
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

}  // namespace io::detail

}  // namespace trncost

#endif  // TRNCOST_IO_DETAIL_IMPL_JSON_IPP
