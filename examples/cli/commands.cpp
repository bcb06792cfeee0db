// The `trncost` command's estimate, audit, render and diff subcommands (and the helpers every
// subcommand shares): a scenario file in, a report out (JSON, FOCUS CSV, Markdown, HTML); the audit
// of a JSON report; a JSON report rendered as Markdown or HTML; the change between two reports,
// explained as text or as a pull-request comment.
// docs/cli.md describes the commands and the exit codes, docs/scenario.md the scenario format.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <trncost/readers/bill_files.hpp>
#include <trncost/readers/detail/input.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/audit_document.hpp>
#include <trncost/report/audit_plan.hpp>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/budget.hpp>
#include <trncost/report/diff.hpp>
#include <trncost/report/focus_csv.hpp>
#include <trncost/report/formats.hpp>
#include <trncost/report/html_diff.hpp>
#include <trncost/report/html_extras.hpp>
#include <trncost/report/json_extras.hpp>
#include <trncost/report/markdown_diff.hpp>
#include <trncost/report/markdown_extras.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/report/render.hpp>
#include <trncost/report/study_diff.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/report/what_if.hpp>
#include <trncost/scenario/plan.hpp>
#include <trncost/scenario/scenario.hpp>
#include <trncost/scenario/study.hpp>
#include <vector>

#ifdef TRNCOST_HAVE_SQLITE
#include <trncost/readers/price_store.hpp>
#endif

#include "cli.hpp"

namespace trncost_cli {

namespace {

constexpr std::string_view estimate_usage =
    R"(trncost estimate: builds the estimate a scenario file describes and writes its report

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

  trncost estimate PLAN.toml [--format md|html|json] [--output FILE]

  A plan file (a [plan] table and [[workload]] tables naming scenario files): the workloads laid
  out over calendar time on one set of grants; the spend, the credits, the cash, the day credits
  stop paying and what each workload drew (Markdown, one HTML page with its charts, or JSON:
  schema trncost.plan, which trncost audit recomputes).

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

constexpr std::string_view audit_usage =
    R"(trncost audit: recomputes a JSON report from the report alone

Usage:
  trncost audit REPORT.json

  Recomputes every derivation, line and total of the report and checks its status (a plan's
  JSON: its periods, months, grants, workloads and totals from the inputs it carries); prints
  "audit passed: ..." or "audit failed: <the first mismatch>".

Exit codes:
  0  the report passed
  1  internal error (a bug: please report it)
  2  usage error
  3  the report cannot be read (not JSON, not a trncost report, a newer schema)
  4  the report does not recompute (the first mismatch is printed)
  5  standard output could not be written
)";

constexpr std::string_view render_usage =
    R"(trncost render: a JSON report as Markdown or HTML, audited first

Usage:
  trncost render REPORT.json [--format md|html] [--title TITLE] [--output FILE]

  Audits the report (as trncost audit does), then renders it as Markdown (the default) or as
  one self-contained HTML page, with its analysis and credits sections: the same text
  `trncost estimate SCENARIO --format md|html` writes for that estimate, from the report alone.
  A report that does not recompute is not rendered. The title is not in the report: --title
  (default "Cost estimate"). Study and reconciliation reports are refused (render their files
  with trncost estimate or trncost reconcile).

Exit codes:
  0  the report was rendered
  1  internal error (a bug: please report it)
  2  usage error
  3  the report cannot be read (not JSON, not a trncost report, a newer schema), or is a study
     or reconciliation report
  4  the report does not recompute (the first mismatch is printed; nothing is rendered)
  5  the --output file could not be written or was refused, or standard output could not be
     written
)";

constexpr std::string_view diff_usage =
    R"(trncost diff: the change between two JSON reports, attributed to the inputs that moved

Usage:
  trncost diff BEFORE.json AFTER.json [--format text|md|html] [--output FILE]

  text (default): the total's change and one line per input that moved it, largest first.
  md: a pull-request comment: the total's change, the status change, why the total moved, the
  lines and the inputs that moved. To standard output unless --output is given.
  html: the same as one self-contained page, with a chart of each line that moved, before beside
  after (two studies: a section per option); an --output name ending in .html chooses it.

Exit codes:
  0  success
  1  internal error (a bug: please report it)
  2  usage error
  3  a report cannot be read
  5  the --output file could not be written or was refused, or standard output could not be
     written
)";

constexpr std::string_view what_if_usage =
    R"(trncost what-if: one input of a study swept over a range, each option's total and cash
after credits recomputed exactly at every point

Usage:
  trncost what-if STUDY.toml --input NAME --from A --to B [--points N] [--format md|svg]
                  [--output FILE]

  NAME is an input of the options' reports ("llama-service.average_tokens_per_s", a price, a
  throughput, a utilisation); an option without it keeps its total. N values evenly spaced from A
  to B, both included (default 9). md (default): a table, one row per value, per option its total
  and its cash (total less credits, where its credits are the same at any value); svg: the chart.

