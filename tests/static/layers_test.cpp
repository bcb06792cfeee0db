// The folder graph of include/trncost (docs/architecture.md, "Layers"), read from the headers' own
// #include lines: no header of the core or of the readers (readers/) includes the report layer
// (report/), the core includes neither the readers nor the scenario files (scenario/), the report
// layer does not include the scenario files, and analysis/ does not include credits/. Every include
// of a trncost header is resolved to its file; a forbidden arrow fails naming the header and the
// include line, and a folder this test does not know fails until it is given a place in the table
// below.
// Outside report/, no header names report::detail (the scenario file once borrowed its helpers).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::static_layers_test {

namespace {

namespace fs = std::filesystem;

/// include/trncost, the sibling of tests/.
fs::path trncost_root() {
  return (fs::path(TRNCOST_TESTS_DIR) / ".." / "include" / "trncost").lexically_normal();
}

/// The folders of the core, lowest first (docs/architecture.md). "top" is the headers directly
/// under include/trncost that are no folder's umbrella (error.hpp, fwd.hpp, version.hpp,
/// trncost.hpp).
const std::set<std::string, std::less<>>& core_layers() {
  static const std::set<std::string, std::less<>> layers{
      "top",     "detail",  "units",  "provenance", "model",   "catalog",
      "pricing", "measure", "compat", "workload",   "credits", "analysis"};
  return layers;
}

/// The layer of a header, from its path under include/trncost: its folder; for an umbrella header
/// (credits.hpp beside credits/) the folder it stands for; "top" for the other headers at the top.
/// readers/ holds the readers (their detail/ helpers and the fmt formatters); scenario/ the
/// scenario, study and plan files, which build a report's extras or write a plan's report, and
/// kinds/, their component kinds. The bodies of a header's functions (its impl/<name>.ipp) have
/// the header's layer. "src" is the headers a program includes in one unit for separate compilation
/// (src.hpp, readers/src*.hpp, scenario/src.hpp): they include every layer, and no header includes
/// them.
std::string layer_of(const fs::path& in) {
  fs::path rel;
  for (const auto& part : in) {
    if (part != "impl") rel /= part;
  }
  rel.replace_extension(".hpp");
  const std::string r = rel.generic_string();
  if (r == "src.hpp" || r.starts_with("readers/src") || r == "scenario/src.hpp") {
    return "src";
  }
  const std::string first = rel.begin()->string();
  if (std::next(rel.begin()) == rel.end()) {  // a header at the top
    const std::string stem = rel.stem().string();
    return fs::is_directory(trncost_root() / stem) ? stem : "top";
  }
  return first;
}

bool known_layer(std::string_view layer) {
  return core_layers().contains(layer) || layer == "readers" || layer == "scenario" ||
         layer == "report" || layer == "src";
}

/// Why the arrow `from` -> `to` is forbidden; empty when it is allowed.
std::optional<std::string> forbidden(std::string_view from, std::string_view to) {
  if (to == "src" && from != "src") {
    return "no header includes src.hpp, readers/src*.hpp or scenario/src.hpp: a program includes "
           "them in one unit of its own (separate compilation)";
  }
  if (from == "src") return std::nullopt;
  const bool from_core = core_layers().contains(from);
  if (to == "report" && (from_core || from == "readers")) {
    return "the core and the readers do not include the report layer (report/)";
  }
  if (from_core && (to == "readers" || to == "scenario")) {
    return "the core does not include readers/ or scenario/ (they sit above it)";
  }
  if (from == "analysis" && to == "credits") return "analysis/ does not include credits/";
  if (from == "readers" && to == "scenario") {
    return "the readers do not include the scenario files (scenario/): they read files through "
           "the readers";
  }
  if (from == "report" && to == "scenario") {
    return "the report layer does not include the scenario and study files (a study's writers "
           "take report/study_result.hpp)";
  }
  return std::nullopt;
}

/// The file named by an #include line, or empty for a line that is no include or names a header
/// outside trncost (<string>, <boost/...>, <rapidjson/...>).
std::optional<fs::path> included_file(const fs::path& header, std::string_view line) {
  const std::size_t hash = line.find_first_not_of(" \t");
  if (hash == std::string_view::npos || line[hash] != '#') return std::nullopt;
  std::string_view rest = line.substr(hash + 1);
  rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(" \t")));
  if (!rest.starts_with("include")) return std::nullopt;
  const std::size_t open = rest.find_first_of("\"<");
  if (open == std::string_view::npos) return std::nullopt;
  const char close = rest[open] == '"' ? '"' : '>';
  const std::size_t end = rest.find(close, open + 1);
  if (end == std::string_view::npos) return std::nullopt;
  const std::string target(rest.substr(open + 1, end - open - 1));
  if (close == '"') return (header.parent_path() / target).lexically_normal();
  if (target.starts_with("trncost/"))
    return (trncost_root().parent_path() / target).lexically_normal();
  return std::nullopt;
}

