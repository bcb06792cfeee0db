// The `trncost` command's estimate, audit and diff subcommands (and the helpers every subcommand
// shares): a scenario file in, a report out (JSON, FOCUS CSV, Markdown, HTML); the audit of a JSON
// report; the change between two reports, explained as text or as a pull-request comment.
// docs/cli.md describes the commands and the exit codes, docs/scenario.md the scenario format.
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

#include <trncost/io/detail/input.hpp>
#include <trncost/io/scenario.hpp>
#include <trncost/io/study.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/diff.hpp>
#include <trncost/report/focus_csv.hpp>
#include <trncost/report/html_extras.hpp>
#include <trncost/report/json_extras.hpp>
#include <trncost/report/markdown_diff.hpp>
#include <trncost/report/markdown_extras.hpp>
#include <trncost/report/study_report.hpp>

#ifdef TRNCOST_HAVE_SQLITE
#include <trncost/io/price_store.hpp>
#endif

#include "cli.hpp"

namespace trncost_cli {

namespace {

constexpr std::string_view estimate_usage = R"(trncost estimate: builds the estimate a scenario file describes and writes its report

Usage:
  trncost estimate SCENARIO.toml [--format json|csv|md|html] [--output FILE]

  json (default; the trncost.report schema), csv (FOCUS columns), md (Markdown), html (one
  self-contained page with charts). To standard output unless --output is given; the output file
  is only written (replaced whole, through a temporary file in its folder) when the whole report
  succeeded, and never when it is not a regular file or is one of the files the run reads.
  docs/scenario.md describes the scenario format; [prices] may name offer files or a price store
  (trncost prices).

  trncost estimate STUDY.toml [--format md|json|html|csv] [--output FILE]

  A study file (a [study] table and two or more [[option]] tables): each option's estimate, the
  comparison ranked per unit of work within one quality protocol, the decision with its reasons and
  each option's credit runway. md (default), json, html, or csv (every option's FOCUS rows, with
  credit lines, in one CSV; the column x_Option names the option).

Exit codes:
  0  success
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument)
  3  bad input: a scenario, price file, price store or run log was refused (the message names the
     file, the line and the key)
  5  the --output file could not be written or was refused, or standard output could not be
     written (a full disk, a closed pipe)

Example:
  trncost estimate examples/scenarios/fine-tune-8b-trn1.toml --format md
)";

constexpr std::string_view audit_usage = R"(trncost audit: recomputes a JSON report from the report alone

Usage:
  trncost audit REPORT.json

  Recomputes every derivation, line and total of the report and checks its status; prints
  "audit passed: ..." or "audit failed: <the first mismatch>".

Exit codes:
  0  the report passed
  1  internal error (a bug: please report it)
  2  usage error
  3  the report cannot be read (not JSON, not a trncost report, a newer schema)
  4  the report does not recompute (the first mismatch is printed)
  5  standard output could not be written
)";

constexpr std::string_view diff_usage = R"(trncost diff: the change between two JSON reports, attributed to the inputs that moved

Usage:
  trncost diff BEFORE.json AFTER.json [--format text|md] [--output FILE]

  text (default): the total's change and one line per input that moved it, largest first.
  md: a pull-request comment: the total's change, the status change, why the total moved, the
  lines and the inputs that moved. To standard output unless --output is given.

Exit codes:
  0  success
  1  internal error (a bug: please report it)
  2  usage error
  3  a report cannot be read
  5  the --output file could not be written or was refused, or standard output could not be
     written
)";

bool wants_help(const args_t& args) {
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

/// Text to standard output (checked by run_guarded's finish_stdout), or whole to `output`, which
/// may not be any of `inputs`.
int emit(std::string_view program, const std::string& text, const std::optional<std::string>& output,
         const std::vector<std::string>& inputs) {
  if (!output) {
    std::cout << text;
    return exit_ok;
  }
  return write_output(program, *output, text, inputs);
}

/// Refuses `output` before any work is done when it cannot be written (write_output looks again
/// before it replaces the file).
std::optional<int> refuse_output(std::string_view program, const std::optional<std::string>& output,
                                 const std::vector<std::string>& inputs) {
  if (!output) return std::nullopt;
  if (const auto r = output_refusal(*output, inputs)) {
    std::cerr << program << ": --output " << *output << ": " << *r << "\n";
    return exit_cannot_write;
  }
  return std::nullopt;
}

/// Every file a scenario reads, as paths it can be opened by: the scenario itself, its offer files,
/// price store, Savings Plans files, run logs and benchmark results (relative to the scenario's
/// folder, as the builder resolves them). --output may be none of them.
void add_scenario_inputs(const trncost::io::scenario_spec& spec, std::vector<std::string>& out) {
  const std::filesystem::path dir = std::filesystem::path(spec.file).parent_path();
  const auto add = [&](const std::string& p) {
    if (!p.empty()) out.push_back((dir / p).lexically_normal().string());
  };
  out.push_back(spec.file);
  for (const auto& f : spec.price_files) add(f.path);
  add(spec.price_store);
  for (const auto& f : spec.savings_plans) add(f.path);
  for (const auto& f : spec.run_files) add(f.path);
  for (const auto& c : spec.components) {
    for (const auto& r : c.runs) add(r);
    if (c.vllm) {
      add(c.vllm->results);
      add(c.vllm->config);
    }
  }
}

}  // namespace