Exit codes:
  0  success
  1  internal error (a bug: please report it)
  2  usage error
  3  the study or one of its files was refused, or the input is no option's
  5  the --output file could not be written or was refused, or standard output could not be
     written
)";

constexpr std::string_view reconcile_usage = R"(trncost reconcile: the bill against the estimate

Usage:
  trncost reconcile ESTIMATE BILL.csv [--from DATE] [--to DATE] [--account ID]... [--region R]...
                    [--tag KEY=VALUE]... [--cost effective|billed] [--format md|json|html]
                    [--output FILE]

  ESTIMATE is a JSON report of an estimate (audited first), a scenario file (estimated here) or a
  study file (its decided option). BILL.csv is a FOCUS 1.x export, a legacy AWS Cost and Usage
  Report or a CUR 2.0 export, in CSV, plain or gzip (.csv.gz); a folder of its parts or its
  manifest (...-Manifest.json) reads the parts as one bill (docs/io.md#bills). Each bill row is matched to the
  estimate's lines by the rate code of their quoted price, else by service, region and usage
  type; each identity gets what was estimated, billed, the difference and why. Credits, refunds,
  tax and fees have their own rows; rows the filters leave out are counted with their money.
    --from, --to   keep rows whose charge period starts in [from, to) (dates or UTC times)
    --account ID   keep rows of this usage account (repeatable)
    --region R     keep rows of this region only (repeatable); by default every region, a row
                   of a region the estimate has no line in shown as not in the estimate
    --tag K=V      keep rows with this tag (repeatable: every tag must hold)
    --cost         compare usage at its effective cost (default: after Savings Plans and
                   reservations, amortised) or at its billed cost
    --format       md (default), json (schema trncost.reconciliation) or html (one page)
  docs/cli.md#reconcile shows a run on the shipped example.

Exit codes:
  0  the reconciliation was written (differences are its content, not a failure)
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument)
  3  bad input: the estimate, the bill or one of their files was refused (file, line, column)
  4  the JSON report does not recompute (the first mismatch is printed)
  5  the output could not be written
)";

constexpr std::string_view check_usage =
    R"(trncost check: a budget gate: the estimate held against the limits given

Usage:
  trncost check INPUT [--max-total USD] [--max-increase PCT --against OLD.json]
                [--min-status verified|provisional|stale|unpriced|incomplete]
                [--require-decision continue|compare] [--scenario SCENARIO.toml]

  INPUT is a scenario file (estimated here), a study file (its decided option: the one ranked
  first, by cash paid after credits when the study has grants) or a JSON report of an estimate
  (audited first: a report that does not recompute is not gated; a report is recognised by its
  name, .json in any case, or by its first character '{'). A report that recomputes from itself
  may still have been rewritten whole: --scenario ties it to its inputs. At least one limit:
    --max-total USD     the total may not exceed USD; an unpriced line (an unknown input) fails it
    --max-increase PCT  the total may not rise more than PCT percent over OLD.json's total
    --against OLD.json  the previous JSON report of the same estimate (with --max-increase)
    --min-status S      the status must be S or better (verified is the best)
    --require-decision D  a study only: its decision must be continue (D = continue), or not
                        suspend (D = compare); a study that suspends fails the gate
    --scenario FILE     INPUT (a JSON report) must be what FILE estimates: the same lines, each
                        with its amount, and the same total; otherwise exit 4 naming the first
                        line that differs
  Prints one line per limit, "pass: ..." or "FAIL: ...", with the numbers compared. For a
  pull-request comment, add `trncost diff OLD.json NEW.json --format md` (docs/cli.md#check).

Exit codes:
  0  every limit holds
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument, no limit)
  3  bad input: the scenario, study, report or one of their files was refused
  4  the JSON report (INPUT or OLD.json) does not recompute (the first mismatch is printed)
  5  standard output could not be written
  7  a limit failed (the budget is exceeded, the increase is too large or the status too weak)

Example:
  trncost check examples/scenarios/fine-tune-8b-trn1.toml --max-total 450 --min-status verified
)";

bool wants_help(const args_t& args) {
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

/// What an option that takes a value does with it: nullopt to go on, or an exit code to stop with.
using option_handler =
    std::function<std::optional<int>(const std::string& option, const std::string& value)>;

/// The one walk over a subcommand's arguments: each option named in `valued` takes the next
/// argument as its value, given to `handle`; any other argument that starts with "-" is a usage
/// error; the rest are positional, in order. Returns an exit code to stop with, or nullopt.
std::optional<int> walk_args(std::string_view program, const args_t& args,
                             std::initializer_list<std::string_view> valued,
                             const option_handler& handle, std::vector<std::string>& positional) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (std::find(valued.begin(), valued.end(), a) != valued.end()) {
      if (i + 1 == args.size()) return usage_error(program, a + " needs a value");
      if (const auto rc = handle(a, args[++i])) return rc;
    } else if (a.starts_with("-")) {
      return usage_error(program, "unknown option \"" + a + "\"");
    } else {
      positional.push_back(a);
    }
  }
  return std::nullopt;
}

