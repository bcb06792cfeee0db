// What the `trncost` command's parts share (examples/cli/): exit codes, the usage-error sentence,
// reading a file whole and writing one whole or not at all. Each subcommand is a function of its
// arguments (after the subcommand's name) returning the exit code; main() maps exceptions to codes.
#ifndef TRNCOST_EXAMPLES_CLI_CLI_HPP
#define TRNCOST_EXAMPLES_CLI_CLI_HPP

#include <string>
#include <string_view>
#include <vector>

namespace trncost_cli {

// Exit codes (README "One command", docs/cli.md, --help).
constexpr int exit_ok = 0;
constexpr int exit_internal = 1;      // a bug: anything but a refused input
constexpr int exit_usage = 2;         // the command line is wrong
constexpr int exit_bad_input = 3;     // a scenario, price file, run log, report or store was refused
constexpr int exit_mismatch = 4;      // audit: the report does not recompute
constexpr int exit_cannot_write = 5;  // --output (or the price store) could not be written
constexpr int exit_fetch_failed = 6;  // prices fetch: a download failed or did not check out

using args_t = std::vector<std::string>;

/// Prints "<program>: <message>" and the way to the help on standard error; returns exit_usage.
int usage_error(std::string_view program, const std::string& message);

/// The whole file, or parse_error naming it.
std::string read_text(const std::string& path);

/// Writes `text` to `path` whole or not at all: a temporary file next to it, then a rename.
bool write_whole(const std::string& path, const std::string& text);

// The subcommands; `program` is how the messages name the command ("trncost estimate").
int estimate_main(std::string_view program, const args_t& args);
int audit_main(std::string_view program, const args_t& args);
int diff_main(std::string_view program, const args_t& args);
/// In prices.cpp, built when SQLite is found (TRNCOST_HAVE_SQLITE).
int prices_main(std::string_view program, const args_t& args);

/// Runs `body` and maps trncost's exceptions to exit codes (message on standard error).
int run_guarded(std::string_view program, int (*body)(const args_t&), const args_t& args);

}  // namespace trncost_cli

#endif  // TRNCOST_EXAMPLES_CLI_CLI_HPP
