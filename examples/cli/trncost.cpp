// trncost: one command with subcommands (estimate, audit, render, diff, check, reconcile, prices),
// each a thin layer over the headers (examples/cli/commands.cpp, prices.cpp). docs/cli.md describes
// them and the exit codes.
#include <iostream>
#include <string>
#include <string_view>

#include "cli.hpp"

namespace {

constexpr std::string_view usage =
    R"(trncost: verifiable cost estimates for ML training on AWS Trainium

Usage:
  trncost estimate SCENARIO.toml [--format json|csv|md|html] [--output FILE]
      The estimate a scenario file describes, as a report (JSON by default).
  trncost audit REPORT.json
      Recomputes a JSON report from the report alone; prints the first mismatch.
  trncost render REPORT.json [--format md|html] [--title TITLE] [--output FILE]
      A JSON report, audited first, as Markdown or HTML (with its analysis and credits).
  trncost diff BEFORE.json AFTER.json [--format text|md|html] [--output FILE]
      The change of the total, per line and per input; md: a pull-request comment; html: a page.
  trncost check SCENARIO|STUDY|REPORT.json [--max-total USD] [--max-increase PCT --against OLD.json]
                [--min-status STATUS] [--require-decision continue|compare]
                [--scenario SCENARIO.toml]
      A budget gate for CI: exits 7, naming each limit that failed, when the estimate is over
      a limit (or a study's decision is not the one required); --scenario: the report must be
      what the scenario estimates.
  trncost what-if STUDY.toml --input NAME --from A --to B [--points N] [--format md|svg]
      One input swept over a range: each option's total and cash after credits at every point.
  trncost reconcile ESTIMATE BILL.csv [--from DATE] [--to DATE] [--tag K=V] [--format md|json]
      The bill (FOCUS or AWS Cost and Usage Report) against the estimate: per line, estimated,
      billed, the difference and why; credits, tax and rows left out in their own rows.
  trncost bill-query --table DATABASE.TABLE [--layout cur2|focus] [--dialect athena|spark|sqlite]
      The SQL that reduces a big bill where it is stored (Athena, Spark) to one row per
      identity, resource and day, exactly; its CSV result reconciles as the bill.
  trncost prices fetch|list|show ...
      Official AWS Price List files: download them (or take local ones), keep the rows a
      filter selects in a local price store (SQLite), list the stored versions, show the
      prices in force on a date. Scenario files can name the store ([prices] store).
  trncost COMMAND --help
      The options of one command.

Exit codes:
  0  success (for audit: the report passed)
  1  internal error (a bug: please report it)
  2  usage error (unknown command or option, missing argument)
  3  bad input: a scenario, price file, price store, run log or report was refused (the message
     names the file, the line and the key)
  4  audit, render: the report does not recompute (the first mismatch is printed)
  5  an output file, standard output or the price store could not be written, or --output
     was refused (not a regular file, or one of the run's inputs)
  6  prices fetch: a download failed or what arrived did not check out (the store is unchanged)
  7  check: the estimate is over a limit of its budget (each limit's sentence is printed)

Example:
  trncost estimate examples/scenarios/fine-tune-8b-trn1.toml --format md
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace trncost_cli;
  args_t args;
  for (int i = 2; i < argc; ++i) args.emplace_back(argv[i]);
  const std::string command = argc > 1 ? argv[1] : "";
  if (command.empty() || command == "--help" || command == "-h" || command == "help") {
    start_output();
    std::cout << usage;
    return finish_stdout("trncost", exit_ok);
  }
  // One entry per subcommand: its name and the function that runs it.
  struct subcommand {
    std::string_view name;
    int (*run)(const args_t&);
  };
  static constexpr subcommand table[] = {
      {"estimate", [](const args_t& a) { return estimate_main("trncost estimate", a); }},
      {"audit", [](const args_t& a) { return audit_main("trncost audit", a); }},
      {"render", [](const args_t& a) { return render_main("trncost render", a); }},
      {"diff", [](const args_t& a) { return diff_main("trncost diff", a); }},
      {"reconcile", [](const args_t& a) { return reconcile_main("trncost reconcile", a); }},
      {"bill-query", [](const args_t& a) { return bill_query_main("trncost bill-query", a); }},
      {"check", [](const args_t& a) { return check_main("trncost check", a); }},
      {"what-if", [](const args_t& a) { return what_if_main("trncost what-if", a); }},
#ifdef TRNCOST_HAVE_SQLITE
      {"prices", [](const args_t& a) { return prices_main("trncost prices", a); }},
#else
      {"prices",
       [](const args_t&) {
         return usage_error("trncost prices",
                            "this trncost was built without SQLite (Debian: libsqlite3-dev); "
                            "install it and rebuild to use a price store");
       }},
#endif
  };
  for (const auto& c : table) {
    if (command == c.name) return run_guarded("trncost " + command, c.run, args);
  }
  std::string names;
  for (const auto& c : table) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return usage_error("trncost", "unknown command \"" + command + "\"; the commands are " + names);
}