/// A usage error unless `format` names a format `kind` reports are written in
/// (report/formats.hpp): 'unknown format "x"; the formats of a study are json, csv, md, html'.
std::optional<int> refuse_format(std::string_view program, const std::string& format,
                                 trncost::report::report_kind kind) {
  if (trncost::report::format_named(format, kind)) return std::nullopt;
  return usage_error(program, trncost::report::format_refusal(format, kind));
}

/// A usage error when more than one positional argument was given: 'one WHAT at a time ("a", then
/// "b")'.
std::optional<int> refuse_second(std::string_view program, const std::vector<std::string>& given,
                                 std::string_view what) {
  if (given.size() < 2) return std::nullopt;
  return usage_error(program, "one " + std::string(what) + " at a time (\"" + given[0] +
                                  "\", then \"" + given[1] + "\")");
}

/// Text to standard output (checked by run_guarded's finish_stdout), or whole to `output`, which
/// may not be any of `inputs` nor any file the run read (run_guarded's read_log: the files a
/// scenario, study or plan names, transitively, whatever reader opened them).
int emit(std::string_view program, const std::string& text,
         const std::optional<std::string>& output, const std::vector<std::string>& inputs) {
  if (!output) {
    std::cout << text;
    return exit_ok;
  }
  std::vector<std::string> read = inputs;
  if (const auto* log = run_read_log()) {
    read.insert(read.end(), log->paths().begin(), log->paths().end());
  }
  return write_output(program, *output, text, read);
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
void add_scenario_inputs(const trncost::scenario::scenario_spec& spec,
                         std::vector<std::string>& out) {
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
  return trncost::readers::read_input_file(path);
}

namespace {

/// What reads a scenario's `[prices] store`: the SQLite price store when built with it; else none,
/// and build_model refuses such a scenario with a sentence naming the key.
trncost::scenario::price_store_reader store_reader() {
#ifdef TRNCOST_HAVE_SQLITE
  return trncost::readers::price_store_offers;
#else
  return {};
#endif
}

/// The estimate path: scenario in, report out. The one place that turns a scenario into a report.
/// A study file: every option's estimate, the comparison per unit of work, the decision and each
/// option's runway (md, json, html or csv).
int study_command(std::string_view program, const std::string& study,
                  const std::optional<std::string>& format,
                  const std::optional<std::string>& output) {
  const trncost::scenario::study_spec st = trncost::scenario::read_study(study);
  std::vector<std::string> inputs{study};
  for (const auto& o : st.options) {
    add_scenario_inputs(o.scenario, inputs);
    if (o.utilisation)
      inputs.push_back(
          (std::filesystem::path(st.file).parent_path() / o.utilisation->file).string());
  }
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  return emit(
      program,
      trncost::report::render_study(trncost::scenario::run_study(st), format.value_or("md")),
      output, inputs);
}

/// A plan file: every workload's scenario estimated, the plan's spend scheduled and its grants
/// applied (Markdown, the default, HTML or JSON: schema trncost.plan, which `trncost audit`
/// recomputes; docs/reports.md, "Plans").
int plan_command(std::string_view program, const std::string& plan,
                 const std::optional<std::string>& format,
                 const std::optional<std::string>& output) {
  if (format) {
    if (const auto rc = refuse_format(program, *format, trncost::report::report_kind::plan)) {
      return *rc;
    }
  }
  const trncost::scenario::plan_spec p = trncost::scenario::read_plan(plan);
  std::vector<std::string> inputs{plan};
  for (const auto& w : p.workloads) {
    const std::string scenario =
        (std::filesystem::path(p.file).parent_path() / w.scenario).string();
    inputs.push_back(scenario);
    if (std::filesystem::is_regular_file(scenario)) {
      add_scenario_inputs(trncost::scenario::read_scenario(scenario), inputs);
    }
  }
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const trncost::scenario::plan_result r = trncost::scenario::run_plan(p, store_reader());
  return emit(program,
              format == "html"   ? trncost::scenario::render_html(r)
              : format == "json" ? trncost::scenario::render_json(r)
                                 : trncost::scenario::render_markdown(r),
              output, inputs);
}

int estimate_command(std::string_view program, const std::string& scenario,
                     const std::optional<std::string>& given_format,
                     const std::optional<std::string>& output) {
  using namespace trncost;
  if (scenario::is_study_file(scenario))
    return study_command(program, scenario, given_format, output);
  if (scenario::is_plan_file(scenario))
    return plan_command(program, scenario, given_format, output);
  const std::string format = given_format.value_or("json");
  const scenario::scenario_spec spec = scenario::read_scenario(scenario);
  std::vector<std::string> inputs;
  add_scenario_inputs(spec, inputs);
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const model m = scenario::build_model(spec, store_reader());
  const estimate est = scenario::evaluate_scenario(spec, m);  // a refusal names the scenario file
  // [analysis], [[grant]] and [spend], when the scenario has them: the tornado, the Monte Carlo
  // band and the credit burn-down go into the report (schema version 2); without them the report is
  // the estimate's alone.
  const report::extras extras = scenario::scenario_extras(spec, m, est);
  const auto written_as = report::format_named(format, report::report_kind::estimate);
  if (!written_as) {
    return usage_error(program, report::format_refusal(format, report::report_kind::estimate));
  }
  std::string text;
  switch (*written_as) {
    case report::format::json:
      text = report::render_json(est, extras);
      break;
    case report::format::focus_csv:
      text = report::render_focus_csv(est, extras.burn_down);
      break;
    case report::format::markdown:
      text = report::render_markdown(est, extras, spec.title);
      break;
    case report::format::html:
      text = report::render_html(est, extras, spec.title);
      break;
    case report::format::text:
    case report::format::svg:
      return usage_error(program, report::format_refusal(format, report::report_kind::estimate));
  }
  return emit(program, text, output, inputs);
}

int audit_command(const std::string& report) {
  // Whatever the document is (an estimate's report, a study, a plan, a reconciliation), its own
  // checker recomputes it (report/audit_document.hpp), as Python's trncost.audit does.
  const auto r = trncost::report::audit_document(read_text(report), report);
  if (!r.ok) {
    std::cout << "audit failed: " << report << ": " << r.first_mismatch << "\n";
    return exit_mismatch;
  }
  std::cout << "audit passed: " << report << ": " << r.recomputed << "\n";
  return exit_ok;
}

int render_command(std::string_view program, const std::string& report, const std::string& format,
                   const std::string& title, const std::optional<std::string>& output) {
  using namespace trncost;
  const std::vector<std::string> inputs{report};
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  // Audited first: a report that does not recompute is never shown as if it were right.
  const report::rendered_report rendered =
      report::render_report(read_text(report), format, title, report);
  if (!rendered.audit.ok) {
    std::cout << "audit failed: " << report << ": " << rendered.audit.first_mismatch << "\n";
    return exit_mismatch;
  }
  return emit(program, rendered.text, output, inputs);
}

int diff_command(std::string_view program, const std::string& before, const std::string& after,
                 const std::string& format, const std::optional<std::string>& output) {
  const std::vector<std::string> inputs{before, after};
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const std::string before_text = read_text(before);
  const std::string after_text = read_text(after);
  const bool study_a = trncost::report::is_study_report(before_text);
  const bool study_b = trncost::report::is_study_report(after_text);
  if (study_a != study_b) {
    throw trncost::input_error((study_a ? before : after) + ": is a study report and " +
                               (study_a ? after : before) +
                               " is not; a diff compares two studies or two estimates");
  }
  if (study_a) {
    // Two studies, option by option: each audited first, then each option's change explained.
    for (const auto& [path, text] :
         {std::pair{before, before_text}, std::pair{after, after_text}}) {
      const auto checked = trncost::report::audit_study(text, path);
      if (!checked.ok) {
        std::cout << "audit failed: " << path << ": " << checked.first_mismatch << "\n";
        return exit_mismatch;
      }
    }
    std::string out = trncost::report::render_study_diff(
        trncost::report::read_study_report(before_text, before),
        trncost::report::read_study_report(after_text, after), before, after, format);
    return emit(program, out, output, inputs);
  }
  const auto a = trncost::report::read_report(before_text, before);
  const auto b = trncost::report::read_report(after_text, after);
  const auto d = trncost::report::diff(a, b);
  std::string text = format == "md"     ? trncost::report::render_diff_markdown(d, before, after)
                     : format == "html" ? trncost::report::render_diff_html(d, before, after)
                                        : trncost::report::explain(d);
  if (!text.ends_with('\n')) text += '\n';
  return emit(program, text, output, inputs);
}

/// A JSON report read for a gate: audited first, so that a report that does not recompute (edited
/// by hand, or written by a broken tool) is never gated as if it were right.
std::optional<trncost::report::document> audited_report(const std::string& path) {
  const std::string text = read_text(path);
  if (trncost::report::is_study_report(text)) {
    throw trncost::input_error(path +
                               ": is a study report; give the study file itself (its decided "
                               "option is taken) or an estimate's report");
  }
  const auto result = trncost::report::audit(text, path);
  if (!result.ok) {
    std::cout << "audit failed: " << path << ": " << result.first_mismatch << "\n";
    return std::nullopt;
  }
  return trncost::report::read_report(text, path);
}

/// Whether INPUT is a JSON report rather than a TOML file: its name ends in ".json" in any case
/// ("R.JSON"), or its first byte that is not a space is '{' (a TOML file cannot begin so).
bool names_json_report(const std::string& path) {
  std::string lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower.ends_with(".json")) return true;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  char c = 0;
  while (in.get(c)) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return c == '{';
  }
  return false;
}