/// The files outside report/ that render with the report layer's helpers (report::detail): a plan's
/// writers (JSON, Markdown, HTML), which live beside plan_result in scenario/ because the report
/// layer never includes the scenario files; a study's result moved to report/study_result.hpp for
/// its writers to live in report/, a plan's has not.
bool borrows_report_detail(const fs::path& rel) {
  const std::string r = rel.generic_string();
  return r == "scenario/impl/plan_render.ipp" || r == "scenario/impl/plan.ipp";
}

struct arrow_scan {
  std::size_t headers = 0;
  std::size_t arrows = 0;
  std::vector<std::string> failures;  ///< "header: line: rule"
};

arrow_scan scan_headers() {
  arrow_scan s;
  const fs::path root = trncost_root();
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() ||
        (entry.path().extension() != ".hpp" && entry.path().extension() != ".ipp")) {
      continue;
    }
    ++s.headers;
    const fs::path rel = entry.path().lexically_relative(root);
    const std::string from = layer_of(rel);
    if (!known_layer(from)) {
      s.failures.push_back(rel.generic_string() + ": folder \"" + from +
                           "\" has no place in the layer table (docs/architecture.md, this test)");
    }
    std::ifstream in(entry.path());
    if (!in) s.failures.push_back(rel.generic_string() + ": cannot be read");
    std::string line;
    for (std::size_t n = 1; std::getline(in, line); ++n) {
      const std::string where = rel.generic_string() + ":" + std::to_string(n) + ": " + line;
      if (from != "report" && !borrows_report_detail(rel) &&
          line.find("report::detail::") != std::string::npos) {
        s.failures.push_back(where + ": only the report layer uses report::detail");
      }
      const std::optional<fs::path> file = included_file(entry.path(), line);
      if (!file) continue;
      const fs::path to_rel = file->lexically_relative(root);
      if (to_rel.empty() || *to_rel.begin() == ".." || !fs::is_regular_file(*file)) {
        s.failures.push_back(where + ": names no header under include/trncost");
        continue;
      }
      ++s.arrows;
      if (const auto why = forbidden(from, layer_of(to_rel))) {
        s.failures.push_back(where + ": " + *why);
      }
    }
  }
  return s;
}

}  // namespace

TEST_CASE("the folder graph has no arrow from the core or the readers into the report layer") {
  const arrow_scan s = scan_headers();
  // The scan saw the headers and their includes (112 headers and 298 arrows when written; with the
  // impl/*.ipp files and the src headers, 194 files and 611 arrows): an empty
  // directory or an unread include syntax would pass every rule unseen.
  CHECK(s.headers > 80);
  CHECK(s.arrows > 200);
  for (const std::string& f : s.failures) FAIL_CHECK(f);
  CHECK(s.failures.empty());
}

