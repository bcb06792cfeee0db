// The scenario file (TOML, format 1, docs/scenario.md): an estimate described as data. It names its
// offer files (prices), its run logs (phase durations, throughput, instance count, interruptions)
// and its components; every other input carries its provenance inline, never as a bare number.
// parse_scenario() reads the text into a plain scenario_spec; build_model() turns a spec into a
// trncost::model, reading the files it names. Every error names the scenario file, the line and the
// key. toml++ (Debian libtomlplusplus-dev) is used here only.
#ifndef TRNCOST_SCENARIO_SCENARIO_HPP
#define TRNCOST_SCENARIO_SCENARIO_HPP

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
#include "../pricing/offer.hpp"
#include "../provenance/date.hpp"
#include "../provenance/provenance.hpp"

namespace trncost::scenario {

/// The scenario format this trncost reads (the file's `format = 1`).
inline constexpr std::int64_t scenario_format_version = 1;

/// An input of a component: a price from the price book (`query` names the query), or a value
/// with its provenance written inline.
struct scenario_value {
  std::string key;         ///< "size_gib"
  std::uint64_t line = 0;  ///< where it is written
  std::string query;       ///< a price from the price book, by the query's name; else empty
  std::string value;       ///< exact decimal text (when `query` and `unknown` are empty)
  std::optional<provenance> origin;    ///< set when the value is written
  std::optional<std::string> unknown;  ///< `{ unknown = "why" }`: known to be unknown (unpriced)
  std::string unit;  ///< `unit = "GiB"` when written (optional): the key's own unit only
  std::uint64_t unit_line = 0;
};

/// The rule broken when a value is written with a unit (`unit = "h"`, as Python's trncost.sourced
/// gives it) other than the one its key takes (`takes`, the symbol); empty when none is written or
/// it is that one. The key names its unit (size_gib is GiB): trncost never converts a value on the
/// way in, so a value in another unit is refused rather than read as if it were in the key's.
inline std::optional<std::string> unit_refusal(const scenario_value& v, std::string_view takes) {
  if (v.unit.empty() || v.unit == takes) return std::nullopt;
  return "is \"" + v.unit + "\" where " + v.key + " takes \"" + std::string(takes) +
         "\": the key names its unit; give the value in it (or the key in the value's unit, "
         "when the kind has one)";
}

/// One flow of a data_transfer component ([[component.transfer]]).
struct scenario_transfer {
  std::string type;  ///< "inter_az", "internet_egress" or "inter_region"
  std::string what;
  std::string to_region;  ///< inter_region: where the data goes
  std::string billed_by;  ///< the service that moved the data and bills it, when said
  std::string during;     ///< the workload a rate a month (gib_per_month) runs over
  std::uint64_t line = 0;
  std::map<std::string, scenario_value> values;  ///< the volume ("gib", ...), optionally "price"
};

/// A serving period written as dates: `period = { from = ..., to = ..., <provenance> }`, `to`
/// exclusive (workload::service_period).
struct scenario_period {
  date from{};
  date to{};
  provenance origin;
  std::uint64_t line = 0;
};

/// A compiled-graph (NEFF) cache a `compilation` component may reuse: `cache = { location = "...",
/// compiler_version = "...", <provenance> }` (compat::neff_cache). The version is optional when the
/// location names it (`.../neuronxcc-<version>`).
struct scenario_cache {
  std::string location;
  std::string compiler_version;
  provenance origin;
  std::uint64_t line = 0;
};

/// A throughput per instance read from a vLLM benchmark: `throughput = { vllm = "results.csv",
/// config = "run.env", ttft_ms = 500, itl_ms = 50 }` (readers/vllm_bench.hpp). The bounds are exact
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
  /// A window of serving's weekly profile (`[[component.week]]`): its days (bit 0 Monday ... bit 6
  /// Sunday) and hours of the day [from_hour, to_hour), UTC; `rest`: the hours no window covers.
  std::uint8_t days = 0x7f;
  int from_hour = 0;
  int to_hour = 24;
  bool rest = false;
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
  /// spot: the Spot Instance Advisor's data file (readers/spot_advisor.hpp), relative to the
  /// scenario: the type must have a spot market in the region, and its interruption bucket gives a
  /// failures component's rate when none is written.
  std::string advisor;
  std::uint64_t line = 0;
};

/// One [[component]] table.
struct scenario_component {
  std::string kind;  ///< its kind's name ("instance_time"; component_kind_names())
  std::string name;
  std::uint64_t line = 0;
  /// Its path in errors: "component[2]", or in a study option's "option[1].component[0]".
  std::string path;
  std::map<std::string, std::string> text;       ///< instance_type, volume_type, ...
  std::map<std::string, scenario_value> values;  ///< inputs and prices, by key
  std::vector<std::string> runs;                 ///< failures: its own run logs (optional)
  std::uint64_t runs_line = 0;
  std::vector<scenario_transfer> transfers;     ///< data_transfer
  std::optional<scenario_period> period;        ///< serving: the period as dates
  std::optional<scenario_vllm> vllm;            ///< serving: throughput from a benchmark
  std::map<std::string, bool> flags;            ///< true/false keys (sweep: cluster_kept_up)
  std::vector<scenario_demand_period> profile;  ///< autoscaled_serving: one cycle, in order;
                                                ///< serving: its weekly windows (`week`)
  std::optional<scenario_purchase> purchase;    ///< instance_time: not on demand
  std::optional<scenario_cache> cache;          ///< compilation: a graph cache offered
};