/// The estimate INPUT names, as a report: a JSON report (audited first; nullopt, with the
/// mismatch printed, when it does not recompute), a study file (its decided option; nullopt,
/// with the reason printed, when none is decided) or a scenario file (estimated here). `what`
/// gets how the output names it.
std::optional<trncost::report::document> estimate_document(
    const std::string& input, std::string& what,
    std::optional<trncost::analysis::decision>* decision = nullptr) {
  using namespace trncost;
  what = input;
  if (names_json_report(input)) return audited_report(input);
  if (scenario::is_study_file(input)) {
    const report::study_result r = scenario::run_study(scenario::read_study(input));
    if (decision != nullptr) *decision = r.decision;
    for (const auto& o : r.options) {
      if (r.decided_for && o.name == *r.decided_for) {
        what = input + " (option \"" + o.name + "\", " +
               (r.cash ? "ranked first by cash paid after credits" : "ranked first") + ")";
        return report::from_estimate(o.est);
      }
    }
    std::cout << "FAIL: " << input
              << ": no option is ranked (each was set apart), so no option is decided for and "
                 "none can be held against the budget or a bill\n";
    return std::nullopt;
  }
  const scenario::scenario_spec spec = scenario::read_scenario(input);
  const model m = scenario::build_model(spec, store_reader());
  return report::from_estimate(scenario::evaluate_scenario(spec, m));
}

