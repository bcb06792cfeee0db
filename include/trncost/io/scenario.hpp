// The scenario file (TOML, format 1, docs/scenario.md): an estimate described as data. It names its
// offer files (prices), its run logs (phase durations, throughput, instance count, interruptions)
// and its components; every other input carries its provenance inline, never as a bare number.
// parse_scenario() reads the text into a plain scenario_spec; build_model() turns a spec into a
// trncost::model, reading the files it names. Every error names the scenario file, the line and the
// key. toml++ (Debian libtomlplusplus-dev) is used here only.
#ifndef TRNCOST_IO_SCENARIO_HPP
#define TRNCOST_IO_SCENARIO_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// What the scenario's types and functions name, and no more: the parser, toml++ and the layers a
// scenario builds a model from (components, workloads, readers, analyses, credits) are included by
// impl/scenario.ipp. A program that calls scenario_extras() includes report/extras.hpp for its
// result; the model and the estimate come with this header.
#include "../catalog/detail/edit_distance.hpp"
#include "../config.hpp"
#include "../fwd.hpp"
#include "../model/category.hpp"
#include "../model/estimate.hpp"
#include "../prices/offer.hpp"
#include "../provenance/date.hpp"
#include "../provenance/provenance.hpp"

namespace trncost::io {

/// The scenario format this trncost reads (the file's `format = 1`).
inline constexpr std::int64_t scenario_format_version = 1;

/// The components a scenario can hold, in the order of scenario_component_kinds.
enum class scenario_component_kind {
  instance_time,
  failures,
  block_storage,
  object_storage,
  logging,
  data_transfer,
  data_preparation,
  serving,
  sweep,
  continued_pretraining,
  batch_inference,
  autoscaled_serving,
  frontier,
  hosted_api
};

inline constexpr std::array<std::string_view, 14> scenario_component_kinds{"instance_time",
                                                                           "failures",
                                                                           "block_storage",
                                                                           "object_storage",
                                                                           "logging",
                                                                           "data_transfer",
                                                                           "data_preparation",
                                                                           "serving",
                                                                           "sweep",
                                                                           "continued_pretraining",
                                                                           "batch_inference",
                                                                           "autoscaled_serving",
                                                                           "frontier",
                                                                           "hosted_api"};

[[nodiscard]] constexpr std::string_view kind_name(scenario_component_kind k) noexcept {
  return scenario_component_kinds[static_cast<std::size_t>(k)];
}

/// An input of a component: a price from the price book (`query` names the query), or a value
/// with its provenance written inline.
struct scenario_value {
  std::string key;         ///< "size_gib"
  std::uint64_t line = 0;  ///< where it is written
  std::string query;       ///< a price from the price book, by the query's name; else empty
  std::string value;       ///< exact decimal text (when `query` and `unknown` are empty)
  std::optional<provenance> origin;    ///< set when the value is written
  std::optional<std::string> unknown;  ///< `{ unknown = "why" }`: known to be unknown (unpriced)
};

/// One flow of a data_transfer component ([[component.transfer]]).
struct scenario_transfer {
  std::string type;  ///< "inter_az", "internet_egress" or "inter_region"
  std::string what;
  std::string to_region;  ///< inter_region: where the data goes
  std::uint64_t line = 0;
  std::map<std::string, scenario_value> values;  ///< "gib", optionally "price"
};

/// A serving period written as dates: `period = { from = ..., to = ..., <provenance> }`, `to`
/// exclusive (workload::service_period).
struct scenario_period {
  date from{};
  date to{};
  provenance origin;
  std::uint64_t line = 0;
};

/// A throughput per instance read from a vLLM benchmark: `throughput = { vllm = "results.csv",
/// config = "run.env", ttft_ms = 500, itl_ms = 50 }` (io/vllm_bench.hpp). The bounds are exact
/// decimal text; an absent bound is not checked.
struct scenario_vllm {
  std::string results;          ///< the result CSV, relative to the scenario file
  std::string config;           ///< its run configuration `.env`; empty when not given
  std::string model;            ///< the model_id to serve; empty when the file holds one
  std::uint64_t instances = 1;  ///< instances the benchmarked server ran on
  std::optional<std::string> ttft_ms, itl_ms, request_latency_s;
  std::uint64_t line = 0;
};

/// One period of an autoscaled service's demand profile ([[component.profile]]).
struct scenario_demand_period {
  std::string label;
  std::uint64_t line = 0;
  std::map<std::string, scenario_value> values;  ///< "hours", "tokens_per_s" or "requests_per_s"
};

/// How an instance_time's instances are bought, when not on demand: `purchase = { reserved =
/// "standard", lease = "1yr", payment = "No Upfront" }`, `{ savings_plan =
/// "EC2InstanceSavingsPlans", lease = "1yr", payment = "No Upfront" }` or `{ spot = "us-east-1a" }`
/// (the price then written as an observation).
struct scenario_purchase {
  std::string kind;    ///< "reserved", "savings_plan" or "spot"
  std::string choice;  ///< the offering class, the plan family or the availability zone
  std::string lease;   ///< "1yr" or "3yr" (reserved, savings_plan)
  std::string
      payment;  ///< "No Upfront", "Partial Upfront" or "All Upfront" (reserved, savings_plan)
  /// spot: the Spot Instance Advisor's data file (io/spot_advisor.hpp), relative to the scenario:
  /// the type must have a spot market in the region, and its interruption bucket gives a failures
  /// component's rate when none is written.
  std::string advisor;
  std::uint64_t line = 0;
};

/// One [[component]] table.
struct scenario_component {
  scenario_component_kind kind = scenario_component_kind::instance_time;
  std::string name;
  std::uint64_t line = 0;
  std::map<std::string, std::string> text;       ///< instance_type, volume_type, ...
  std::map<std::string, scenario_value> values;  ///< inputs and prices, by key
  std::vector<std::string> runs;                 ///< failures: its own run logs (optional)
  std::uint64_t runs_line = 0;
  std::vector<scenario_transfer> transfers;     ///< data_transfer
  std::optional<scenario_period> period;        ///< serving: the period as dates
  std::optional<scenario_vllm> vllm;            ///< serving: throughput from a benchmark
  std::map<std::string, bool> flags;            ///< true/false keys (sweep: cluster_kept_up)
  std::vector<scenario_demand_period> profile;  ///< autoscaled_serving: one cycle, in order
  std::optional<scenario_purchase> purchase;    ///< instance_time: not on demand
};

/// Reads the offers a price store holds in force on a date (`[prices] store`): given to build_model
/// by a program that reads stores (io/price_store.hpp's price_store_offers), so that this header
/// needs no database.
using price_store_reader =
    std::function<std::vector<pricing::offer>(const std::string& path, date as_of)>;

/// One offer file of [prices]: its path (relative to the scenario file) and the attribute
/// filter it is read with (each condition: an attribute and the values it may take).
struct scenario_price_file {
  std::string path;
  std::uint64_t line = 0;
  std::vector<std::pair<std::string, std::vector<std::string>>> where;
};

/// A run log of [runs].
struct scenario_run_file {
  std::string path;
  std::uint64_t line = 0;
};

/// A category declared empty ([declare_none]).
struct scenario_none {
  category cat = category::compute;
  std::string justification;
  std::uint64_t line = 0;
};

/// One uncertain input of the Monte Carlo (analysis.monte_carlo.inputs): the model input's name and
/// its distribution, uniform = [low, high], triangular = [low, mode, high] or
/// lognormal_90 = [low, high] (the 90 % interval), each bound exact decimal text.
struct scenario_distribution {
  std::string input;
  std::string kind;
  std::vector<std::string> params;
  std::uint64_t line = 0;
};

/// [analysis]: the analyses the report carries (docs/scenario.md).
struct scenario_analysis {
  std::optional<std::string> tornado_band;  ///< "0.1": +/-10 % on every measured input
  std::uint64_t line = 0;
  std::uint64_t samples = 0;  ///< Monte Carlo samples; 0 when there is no [analysis.monte_carlo]
  std::uint64_t seed = 1;
  std::optional<std::string> budget;  ///< USD, exact text: P(total > budget) is reported
  std::uint64_t monte_carlo_line = 0;
  std::vector<scenario_distribution> inputs;
};

/// One [[grant]]: a credit grant with its amount's provenance, validity and coverage.
struct scenario_grant {
  std::string name;
  scenario_value amount;
  date issued{};
  date last_valid_day{};              ///< included, as AWS writes the expiry date
  std::vector<std::string> services;  ///< AWS service codes, never empty
  std::uint64_t line = 0;
};

/// [spend]: when the job's spend happens, for the burn-down: spread over [start, end).
struct scenario_spend {
  date start{};
  date end{};
  std::uint64_t line = 0;
};

/// A scenario file, as written.
struct scenario_spec {
  std::string file;  ///< the scenario file's name as given (error messages, relative paths)
  std::int64_t format = 0;
  std::string title;
  date as_of{};
  std::string region;
  std::int64_t freshness_days = default_freshness_window.count();
  std::optional<date> prices_consulted;
  std::vector<scenario_price_file> price_files;
  std::string price_store;  ///< [prices] store: a price store (io/price_store.hpp), relative path
  std::uint64_t price_store_line = 0;
  std::vector<scenario_run_file>
      savings_plans;  ///< [prices] savings_plans: Savings Plans offer files
  std::vector<scenario_run_file> run_files;
  std::vector<scenario_component> components;
  std::vector<scenario_none> none;
  std::optional<scenario_analysis> analysis;
  std::vector<scenario_grant> grants;
  std::optional<scenario_spend> spend;
};

namespace detail {

enum class scenario_key_type {
  text,
  input,
  price,
  files,
  transfers,
  period,
  throughput,
  flag,
  profile,
  purchase
};

/// A key a table may hold, its type, whether it is required, the price query it defaults to (for
/// prices) and its unit (for the documentation and errors).
struct scenario_key {
  std::string_view name;
  scenario_key_type type;
  bool required;
  std::string_view query = {};
  /// Whether `{ unknown = "why" }` is accepted: the component takes an input_of there, and the
  /// lines that use it are unpriced (shown, kept out of the totals, never 0).
  bool may_be_unknown = false;
};

using kt = scenario_key_type;

// The job's phases come from the run logs (tokens_to_train / their throughput, their medians) or
// are written directly (training_seconds, instances and the other phases' seconds): component()
// checks that exactly one of tokens_to_train and training_seconds is written.
inline constexpr std::array<scenario_key, 14> instance_time_keys{{
    {"instance_type", kt::text, true},
    {"purchase", kt::purchase, false},  // reserved, Savings Plan or spot; on demand when absent
    {"price", kt::price, false, "ec2_on_demand", true},
    {"tokens_to_train", kt::input, false},
    {"billing", kt::text, false},      // "per_second" (default), "per_hour" or "capacity_block"
    {"block_fee", kt::input, false},   // capacity_block: USD for the whole block
    {"block_days", kt::input, false},  // capacity_block: its length (1-14, then 7-day steps)
    {"instances", kt::input, false},
    {"setup_seconds", kt::input, false},
    {"compilation_seconds", kt::input, false},
    {"training_seconds", kt::input, false},
    {"evaluation_seconds", kt::input, false},
    {"checkpointing_seconds", kt::input, false},
    {"waiting_seconds", kt::input, false},
}};
/// `purchase = { ... }` of an instance_time component.
inline constexpr std::array<std::string_view, 6> purchase_keys{
    "reserved", "savings_plan", "spot", "lease", "payment", "advisor"};
/// The phases an instance_time component may write directly, in the order they are billed.
inline constexpr std::array<phase, 6> instance_time_phases{phase::setup,         phase::compilation,
                                                           phase::training,      phase::evaluation,
                                                           phase::checkpointing, phase::waiting};
/// The key of a phase written directly ("setup_seconds").
constexpr std::string_view phase_key(phase ph) noexcept {
  switch (ph) {
    case phase::setup:
      return "setup_seconds";
    case phase::compilation:
      return "compilation_seconds";
    case phase::training:
      return "training_seconds";
    case phase::evaluation:
      return "evaluation_seconds";
    case phase::checkpointing:
      return "checkpointing_seconds";
    default:
      return "waiting_seconds";
  }
}
/// The billing rules of an instance_time component (`billing = "..."`, billing_rule).
inline constexpr std::array<std::string_view, 3> billing_rules{"per_second", "per_hour",
                                                               "capacity_block"};
inline constexpr std::array<scenario_key, 5> failures_keys{{
    {"instance_time", kt::text, true},
    {"runs", kt::files, false},
    // The figures themselves, measured or assumed, instead of run logs: all three or none.
    {"interruptions_per_instance_hour", kt::input, false},
    {"restart_seconds", kt::input, false},
    {"work_lost_seconds", kt::input, false},
}};
inline constexpr std::array<scenario_key, 13> block_storage_keys{{
    {"volume_type", kt::text, true},
    {"price", kt::price, false, "ebs_storage", true},
    {"size_gib", kt::input, true, {}, true},
    {"kept_seconds", kt::input, false},
    {"kept_hours", kt::input, false},
    {"kept_months", kt::input, false},
    {"volumes", kt::input, false, {}, true},
    // Provisioned IOPS and throughput of each volume, the part included at no charge (gp3: 3,000
    // IOPS and 125 MiB/s) and the price above it.
    {"iops", kt::input, false, {}, true},
    {"iops_included", kt::input, false},
    {"iops_price", kt::price, false, "ebs_iops", true},  // USD per IOPS-month
    {"throughput_mibps", kt::input, false, {}, true},
    {"throughput_included_mibps", kt::input, false},
    {"throughput_price", kt::price, false, "ebs_throughput", true},  // USD per MiBps-month
}};
inline constexpr std::array<scenario_key, 8> object_storage_keys{{
    {"storage_class", kt::text, true},
    {"storage_price", kt::price, false, "s3_storage_tiers"},
    {"stored_gib", kt::input, true},
    {"kept_months", kt::input, true},
    {"put_requests", kt::input, false},
    {"put_price", kt::price, false, "s3_requests"},
    {"get_requests", kt::input, false},
    {"get_price", kt::price, false, "s3_requests"},
}};
inline constexpr std::array<scenario_key, 6> logging_keys{{
    {"ingested_gib", kt::input, true},
    {"ingestion_price", kt::price, false, "cloudwatch_logs_ingestion"},
    {"stored_gib", kt::input, false},
    {"kept_months", kt::input, false},
    {"storage_price", kt::price, false, "cloudwatch_logs_storage"},
    {"not_kept", kt::text, false},  // why the logs are not stored (instead of the three above)
}};
inline constexpr std::array<scenario_key, 1> data_transfer_keys{{
    {"transfer", kt::transfers, true},
}};
inline constexpr std::array<scenario_key, 7> data_preparation_keys{{
    // A measured cost (and the AWS service that billed it, if one did)...
    {"cost", kt::input, false},
    {"service", kt::text, false},
    // ...or CPU instances over the preparation's time, priced per instance-hour.
    {"instance_type", kt::text, false},
    {"instances", kt::input, false},
    {"duration_seconds", kt::input, false},
    {"duration_hours", kt::input, false},
    {"price", kt::price, false, "ec2_on_demand", true},
}};
inline constexpr std::array<scenario_key, 5> transfer_keys{{
    {"type", kt::text, true},
    {"what", kt::text, true},
    {"gib", kt::input, true, {}, true},
    {"price", kt::price, false, "data_transfer_tiers"},
    {"to_region", kt::text, false},  // inter_region: where the data goes
}};

// Workload components (include/trncost/workload/). Alternatives (`hours` or `period`, `..._seconds`
// or `..._hours`, tokens or requests) are not required here: component() checks that exactly one
// of each is written.
inline constexpr std::array<scenario_key, 12> serving_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"hours", kt::input, false},
    {"period", kt::period, false},
    {"average_tokens_per_s", kt::input, false},
    {"peak_tokens_per_s", kt::input, false},
    {"average_requests_per_s", kt::input, false},
    {"peak_requests_per_s", kt::input, false},
    {"throughput", kt::throughput, true},
    {"latency_target", kt::text, false},
    {"utilisation", kt::input, true},
    {"instances", kt::input, false},  // a fixed fleet; sized from the demand when absent
}};
// A hosted API (Amazon Bedrock on demand): the service's demand, billed per input and output token.
// A peak demand may stay in a study's shared table: an API has no fleet, so it sizes nothing here.
inline constexpr std::array<scenario_key, 9> hosted_api_keys{{
    {"model", kt::text, true},
    {"hours", kt::input, false},
    {"period", kt::period, false},
    {"average_tokens_per_s", kt::input, true},
    {"peak_tokens_per_s", kt::input, false},
    {"input_tokens_per_output_token", kt::input, true},
    {"input_price", kt::price, false, "bedrock_tokens", true},
    {"output_price", kt::price, false, "bedrock_tokens", true},
    {"service", kt::text, false},  // the AWS service billing the tokens; AmazonBedrock when absent
}};
inline constexpr std::array<scenario_key, 15> sweep_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"trials", kt::input, true},
    {"trial_seconds", kt::input, false},
    {"trial_hours", kt::input, false},
    {"instances_per_trial", kt::input, true},
    {"parallel_trials", kt::input, true},
    {"stopped_early", kt::input, true},
    {"stopped_trial_run", kt::input, false},  // required when stopped_early is above 0
    {"cluster_kept_up", kt::flag, false},
    {"rerun_instances", kt::input, false},
    {"rerun_seconds", kt::input, false},
    {"rerun_hours", kt::input, false},
    {"wave_gap_seconds", kt::input, false},  // the cluster kept up between waves
    {"wave_gap_hours", kt::input, false},
}};
inline constexpr std::array<scenario_key, 9> continued_pretraining_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true},
    {"token_budget", kt::input, true},
    {"throughput", kt::input, true},
    {"checkpoint_interval_seconds", kt::input, false},
    {"checkpoint_interval_hours", kt::input, false},
    {"checkpoint_seconds", kt::input, true},
    {"setup_seconds", kt::input, false},
}};
inline constexpr std::array<scenario_key, 6> batch_inference_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"instances", kt::input, true},
    {"tokens", kt::input, true},
    {"throughput", kt::input, true},
    {"setup_seconds", kt::input, false},
}};

