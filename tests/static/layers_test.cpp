// The folder graph of include/trncost (docs/architecture.md, "Layers"), read from the headers' own
// #include lines: no header of the core or of the readers (readers/) includes the report layer
// (report/), the core includes neither the readers nor the scenario files (scenario/), the report
// layer does not include the scenario files, and analysis/ does not include credits/. Every include
// of a trncost header is resolved to its file; a forbidden arrow fails naming the header and the
// include line, and a folder this test does not know fails until it is given a place in the table
// below. Outside report/, no header names report::detail (the scenario file once borrowed its
// helpers). Namespaces follow the folders (docs/architecture.md, "Namespaces"): each file declares
// only in the namespaces its folder's rule allows, and a file that declares elsewhere fails naming
// the file, the line and the namespace.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
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

// ------------------------------------------------------------------------------------------------
// Namespaces follow the folders (docs/architecture.md, "Namespaces").

/// A folder's namespaces. Each home namespace H admits H, H::detail and any namespace nested in
/// H::detail (a detail's own parts: readers::detail::bill_fields); a foreign namespace (a
/// library's) is admitted as named, to specialise one of its templates there.
struct namespace_rule {
  std::vector<std::string> homes;
  std::vector<std::string> foreign;
};

/// The rule of each folder of include/trncost ("top" for the headers at the top, the umbrellas
/// included; "impl" for the top headers' bodies). The core vocabulary, the names every other layer
/// uses unqualified (decimal, quantity, sourced, provenance, model, estimate, instance_spec), is
/// plain trncost; every other folder declares in the namespace of its own name.
const std::map<std::string, namespace_rule, std::less<>>& namespace_rules() {
  static const std::map<std::string, namespace_rule, std::less<>> rules = [] {
    std::map<std::string, namespace_rule, std::less<>> r;
    for (const char* core : {"top", "impl", "detail", "provenance", "model"}) {
      r[core] = {{"trncost"}, {}};
    }
    // units/ names its units in trncost::units (usd_t, hour_t) and specialises Boost.Units'
    // conversion_helper for decimal; the catalog names the per-chip units of its specifications
    // there too, and cites its documents in trncost::catalog_sources.
    r["units"] = {{"trncost", "trncost::units"}, {"boost::units"}};
    r["catalog"] = {{"trncost", "trncost::units", "trncost::catalog_sources"}, {}};
    for (const char* own : {"measure", "pricing", "compat", "workload", "credits", "analysis",
                            "readers", "report", "scenario"}) {
      r[own] = {{std::string("trncost::") + own}, {}};
    }
    // readers/fmt.hpp specialises fmt::formatter; readers/detail/json.hpp rapidjson's string scan
    // for trncost's input stream.
    r["readers"].foreign = {"fmt", "rapidjson"};
    return r;
  }();
  return rules;
}

/// The folder a file's rule is looked up by: its first folder under include/trncost, "top" for a
/// header directly under it.
std::string namespace_folder(const fs::path& rel) {
  return std::next(rel.begin()) == rel.end() ? std::string("top") : rel.begin()->string();
}

/// Why a file of `folder` may not declare in `ns`; empty when its rule allows it. fwd.hpp
/// forward-declares the main types of every folder, so it may declare in any home namespace.
std::optional<std::string> namespace_refusal(std::string_view folder, std::string_view file,
                                             std::string_view ns) {
  const auto it = namespace_rules().find(folder);
  if (it == namespace_rules().end()) {
    return "folder \"" + std::string(folder) +
           "\" has no namespace rule (docs/architecture.md, \"Namespaces\", this test)";
  }
  const auto admits = [&](const namespace_rule& r) {
    for (const std::string& h : r.homes) {
      if (ns == h || ns == h + "::detail" || ns.starts_with(h + "::detail::")) return true;
    }
    return std::find(r.foreign.begin(), r.foreign.end(), ns) != r.foreign.end();
  };
  if (admits(it->second)) return std::nullopt;
  if (file == "fwd.hpp") {
    for (const auto& entry : namespace_rules()) {
      if (admits(namespace_rule{entry.second.homes, {}})) return std::nullopt;
    }
  }
  std::string allowed;
  for (const std::string& h : it->second.homes) {
    allowed += (allowed.empty() ? "" : ", ") + h + " (its details in " + h + "::detail)";
  }
  for (const std::string& f : it->second.foreign) allowed += ", " + f;
  const std::string shown = ns.empty() ? std::string("the global namespace") : std::string(ns);
  return "declares in " + shown + "; " + std::string(folder) + "/ declares in " + allowed +
         " (docs/architecture.md, \"Namespaces\")";
}