/// The decisions --require-decision accepts, and what each lets through.
bool decision_allows(std::string_view required, trncost::analysis::verdict v) {
  using trncost::analysis::verdict;
  if (required == "continue") return v == verdict::continue_on;
  return v != verdict::suspend;  // "compare": continue, or compare another option
}

int check_command(std::string_view program, const std::string& input,
                  const trncost::report::budget_limits& limits,
                  const std::optional<std::string>& against,
                  const std::optional<std::string>& require_decision,
                  const std::optional<std::string>& scenario) {
  using namespace trncost;
  std::string what;
  const bool report_given = names_json_report(input);
  if (require_decision && (report_given || !scenario::is_study_file(input))) {
    return usage_error(program, "--require-decision " + *require_decision + ": " + input +
                                    " is not a study file; a decision is a study's (its [study] "
                                    "table), so only a study can be required to decide");
  }
  std::optional<analysis::decision> decision;
  // A study where no option ranks suspends: estimate_document says so and the gate fails.
  const std::optional<report::document> doc = estimate_document(input, what, &decision);
  if (!doc) return report_given ? exit_mismatch : exit_over_budget;
  if (scenario && !report_given) {
    return usage_error(program, "--scenario " + *scenario + ": " + input +
                                    " is not a JSON report; --scenario ties a report to the "
                                    "scenario that wrote it, and a scenario is estimated here");
  }
  if (scenario) {
    // The report must be what its scenario estimates: the same lines, amounts and total. A
    // report that recomputes from itself can still have been rewritten whole; its scenario
    // cannot.
    const scenario::scenario_spec spec = scenario::read_scenario(*scenario);
    const auto fresh = report::from_estimate(
        scenario::evaluate_scenario(spec, scenario::build_model(spec, store_reader())));
    std::string differs;
    const auto& a = doc->lines;
    const auto& b = fresh.lines;
    for (std::size_t i = 0; i < std::max(a.size(), b.size()) && differs.empty(); ++i) {
      const std::string at = "lines[" + std::to_string(i) + "]";
      if (i >= a.size()) {
        differs = at + " '" + b[i].component + "/" + b[i].description +
                  "' is estimated and missing from the report";
      } else if (i >= b.size()) {
        differs = at + " '" + a[i].component + "/" + a[i].description +
                  "' is in the report and not estimated";
      } else if (a[i].component != b[i].component || a[i].description != b[i].description ||
                 a[i].amount != b[i].amount) {
        const auto amount = [](const std::optional<decimal>& x) {
          return x ? x->to_string() : std::string("unpriced");
        };
        differs = at + ": the report says '" + a[i].component + "/" + a[i].description + "' " +
                  amount(a[i].amount) + ", the scenario estimates '" + b[i].component + "/" +
                  b[i].description + "' " + amount(b[i].amount);
      }
    }
    if (differs.empty() && doc->totals.total != fresh.totals.total) {
      differs = "totals.total: the report says " + doc->totals.total.to_string() +
                ", the scenario estimates " + fresh.totals.total.to_string();
    }
    if (!differs.empty()) {
      std::cout << "FAIL: " << input << " is not what " << *scenario << " estimates: " << differs
                << "\n";
      return exit_mismatch;
    }
    what = input + " (what " + *scenario + " estimates)";
  } else if (report_given) {
    what = input +
           " (the report as given: it recomputes from itself; --scenario ties it to its "
           "inputs)";
  }
  std::optional<report::document> baseline;
  if (against) {
    baseline = audited_report(*against);
    if (!baseline) return exit_mismatch;
  }
  const auto verdict =
      report::check_budget(*doc, limits, baseline ? &*baseline : nullptr, against.value_or(""));
  std::cout << what << ":\n";
  for (const auto& c : verdict.checks) {
    std::cout << (c.passed ? "  pass: " : "  FAIL: ") << c.limit << ": " << c.sentence << "\n";
  }
  bool passed = verdict.passed;
  if (require_decision) {
    const auto& d = *decision;
    const bool ok = decision_allows(*require_decision, d.outcome);
    passed = passed && ok;
    const std::string& why = !d.suspend_reasons.empty()   ? d.suspend_reasons.front()
                             : !d.compare_reasons.empty() ? d.compare_reasons.front()
                                                          : std::string();
    std::cout << (ok ? "  pass: " : "  FAIL: ") << "decision: the study decides "
              << analysis::to_string(d.outcome) << (why.empty() ? "" : " (" + why + ")") << "; "
              << *require_decision
              << (*require_decision == "continue" ? " required" : " or better required") << "\n";
  }
  std::cout << (passed ? "within budget\n" : "over budget\n");
  return passed ? exit_ok : exit_over_budget;
}

