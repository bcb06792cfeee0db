// The table "Every feature and its key" of docs/scenario.md against the parser: every key the table
// names is accepted by the scenario or study parser, and every key the parsers accept is in the
// table.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <trncost/scenario/plan.hpp>
#include <trncost/scenario/study.hpp>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_parity_test {

namespace {

/// The backticked words of the third column of each row between the parity markers.
std::set<std::string> keys_in_table(const std::string& doc) {
  const auto begin = doc.find("<!-- parity:begin -->");
  const auto end = doc.find("<!-- parity:end -->");
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  std::istringstream rows(doc.substr(begin, end - begin));
  std::set<std::string> keys;
  std::string row;
  std::size_t rows_seen = 0;
  while (std::getline(rows, row)) {
    if (!row.starts_with("| ") || row.starts_with("| feature") || row.starts_with("|---")) continue;
    std::vector<std::string> cells;
    std::size_t from = 1;
    for (std::size_t bar = row.find('|', from); bar != std::string::npos;
         bar = row.find('|', from)) {
      cells.push_back(row.substr(from, bar - from));
      from = bar + 1;
    }
    REQUIRE_MESSAGE(cells.size() == 3, row);
    ++rows_seen;
    const std::string& cell = cells[2];
    for (std::size_t open = cell.find('`'); open != std::string::npos;
         open = cell.find('`', open)) {
      const auto close = cell.find('`', open + 1);
      REQUIRE(close != std::string::npos);
      keys.insert(cell.substr(open + 1, close - open - 1));
      open = close + 1;
    }
  }
  CHECK(rows_seen > 20);
  return keys;
}

}  // namespace

TEST_CASE("the feature table of docs/scenario.md names exactly the keys the parser accepts") {
  std::ifstream in(TRNCOST_TESTS_DIR "/../docs/scenario.md");
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  const auto documented = keys_in_table(text.str());
  std::set<std::string> accepted;
  for (auto& k : trncost::scenario::scenario_key_paths()) accepted.insert(k);
  for (auto& k : trncost::scenario::study_key_paths()) accepted.insert(k);
  for (auto& k : trncost::scenario::plan_key_paths()) accepted.insert(k);
  for (const auto& k : documented) {
    CHECK_MESSAGE(accepted.count(k) == 1, "in the table, not accepted by the parser: " << k);
  }
  for (const auto& k : accepted) {
    CHECK_MESSAGE(documented.count(k) == 1, "accepted by the parser, not in the table: " << k);
  }
  // A few the parser must accept whatever the table says.
  CHECK(accepted.count("input.source") == 1);
  CHECK(accepted.count("component.instance_time.tokens_to_train") == 1);
  CHECK(accepted.count("option.support") == 1);
  // Every provenance kind a file writes on an input is a key of an input and of a named source,
  // spelt as the one table of kinds spells it (provenance_kinds).
  for (const auto& k : trncost::provenance_kinds) {
    if (k.file.empty()) continue;
    CAPTURE(k.file);
    CHECK(accepted.count("input." + std::string(k.file)) == 1);
    CHECK(accepted.count("sources.NAME." + std::string(k.file)) == 1);
  }
}

}  // namespace trncost_tests::cli_parity_test