/// The text of a C++ file with comments, string and character literals and preprocessor lines
/// blanked (newlines kept, so that offsets keep their line).
std::string code_only(std::string_view text) {
  std::string out(text);
  const auto blank = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < out.size(); ++k) {
      if (out[k] != '\n') out[k] = ' ';
    }
  };
  const std::size_t n = text.size();
  bool line_start = true;
  for (std::size_t i = 0; i < n;) {
    const char c = text[i];
    if (c == '\n') {
      line_start = true;
      ++i;
      continue;
    }
    if (line_start && c == '#') {  // a preprocessor line, with its continuations
      std::size_t j = i;
      while (j < n && !(text[j] == '\n' && text[j - 1] != '\\')) ++j;
      blank(i, j);
      i = j;
      continue;
    }
    if (c != ' ' && c != '\t') line_start = false;
    if (text.substr(i, 2) == "//") {
      const std::size_t j = std::min(n, text.find('\n', i));
      blank(i, j);
      i = j;
      continue;
    }
    if (text.substr(i, 2) == "/*") {
      const std::size_t end = text.find("*/", i + 2);
      const std::size_t j = end == std::string_view::npos ? n : end + 2;
      blank(i, j);
      i = j;
      continue;
    }
    const bool after_word =
        i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) != 0 || text[i - 1] == '_');
    if (c == 'R' && text.substr(i + 1, 1) == "\"" &&
        (i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) != 0 ||
                     text[i - 1] == '_'))) {  // R"delim( ... )delim"
      const std::size_t open = text.find('(', i + 2);
      if (open != std::string_view::npos) {
        const std::string close = ")" + std::string(text.substr(i + 2, open - i - 2)) + "\"";
        const std::size_t end = text.find(close, open + 1);
        const std::size_t j = end == std::string_view::npos ? n : end + close.size();
        blank(i, j);
        i = j;
        continue;
      }
    }
    if (c == '"' || (c == '\'' && !after_word)) {  // 1'000 is a digit separator, not a literal
      std::size_t j = i + 1;
      while (j < n && text[j] != c && text[j] != '\n') j += text[j] == '\\' ? 2U : 1U;
      blank(i, j + 1);
      i = j + 1;
      continue;
    }
    ++i;
  }
  return out;
}

/// Each namespace a file declares something directly in (not only opens to reach a nested one),
/// with the line of its first declaration there; "" is the global namespace. An anonymous
/// namespace is its enclosing one's part.
std::map<std::string, std::size_t> declared_namespaces(std::string_view text) {
  const std::string code = code_only(text);
  struct token {
    std::string text;
    std::size_t line;
  };
  std::vector<token> tokens;
  std::size_t line = 1;
  for (std::size_t i = 0; i < code.size();) {
    const char c = code[i];
    if (c == '\n') ++line;
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      ++i;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_') {
      // A name, qualified or not: trncost::readers::detail (spaces around :: allowed).
      std::string name;
      std::size_t j = i;
      for (;;) {
        std::size_t k = j;
        while (k < code.size() &&
               (std::isalnum(static_cast<unsigned char>(code[k])) != 0 || code[k] == '_')) {
          ++k;
        }
        name += code.substr(j, k - j);
        std::size_t m = k;
        while (m < code.size() && (code[m] == ' ' || code[m] == '\t')) ++m;
        std::size_t after = m + 2;
        while (after < code.size() && (code[after] == ' ' || code[after] == '\t')) ++after;
        if (code.compare(m, 2, "::") == 0 && after < code.size() &&
            (std::isalpha(static_cast<unsigned char>(code[after])) != 0 || code[after] == '_')) {
          name += "::";
          j = after;
          continue;
        }
        i = k;
        break;
      }
      tokens.push_back({name, line});
      continue;
    }
    tokens.push_back({std::string(1, c), line});
    ++i;
  }

  std::map<std::string, std::size_t> declared;
  std::vector<std::string> path;    // the enclosing named namespaces
  std::vector<std::size_t> frames;  // per open brace: how many names it pushed, or npos
  constexpr std::size_t not_namespace = static_cast<std::size_t>(-1);
  const auto at_namespace_scope = [&] {
    return std::all_of(frames.begin(), frames.end(),
                       [](std::size_t f) { return f != not_namespace; });
  };
  const auto current = [&] {
    std::string s;
    for (const std::string& p : path) s += (s.empty() ? "" : "::") + p;
    return s;
  };
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    const std::string& x = tokens[t].text;
    const bool opens_namespace =
        x == "namespace" && (t == 0 || tokens[t - 1].text != "using") && t + 1 < tokens.size() &&
        (tokens[t + 1].text == "{" || (t + 2 < tokens.size() && tokens[t + 2].text == "{"));
    if (opens_namespace) {
      std::size_t pushed = 0;
      if (tokens[t + 1].text != "{") {  // named (an anonymous namespace adds no name)
        std::string_view rest = tokens[t + 1].text;
        while (!rest.empty()) {
          const std::size_t sep = rest.find("::");
          path.emplace_back(rest.substr(0, sep));
          ++pushed;
          rest = sep == std::string_view::npos ? std::string_view() : rest.substr(sep + 2);
        }
        ++t;
      }
      ++t;  // the brace
      frames.push_back(pushed);
      continue;
    }
    if (x == "{") {
      if (at_namespace_scope()) declared.try_emplace(current(), tokens[t].line);
      frames.push_back(not_namespace);
      continue;
    }
    if (x == "}") {
      if (!frames.empty()) {
        if (frames.back() != not_namespace) path.resize(path.size() - frames.back());
        frames.pop_back();
      }
      continue;
    }
    if (x == ";") continue;
    if (at_namespace_scope()) declared.try_emplace(current(), tokens[t].line);
  }
  return declared;
}