int reconcile_command(std::string_view program, const std::string& input,
                      const std::string& bill_path,
                      const trncost::report::reconcile_options& options, const std::string& format,
                      const std::optional<std::string>& output) {
  using namespace trncost;
  const std::vector<std::string> inputs{input, bill_path};
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  std::string what;
  const std::optional<report::document> doc = estimate_document(input, what);
  if (!doc) return names_json_report(input) ? exit_mismatch : exit_bad_input;
  readers::bill_reader bill = readers::open_bill(bill_path);
  const report::reconciliation r = report::reconcile(*doc, what, bill, options);
  const std::string text = format == "json"   ? report::render_reconciliation_json(r)
                           : format == "html" ? report::render_reconciliation_html(r)
                                              : report::render_reconciliation_markdown(r);
  return emit(program, text, output, inputs);
}

}  // namespace

int check_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << check_usage;
    return exit_ok;
  }
  using trncost::decimal;
  std::optional<std::string> input;
  std::optional<std::string> against;
  std::optional<std::string> require_decision;
  std::optional<std::string> scenario;
  trncost::report::budget_limits limits;
  const auto amount = [](const std::string& v) -> std::optional<decimal> {
    try {
      return decimal::parse(v);
    } catch (const trncost::error&) {
      return std::nullopt;
    }
  };
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--against") {
      against = v;
    } else if (a == "--scenario") {
      scenario = v;
    } else if (a == "--require-decision") {
      if (v != "continue" && v != "compare") {
        return usage_error(program, "--require-decision \"" + v +
                                        "\" is not a decision to require: continue (only "
                                        "continue passes) or compare (continue or compare "
                                        "another option pass; suspend fails)");
      }
      require_decision = v;
    } else if (a == "--min-status") {
      limits.min_status = trncost::report::parse_status(v);
      if (!limits.min_status) {
        return usage_error(program, "--min-status \"" + v +
                                        "\" is not a status; the statuses, best first, are "
                                        "verified, provisional, stale, unpriced, incomplete");
      }
    } else {
      const auto d = amount(v);
      if (!d || *d < decimal(0)) {
        return usage_error(program, a + " \"" + v + "\" is not a number of 0 or more (" +
                                        (a == "--max-total" ? "USD, e.g. 450 or 449.99"
                                                            : "percent, e.g. 10 for 10 %") +
                                        ")");
      }
      (a == "--max-total" ? limits.max_total : limits.max_increase_percent) = *d;
    }
    return std::nullopt;
  };
  std::vector<std::string> positional;
  if (const auto rc = walk_args(program, args,
                                {"--max-total", "--max-increase", "--against", "--min-status",
                                 "--require-decision", "--scenario"},
                                handle, positional)) {
    return *rc;
  }
  if (const auto rc = refuse_second(program, positional, "input")) return *rc;
  if (!positional.empty()) input = positional[0];
  if (!input) return usage_error(program, "no scenario, study or report given");
  if (!limits.max_total && !limits.max_increase_percent && !limits.min_status &&
      !require_decision) {
    return usage_error(program,
                       "no limit given: --max-total, --max-increase (with --against), "
                       "--min-status or --require-decision; a gate without a limit would always "
                       "pass");
  }
  if (limits.max_increase_percent.has_value() != against.has_value()) {
    return usage_error(program, against ? "--against is the baseline of --max-increase; give both"
                                        : "--max-increase needs --against OLD.json, the report the "
                                          "increase is measured from");
  }
  return check_command(program, *input, limits, against, require_decision, scenario);
}

constexpr std::string_view bill_query_usage =
    R"(trncost bill-query: the SQL that reduces a bill where it is stored

