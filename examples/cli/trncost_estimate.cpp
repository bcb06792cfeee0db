// trncost-estimate: a scenario file in, a report out (JSON, FOCUS CSV, Markdown, HTML); the audit of
// a JSON report; the change between two reports, explained. docs/scenario.md describes the scenario
// format, the commands and the exit codes.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <trncost/analysis/diff.hpp>
#include <trncost/io/audit.hpp>
#include <trncost/io/audit_study.hpp>
#include <trncost/io/focus_csv.hpp>
#include <trncost/io/html_extras.hpp>
#include <trncost/io/markdown_extras.hpp>
#include <trncost/io/report_json_extras.hpp>
#include <trncost/io/scenario.hpp>
#include <trncost/io/study_report.hpp>

namespace {

// Exit codes (docs/scenario.md, --help).
constexpr int exit_ok = 0;
constexpr int exit_internal = 1;    // a bug: anything but a refused input
constexpr int exit_usage = 2;       // the command line is wrong
constexpr int exit_bad_input = 3;   // a scenario, price file, run log or report was refused
constexpr int exit_mismatch = 4;    // --audit: the report does not recompute
constexpr int exit_cannot_write = 5;  // --output could not be written

constexpr std::string_view usage = R"(trncost-estimate: verifiable cost estimates for ML training on AWS Trainium

Usage:
  trncost-estimate SCENARIO.toml [--format json|csv|md|html] [--output FILE]
      Builds the estimate a scenario file describes (docs/scenario.md) and writes its report:
      json (default; the trncost.report schema), csv (FOCUS columns), md (Markdown), html (one
      self-contained page with charts). To standard output unless --output is given; the output
      file is only written (replaced whole) when the whole report succeeded.
  trncost-estimate STUDY.toml [--format md|json|html] [--output FILE]
      A study file (a [study] table and two or more [[option]] tables): each option's estimate,
      the comparison ranked per unit of work within one quality protocol, the decision with its
      reasons and each option's credit runway. md (default), json or html.
  trncost-estimate --audit REPORT.json
      Recomputes every derivation, line and total of a JSON report from the report alone and
      checks its status; prints the first mismatch. A study's JSON report: every option's report,
      then the comparison against the options' totals and the decision.
  trncost-estimate --diff BEFORE.json AFTER.json
      The change of the total and per line, attributed to the inputs that changed.
  trncost-estimate --help
      This text.

Exit codes:
  0  success (for --audit: the report passed)
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument)
  3  bad input: a scenario, price file, run log or report was refused (the message names the
     file, the line and the key)
  4  --audit: the report does not recompute (the first mismatch is printed)
  5  the --output file could not be written

Example:
  trncost-estimate examples/scenarios/fine-tune-8b-trn1.toml --format md
)";