inline constexpr std::array<scenario_key, 9> autoscaled_serving_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"profile", kt::profile, true},
    {"repeats", kt::input, true},
    {"target_tokens_per_s_per_replica", kt::input, false},
    {"target_requests_per_s_per_replica", kt::input, false},
    {"min_replicas", kt::input, true},
    {"max_replicas", kt::input, true},
    {"startup_seconds", kt::input, true},
}};
inline constexpr std::array<scenario_key, 7> frontier_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"reference_nodes", kt::input, true},
    {"reference_throughput", kt::input, true},  // token/s of the whole reference cluster
    {"nodes", kt::input, true},
    {"scaling_efficiency", kt::input, true},
    {"token_budget", kt::input, true},
}};
/// serving: `throughput = { vllm = ..., ... }` and `period = { from = ..., to = ..., <provenance>
/// }`.
inline constexpr std::array<std::string_view, 7> vllm_keys{
    "vllm", "config", "model", "instances", "ttft_ms", "itl_ms", "request_latency_s"};
inline constexpr std::array<std::string_view, 2> period_date_keys{"from", "to"};
inline constexpr std::array<scenario_key, 4> demand_period_keys{{
    {"label", kt::text, true},
    {"hours", kt::input, true},
    {"tokens_per_s", kt::input, false},
    {"requests_per_s", kt::input, false},
}};