Usage:
  trncost bill-query --table DATABASE.TABLE [--layout cur2|focus] [--dialect athena|spark|sqlite]
                     [--grain hour|day|month] [--output FILE]

  An organisation's bill is many GB a month, queried where it is stored (Athena over the export's
  S3 folder, Spark). This writes the SELECT that reduces a CUR 2.0 or FOCUS 1.x export's table to
  one row per identity, resource and period, every amount summed exactly (DECIMAL(38, 18); in
  SQLite from the digits). Save its result as CSV with its header and reconcile it as the bill:
    trncost bill-query --table cur.cur2_export > reduce.sql     (run it in Athena, download CSV)
    trncost reconcile estimate.json reduced.csv
  The figures are the export's, exactly; tags and line item ids are not kept (filter tags in the
  query's WHERE before running it). docs/cli.md#bill-query.
    --table     the export's table: letters, digits and '_', parts joined by '.'
    --layout    cur2 (default) or focus
    --dialect   athena (default, also Trino and Presto), spark or sqlite
    --grain     day (default), hour or month: the charge periods kept apart

Exit codes:
  0  the query was written
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument, a table name that is not one)
  5  the --output file could not be written or was refused
)";

int bill_query_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << bill_query_usage;
    return exit_ok;
  }
  trncost::readers::bill_query_options o;
  std::optional<std::string> output;
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--table") {
      o.table = v;
    } else if (a == "--layout") {
      if (v != "cur2" && v != "focus") {
        return usage_error(program, "--layout \"" + v +
                                        "\": the layouts queried are cur2 (CUR 2.0) and focus "
                                        "(FOCUS 1.x); a legacy CUR is queried as its CUR 2.0 "
                                        "export");
      }
      o.layout =
          v == "focus" ? trncost::readers::bill_layout::focus : trncost::readers::bill_layout::cur2;
    } else if (a == "--dialect") {
      const auto d = trncost::readers::parse_sql_dialect(v);
      if (!d) return usage_error(program, "--dialect \"" + v + "\": athena, spark or sqlite");
      o.dialect = *d;
    } else if (a == "--grain") {
      const auto g = trncost::readers::parse_bill_grain(v);
      if (!g) return usage_error(program, "--grain \"" + v + "\": hour, day or month");
      o.grain = *g;
    } else {
      output = v;
    }
    return std::nullopt;
  };
  std::vector<std::string> positional;
  if (const auto rc =
          walk_args(program, args, {"--table", "--layout", "--dialect", "--grain", "--output"},
                    handle, positional)) {
    return *rc;
  }
  if (!positional.empty()) {
    return usage_error(program, "bill-query takes no file: \"" + positional[0] +
                                    "\" (the table is --table DATABASE.TABLE)");
  }
  if (o.table.empty()) return usage_error(program, "no --table given: the export's table");
  std::string sql;
  try {
    sql = trncost::readers::bill_query(o);
  } catch (const trncost::input_error& e) {
    return usage_error(program, e.what());
  }
  if (const auto rc = refuse_output(program, output, {})) return *rc;
  return emit(program, sql, output, {});
}

int reconcile_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << reconcile_usage;
    return exit_ok;
  }
  trncost::report::reconcile_options options;
  std::string format = "md";
  std::optional<std::string> output;
  const auto time_of = [](const std::string& v) -> std::optional<trncost::timestamp> {
    trncost::timestamp t;
    if (!trncost::readers::detail::bill_time(v, t)) return std::nullopt;
    return t;
  };
  std::vector<std::string> files;
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--from" || a == "--to") {
      const auto t = time_of(v);
      if (!t) {
        return usage_error(program, a + " \"" + v +
                                        "\" is not a date or a UTC time (2026-11-01 or "
                                        "2026-11-01T00:00:00Z)");
      }
      (a == "--from" ? options.from : options.to) = *t;
    } else if (a == "--account") {
      options.accounts.push_back(v);
    } else if (a == "--region") {
      options.regions.push_back(v);
    } else if (a == "--tag") {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) {
        return usage_error(program, "--tag \"" + v + "\" is not KEY=VALUE (project=llama-ft)");
      }
      options.tags.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--cost") {
      if (v != "effective" && v != "billed") {
        return usage_error(program, "--cost \"" + v + "\": the bases are effective, billed");
      }
      options.basis = v == "billed" ? trncost::report::cost_basis::billed
                                    : trncost::report::cost_basis::effective;
    } else if (a == "--format") {
      if (const auto rc = refuse_format(program, v, trncost::report::report_kind::reconciliation))
        return rc;
      format = v;
    } else {
      output = v;
    }
    return std::nullopt;
  };
  if (const auto rc = walk_args(
          program, args,
          {"--from", "--to", "--account", "--region", "--tag", "--cost", "--format", "--output"},
          handle, files)) {
    return *rc;
  }
  if (files.size() != 2) {
    return usage_error(program,
                       "reconcile takes an estimate and a bill: reconcile ESTIMATE BILL.csv");
  }
  if (options.from && options.to && !(*options.from < *options.to)) {
    return usage_error(program, "--from must come before --to (the period is [from, to))");
  }
  return reconcile_command(program, files[0], files[1], options, format, output);
}

