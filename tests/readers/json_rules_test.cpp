// Tests for the rules every JSON reader shares (readers/detail/json.hpp, readers/detail/input.hpp):
// a repeated key refused with its path, a leading UTF-8 byte-order mark accepted, JSON Lines lines
// longer than 8 MiB refused, a directory named as a file refused with a message saying so.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <trncost/readers/model_support.hpp>
#include <trncost/readers/neuron_monitor.hpp>
#include <trncost/readers/price_list.hpp>
#include <trncost/readers/run_log.hpp>

#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::io_json_rules_test {

using namespace trncost;

namespace json_rules_test {

const std::string bom = "\xEF\xBB\xBF";

using trncost_support::slurp;

const std::string offer_fixture = TRNCOST_TESTS_DIR "/prices/data/ec2-us-east-1-small.json";
const std::string capture =
    TRNCOST_TESTS_DIR "/readers/data/neuron-monitor/trn1.32xlarge-24-reports.jsonl";

}  // namespace json_rules_test

using namespace json_rules_test;

TEST_CASE("a repeated key is refused with its path in an object of more than 8 keys") {
  // 40 distinct keys, then k3 again: the hash-table branch of the check.
  std::string text = "{\"outer\": [1, {";
  for (int i = 0; i < 40; ++i)
    text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
  text += "\"k3\": 0}]}";
  CHECK_THROWS_WITH_AS((void)readers::detail::parse_json_text(text, "t.json"),
                       // The offset is just after the repeated key: before ": 0}]}" (6 bytes).
                       ("trncost: t.json: byte " + std::to_string(text.size() - 6) +
                        ": outer[1].k3: appears twice in one object; trncost refuses a repeated "
                        "key (the last value would silently replace the first)")
                           .c_str(),
                       parse_error);
  // The same key in two different objects is no repeat.
  CHECK(readers::detail::parse_json_text("[{\"a\": 1}, {\"a\": 2}, {\"b\": {\"a\": 3}}]", "t.json")
            .items()
            .size() == 3);
}

TEST_CASE("a leading UTF-8 byte-order mark is accepted by every JSON reader") {
  // Offer file: the same products with and without the mark.
  const std::string offer_text = slurp(offer_fixture);
  std::istringstream plain(offer_text);
  std::istringstream marked(bom + offer_text);
  pricing::offer_filter f;
  f.where("servicecode", "AmazonEC2");
  const auto a = readers::read_offer_json(plain, "o.json", f);
  const auto b = readers::read_offer_json(marked, "o.json", f);
  CHECK(a.products.size() == b.products.size());
  CHECK(a.terms.size() == b.terms.size());
  // neuron-monitor capture.
  std::istringstream nm(bom + slurp(capture));
  CHECK(readers::read_neuron_monitor(nm, "nm.jsonl").reports_used == 22);
  // JSON Lines run log: the first line starts with the mark.
  std::istringstream log(bom +
                         "{\"run_id\": \"r1\", \"event\": \"run\", \"name\": \"instance_type\", "
                         "\"value\": \"trn1.32xlarge\"}\n");
  CHECK_THROWS_WITH_AS((void)readers::read_run_log_json(log, "r.jsonl"),
                       doctest::Contains("r.jsonl"),
                       parse_error);  // a run without its end row
  std::istringstream doc(bom + "{\"a\": 1}");
  CHECK(readers::detail::parse_json_stream(doc, "d.json").find("a")->text() == "1");
  CHECK(readers::detail::parse_json_text(bom + "{\"a\": 2}", "d.json").find("a")->text() == "2");
}

TEST_CASE("json_lines reads lines with the mark skipped and a CR dropped") {
  std::istringstream in(bom + "{}\r\n  \n{\"x\": 1}");
  readers::detail::json_lines lines(in, "l.jsonl");
  REQUIRE(lines.next());
  CHECK(lines.text() == "{}");
  CHECK(lines.line() == 1);
  CHECK_FALSE(lines.unterminated());
  REQUIRE(lines.next());
  CHECK(lines.blank());
  REQUIRE(lines.next());
  CHECK(lines.text() == "{\"x\": 1}");
  CHECK(lines.line() == 3);
  CHECK(lines.unterminated());
  CHECK_FALSE(lines.next());
  std::istringstream big(std::string(readers::detail::json_lines::max_line_bytes + 1, ' '));
  readers::detail::json_lines over(big, "big.jsonl");
  CHECK_THROWS_WITH_AS((void)over.next(),
                       "trncost: big.jsonl:1: the line is longer than 8388608 bytes (8 MiB), the "
                       "limit of one JSON Lines record; is this a JSON Lines file (one object per "
                       "line)?",
                       parse_error);
  std::istringstream exact(std::string(readers::detail::json_lines::max_line_bytes, ' ') + "\n");
  readers::detail::json_lines at_limit(exact, "ok.jsonl");
  CHECK(at_limit.next());
}

TEST_CASE("a directory given as a file is refused as a directory") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string rule = "trncost: " + dir + ": is a directory, not a file; give the file's path";
  pricing::offer_filter f;
  CHECK_THROWS_WITH_AS((void)readers::read_offer_json_file(dir, f), rule.c_str(), parse_error);
  CHECK_THROWS_WITH_AS((void)readers::read_offer_csv_file(dir, f), rule.c_str(), parse_error);
  CHECK_THROWS_WITH_AS((void)readers::read_neuron_monitor(dir), rule.c_str(), parse_error);
  CHECK_THROWS_WITH_AS((void)readers::read_run_log(dir), rule.c_str(), parse_error);
  CHECK_THROWS_WITH_AS((void)readers::read_model_support_file(dir, parse_date("2026-11-30")),
                       rule.c_str(), parse_error);
  CHECK_THROWS_WITH_AS((void)readers::open_input_file("/nonexistent/x.json"),
                       "trncost: /nonexistent/x.json: cannot be opened (no such file)",
                       parse_error);
}

TEST_CASE("a refused number keeps its reason and says when it is out of range") {
  const auto rule_of = [](std::string_view text) {
    try {
      (void)decimal::parse(text);
    } catch (const error& e) {
      return readers::decimal_rule(text, e, "price");
    }
    return std::string("parsed");
  };
  CHECK(rule_of("1234567890123456789012345678901") ==
        "\"1234567890123456789012345678901\" is out of the decimal range (about +/-1.7e20, 18 "
        "fractional digits); a price must lie within it");
  CHECK(rule_of("12,5") == "\"12,5\" is not a decimal price: unexpected character ',' at offset 2");
  CHECK(rule_of("1") == "parsed");
}

}  // namespace trncost_tests::io_json_rules_test