TRNCOST_DECL std::span<const scenario_key> keys_of(scenario_component_kind k);

/// The closest of `known` to `word`, when close enough to be a typo.
template <class Range>
std::optional<std::string_view> closest(std::string_view word, const Range& known) {
  std::optional<std::string_view> best;
  std::size_t best_distance = 0;
  for (std::string_view k : known) {
    const std::size_t d = trncost::detail::edit_distance(word, k);
    if (!best || d < best_distance) {
      best = k;
      best_distance = d;
    }
  }
  if (best && best_distance <= std::max<std::size_t>(2, word.size() / 3)) return best;
  return std::nullopt;
}

template <class Range>
std::string join_quoted(const Range& words) {
  std::string s;
  for (std::string_view w : words) {
    if (!s.empty()) s += ", ";
    s += w;
  }
  return s;
}

TRNCOST_DECL std::string two_digits(unsigned v);

inline const std::array<std::pair<std::string_view, category>, 6> category_keys{{
    {"compute", category::compute},
    {"storage", category::storage},
    {"transfer", category::transfer},
    {"logs", category::logs},
    {"data_preparation", category::data_preparation},
    {"failures_restarts", category::failures_restarts},
}};

}  // namespace detail

/// Every key a scenario file accepts, as a path from the file's top ("estimate.as_of",
/// "component.instance_time.tokens_to_train", "input.source", "measured.run"): the parser's own key
/// lists, so that the documentation's table of features and keys can be checked against them.
[[nodiscard]] TRNCOST_DECL std::vector<std::string> scenario_key_paths();

