// The JSON parser interface shared by the readers: exact number text, byte offsets in errors.
#include "trncost/readers/detail/json.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_json_test {

using trncost::readers::detail::json_value;
using trncost::readers::detail::parse_json_stream;
using trncost::readers::detail::parse_json_text;

TEST_CASE("json_value: numbers keep their text, members keep file order") {
  const json_value v = parse_json_text(
      R"({"price": "0.0000000001", "n": 1.50, "big": 123456789012345678901234567890,
          "ok": true, "none": null, "list": [1, "x", {"k": false}]})",
      "t.json");
  REQUIRE(v.is_object());
  CHECK(v.keys() == std::vector<std::string>{"price", "n", "big", "ok", "none", "list"});
  CHECK(v.find("price")->is_string());
  CHECK(v.find("price")->text() == "0.0000000001");
  CHECK(v.find("n")->is_number());
  CHECK(v.find("n")->text() == "1.50");  // not 1.5: no binary floating point on the way
  CHECK(v.find("big")->text() == "123456789012345678901234567890");
  CHECK(v.find("ok")->is_bool());
  CHECK(v.find("ok")->boolean());
  CHECK(v.find("none")->is_null());
  const json_value& list = *v.find("list");
  REQUIRE(list.is_array());
  REQUIRE(list.items().size() == 3);
  CHECK(list.items()[2].find("k")->type() == json_value::kind::boolean);
  CHECK_FALSE(list.items()[2].find("k")->boolean());
  CHECK(v.find("missing") == nullptr);
  CHECK(list.find("k") == nullptr);  // find on a non-object finds nothing
  CHECK(json_value::kind_name(json_value::kind::object) == "an object");
  CHECK(json_value::kind_name(json_value::kind::string) == "a string");
}

TEST_CASE("parse_json_text: an error on a line of a JSON Lines file names the line and byte") {
  CHECK_THROWS_WITH_AS((void)parse_json_text(R"({"a": [1, 2})", "runs.jsonl", 7),
                       "trncost: runs.jsonl:7: invalid JSON at byte 11 of the line: Missing a "
                       "comma or ']' after an array element.",
                       trncost::parse_error);
}

TEST_CASE("parse_json_stream: a truncated document gives the byte offset and says so") {
  std::istringstream in("{\"a\": 1,\n \"b\": ");
  CHECK_THROWS_WITH_AS((void)parse_json_stream(in, "offer.json"),
                       "trncost: offer.json: byte 15: invalid JSON: Invalid value. (truncated "
                       "input?)",
                       trncost::parse_error);
  std::istringstream empty("");
  CHECK_THROWS_WITH_AS((void)parse_json_stream(empty, "empty.json"),
                       "trncost: empty.json: byte 0: invalid JSON: The document is empty. "
                       "(truncated input?)",
                       trncost::parse_error);
}

TEST_CASE("istream_input: offsets count across 64 KiB blocks") {
  // A string member longer than the input buffer, then an error: the offset counts every byte.
  const std::string text = "{\"s\": \"" + std::string(70000, 'x') + "\", }";
  std::istringstream in(text);
  // 7 bytes before the string's content, 70,000 in it, then `", ` (3 bytes): the parser stops at
  // the `}` where a member name is required, byte 7 + 70000 + 3 = 70010.
  CHECK_THROWS_WITH_AS((void)parse_json_stream(in, "big.json"),
                       "trncost: big.json: byte 70010: invalid JSON: Missing a name for object "
                       "member. (truncated input?)",
                       trncost::parse_error);
}

}  // namespace trncost_tests::io_json_test
