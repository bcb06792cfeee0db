// The block input's fast paths (string bodies copied and blanks skipped eight bytes at a time,
// readers/detail/json.hpp) against RapidJSON's own byte-by-byte parse of the same text in memory,
// with its UTF-8 check: the same events, the same error code and the same byte offset.
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include "trncost/readers/detail/json.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_json_stream_test {

using trncost::readers::detail::blank_run;
using trncost::readers::detail::plain_string_run;

/// Writes every event as text, so two parses can be compared as strings.
struct recorder : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, recorder> {
  std::string log;
  bool Null() { return put("n"); }
  bool Bool(bool b) { return put(b ? "t" : "f"); }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
    return put("#" + std::string(s, n));
  }
  bool String(const char* s, rapidjson::SizeType n, bool) { return put("s" + std::string(s, n)); }
  bool Key(const char* s, rapidjson::SizeType n, bool) { return put("k" + std::string(s, n)); }
  bool StartObject() { return put("{"); }
  bool EndObject(rapidjson::SizeType) { return put("}"); }
  bool StartArray() { return put("["); }
  bool EndArray(rapidjson::SizeType) { return put("]"); }
  bool put(const std::string& event) {
    log += event;
    log += '\x1f';
    return true;
  }
};

struct outcome {
  std::string log;
  int code = 0;
  std::size_t offset = 0;
};

/// RapidJSON byte by byte over the text in memory, checking UTF-8 itself.
outcome in_memory(const std::string& text) {
  recorder r;
  rapidjson::Reader reader;
  rapidjson::MemoryStream memory(text.data(), text.size());
  const auto result = reader.Parse<trncost::readers::detail::json_parse_flags>(memory, r);
  return {r.log, static_cast<int>(result.Code()), result.IsError() ? result.Offset() : 0};
}

/// trncost's block input: 64 KiB blocks, the fast paths, the block-wise UTF-8 check.
outcome streamed(const std::string& text) {
  recorder r;
  std::istringstream in(text);
  trncost::readers::detail::istream_input input(in);
  const auto result = trncost::readers::detail::parse_json_stream_with(input, r);
  return {r.log, static_cast<int>(result.Code()), result.IsError() ? result.Offset() : 0};
}

/// A random piece of a string body: plain ASCII runs of any length, escapes, multi-byte UTF-8.
std::string string_body(std::mt19937& rng) {
  std::string s;
  const auto parts = rng() % 6;
  for (std::uint32_t i = 0; i < parts; ++i) {
    switch (rng() % 8) {
      case 0:
        s += "\\\"";
        break;
      case 1:
        s += "\\\\";
        break;
      case 2:
        s += "\\n\\u00e9";
        break;
      case 3:
        s += "\xC3\xA9";
        break;  // é
      case 4:
        s += "\xF0\x9F\x98\x80";
        break;  // a 4-byte sequence
      default:
        s += std::string(rng() % 40, static_cast<char>('a' + rng() % 26));
        break;
    }
  }
  return s;
}

std::string blanks(std::mt19937& rng) {
  static constexpr std::string_view kinds = "    \n\t\r ";
  std::string b;
  const auto n = rng() % 24;
  for (std::uint32_t i = 0; i < n; ++i) b += kinds[rng() % kinds.size()];
  return b;
}

/// About `size` bytes of JSON: an array of small objects with blanks everywhere AWS puts them.
std::string document(std::mt19937& rng, std::size_t size) {
  std::string d = "[" + blanks(rng);
  bool first = true;
  while (d.size() < size) {
    if (!first) d += "," + blanks(rng);
    first = false;
    d += "{" + blanks(rng) + "\"" + string_body(rng) + "\"" + blanks(rng) + ":" + blanks(rng) +
         "\"" + string_body(rng) + "\"" + blanks(rng) + "," + blanks(rng) + "\"n\"" + blanks(rng) +
         ":" + blanks(rng) + std::to_string(rng() % 100000) + blanks(rng) + "}";
  }
  return d + blanks(rng) + "]" + blanks(rng);
}

TEST_CASE("plain_string_run stops at the first quote or backslash or control byte") {
  CHECK(plain_string_run("", 0) == 0);
  CHECK(plain_string_run("abc", 3) == 3);
  // Every stop byte at every position of a 20-byte run: the word loop and the byte loop agree.
  for (const char stop : {'"', '\\', '\x00', '\x1f', '\n'}) {
    for (std::size_t at = 0; at < 20; ++at) {
      std::string s(20, 'x');
      s[at] = stop;
      if (at + 1 < s.size()) s[at + 1] = '"';  // a second stop byte after it changes nothing
      CHECK(plain_string_run(s.data(), s.size()) == at);
    }
  }
  // Bytes above 0x7F (UTF-8) and the ones next to the stop bytes are plain.
  const std::string plain = "\xC3\xA9\x7F !#[]\x20\x21\x5B\x5D\xFF\x80";
  CHECK(plain_string_run(plain.data(), plain.size()) == plain.size());
  // A stop byte beyond n is not looked at.
  CHECK(plain_string_run("abcdefghij\"", 10) == 10);
}

TEST_CASE("blank_run skips spaces and tabs and line ends but nothing else") {
  CHECK(blank_run("", 0) == 0);
  CHECK(blank_run("x", 1) == 0);
  const std::string indent = "\n" + std::string(17, ' ') + "\t\r\n   \"key\"";
  CHECK(blank_run(indent.data(), indent.size()) == indent.find('"'));
  for (std::size_t at = 0; at < 20; ++at) {
    std::string s(20, ' ');
    s[at] = '\v';  // not a JSON blank
    CHECK(blank_run(s.data(), s.size()) == at);
  }
  CHECK(blank_run("          ", 9) == 9);
}