int usage_error(std::string_view program, const std::string& message) {
  // "trncost estimate" -> "trncost estimate --help"; the alias names itself.
  std::cerr << program << ": " << message << "\n(" << program << " --help for usage)\n";
  return exit_usage;
}

std::string read_text(const std::string& path) {
  // A device, a FIFO or an oversized file is refused before any byte is read.
  return trncost::io::read_input_file(path);
}

namespace {

/// What reads a scenario's `[prices] store`: the SQLite price store when built with it; else none,
/// and build_model refuses such a scenario with a sentence naming the key.
trncost::io::price_store_reader store_reader() {
#ifdef TRNCOST_HAVE_SQLITE
  return trncost::io::price_store_offers;
#else
  return {};
#endif
}

/// The estimate path: scenario in, report out. The one place that turns a scenario into a report.
/// A study file: every option's estimate, the comparison per unit of work, the decision and each
/// option's runway (md, json, html or csv).
int study_command(std::string_view program, const std::string& study,
                  const std::optional<std::string>& format, const std::optional<std::string>& output) {
  const trncost::io::study_spec st = trncost::io::read_study(study);
  std::vector<std::string> inputs{study};
  for (const auto& o : st.options) {
    add_scenario_inputs(o.scenario, inputs);
    if (o.utilisation) inputs.push_back((std::filesystem::path(st.file).parent_path() / o.utilisation->file).string());
  }
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  return emit(program, trncost::io::render_study(trncost::io::run_study(st), format.value_or("md")), output,
              inputs);
}

int estimate_command(std::string_view program, const std::string& scenario,
                     const std::optional<std::string>& given_format,
                     const std::optional<std::string>& output) {
  using namespace trncost;
  if (io::is_study_file(scenario)) return study_command(program, scenario, given_format, output);
  const std::string format = given_format.value_or("json");
  const io::scenario_spec spec = io::read_scenario(scenario);
  std::vector<std::string> inputs;
  add_scenario_inputs(spec, inputs);
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const model m = io::build_model(spec, store_reader());
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
  return emit(program, text, output, inputs);
}

int audit_command(const std::string& report) {
  const std::string text = read_text(report);
  // A study report: every option's report audited, then its comparison and decision.
  const bool study = trncost::io::is_study_report(text);
  const auto result =
      study ? trncost::io::audit_study(text, report) : trncost::io::audit(text, report);
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

int diff_command(std::string_view program, const std::string& before, const std::string& after,
                 const std::string& format, const std::optional<std::string>& output) {
  const std::vector<std::string> inputs{before, after};
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const auto a = trncost::io::read_report(read_text(before), before);
  const auto b = trncost::io::read_report(read_text(after), after);
  const auto d = trncost::diff(a, b);
  std::string text = format == "md" ? trncost::io::render_diff_markdown(d, before, after)
                                    : trncost::explain(d);
  if (!text.ends_with('\n')) text += '\n';
  return emit(program, text, output, inputs);
}

}  // namespace

int estimate_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << estimate_usage;
    return exit_ok;
  }
  std::optional<std::string> scenario;
  std::optional<std::string> format;  // json for a scenario, md for a study
  std::optional<std::string> output;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--format" || a == "--output") {
      if (i + 1 == args.size()) return usage_error(program, a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--format") {
        if (v != "json" && v != "csv" && v != "md" && v != "html") {
          return usage_error(program, "unknown format \"" + v + "\"; the formats are json, csv, md, html");
        }
        format = v;
      } else {
        output = v;
      }
    } else if (a.starts_with("-")) {
      return usage_error(program, "unknown option \"" + a + "\"");
    } else if (scenario) {
      return usage_error(program, "one scenario file at a time (\"" + *scenario + "\", then \"" + a + "\")");
    } else {
      scenario = a;
    }
  }
  if (!scenario) return usage_error(program, "no scenario file given");
  return estimate_command(program, *scenario, format, output);
}

int audit_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << audit_usage;
    return exit_ok;
  }
  if (args.size() != 1 || args[0].starts_with("-")) {
    return usage_error(program, "audit takes one report: audit REPORT.json");
  }
  return audit_command(args[0]);
}

int diff_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << diff_usage;
    return exit_ok;
  }
  std::vector<std::string> reports;
  std::string format = "text";
  std::optional<std::string> output;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--format" || a == "--output") {
      if (i + 1 == args.size()) return usage_error(program, a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--format") {
        if (v != "text" && v != "md") {
          return usage_error(program, "unknown format \"" + v + "\"; the formats are text, md");
        }
        format = v;
      } else {
        output = v;
      }
    } else if (a.starts_with("-")) {
      return usage_error(program, "unknown option \"" + a + "\"");
    } else {
      reports.push_back(a);
    }
  }
  if (reports.size() != 2) return usage_error(program, "diff takes two reports: diff BEFORE.json AFTER.json");
  return diff_command(program, reports[0], reports[1], format, output);
}

namespace {

int run_caught(std::string_view program, int (*body)(const args_t&), const args_t& args) {
  try {
    return body(args);
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
    std::cerr << program << ": internal error: " << e.what() << "\n";
    return exit_internal;
  }
}

}  // namespace

int run_guarded(std::string_view program, int (*body)(const args_t&), const args_t& args) {
  start_output();
  return finish_stdout(program, run_caught(program, body, args));
}

}  // namespace trncost_cli