/// Reads a scenario's TOML text; `file` names it in errors and is where relative paths start.
/// Throws parse_error naming the file, the line and the key.
[[nodiscard]] TRNCOST_DECL scenario_spec parse_scenario(std::string_view text,
                                                        std::string_view file);

/// Reads a scenario file.
[[nodiscard]] TRNCOST_DECL scenario_spec read_scenario(const std::string& path);

/// The model a scenario describes: its price files (and the price store, read with `store`) read
/// into a price book, its run logs fed to the components that use them. Errors name the scenario
/// file, the line and the key.
[[nodiscard]] TRNCOST_DECL model build_model(const scenario_spec& spec,
                                             const price_store_reader& store = {});

/// The estimate options a scenario asks for (its freshness window).
[[nodiscard]] TRNCOST_DECL estimate_options scenario_options(const scenario_spec& spec);

/// Evaluates a scenario's model as of its date. A refusal of the estimate itself (the timeline
/// rule, a cost counted twice) names the scenario file too.
[[nodiscard]] TRNCOST_DECL estimate evaluate_scenario(const scenario_spec& spec, const model& m);

/// The same, building the model first.
[[nodiscard]] TRNCOST_DECL estimate evaluate_scenario(const scenario_spec& spec);

namespace detail {

/// A trncost error met while computing what a scenario asked for, placed at its line and key.
[[noreturn]] TRNCOST_DECL void scenario_rethrow(const scenario_spec& spec, std::uint64_t line,
                                                const std::string& key, const trncost::error& e);

TRNCOST_DECL analysis::distribution scenario_distribution_of(const scenario_distribution& d);

}  // namespace detail

/// What a scenario's [analysis], [[grant]] and [spend] tables ask for, computed on its model and
/// estimate: the tornado over every measured input, the Monte Carlo band, the credit burn-down.
/// Empty when the scenario asks for none. Errors name the scenario file, the line and the key.
[[nodiscard]] TRNCOST_DECL report::extras scenario_extras(const scenario_spec& spec, const model& m,
                                                          const estimate& est);

}  // namespace trncost::io

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/scenario.ipp"
#endif

#endif  // TRNCOST_IO_SCENARIO_HPP