TEST_CASE("the block input parses as RapidJSON does in memory across block ends") {
  std::mt19937 rng(20261202);
  for (int doc = 0; doc < 24; ++doc) {
    // About 150 KB: two block ends fall at random places in strings, blanks and numbers.
    std::string text = std::string(rng() % 64, ' ') + document(rng, 150000);
    const outcome want = in_memory(text);
    REQUIRE(want.code == 0);
    const outcome got = streamed(text);
    CHECK(got.code == want.code);
    CHECK(got.log == want.log);
  }
}

TEST_CASE("the block input stops where RapidJSON stops with the same error and offset") {
  std::mt19937 rng(7);
  // Each fault near a block end (65,536) and elsewhere: a control byte, a byte never in UTF-8, a
  // cut sequence, a bad escape, a surrogate, an overlong form (in a string, or between tokens when
  // the quote found closes one).
  const std::string faults[] = {"\x01", "\xFF", "\xC3", "\\x", "\xED\xA0\x80", "\xC0\xAF"};
  for (const auto& fault : faults) {
    for (const std::size_t near :
         {std::size_t{65530}, std::size_t{65536}, std::size_t{65537}, std::size_t{100000}}) {
      for (std::size_t shift = 0; shift < 6; ++shift) {
        std::string text = document(rng, 140000);
        // Put the fault inside the first string body at or after `near + shift`.
        auto at = text.find("\"", near + shift);
        REQUIRE(at != std::string::npos);
        text.insert(at + 1, fault);
        const outcome want = in_memory(text);
        REQUIRE(want.code != 0);
        const outcome got = streamed(text);
        CHECK(got.code == want.code);
        CHECK(got.offset == want.offset);
        CHECK(got.log == want.log);
      }
    }
  }
  // Cut in the middle of a long string: the parser asks for a closing quote at the end.
  std::string cut = "{\"s\": \"" + std::string(70000, 'y');
  const outcome want = in_memory(cut);
  const outcome got = streamed(cut);
  CHECK(want.code == rapidjson::kParseErrorStringMissQuotationMark);
  CHECK(got.code == want.code);
  CHECK(got.offset == want.offset);
}

/// Parses `text` through the duplicate-key guard; the repeated key's path, or "" when none.
std::string repeated_key(const std::string& text) {
  recorder r;
  trncost::readers::detail::unique_keys<recorder> guard(r);
  std::istringstream in(text);
  trncost::readers::detail::istream_input input(in);
  const auto result = trncost::readers::detail::parse_json_stream_with(input, guard);
  if (!result.IsError()) return "";
  REQUIRE(guard.duplicate());
  return guard.path();
}

std::string object_of(std::size_t keys, const std::string& prefix, const std::string& extra) {
  std::string o = "{";
  for (std::size_t i = 0; i < keys; ++i) {
    if (i != 0) o += ", ";
    o += "\"" + prefix + std::to_string(i) + "\": 0";
  }
  return o + (extra.empty() ? "" : ", " + extra) + "}";
}

TEST_CASE("key_hash depends on every byte and on the length") {
  using trncost::readers::detail::key_hash;
  CHECK(key_hash("productFamily") == key_hash(std::string("productFamily")));
  CHECK(key_hash("") != key_hash(std::string(1, '\0')));
  // Keys that differ in one byte anywhere, in the words or in the tail, hash differently here.
  const std::string base = "WVVQPJVCQU4SR8XF-long-key-tail";
  for (std::size_t at = 0; at < base.size(); ++at) {
    std::string other = base;
    other[at] = static_cast<char>(other[at] ^ 1);
    CHECK(key_hash(other) != key_hash(base));
  }
}

TEST_CASE("unique_keys refuses a repeat in objects of every width and forgets an object's keys") {
  // Widths on both sides of the 8 keys compared one by one, and past several table growths.
  for (const std::size_t width :
       {std::size_t{1}, std::size_t{5}, std::size_t{8}, std::size_t{9}, std::size_t{32},
        std::size_t{33}, std::size_t{65}, std::size_t{3000}}) {
    CAPTURE(width);
    CHECK(repeated_key("{\"o\": " + object_of(width, "k", "\"z\": 1") + "}") == "");
    CHECK(repeated_key("{\"o\": " + object_of(width, "k", "\"k0\": 1") + "}") == "o.k0");
    const std::string last = "k" + std::to_string(width - 1);
    CHECK(repeated_key("{\"o\": " + object_of(width, "k", "\"" + last + "\": 1") + "}") ==
          "o." + last);
    // The next object at the same depth holds the same keys: no repeat (the table was cleared),
    // then a repeat in it is still found.
    CHECK(repeated_key("[" + object_of(width, "k", "") + ", " + object_of(width, "k", "") + "]") ==
          "");
    CHECK(repeated_key("[" + object_of(width, "k", "") + ", " + object_of(3, "k", "\"k1\": 2") +
                       "]") == "[1].k1");
  }
  // Long keys that differ only in the middle.
  std::string o = "{";
  for (int i = 0; i < 100; ++i) {
    o += "\"" + std::string(20, 'a') + std::to_string(1000 + i) + std::string(20, 'b') + "\": 0, ";
  }
  const std::string again = std::string(20, 'a') + "1042" + std::string(20, 'b');
  CHECK(repeated_key(o + "\"x\": 0}") == "");
  CHECK(repeated_key(o + "\"" + again + "\": 0}") == again);
}

}  // namespace trncost_tests::io_json_stream_test