TEST_CASE("the folder graph's layers and rules") {
  SUBCASE("each header has the layer of its folder") {
    CHECK(layer_of("report/json.hpp") == "report");
    CHECK(layer_of("report/report.hpp") == "report");
    CHECK(layer_of("readers/price_list_json.hpp") == "readers");
    CHECK(layer_of("readers/detail/json.hpp") == "readers");
    CHECK(layer_of("readers/fmt.hpp") == "readers");
    CHECK(layer_of("scenario/scenario.hpp") == "scenario");
    CHECK(layer_of("scenario/study.hpp") == "scenario");
    CHECK(layer_of("analysis/decision.hpp") == "analysis");
    CHECK(layer_of("credits.hpp") == "credits");  // the umbrella of credits/
    CHECK(layer_of("pricing/offer.hpp") == "pricing");
    CHECK(layer_of("pricing.hpp") == "pricing");  // the umbrella of pricing/
    CHECK(layer_of("model/components/failures.hpp") == "model");
    CHECK(layer_of("error.hpp") == "top");
    CHECK(layer_of("report/impl/json.ipp") == "report");  // a header's bodies: its layer
    CHECK(layer_of("scenario/impl/scenario.ipp") == "scenario");
    CHECK(layer_of("scenario/kinds/serving.ipp") == "scenario");  // a component kind's file form
    CHECK(layer_of("readers/detail/impl/json.ipp") == "readers");
    CHECK(layer_of("units/impl/decimal.ipp") == "units");
    CHECK(layer_of("src.hpp") == "src");
    CHECK(layer_of("scenario/src.hpp") == "src");
    CHECK(layer_of("readers/src.hpp") == "src");
    CHECK(layer_of("readers/src_price_store.hpp") == "src");
    CHECK(known_layer("src"));
    CHECK_FALSE(known_layer("plugins"));
  }
  SUBCASE("the forbidden arrows are refused") {
    CHECK(forbidden("readers", "report").has_value());
    CHECK(forbidden("analysis", "report").has_value());
    CHECK(forbidden("top", "report").has_value());
    CHECK(forbidden("model", "readers").has_value());
    CHECK(forbidden("workload", "scenario").has_value());
    CHECK(forbidden("analysis", "credits").has_value());
    CHECK(forbidden("report", "scenario").has_value());   // a study's writers: study_result.hpp
    CHECK(forbidden("readers", "scenario").has_value());  // scenario/kinds/ is the scenario file's
    CHECK(forbidden("units", "src").has_value());  // separate compilation's units: a program's own
    CHECK(forbidden("scenario", "src").has_value());
  }
  SUBCASE("the allowed arrows pass") {
    CHECK_FALSE(forbidden("report", "analysis").has_value());
    CHECK_FALSE(forbidden("report", "credits").has_value());
    CHECK_FALSE(
        forbidden("report", "readers").has_value());  // the audit reads JSON (readers/detail)
    CHECK_FALSE(forbidden("scenario", "report").has_value());  // the scenario builds report::extras
    CHECK_FALSE(forbidden("scenario", "readers").has_value());
    CHECK_FALSE(forbidden("readers", "pricing").has_value());
    CHECK_FALSE(forbidden("analysis", "model").has_value());
    CHECK_FALSE(forbidden("src", "report").has_value());  // src.hpp compiles every layer's bodies
    CHECK_FALSE(forbidden("src", "scenario").has_value());
  }
  SUBCASE("an include line names its file") {
    const fs::path header = trncost_root() / "report" / "json.hpp";
    CHECK(included_file(header, "#include \"report.hpp\"") ==
          trncost_root() / "report" / "report.hpp");
    CHECK(included_file(header, "#include \"../readers/detail/json.hpp\"") ==
          trncost_root() / "readers" / "detail" / "json.hpp");
    CHECK(included_file(header, "#  include <trncost/model.hpp>") == trncost_root() / "model.hpp");
    CHECK_FALSE(included_file(header, "#include <string>").has_value());
    CHECK_FALSE(included_file(header, "// #include \"report.hpp\" in a comment").has_value());
  }
}

TEST_CASE("separate compilation compiles every function body: each .ipp is reached from src.hpp") {
  // src.hpp, readers/src*.hpp and scenario/src.hpp list the bodies by hand (they are public headers
  // a host includes without CMake); an .ipp counts as compiled when a src header, or an .ipp it
  // reaches, includes it directly (a header includes its .ipp only without
  // TRNCOST_SEPARATE_COMPILATION). A new .ipp missing from the list would leave its functions
  // undefined in a separate build.
  const fs::path root = trncost_root();
  std::set<fs::path> bodies;
  std::vector<fs::path> todo{root / "src.hpp"};
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const fs::path& p = entry.path();
    if (p.extension() == ".ipp") bodies.insert(p.lexically_normal());
    const std::string folder = p.parent_path().filename().string();
    if ((folder == "readers" || folder == "scenario") && p.filename().string().starts_with("src")) {
      todo.push_back(p);
    }
  }
  REQUIRE(bodies.size() > 50);
  REQUIRE(todo.size() >= 3);  // src.hpp and the readers', the scenario's and the store's
  std::set<fs::path> reached;
  while (!todo.empty()) {
    const fs::path file = todo.back();
    todo.pop_back();
    std::ifstream in(file);
    REQUIRE_MESSAGE(in, file.string());
    for (std::string line; std::getline(in, line);) {
      const auto target = included_file(file, line);
      if (target && target->extension() == ".ipp" && reached.insert(*target).second) {
        todo.push_back(*target);
      }
    }
  }
  for (const auto& body : bodies) {
    CHECK_MESSAGE(
        reached.count(body) == 1,
        fs::relative(body, root).generic_string()
            << ": not included by src.hpp, readers/src*.hpp or scenario/src.hpp (nor "
               "by an .ipp they include); a separately compiled program would lack its functions");
  }
}

TEST_CASE("no library file is over 900 lines: a file that grows past it is split by what it does") {
  // A reader finds a function in a file they can hold in their head; the files that grew past
  // this were split into parts an .ipp includes (scenario/impl/parse_tables.ipp, builder.ipp,
  // report/impl/reconcile_check.ipp...).
  constexpr std::size_t most = 900;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(trncost_root())) {
    const fs::path& p = entry.path();
    if (p.extension() != ".hpp" && p.extension() != ".ipp") continue;
    ++files;
    std::ifstream in(p);
    REQUIRE_MESSAGE(in, p.string());
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line);) ++lines;
    CHECK_MESSAGE(lines <= most, fs::relative(p, trncost_root()).generic_string()
                                     << ": " << lines << " lines, more than " << most);
  }
  CHECK(files > 100);
}

}  // namespace trncost_tests::static_layers_test