int estimate_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << estimate_usage;
    return exit_ok;
  }
  std::vector<std::string> scenarios;
  std::optional<std::string> format;  // json for a scenario, md for a study
  std::optional<std::string> output;
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--output") {
      output = v;
    } else if (const auto rc = refuse_format(program, v, trncost::report::report_kind::estimate)) {
      return rc;
    } else {
      format = v;
    }
    return std::nullopt;
  };
  if (const auto rc = walk_args(program, args, {"--format", "--output"}, handle, scenarios)) {
    return *rc;
  }
  if (const auto rc = refuse_second(program, scenarios, "scenario file")) return *rc;
  if (scenarios.empty()) return usage_error(program, "no scenario file given");
  const std::string& scenario = scenarios[0];
  return estimate_command(program, scenario, format, output);
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

int render_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << render_usage;
    return exit_ok;
  }
  std::vector<std::string> reports;
  std::string format = "md";
  std::string title = "Cost estimate";
  std::optional<std::string> output;
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--format") {
      if (const auto rc =
              refuse_format(program, v, trncost::report::report_kind::rendered_estimate))
        return rc;
      format = v;
    } else {
      (a == "--title" ? title : output.emplace()) = v;
    }
    return std::nullopt;
  };
  if (const auto rc =
          walk_args(program, args, {"--format", "--title", "--output"}, handle, reports)) {
    return *rc;
  }
  if (reports.size() != 1) {
    return usage_error(program, "render takes one report: render REPORT.json");
  }
  return render_command(program, reports[0], format, title, output);
}

int what_if_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << what_if_usage;
    return exit_ok;
  }
  using trncost::decimal;
  std::vector<std::string> positional;
  std::optional<std::string> input;
  std::optional<std::string> output;
  std::optional<decimal> from;
  std::optional<decimal> to;
  int points = 9;
  std::string format = "md";
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--input") {
      input = v;
    } else if (a == "--output") {
      output = v;
    } else if (a == "--format") {
      if (const auto rc = refuse_format(program, v, trncost::report::report_kind::what_if))
        return rc;
      format = v;
    } else if (a == "--points") {
      try {
        points = std::stoi(v);
      } catch (const std::exception&) {
        return usage_error(program, "--points \"" + v + "\" is not a whole number (2 to 1001)");
      }
    } else {
      try {
        (a == "--from" ? from : to) = decimal::parse(v);
      } catch (const trncost::error&) {
        return usage_error(program,
                           a + " \"" + v + "\" is not a number (written as text: 600, 0.9)");
      }
    }
    return std::nullopt;
  };
  if (const auto rc = walk_args(program, args,
                                {"--input", "--from", "--to", "--points", "--format", "--output"},
                                handle, positional)) {
    return *rc;
  }
  if (const auto rc = refuse_second(program, positional, "study")) return *rc;
  if (positional.empty() || !input || !from || !to) {
    return usage_error(program, "what-if takes a study file, --input, --from and --to");
  }
  const std::vector<std::string> inputs{positional[0]};
  if (const auto rc = refuse_output(program, output, inputs)) return *rc;
  const trncost::report::study_result r =
      trncost::scenario::run_study(trncost::scenario::read_study(positional[0]));
  const auto w = trncost::report::sweep(r, *input, *from, *to, points);
  const std::string text = format == "svg" ? trncost::report::what_if_svg(w)
                                           : "# What-if: " + *input + " (" + r.title + ")\n\n" +
                                                 trncost::report::render_what_if_markdown(w);
  return emit(program, text, output, inputs);
}

int diff_main(std::string_view program, const args_t& args) {
  if (wants_help(args)) {
    std::cout << diff_usage;
    return exit_ok;
  }
  std::vector<std::string> reports;
  std::optional<std::string> format;
  std::optional<std::string> output;
  const auto handle = [&](const std::string& a, const std::string& v) -> std::optional<int> {
    if (a == "--output") {
      output = v;
    } else if (const auto rc = refuse_format(program, v, trncost::report::report_kind::diff)) {
      return rc;
    } else {
      format = v;
    }
    return std::nullopt;
  };
  if (const auto rc = walk_args(program, args, {"--format", "--output"}, handle, reports)) {
    return *rc;
  }
  if (reports.size() != 2)
    return usage_error(program, "diff takes two reports: diff BEFORE.json AFTER.json");
  // A page asked for by its file's name: text in a .html file would open as one long paragraph.
  if (!format && output) {
    if (const auto f = trncost::report::format_of_path(*output, trncost::report::report_kind::diff);
        f == trncost::report::format::html) {
      format = "html";
    }
  }
  return diff_command(program, reports[0], reports[1], format.value_or("text"), output);
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

const trncost::readers::read_log*& current_run_log() {
  static const trncost::readers::read_log* log = nullptr;
  return log;
}

const trncost::readers::read_log* run_read_log() { return current_run_log(); }

int run_guarded(std::string_view program, int (*body)(const args_t&), const args_t& args) {
  start_output();
  // Every file the command reads, whatever reader opens it: --output may be none of them.
  const trncost::readers::read_log log;
  current_run_log() = &log;
  const int rc = run_caught(program, body, args);
  current_run_log() = nullptr;
  return finish_stdout(program, rc);
}

}  // namespace trncost_cli
