// `--json-dir DIR` for the examples: each example that makes estimates writes their JSON reports
// there (DIR/<name>.json), so CI can check that every build of every example writes the same bytes.
#ifndef TRNCOST_EXAMPLES_JSON_REPORTS_HPP
#define TRNCOST_EXAMPLES_JSON_REPORTS_HPP

#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <trncost/report/json.hpp>

namespace examples {

/// The directory given with --json-dir, if any.
inline std::optional<std::string> json_dir(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string_view(argv[i]) == "--json-dir") return std::string(argv[i + 1]);
  }
  return std::nullopt;
}

/// Writes `est`'s JSON report to DIR/<name>.json when a directory was given.
inline void write_json_report(const std::optional<std::string>& dir, std::string_view name,
                              const trncost::estimate& est) {
  if (!dir) return;
  const std::string path = *dir + "/" + std::string(name) + ".json";
  const std::string text = trncost::report::render_json(est);
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace examples

#endif  // TRNCOST_EXAMPLES_JSON_REPORTS_HPP
