// The estimate: line items, totals by category and phase, useful vs overhead, and a status that is
// computed from the inputs (never asserted), with the reasons and findings a reviewer acts on.
#ifndef TRNCOST_MODEL_ESTIMATE_HPP
#define TRNCOST_MODEL_ESTIMATE_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "component.hpp"
#include "model.hpp"

namespace trncost {

/// From best to worst. An estimate's status is the worst that any of its reasons gives.
enum class estimate_status {
  verified,  ///< every input measured, quoted (fresh) or documented; every category accounted for
  provisional,  ///< some inputs are assumptions or third-party figures (each listed)
  stale,       ///< a quote was consulted longer ago than the freshness window before the as-of date
  unpriced,    ///< a line's price or usage is unknown: it is shown, kept out of the totals, never 0
  incomplete,  ///< a category of the formula has no component and is not declared none
};

constexpr std::string_view to_string(estimate_status s) noexcept {
  switch (s) {
    case estimate_status::verified:
      return "verified";
    case estimate_status::provisional:
      return "provisional";
    case estimate_status::stale:
      return "stale";
    case estimate_status::unpriced:
      return "unpriced";
    case estimate_status::incomplete:
      return "incomplete";
  }
  return "unknown";
}

/// How long a quote stays fresh by default: 30 days, so a budget validated today re-reads the price
/// pages it relies on at least monthly.
inline constexpr day_count default_freshness_window{30};

struct estimate_options {
  /// How old a quote may be before the estimate is stale (docs/provenance.md#stale-prices).
  day_count freshness_window = default_freshness_window;
  /// Strict freshness: a quote older than the window is refused (input_error) instead of giving
  /// the status stale.
  bool refuse_stale = false;
  /// The unit the cost per unit of work is quoted in, as a user names it ("1B tokens", "request",
  /// quote_named()); empty: the work's default (quote_of(): per 1M tokens, 1000 requests, job).
  std::string cost_per{};
  /// The day whose prices are in force (a plan's occurrence, priced on its own day; empty: the
  /// as-of date): the timeline rule judges a price's effective date on it, and what is known
  /// (consulted, published, measured) on the as-of date still.
  std::optional<date> prices_in_force_on{};
};

/// One line of an estimate. `amount` is empty when the line is unpriced.
struct line_item {
  category cat = category::compute;
  std::string component;
  std::optional<trncost::phase> ph;
  std::string description;
  input_ref price;        ///< the unit price as a record (value, unit, provenance)
  input_ref quantity;     ///< the pricing quantity as a record
  std::uint64_t num = 1;  ///< the exact unit factor: amount = price * quantity * num / den
  std::uint64_t den = 1;
  std::optional<decimal> amount;
  std::string formula;            ///< "trn1_price * train_time / 3600"
  std::vector<input_ref> inputs;  ///< every input the line depends on
  line_identity identity;         ///< what the line is (service, region, type, purchase option)
};

/// What "verified" claims, one rule each (docs/model.md#what-verified-claims). A rule is either
/// enforced by refusing the input (the value cannot be built, or evaluate() throws input_error) or
/// checked on the estimate, where breaking it gives a reason and a status worse than verified.
/// tests/model/verified_rules_test.cpp tries to break each one.
enum class verified_rule : std::uint8_t {
  provenance_says_enough,        ///< refused: every provenance passes validate()
  measured_has_period,           ///< refused: a measured value has its collection period
  declared_none_is_not_a_value,  ///< refused: declared_none explains an empty category, not a value
  no_negative_price,             ///< refused: no price or cost input is negative
  one_value_per_input,       ///< refused by the readers: a file that holds two values for one input
  timeline,                  ///< refused: nothing used is dated after the as-of date
  no_cost_counted_twice,     ///< refused: failed work and restarts priced by one component only
  every_line_priced,         ///< unpriced: no unknown price or usage
  every_category_accounted,  ///< incomplete: each category modelled or declared none
  quotes_fresh,              ///< stale: quotes consulted within the freshness window
  no_third_party,            ///< provisional: no third-party figure
  no_assumption,             ///< provisional: no assumption
  no_open_uncertainty,       ///< provisional: no open migration uncertainty
  zero_price_has_reason,     ///< provisional: a zero unit price says why it is zero
  identity_consistent,       ///< refused: prices and run measurements fit the line they feed
  declared_none_has_no_lines,  ///< refused: a category declared none has no component
};

/// One rule of "verified": its name, what it promises, and what breaking it does.
struct verified_rule_entry {
  verified_rule rule;
  std::string_view name;
  std::string_view claim;
  bool refused;  ///< true: the input is refused (an exception); false: `status` is given
  estimate_status status;
};

/// The rules, in one table: docs/model.md quotes it and evaluate() applies it.
inline constexpr std::array<verified_rule_entry, 16> verified_rules{{
    {verified_rule::provenance_says_enough, "provenance-says-enough",
     "every input says where it comes from, with the fields its kind requires", true,
     estimate_status::verified},
    {verified_rule::measured_has_period, "measured-has-period",
     "every measured input has its collection period (from, to)", true, estimate_status::verified},
    {verified_rule::declared_none_is_not_a_value, "declared-none-is-not-a-value",
     "no value carries declared_none: it explains an empty category", true,
     estimate_status::verified},
    {verified_rule::no_negative_price, "no-negative-price", "no price or cost input is negative",
     true, estimate_status::verified},
    {verified_rule::one_value_per_input, "one-value-per-input",
     "no input was read from a file that held two values for it", true, estimate_status::verified},
    {verified_rule::timeline, "timeline",
     "nothing used was measured, consulted, seen, published or effective after the as-of date",
     true, estimate_status::verified},
    {verified_rule::no_cost_counted_twice, "no-cost-counted-twice",
     "failed work and restarts are priced by one component, never by two", true,
     estimate_status::verified},
    {verified_rule::every_line_priced, "every-line-priced",
     "every line has a known price and usage", false, estimate_status::unpriced},
    {verified_rule::every_category_accounted, "every-category-accounted",
     "every category of the formula is modelled or declared none with its reason", false,
     estimate_status::incomplete},
    {verified_rule::quotes_fresh, "quotes-fresh",
     "every quote was consulted within the freshness window before the as-of date", false,
     estimate_status::stale},
    {verified_rule::no_third_party, "no-third-party", "no input is a third-party figure", false,
     estimate_status::provisional},
    {verified_rule::no_assumption, "no-assumption", "no input is an assumption", false,
     estimate_status::provisional},
    {verified_rule::no_open_uncertainty, "no-open-uncertainty", "no migration uncertainty is open",
     false, estimate_status::provisional},
    {verified_rule::zero_price_has_reason, "zero-price-has-reason",
     "a zero unit price is a published offer-file row, a quote that says what it is, or official "
     "documentation",
     false, estimate_status::provisional},
    {verified_rule::identity_consistent, "identity-consistent",
     "every quoted price fits the line it prices (service, region, instance type, purchase "
     "option) and every run measurement the line it feeds (instance type, region)",
     true, estimate_status::verified},
    {verified_rule::declared_none_has_no_lines, "declared-none-has-no-lines",
     "a category declared none has no component and no line", true, estimate_status::verified},
}};

[[nodiscard]] constexpr const verified_rule_entry& entry_of(verified_rule r) noexcept {
  return verified_rules[static_cast<std::size_t>(r)];
}

/// Why an estimate is not verified. Programs read the rule (and the category it is about), never
/// the text, which is for people.
struct status_reason {
  estimate_status status = estimate_status::verified;
  std::string text;
  verified_rule rule = verified_rule::no_assumption;  ///< the rule the reason breaks
  /// every-category-accounted: the cost category that has no component and no declaration.
  std::optional<category> missing_category{};
};

/// What the estimate's workload delivered and what a unit of it cost: the total (every category)
/// and the compute cost alone, each divided by the work and quoted per `per` units of it
/// (quote_of(): per million tokens, per thousand requests, per run, per trial):
///   full = round(total * per / work), compute_only = round(compute * per / work)
/// rounded half-even at the 18th fractional digit. The costs are empty when the work is unknown or
/// zero (a finding says why); with unpriced lines they cover the priced lines only.
struct work_delivered {
  work_kind kind = work_kind::tokens_served;
  input_ref amount;  ///< the work, a record of the model (an input or a derivation)
  std::uint64_t per = 1;
  std::string unit;                       ///< "USD/1M tokens"
  std::optional<input_ref> full;          ///< derived from the total and the work
  std::optional<input_ref> compute_only;  ///< derived from the compute category and the work
};

/// A figure of a workload (model::add_figure): its timeline, the compute or tokens it works
/// through; not a cost, shown beside the costs with its derivation.
struct workload_figure {
  std::string workload;  ///< the component that states it: "cpt"
  std::string what;      ///< figure_wall_clock_time, "compute"...
  input_ref value;       ///< a record of the model (an input or a derivation)
};

struct estimate {
  date as_of{};
  day_count freshness_window = default_freshness_window;
  std::vector<line_item> lines;
  decimal total{};                          ///< the exact sum of the priced lines
  std::map<category, decimal> by_category;  ///< categories with lines or declared none
  std::map<trncost::phase, decimal> by_phase;
  decimal useful{};    ///< the phases is_overhead() is false for (training, serving, trials...)
  decimal overhead{};  ///< setup, compilation, waiting, failed work, restarts, idle, scale-up
  std::map<category, declared_none> declared;
  estimate_status status = estimate_status::verified;
  std::vector<status_reason> reasons;  ///< why the status is not better, worst first
  std::vector<std::string> findings;   ///< sentences a reviewer can act on
  std::vector<input_ref> inputs;       ///< every leaf input, in the order first reached
  /// Migration uncertainties, open and resolved: listed apart from the costs, never a duration.
  std::vector<migration_uncertainty> uncertainties;
  /// The protocols of the runs the model's measurements come from (model::archive_run).
  std::vector<run_protocol> runs;
  /// The work delivered and the cost per unit of it, when the model says what it delivers.
  std::optional<work_delivered> work;
  /// The figures of its workloads, in the order the model names them (model::add_figure).
  std::vector<workload_figure> figures;

