// vLLM-on-Neuron serving benchmark results: the result CSV the optimum-neuron benchmark scripts
// write from guidellm reports (one row per load level: model_id, Date, Input type, Requests per
// Second, Request Latency (s), Time-to-first-token (ms), Inter Token Latency (ms), Output Token
// Throughput (t/s)) and the run configuration `.env` file the server was started with (MODEL_ID,
// BATCH_SIZE, SEQUENCE_LENGTH, TENSOR_PARALLEL_SIZE...). Each row becomes an operating point:
// measured throughput per instance and latency at a stated load, with provenance naming the file,
// the row and the column. select_operating_point() picks the highest throughput that meets a
// latency target. The format and its rules are described in docs/io.md.
#ifndef TRNCOST_READERS_VLLM_BENCH_HPP
#define TRNCOST_READERS_VLLM_BENCH_HPP

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../provenance/sourced.hpp"
#include "../units/units.hpp"
#include "detail/csv.hpp"
#include "detail/input.hpp"

namespace trncost::readers {

/// The run configuration a benchmarked server was started with (`KEY=VALUE` lines of a `.env`
/// file), every entry in file order, quotes removed.
struct vllm_run_config {
  std::string file;
  std::string model_id;  ///< MODEL_ID, e.g. "meta-llama/Llama-3.1-8B-Instruct"
  std::vector<std::pair<std::string, std::string>> entries;