/// Reads the offers a price store holds in force on a date (`[prices] store`): given to build_model
/// by a program that reads stores (readers/price_store.hpp's price_store_offers), so that this
/// header needs no database.
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

/// A neuron-monitor capture of one run of [runs] (`monitor = [{ file = "...", run = "ID" }]`): its
/// summary (readers/neuron_monitor.hpp) becomes a utilisation sample of the run, with its method.
struct scenario_monitor {
  std::string path;  ///< relative to the scenario file
  std::string run;   ///< the run id the capture was taken during
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

/// Two uncertain inputs of the Monte Carlo that move together
/// (analysis.monte_carlo.correlations): their names and their rank correlation, exact text.
struct scenario_correlation {
  std::string first;
  std::string second;
  std::string rho;
  std::uint64_t line = 0;
};

/// A named scenario beside the measured one ([[analysis.scenario]]): inputs set to other values,
/// each written as an input of the file is, with its provenance (analysis::compare_scenarios).
struct scenario_alternative {
  std::string name;
  std::vector<std::pair<std::string, scenario_value>> overrides;  ///< input name, its new value
  std::uint64_t line = 0;
};

/// [analysis]: the analyses the report carries (docs/scenario.md).
struct scenario_analysis {
  std::optional<std::string> tornado_band;  ///< "0.1": +/-10 % on every measured input
  /// `tornado_observed = true`: each median of measured runs between the min and max of its runs
  /// (analysis::observed_ranges), the other measured inputs in tornado_band when it is given.
  bool tornado_observed = false;
  std::uint64_t line = 0;
  std::uint64_t samples = 0;  ///< Monte Carlo samples; 0 when there is no [analysis.monte_carlo]
  std::uint64_t seed = 1;
  std::optional<std::string> budget;  ///< USD, exact text: P(total > budget) is reported
  std::uint64_t monte_carlo_line = 0;
  std::vector<scenario_distribution> inputs;
  std::vector<scenario_correlation> correlations;
  std::vector<scenario_alternative> scenarios;
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

/// [compat]: the model-support dataset's evidence for the model on the target stack, read when the
/// model is built (compat::evidence_set::lookup); what it leaves open becomes a migration
/// uncertainty for `owner`, a pass on the same stack a resolved one that says what it proves.
struct scenario_compat {
  std::string model_support;  ///< the dataset export (.csv, .jsonl), relative to the file
  date consulted{};           ///< the day the export was read
  std::string model;          ///< the model id, exactly as the dataset writes it
  std::vector<std::pair<std::string, std::string>> stack;  ///< field (stack_fields) -> version
  std::string owner;  ///< who closes what the evidence leaves open
  std::uint64_t line = 0;
};

/// [spend]: when the job's spend happens, for the burn-down: spread over [start, end).
struct scenario_spend {
  date start{};
  date end{};
  std::uint64_t line = 0;
  /// `repeats`: whether the spend goes on after `end` at the same rate, for the runway projection.
  /// Not written: a service's does (a serving, autoscaled_serving or hosted_api component), a
  /// one-off job's does not (nothing is projected past its end).
  std::optional<bool> repeats{};
};

/// A scenario file, as written.
struct scenario_spec {
  std::string file;  ///< the scenario file's name as given (error messages, relative paths)
  std::int64_t format = 0;
  std::string title;
  date as_of{};
  std::string region;
  std::int64_t freshness_days = default_freshness_window.count();
  /// [estimate] strict_freshness: a quote older than the freshness window is refused instead of
  /// making the estimate stale (estimate_options::refuse_stale).
  bool strict_freshness = false;
  /// [prices] max_age_days: the price book refuses prices published longer ago (a setting apart
  /// from the freshness window; none by default).
  std::optional<std::int64_t> max_age_days;
  /// [estimate] cost_per: the unit the cost per unit of work is quoted in ("1B tokens"); empty:
  /// the work's default (estimate_options::cost_per).
  std::string cost_per;
  std::optional<date> prices_consulted;
  std::vector<scenario_price_file> price_files;
  std::string
      price_store;  ///< [prices] store: a price store (readers/price_store.hpp), relative path
  std::uint64_t price_store_line = 0;
  std::vector<scenario_run_file>
      savings_plans;  ///< [prices] savings_plans: Savings Plans offer files
  std::vector<scenario_run_file> run_files;
  std::vector<scenario_monitor> monitors;  ///< [runs] monitor: captures of the runs
  std::vector<scenario_component> components;
  std::vector<scenario_none> none;
  std::optional<scenario_analysis> analysis;
  std::vector<scenario_grant> grants;
  std::optional<scenario_spend> spend;
  /// `[[uncertainty]]`: the migration uncertainties the file states (model::add_uncertainty), each
  /// with its line; an open one keeps the estimate from verified.
  std::vector<std::pair<migration_uncertainty, std::uint64_t>> uncertainties;
  std::optional<scenario_compat> compat;
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
  purchase,
  cache
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

/// `period = { from = ..., to = ..., <provenance> }` (serving, hosted_api).
inline constexpr std::array<std::string_view, 2> period_date_keys{"from", "to"};

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

/// The component kinds a scenario file may name in `kind = "..."`, in the documentation's order
/// (scenario/kinds/registry.ipp).
[[nodiscard]] TRNCOST_DECL std::vector<std::string_view> component_kind_names();

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

}  // namespace trncost::scenario

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/scenario.ipp"
#endif

#endif  // TRNCOST_SCENARIO_SCENARIO_HPP