struct namespace_scan {
  std::size_t files = 0;
  std::map<std::string, std::size_t> namespaces;  ///< each namespace declared in: how many files
  std::vector<std::string> failures;              ///< "file:line: why"
};

namespace_scan scan_namespaces() {
  namespace_scan s;
  const fs::path root = trncost_root();
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const fs::path& p = entry.path();
    if (!entry.is_regular_file() || (p.extension() != ".hpp" && p.extension() != ".ipp")) continue;
    ++s.files;
    const fs::path rel = p.lexically_relative(root);
    std::ifstream in(p);
    std::ostringstream text;
    text << in.rdbuf();
    for (const auto& [ns, line] : declared_namespaces(text.str())) {
      ++s.namespaces[ns];
      if (const auto why = namespace_refusal(namespace_folder(rel), rel.generic_string(), ns)) {
        s.failures.push_back(rel.generic_string() + ":" + std::to_string(line) + ": " + *why);
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
    CHECK(layer_of("pricing/offer.hpp") == "pricing");
    CHECK(layer_of("pricing.hpp") == "pricing");  // the umbrella of pricing/
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

TEST_CASE("namespaces follow the folders: each file declares only in its folder's namespaces") {
  namespace_scan s = scan_namespaces();
  // The scan saw the files and what they declare in (196 files when written; readers/ in
  // trncost::readers in 27 of them, scenario/ in trncost::scenario::detail in 27): an unread
  // syntax would pass every rule unseen.
  CHECK(s.files > 150);
  CHECK(s.namespaces["trncost::readers"] > 10);
  CHECK(s.namespaces["trncost::scenario::detail"] > 10);
  CHECK(s.namespaces["trncost::report"] > 10);
  CHECK(s.namespaces["trncost"] > 10);
  for (const std::string& f : s.failures) FAIL_CHECK(f);
  CHECK(s.failures.empty());
}

TEST_CASE("the namespace rule and how a file's namespaces are read") {
  using declared = std::map<std::string, std::size_t>;
  SUBCASE("a namespace counts where something is declared in it, with the line") {
    CHECK(declared_namespaces("namespace trncost::readers {\nnamespace detail {\nint x;\n}\n}\n") ==
          declared{{"trncost::readers::detail", 3}});
    CHECK(declared_namespaces(
              "namespace trncost {\nnamespace readers {\nstruct a {};\n}\nint b;\n}") ==
          declared{{"trncost::readers", 3}, {"trncost", 5}});
    CHECK(declared_namespaces("namespace trncost::readers {\nvoid f() {\n  { int x; }\n}\n}\n") ==
          declared{{"trncost::readers", 2}});  // a body's braces are no namespace
    CHECK(declared_namespaces("namespace trncost::report::detail {\nnamespace {\nint h();\n}\n}") ==
          declared{{"trncost::report::detail", 3}});  // an anonymous namespace: its enclosing one
    CHECK(
        declared_namespaces("namespace trncost::scenario {\nnamespace fs = std::filesystem;\n}") ==
        declared{{"trncost::scenario", 2}});  // an alias is a declaration, not a namespace
    CHECK(declared_namespaces("namespace trncost :: report {\nusing namespace std;\n}") ==
          declared{{"trncost::report", 2}});
    CHECK(declared_namespaces("template <> struct fmt::formatter<int> {};\n") ==
          declared{{"", 1}});  // the global namespace
    CHECK(declared_namespaces("namespace trncost::readers {\n}\n").empty());
  }
  SUBCASE("comments, literals and preprocessor lines open no namespace") {
    CHECK(declared_namespaces(
              "// namespace trncost::old {\n/* namespace x { */\n"
              "namespace trncost::report {\nconst char* s = \"namespace old { }\";\n}\n") ==
          declared{{"trncost::report", 4}});
    CHECK(declared_namespaces(
              "namespace trncost::report {\nauto s = R\"x(namespace old { } })x\";\n"
              "char c = '{';\nint n = 1'000;\n}") == declared{{"trncost::report", 2}});
    CHECK(declared_namespaces(
              "#define X namespace old {\n#include \"a.hpp\"\n#if 0 \\\n {\n#endif\n"
              "namespace fmt {\ntemplate <> struct formatter<int>;\n}") == declared{{"fmt", 7}});
  }
  SUBCASE("each folder's namespaces") {
    CHECK_FALSE(namespace_refusal("readers", "readers/bill.hpp", "trncost::readers"));
    CHECK_FALSE(namespace_refusal("readers", "readers/bill.hpp", "trncost::readers::detail"));
    CHECK_FALSE(namespace_refusal("readers", "readers/bill.hpp", "trncost::readers::detail::x"));
    CHECK_FALSE(namespace_refusal("readers", "readers/fmt.hpp", "fmt"));
    CHECK(namespace_refusal("readers", "readers/bill.hpp", "trncost::old"));
    CHECK(namespace_refusal("readers", "readers/bill.hpp", "trncost"));
    CHECK(namespace_refusal("readers", "readers/fmt.hpp", "trncost::detail"));
    CHECK(namespace_refusal("readers", "readers/bill.hpp", "trncost::readers_extra"));
    CHECK(namespace_refusal("readers", "readers/fmt.hpp", ""));  // the global namespace
    CHECK(namespace_refusal("scenario", "scenario/plan.hpp", "trncost::report"));
    CHECK_FALSE(
        namespace_refusal("scenario", "scenario/kinds/sweep.ipp", "trncost::scenario::detail"));
    CHECK(namespace_refusal("report", "report/diff.hpp", "trncost"));
    CHECK_FALSE(namespace_refusal("report", "report/diff.hpp", "trncost::report"));
    CHECK_FALSE(namespace_refusal("pricing", "pricing/offer.hpp", "trncost::pricing::detail"));
    CHECK(namespace_refusal("pricing", "pricing/offer.hpp", "trncost::prices"));
    CHECK_FALSE(namespace_refusal("model", "model/model.hpp", "trncost"));
    CHECK_FALSE(namespace_refusal("model", "model/model.hpp", "trncost::detail"));
    CHECK(namespace_refusal("model", "model/model.hpp", "trncost::model"));
    CHECK(namespace_refusal("model", "model/model.hpp", "boost::units"));
    CHECK_FALSE(namespace_refusal("units", "units/decimal.hpp", "boost::units"));
    CHECK_FALSE(namespace_refusal("catalog", "catalog/instance_spec.hpp", "trncost::units"));
    CHECK_FALSE(namespace_refusal("top", "fwd.hpp", "trncost::analysis"));  // forward declarations
    CHECK(namespace_refusal("top", "version.hpp", "trncost::analysis"));
    CHECK(namespace_refusal("top", "fwd.hpp", "trncost::old"));
    CHECK(namespace_refusal("plugins", "plugins/x.hpp",
                            "trncost::plugins"));  // no rule: no such folder
    CHECK(namespace_refusal("readers", "readers/x.hpp", "trncost::old") ==
          "declares in trncost::old; readers/ declares in trncost::readers (its details in "
          "trncost::readers::detail), fmt, rapidjson (docs/architecture.md, \"Namespaces\")");
  }
  SUBCASE("every folder has a rule") {
    for (const auto& entry : fs::directory_iterator(trncost_root())) {
      if (!entry.is_directory()) continue;
      const std::string folder = entry.path().filename().string();
      CHECK_MESSAGE(namespace_rules().contains(folder),
                    folder << "/: no namespace rule (docs/architecture.md, \"Namespaces\")");
    }
  }
}

}  // namespace trncost_tests::static_layers_test
