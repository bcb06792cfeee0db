// trncost-estimate: the command of earlier releases, kept for one release as a thin alias of
// `trncost` (the same code): SCENARIO.toml ... is `trncost estimate`, --audit is `trncost audit`,
// --diff is `trncost diff`. docs/cli.md says when it goes.
#include <iostream>
#include <string>
#include <string_view>

#include "cli.hpp"

namespace {

constexpr std::string_view usage =
    R"(trncost-estimate: verifiable cost estimates for ML training on AWS Trainium
(an alias of `trncost`, kept for one release: use `trncost estimate|audit|diff`)

Usage:
  trncost-estimate SCENARIO.toml [--format json|csv|md|html] [--output FILE]
      = trncost estimate SCENARIO.toml ...
  trncost-estimate --audit REPORT.json
      = trncost audit REPORT.json
  trncost-estimate --diff BEFORE.json AFTER.json [--format text|md|html] [--output FILE]
      = trncost diff BEFORE.json AFTER.json ...
  trncost-estimate --help
      This text.

Exit codes:
  0  success (for --audit: the report passed)
  1  internal error (a bug: please report it)
  2  usage error (unknown option, missing argument)
  3  bad input: a scenario, price file, run log or report was refused (the message names the
     file, the line and the key)
  4  --audit: the report does not recompute (the first mismatch is printed)
  5  the --output file could not be written or was refused, or standard output could not be
     written

Example:
  trncost-estimate examples/scenarios/fine-tune-8b-trn1.toml --format md
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace trncost_cli;
  args_t args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    start_output();
    std::cout << usage;
    return finish_stdout("trncost-estimate", exit_ok);
  }
  const std::string first = args[0];
  if (first == "--audit" || first == "--diff") {
    args.erase(args.begin());
    if (first == "--audit") {
      if (args.size() != 1)
        return usage_error("trncost-estimate", "--audit takes one report: --audit REPORT.json");
      return run_guarded(
          "trncost-estimate", [](const args_t& a) { return audit_main("trncost-estimate", a); },
          args);
    }
    return run_guarded(
        "trncost-estimate", [](const args_t& a) { return diff_main("trncost-estimate", a); }, args);
  }
  return run_guarded(
      "trncost-estimate", [](const args_t& a) { return estimate_main("trncost-estimate", a); },
      args);
}