  // The destructor is out of line: a program built separately compiles the teardown of every
  // member once, in <trncost/src.hpp>, not in each unit that holds an estimate.
  estimate() = default;
  estimate(const estimate&) = default;
  estimate(estimate&&) = default;
  estimate& operator=(const estimate&) = default;
  estimate& operator=(estimate&&) = default;
  TRNCOST_DECL ~estimate();

  [[nodiscard]] std::size_t unpriced_lines() const;
};

namespace detail {

/// The leaf records under `r` (through derived provenance), each once.
TRNCOST_DECL void collect_leaves(const input_ref& r, std::set<const source_record*>& seen,
                                 std::vector<input_ref>& out);

TRNCOST_DECL std::string percent_of(decimal part, decimal whole);

}  // namespace detail

/// The phases of `est` that are overhead (or useful), by name, in phase order ("training,
/// evaluation, checkpointing"; "serving" for a service): what a report's useful and overhead rows
/// are made of, so serving is never labelled training.
TRNCOST_DECL std::string phases_named(const estimate& est, bool overhead);

namespace detail {

/// Whether a provenance states why a unit price is zero: a published offer-file row (its offer
/// code and rate code), a quote that says what the price is (its description), or official
/// documentation.
TRNCOST_DECL bool states_a_zero_price(const provenance& p);

TRNCOST_DECL bool is_zero_text(const std::string& v);

TRNCOST_DECL std::string rule_ref(verified_rule r);

/// The rule identity-consistent on one line: every quote its price rests on is of the line's
/// region, service (an AWS service code), purchase option and instance type, and every run
/// measurement it uses was taken on its instance type and in its region. Throws input_error naming
/// the line, the input and what disagrees.
TRNCOST_DECL void check_identity(const line_item& l, const std::string& component);

/// Every rule of `verified_rules` on an estimate whose lines are filled in: the refusals throw
/// input_error, the others become reasons (worst first) and the status. This is the one place the
/// status is computed.
TRNCOST_DECL void apply_verified_rules(const model_data& d, const evaluator& e, estimate& est,
                                       const estimate_options& options);

}  // namespace detail

namespace detail {

/// amount * per / work, rounded half-even at the 18th fractional digit: the cost per unit of work,
/// as evaluate() computes it and the audit recomputes it.
TRNCOST_DECL decimal cost_per_unit(decimal amount, decimal work, std::uint64_t per);

/// The work delivered and its unit costs, from an evaluated model (lines already in `est`).
TRNCOST_DECL void fill_work(const model_data& d, const evaluator& e, estimate& est,
                            std::string_view cost_per);

}  // namespace detail

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/estimate.ipp"
#endif

#endif  // TRNCOST_MODEL_ESTIMATE_HPP