int usage_error(const std::string& message) {
  std::cerr << "trncost-estimate: " << message << "\n(trncost-estimate --help for usage)\n";
  return exit_usage;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    trncost::io::fail(trncost::io::input_position::whole(path), "",
                      "cannot be opened (no such file, or unreadable)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Writes `text` to `path` whole or not at all: a temporary file next to it, then a rename.
bool write_whole(const std::string& path, const std::string& text) {
  const std::filesystem::path target(path);
  std::filesystem::path tmp = target;
  tmp += ".tmp-trncost-estimate";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      out.close();
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, target, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return false;
  }
  return true;
}

/// Writes `text` to standard output, or whole to `output`.
int emit(const std::string& text, const std::optional<std::string>& output) {
  if (!output) {
    std::cout << text;
    std::cout.flush();
    return std::cout ? exit_ok : exit_cannot_write;
  }
  if (!write_whole(*output, text)) {
    std::cerr << "trncost-estimate: " << *output << ": cannot be written\n";
    return exit_cannot_write;
  }
  return exit_ok;
}

int study_command(const std::string& study, const std::optional<std::string>& format,
                  const std::optional<std::string>& output) {
  const std::string f = format.value_or("md");
  if (f == "csv") return usage_error("a study is written as md, json or html (csv is per scenario)");
  return emit(trncost::io::render_study(trncost::io::run_study(study), f), output);
}

int estimate_command(const std::string& scenario, const std::optional<std::string>& given_format,
                     const std::optional<std::string>& output) {
  using namespace trncost;
  if (io::is_study_file(scenario)) return study_command(scenario, given_format, output);
  const std::string format = given_format.value_or("json");
  const io::scenario_spec spec = io::read_scenario(scenario);
  const model m = io::build_model(spec);
  const estimate est = m.evaluate(spec.as_of, io::scenario_options(spec));
  // [analysis], [[grant]] and [spend], when the scenario has them: the tornado, the Monte Carlo band
  // and the credit burn-down go into the report (schema version 2); without them the report is the
  // estimate's alone.
  const report::extras extras = io::scenario_extras(spec, m, est);
  std::string text;
  if (format == "json") {
    text = io::render_json(est, extras);
  } else if (format == "csv") {
    text = io::render_focus_csv(est, extras.burn_down);
  } else if (format == "md") {
    text = io::render_markdown(est, extras, spec.title);
  } else {
    text = io::render_html(est, extras, spec.title);
  }
  return emit(text, output);
}

int audit_command(const std::string& report) {
  const std::string text = read_text(report);
  // A study report: every option's report audited, then its comparison and decision.
  const bool study = trncost::io::is_study_report(text);
  const auto result = study ? trncost::io::audit_study(text, report) : trncost::io::audit(text, report);
  if (!result.ok) {
    std::cout << "audit failed: " << report << ": " << result.first_mismatch << "\n";
    return exit_mismatch;
  }
  std::cout << "audit passed: " << report << ": " << result.inputs << " inputs, "
            << result.derivations << " derivations, " << result.lines
            << " lines and the totals recomputed exactly; the status follows the rules"
            << (study ? "; the comparison and the decision follow from the options" : "") << "\n";
  return exit_ok;
}

int diff_command(const std::string& before, const std::string& after) {
  const auto a = trncost::io::read_report(read_text(before), before);
  const auto b = trncost::io::read_report(read_text(after), after);
  std::string text = trncost::explain(trncost::diff(a, b));
  if (!text.ends_with('\n')) text += '\n';
  std::cout << text;
  return exit_ok;
}

int run(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return exit_ok;
  }
  if (args[0] == "--audit") {
    if (args.size() != 2) return usage_error("--audit takes one report: --audit REPORT.json");
    return audit_command(args[1]);
  }
  if (args[0] == "--diff") {
    if (args.size() != 3) return usage_error("--diff takes two reports: --diff A.json B.json");
    return diff_command(args[1], args[2]);
  }
  std::optional<std::string> scenario;
  std::optional<std::string> format;
  std::optional<std::string> output;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--format" || a == "--output") {
      if (i + 1 == args.size()) return usage_error(a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--format") {
        if (v != "json" && v != "csv" && v != "md" && v != "html") {
          return usage_error("unknown format \"" + v + "\"; the formats are json, csv, md, html");
        }
        format = v;
      } else {
        output = v;
      }
    } else if (a.starts_with("-")) {
      return usage_error("unknown option \"" + a + "\"");
    } else if (scenario) {
      return usage_error("one scenario file at a time (\"" + *scenario + "\", then \"" + a + "\")");
    } else {
      scenario = a;
    }
  }
  if (!scenario) return usage_error("no scenario file given");
  return estimate_command(*scenario, format, output);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  try {
    return run(args);
  } catch (const trncost::parse_error& e) {
    std::cerr << e.what() << "\n";
    return exit_bad_input;
  } catch (const trncost::input_error& e) {
    std::cerr << e.what() << "\n";
    return exit_bad_input;
  } catch (const trncost::error& e) {
    std::cerr << e.what() << "\n";
    return exit_bad_input;
  } catch (const std::exception& e) {
    std::cerr << "trncost-estimate: internal error: " << e.what() << "\n";
    return exit_internal;
  }
}
