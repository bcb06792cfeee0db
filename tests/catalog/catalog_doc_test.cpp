// docs/catalog.md's table of built-in entries against the catalog itself: every row names an entry
// and states its figures as the catalog holds them, and every entry has a row, so the page cannot
// drift from the code when an entry is added or a figure corrected.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <string_view>
#include <trncost/catalog.hpp>
#include <vector>

#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::catalog_doc_test {

using namespace trncost;

namespace {

/// The cells of a Markdown table row ("| a | b |" -> {"a", "b"}), trimmed.
std::vector<std::string> cells(std::string_view row) {
  std::vector<std::string> out;
  row.remove_prefix(1);  // the leading '|'
  while (!row.empty()) {
    const std::size_t bar = row.find('|');
    std::string_view cell = row.substr(0, bar);
    while (!cell.empty() && cell.front() == ' ') cell.remove_prefix(1);
    while (!cell.empty() && cell.back() == ' ') cell.remove_suffix(1);
    out.emplace_back(cell);
    if (bar == std::string_view::npos) break;
    row.remove_prefix(bar + 1);
  }
  if (!out.empty() && out.back().empty()) out.pop_back();  // after the trailing '|'
  return out;
}

/// An exact whole number with thousands separators, as the page writes them: 10672 -> "10,672".
std::string grouped(decimal d) {
  std::string s = d.to_string();
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) {
    s.insert(static_cast<std::size_t>(i), ",");
  }
  return s;
}

std::string tflops(const sourced<quantity<units::flops_per_second_t>>& f) {
  return grouped(f.value().value() / std::int64_t{1'000'000'000'000});
}

/// The row the page should have for `s`, its name cell as the catalog names it.
std::vector<std::string> row_of(const instance_spec& s) {
  std::string fp8 = "none";
  if (s.peak_fp8) {
    fp8 = tflops(*s.peak_fp8);
    if (s.accelerator == "Trainium" || s.accelerator == "Inferentia2") fp8 += " (cFP8)";
    if (s.accelerator == "Trainium3") fp8 += " (MXFP8)";
  }
  return {
      s.name,
      s.accelerator,
      grouped(s.chips.value().value()),
      s.cores_per_chip ? grouped(s.cores_per_chip->value().value()) : "",
      grouped(s.accelerator_memory_per_chip.value().value()) + " GiB",
      grouped(s.vcpus->value().value()) + " / " + grouped(s.host_memory->value().value()) + " GiB",
      tflops(s.peak_bf16),
      fp8};
}

}  // namespace

TEST_CASE("docs/catalog.md's table of built-in entries is the catalog, row for row") {
  const std::string page = trncost_support::slurp(TRNCOST_TESTS_DIR "/../docs/catalog.md");
  const std::string header =
      "| name | accelerator | chips | NeuronCores/chip | HBM/chip | vCPU / host memory | dense "
      "BF16 (TFLOP/s) | dense FP8 (TFLOP/s) |\n";
  const std::size_t at = page.find(header);
  REQUIRE_MESSAGE(at != std::string::npos, "docs/catalog.md has no table of built-in entries");
  std::map<std::string, std::vector<std::string>> rows;
  std::size_t line = page.find('\n', page.find('\n', at) + 1) + 1;  // past the header and |---|
  while (line < page.size() && page[line] == '|') {
    const std::size_t end = page.find('\n', line);
    auto c = cells(std::string_view(page).substr(line, end - line));
    REQUIRE(!c.empty());
    // "u-trn2x64 (Trn2 UltraServer)": the name is the first word.
    c[0] = c[0].substr(0, c[0].find(' '));
    rows[c[0]] = c;
    line = end + 1;
  }
  CHECK(rows.size() == catalog::builtin().size());
  for (const auto& spec : catalog::builtin()) {
    CAPTURE(spec.name);
    const auto found = rows.find(spec.name);
    REQUIRE_MESSAGE(found != rows.end(), "docs/catalog.md has no row for " << spec.name);
    const auto want = row_of(spec);
    REQUIRE(found->second.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      CAPTURE(i);
      CHECK(found->second[i] == want[i]);
    }
  }
}

}  // namespace trncost_tests::catalog_doc_test
