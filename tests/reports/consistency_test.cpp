// What a report means beyond its arithmetic (report/consistency.hpp) and how strictly it is read
// (report/audit.hpp): each rule broken once on the committed small report, its field named.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/consistency.hpp>

namespace {

using namespace trncost;

std::string small_report() {
  std::ifstream in(TRNCOST_TESTS_DIR "/reports/data/small_report.json", std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string refusal(const std::string& text) {
  try {
    (void)report::audit(text, "r.json");
  } catch (const parse_error& e) {
    return e.what();
  }
  return "(read)";
}

std::string mismatch(const std::string& text) {
  const auto r = report::audit(text, "r.json");
  return r.ok ? std::string("(passed)") : r.first_mismatch;
}

}  // namespace

TEST_CASE("parse_unit reads trncost's named units and unnamed ones as symbol.hpp prints them") {
  const auto h = report::parse_unit("h");
  REQUIRE(h);
  CHECK(h->exponents == std::map<std::string, int, std::less<>>{{"s", 1}});
  CHECK((h->num == 3600 && h->den == 1));
  const auto price = report::parse_unit("USD/instance-h");
  REQUIRE(price);
  CHECK(price->exponents ==
        std::map<std::string, int, std::less<>>{{"USD", 1}, {"instance", -1}, {"s", -1}});
  CHECK((price->num == 1 && price->den == 3600));
  const auto hour_byte = report::parse_unit("(3600 s B)");
  REQUIRE(hour_byte);
  CHECK((hour_byte->num == 3600 && hour_byte->exponents.size() == 2));
  const auto per_hour = report::parse_unit("USD s/h");
  REQUIRE(per_hour);
  CHECK((per_hour->exponents.size() == 1 && per_hour->den == 3600));
  CHECK(report::parse_unit("(token/1000)"));
  CHECK(report::parse_unit("s^-1 instance^-1 interruption"));
  for (const char* bad : {"bananas", "(1 s)", "(scaled s)", "s s", "s^1", "s^0", "USD  s/h", " s/h",
                          "(3600 )x", "GPU-h"}) {
    CAPTURE(bad);
    CHECK_FALSE(report::parse_unit(bad));
  }
}

TEST_CASE("a derivation whose unit does not follow from its operands' is named at its unit") {
  const auto text = small_report();
  CHECK(mismatch(text) == "(passed)");
  // "train_s + eval_s" adds seconds: in minutes it would be 60 times smaller.
  const auto min = replaced(text, R"("unit": "s",
      "known": true,
      "formula": "train_s + eval_s")",
                            R"("unit": "min",
      "known": true,
      "formula": "train_s + eval_s")");
  CHECK(mismatch(min).rfind("derivations[0].unit: 'min' is not what add of its operands gives",
                            0) == 0);
  CHECK(mismatch(replaced(text, R"("unit": "USD/GiB-mo")", R"("unit": "bananas")"))
            .rfind("inputs[5].unit: 'bananas' is not a unit trncost writes", 0) == 0);
  // A price per hour against instance-seconds is not money with the factor 1/3600.
  CHECK(mismatch(replaced(text, R"("unit": "USD/instance-h")", R"("unit": "USD/h")"))
            .rfind("lines[0]: its price", 0) == 0);
}

TEST_CASE("the audit reads JSON as strictly as verify_report.py, naming the field") {
  const auto text = small_report();
  CHECK(refusal("\xEF\xBB\xBF" + text) ==
        "trncost: r.json: (document): begins with a UTF-8 byte-order mark; a report is UTF-8 "
        "without one");
  CHECK(refusal(replaced(text, R"("total": ")", R"("total": "0", "total": ")"))
            .rfind("trncost: r.json: totals.total: appears twice in one object", 0) == 0);
  CHECK(refusal(replaced(text, R"("description": "training")", R"("description": "\ud800")"))
            .rfind("trncost: r.json: lines[0].description: holds a lone UTF-16 surrogate", 0) == 0);
  CHECK(refusal(replaced(text, R"("description": "training")", R"("description": "\udc00")"))
            .rfind("trncost: r.json: lines[0].description: holds a lone UTF-16 surrogate", 0) == 0);
  CHECK(refusal(replaced(text, R"("findings": [)",
                         R"("findings": [)" + std::string(70, '[') + std::string(70, ']') + ","))
            .rfind("trncost: r.json: findings[0]", 0) == 0);
  CHECK(refusal(replaced(text, R"("amount": "1.433333333333333333")",
                         R"("amount": "+1.433333333333333333")")) ==
        "trncost: r.json: totals.by_phase[0].amount: '+1.433333333333333333' is not a decimal "
        "number (-?digits(.digits)?)");
  CHECK(refusal(replaced(text, R"("currency": "USD",)", R"("currency": "USD", "comment": "x",)"))
            .rfind("trncost: r.json: comment: is not a member of a report of schema version ", 0) ==
        0);
  CHECK(refusal(replaced(text, R"("num": 1,)", R"("num": 9223372036854775808,)"))
            .rfind("trncost: r.json: lines[0].num: '9223372036854775808' is not a whole number",
                   0) == 0);
}

TEST_CASE("the timeline and the rate codes: a measurement at the epoch, a SKU of another rate") {
  const auto text = small_report();
  CHECK(mismatch(replaced(text, R"("from": "2026-11-20T10:00:00Z")",
                          R"("from": "1969-12-31T00:00:00Z")"))
            .rfind("inputs[1].provenance.from: 1969-12-31T00:00:00Z is not after 1970-01-01", 0) ==
        0);
  CHECK(mismatch(replaced(text, R"("sku": "WVVQPJVCQU4SR8XF")", R"("sku": "ABCDEFGHIJKLMNOP")"))
            .find("rate_code") != std::string::npos);
  CHECK(mismatch(replaced(text, R"("consulted": "2026-11-30")", R"("consulted": "2026-09-09")"))
            .find("consulted") != std::string::npos);
}

TEST_CASE("a run archived twice is named at its second listing (protocol-runs)") {
  // The small report is of schema version 5: a run says where it ran.
  const auto twice = replaced(small_report(), R"("runs": [])", R"("runs": [{"run_id": "r",
      "model": "", "code_version": "", "dataset_id": "", "parameters": [], "software_stack": [],
      "instance_type": "", "region": ""},
      {"run_id": "r", "model": "", "code_version": "", "dataset_id": "", "parameters": [],
      "software_stack": [], "instance_type": "", "region": ""}])");
  CHECK(mismatch(twice).rfind("protocol.runs[1].run_id: 'r' is archived twice", 0) == 0);
}