  /// The value of `key`, if the file sets it.
  [[nodiscard]] std::optional<std::string> value(std::string_view key) const;
  /// "MODEL_ID=meta-llama/Llama-3.1-8B-Instruct, BATCH_SIZE=32, ...": the entries as one text.
  [[nodiscard]] std::string summary() const;
};

/// One row of the result file: what one load level measured, per instance, with its provenance.
/// Latencies are guidellm's means over the level's requests; throughput is output tokens (or
/// completed requests) over the level's duration, divided by the instances the server ran on.
struct vllm_operating_point {
  std::string origin;      ///< "results.csv:3"
  std::string model_id;    ///< the model_id column as written ("meta-llama_Llama-3.1-8B-Instruct")
  std::string run_id;      ///< "<model_id>#<Date>", the name of the guidellm report it comes from
  timestamp started{};     ///< the Date column, read as UTC
  std::string input_type;  ///< verbatim: "synchronous", "asynchronous@2.46 req/sec", "throughput"
  std::string mode;        ///< the part before '@': "synchronous", "asynchronous", "throughput"
  std::optional<decimal> offered_rate{};  ///< requests/s after '@', when the load is a rate
  /// 1 for "synchronous" (one request at a time); empty when the file does not say.
  std::optional<std::uint64_t> concurrency{};
  sourced<quantity<units::tokens_per_second_t>> output_tokens_per_second;
  sourced<quantity<units::requests_per_second_t>> requests_per_second;
  sourced<quantity<units::second_t>> request_latency;
  sourced<quantity<units::millisecond_t>> time_to_first_token;
  sourced<quantity<units::millisecond_t>> inter_token_latency;
};

/// A result file read whole.
struct vllm_bench_results {
  std::string file;
  std::uint64_t instances = 1;  ///< instances the benchmarked server ran on (as the caller said)
  std::optional<vllm_run_config> config{};
  std::vector<vllm_operating_point> points;  ///< in file order, duplicates left out
  /// Rows that repeat an earlier row exactly ("results.csv:5 repeats results.csv:3"): read once.
  std::vector<std::string> duplicates;
};

/// Which statistic of a latency distribution a target bounds.
enum class latency_statistic { mean, median };

/// "mean" or "median". (Not named to_string: a to_string declared in trncost::readers would hide
/// trncost::to_string(date) from every reader of that namespace included after it.)
constexpr std::string_view statistic_name(latency_statistic s) noexcept {
  return s == latency_statistic::mean ? "mean" : "median";
}

/// A latency target an operating point must meet; an unset bound is not checked (at least one
/// must be set).
struct latency_target {
  latency_statistic statistic = latency_statistic::mean;
  std::optional<quantity<units::millisecond_t>> max_time_to_first_token{};
  std::optional<quantity<units::millisecond_t>> max_inter_token_latency{};
  std::optional<quantity<units::second_t>> max_request_latency{};
};

namespace detail {

inline constexpr std::string_view vllm_columns[] = {"model_id",
                                                    "Date",
                                                    "Input type",
                                                    "Requests per Second",
                                                    "Request Latency (s)",
                                                    "Time-to-first-token (ms)",
                                                    "Inter Token Latency (ms)",
                                                    "Output Token Throughput (t/s)"};
enum vllm_column : std::size_t {
  v_model,
  v_date,
  v_input,
  v_rps,
  v_request_latency,
  v_ttft,
  v_itl,
  v_output_tps
};

/// "2025-10-16-12-32-02" (the benchmark script's `date '+%Y-%m-%d-%H-%M-%S'`) as a UTC instant.
TRNCOST_DECL timestamp parse_bench_date(std::string_view text, const input_position& where);

/// A load level as the Input type column writes it.
struct vllm_load_level {
  std::string mode;
  std::optional<decimal> rate{};
  std::optional<std::uint64_t> concurrency{};
};

/// Splits "asynchronous@2.46 req/sec" into its mode and rate; refuses anything else.
TRNCOST_DECL vllm_load_level parse_input_type(std::string_view text, const input_position& where);

/// A measured figure of a row: a number, not negative.
TRNCOST_DECL decimal bench_number(const csv_reader& reader, std::size_t index,
                                  std::string_view column);

}  // namespace detail

/// Reads a run configuration `.env`: `KEY=VALUE` lines (values may be quoted with ' or "; an
/// `export ` prefix, blank lines and `#` comments are allowed). MODEL_ID is required; a key set
/// twice, a line without '=' or a quote left open is refused at its line.
TRNCOST_DECL vllm_run_config read_vllm_run_config(std::istream& in, std::string file);

TRNCOST_DECL vllm_run_config read_vllm_run_config(const std::string& path);

/// Reads a result CSV. Columns are found by name (any order; others ignored); `instances` is how
/// many instances the benchmarked server ran on (at least 1; the two rates are divided by it,
/// rounded once at the 18th fractional digit); `config`, when given, is the server's run
/// configuration: every row's model_id must be its MODEL_ID with '/' written '_', and its entries
/// are named in each provenance. Throws parse_error naming the line and the column for a missing
/// column, an empty file, a value that is not a number or is negative, a Date or Input type of
/// another form, and two rows that give different figures for one (model_id, Date, Input type); a
/// row repeated exactly is read once and listed in `duplicates`.
TRNCOST_DECL vllm_bench_results
read_vllm_bench(std::istream& in, std::string file, std::uint64_t instances,
                std::optional<vllm_run_config> config = std::nullopt);

/// Reads a result CSV and, when `config_path` is not empty, its run configuration `.env`.
TRNCOST_DECL vllm_bench_results read_vllm_bench(const std::string& path, std::uint64_t instances,
                                                const std::string& config_path = {});

namespace detail {

/// The first bound of `t` that `p` breaks, as "mean TTFT 1253.8 ms > 500 ms"; empty if it meets
/// every bound.
TRNCOST_DECL std::string latency_breach(const vllm_operating_point& p, const latency_target& t);

/// "mean TTFT <= 500 ms and mean ITL <= 50 ms"
TRNCOST_DECL std::string describe_target(const latency_target& t);

template <class Q>
sourced<Q> with_reason(const sourced<Q>& s, const std::string& reason) {
  measured m = std::get<measured>(s.origin());
  m.method += "; " + reason;
  return sourced<Q>(s.name(), s.value(), provenance{std::move(m)});
}

}  // namespace detail

/// The operating point that meets `target` with the highest output throughput per instance (on a
/// tie, the first in the file), among the points of `model_id` (empty: the results must hold one
/// model). Its five figures keep their provenance, with the choice and the points left out added to
/// the method. Throws input_error when no bound is set, when the target bounds a statistic the
/// file does not give (guidellm's results are means), when the file holds several models and
/// none is named, and when no point meets the target (each point's breach is listed).
TRNCOST_DECL vllm_operating_point select_operating_point(const vllm_bench_results& results,
                                                         const latency_target& target,
                                                         std::string_view model_id = {});

}  // namespace trncost::readers

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/vllm_bench.ipp"
#endif

#endif  // TRNCOST_READERS_VLLM_BENCH_HPP
