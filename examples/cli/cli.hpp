// What the `trncost` command's parts share (examples/cli/): exit codes, the usage-error sentence,
// reading a file whole and writing one whole or not at all. Each subcommand is a function of its
// arguments (after the subcommand's name) returning the exit code; main() maps exceptions to codes.
#ifndef TRNCOST_EXAMPLES_CLI_CLI_HPP
#define TRNCOST_EXAMPLES_CLI_CLI_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trncost::readers {
class read_log;
}

namespace trncost_cli {

// Exit codes (README "One command", docs/cli.md, --help).
constexpr int exit_ok = 0;
constexpr int exit_internal = 1;   // a bug: anything but a refused input
constexpr int exit_usage = 2;      // the command line is wrong
constexpr int exit_bad_input = 3;  // a scenario, price file, run log, report or store was refused
constexpr int exit_mismatch = 4;   // audit: the report does not recompute
constexpr int exit_cannot_write = 5;  // --output (or the price store) could not be written
constexpr int exit_fetch_failed = 6;  // prices fetch: a download failed or did not check out
constexpr int exit_over_budget = 7;   // check: a limit of the budget failed (each is printed)

using args_t = std::vector<std::string>;

/// Prints "<program>: <message>" and the way to the help on standard error; returns exit_usage.
int usage_error(std::string_view program, const std::string& message);

/// The whole file, or parse_error naming it.
std::string read_text(const std::string& path);

/// Why a report may not be written to `path`, or nullopt: a target that exists and is not a
/// regular file (a device, a FIFO, a directory, a dangling link), or that is the same file (device
/// and inode) as one of `inputs`, the files the run reads (output.cpp).
std::optional<std::string> output_refusal(const std::string& path,
                                          const std::vector<std::string>& inputs);

/// Writes `text` to `path` whole or not at all: a new temporary file in the target's folder, then a
/// rename over the target (through a symbolic link, onto the file it points to). A refused target
/// or a failed write prints one sentence naming the path and returns exit_cannot_write.
int write_output(std::string_view program, const std::string& path, const std::string& text,
                 const std::vector<std::string>& inputs);

/// Flushes standard output; if anything written to it was lost (a full disk, a closed pipe,
/// /dev/full), says so naming "standard output" and turns a success into exit_cannot_write.
int finish_stdout(std::string_view program, int rc);

/// Routes std::cout through a buffer that keeps the first write error's reason (for
/// finish_stdout), and makes a closed pipe a write error (EPIPE) rather than a death by SIGPIPE.
void start_output();

// The subcommands; `program` is how the messages name the command ("trncost estimate").
int estimate_main(std::string_view program, const args_t& args);
int audit_main(std::string_view program, const args_t& args);
int render_main(std::string_view program, const args_t& args);
int diff_main(std::string_view program, const args_t& args);
int check_main(std::string_view program, const args_t& args);
int what_if_main(std::string_view program, const args_t& args);
int reconcile_main(std::string_view program, const args_t& args);
int bill_query_main(std::string_view program, const args_t& args);
/// In prices.cpp, built when SQLite is found (TRNCOST_HAVE_SQLITE).
int prices_main(std::string_view program, const args_t& args);

/// Runs `body` and maps trncost's exceptions to exit codes (message on standard error).
/// The files the running command has read so far (run_guarded's read_log), or nullptr outside one.
const trncost::readers::read_log* run_read_log();

int run_guarded(std::string_view program, int (*body)(const args_t&), const args_t& args);

}  // namespace trncost_cli

#endif  // TRNCOST_EXAMPLES_CLI_CLI_HPP
