// The shared CSV record reader: RFC 4180 quoting, line numbers for errors, columns by name.
#include "trncost/readers/detail/csv.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_csv_test {

namespace {

using trncost::readers::detail::csv_header;
using trncost::readers::detail::csv_reader;

std::vector<std::string> fields(const csv_reader& r) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < r.size(); ++i) out.emplace_back(r[i]);
  return out;
}

std::string error_of(const std::string& text) {
  std::istringstream in(text);
  csv_reader r(in, "t.csv");
  try {
    while (r.next()) {
    }
  } catch (const trncost::parse_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("csv_reader: plain records, CRLF and LF, and the line each record starts on") {
  std::istringstream in("a,b,c\r\n1,,3\n\nx,y,z");
  csv_reader r(in, "t.csv");
  REQUIRE(r.next());
  CHECK(fields(r) == std::vector<std::string>{"a", "b", "c"});
  CHECK(r.line() == 1);
  REQUIRE(r.next());
  CHECK(fields(r) == std::vector<std::string>{"1", "", "3"});
  CHECK(r.line() == 2);
  REQUIRE(r.next());  // a blank line is a record of one empty field, which callers skip
  CHECK(r.blank());
  CHECK(r.size() == 1);
  REQUIRE(r.next());  // the last record has no line end
  CHECK(fields(r) == std::vector<std::string>{"x", "y", "z"});
  CHECK(r.line() == 4);
  CHECK_FALSE(r.next());
  CHECK_FALSE(r.next());
}

TEST_CASE("csv_reader: quoted fields keep commas, doubled quotes and line breaks") {
  std::istringstream in(
      "\xEF\xBB\xBF\"SKU\",\"Desc\"\n\"K1\",\"a, \"\"quoted\"\"\nline\"\n\"\",last\n");
  csv_reader r(in, "t.csv");
  REQUIRE(r.next());
  CHECK(fields(r) == std::vector<std::string>{"SKU", "Desc"});  // byte-order mark skipped
  REQUIRE(r.next());
  CHECK(fields(r) == std::vector<std::string>{"K1", "a, \"quoted\"\nline"});
  CHECK(r.line() == 2);
  REQUIRE(r.next());
  CHECK(r.line() == 4);  // the quoted line break moved the count on
  CHECK(fields(r) == std::vector<std::string>{"", "last"});
  CHECK_FALSE(r.blank());
  CHECK_FALSE(r.next());
}

TEST_CASE("csv_reader: a long record crosses the 64 KiB input buffer intact") {
  const std::string long_field(200000, 'x');
  std::istringstream in("h1,h2\n\"" + long_field + "\"," + long_field + "\nend,end\n");
  csv_reader r(in, "t.csv");
  REQUIRE(r.next());
  REQUIRE(r.next());
  CHECK(r[0] == long_field);
  CHECK(r[1] == long_field);
  REQUIRE(r.next());
  CHECK(r.line() == 3);
}

TEST_CASE("csv_reader: broken quoting names the file, line and column") {
  CHECK(error_of("a,b\n1,\"open\n2,3\n") ==
        "trncost: t.csv:2: column 2: a quoted field is not closed before the end of the input "
        "(truncated file?)");
  CHECK(error_of("a,b\n1,\"x\"y\n") ==
        "trncost: t.csv:2: column 2: a character after a closing quote (expected a comma or a "
        "line end)");
  CHECK(error_of("a,b\nx,ab\"c\n") ==
        "trncost: t.csv:2: column 2: a quote inside an unquoted field (quote the whole field "
        "and double the quote)");
}

TEST_CASE("csv_header: columns by name, required ones named when missing, widths checked") {
  std::istringstream in("sku,price,unit\nK1,0.5\n");
  csv_reader r(in, "prices.csv");
  REQUIRE(r.next());
  const csv_header h(r);
  CHECK(h.size() == 3);
  CHECK(h.name(1) == "price");
  CHECK(h.names().size() == 3);
  CHECK(h.find("unit") == 2u);
  CHECK_FALSE(h.find("Unit").has_value());  // names are case-sensitive, as the files are
  CHECK(h.require("sku") == 0u);
  CHECK_THROWS_WITH_AS((void)h.require("currency"),
                       "trncost: prices.csv:1: column 'currency': is required but missing from "
                       "the header",
                       trncost::parse_error);
  REQUIRE(r.next());
  CHECK_THROWS_WITH_AS(h.check_width(r),
                       "trncost: prices.csv:2: the record has 2 fields, the header has 3",
                       trncost::parse_error);

  std::istringstream dup("a,b,a\n");
  csv_reader rd(dup, "dup.csv");
  REQUIRE(rd.next());
  CHECK_THROWS_WITH_AS(csv_header{rd},
                       "trncost: dup.csv:1: column 'a': appears twice in the header",
                       trncost::parse_error);
}

}  // namespace trncost_tests::io_csv_test
