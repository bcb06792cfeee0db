// Plan files (docs/scenario.md, "Plans"): several workloads over calendar time on the same grants.
// Each [[workload]] names a scenario file (its estimate is one occurrence's spend), when it starts
// (a date, or after another workload's last occurrence), how long one occurrence spends (days, or
// an end date) and how often it repeats (every week, month or N days, so many times); [[grant]]
// tables are the scenario's. The plan's burn-down covers the plan's dates and no day after them.
//
//   format = 1
//   [plan]
//   title = "2027 on one grant"
//   start = 2027-01-01
//   end = 2028-01-01
//   [[workload]]
//   name = "monthly fine-tunes"
//   scenario = "../scenarios/fine-tune-8b-trn1.toml"   # or a [workload.scenario] table: inline
//   start = 2027-01-04
//   days = 2
//   every = "month"
//   times = 12
#ifndef TRNCOST_SCENARIO_PLAN_HPP
#define TRNCOST_SCENARIO_PLAN_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "../credits/plan.hpp"
#include "../report/json.hpp"
#include "scenario.hpp"

namespace trncost::scenario {

/// One [[workload]] of a plan file, as written.
struct plan_workload_spec {
  std::string name;
  std::string scenario;  ///< relative to the plan file; empty when the scenario is written inline
  /// `[workload.scenario]`: the scenario written in the plan itself (its keys as a scenario file's,
  /// relative paths starting at the plan's folder, lines the plan's).
  std::optional<scenario_spec> inline_scenario;
  std::optional<date> start;  ///< or `after`
  std::string after;          ///< the workload whose last occurrence it follows
  /// One occurrence's length in whole days, or `end`; neither: the scenario's workload's wall-clock
  /// time, to the next whole second (its last day spent in part).
  std::optional<std::int64_t> days;
  std::optional<date> end;      ///< the first occurrence's end (excluded)
  std::string every;            ///< "", "week", "month" or "days"
  std::int64_t every_days = 0;  ///< with every = "days": the step
  std::int64_t times = 1;
  std::uint64_t line = 0;
};

/// A plan file, as written.
struct plan_spec {
  std::string file;
  std::string title;
  date start{};
  date end{};
  std::vector<plan_workload_spec> workloads;
  std::vector<scenario_grant> grants;
  std::uint64_t line = 0;
};

/// Occurrences of a workload priced alike: the prices in force on their days are the same
/// versions of the prices the scenario's book knows on its as-of date.
struct plan_pricing {
  date in_force_on{};  ///< the day its estimate's prices are in force on (its first occurrence's)
  estimate est;        ///< one of its occurrences
  std::vector<std::size_t> occurrences;  ///< indices into the workload's occurrences, in order
  /// The effective dates of the versions its quoted prices come from, once each, in order (empty
  /// when no price used has an effective date).
  std::vector<date> versions;
  /// Its day is on or after the last effective date the book knows: it is priced with the latest
  /// version known on the as-of date, and a later change would not be known.
  bool latest_known = false;
};

/// One workload of an evaluated plan.
struct plan_workload_result {
  std::string name;
  std::string scenario;  ///< as written; empty when written inline
  std::string title;     ///< the scenario's
  estimate est;          ///< its first occurrence (pricings.front().est)
  std::vector<credits::occurrence> occurrences;
  /// Its occurrences grouped by the versions of the prices in force on their days (each
  /// occurrence's start), in the order of their first occurrences: one group when every occurrence
  /// costs the same.
  std::vector<plan_pricing> pricings;
  /// Each occurrence's group in `pricings`.
  std::vector<std::size_t> priced_by;
  credits::workload_draw draw;
  /// One occurrence's length in days, exact for whole days and otherwise seconds / 86,400 (rounded
  /// half-even at the 18th digit): 6.696365740740740741 for a run of 578,566 s.
  decimal days{};
  /// One occurrence's length in seconds: days x 86,400 as written, or its workload's wall-clock
  /// time to the next whole second.
  std::int64_t seconds = 0;
  /// Neither days nor end written: it lasts its workload's wall-clock time.
  bool days_from_workload = false;
};

/// A plan, evaluated: every workload, the schedule of the plan's spend, the burn-down.
struct plan_result {
  std::string file;
  std::string title;
  date start{};
  date end{};
  std::vector<plan_workload_result> workloads;
  std::vector<credits::grant> grants;  ///< as written
  credits::spend_schedule schedule;
  credits::burn_down_result burn_down;
};

/// Every key a plan file accepts: "plan.title", "workload.every", "grant.services"...
[[nodiscard]] TRNCOST_DECL std::vector<std::string> plan_key_paths();

/// Reads a plan's TOML text; `file` names it in errors and is where relative paths start.
[[nodiscard]] TRNCOST_DECL plan_spec parse_plan(std::string_view text, std::string_view file);

/// Reads a plan file.
[[nodiscard]] TRNCOST_DECL plan_spec read_plan(const std::string& path);

/// Whether a TOML text is a plan (it has a [plan] table).
[[nodiscard]] TRNCOST_DECL bool is_plan_text(std::string_view text);

/// Whether the file at `path` is a plan file.
[[nodiscard]] TRNCOST_DECL bool is_plan_file(const std::string& path);

/// Evaluates a plan: each workload's scenario estimated (its own [[grant]] and [spend] are not
/// read: the plan's grants are) once per set of price versions in force on its occurrences' days
/// (what is known stays the scenario's as-of date's; which known version is in force is decided on
/// each occurrence's start), its occurrences laid out, the plan's spend scheduled and the plan's
/// grants applied to it; errors name the plan file, the line and the key.
[[nodiscard]] TRNCOST_DECL plan_result run_plan(const plan_spec& p,
                                                const price_store_reader& store = {});

namespace detail {

/// What a plan's Markdown and HTML pages both say beyond the plan's own figures, worked out once.
struct plan_summary {
  decimal lost{};      ///< lost at expiry, over the grants
  std::string runway;  ///< the sentence after the totals: when credits stop paying, or why not
  /// A workload with unpriced lines, out of every total: its lines by name and what they wait for.
  struct unpriced_workload {
    std::string workload;
    std::size_t occurrences = 0;
    std::size_t lines = 0;
    std::string names;  ///< 'line', 'line'
    std::string waits;  ///< each unknown input once, with its reason
  };
  std::vector<unpriced_workload> unpriced;
  /// The burn-down's periods summed by the month they start in.
  struct month {
    std::string name;  ///< YYYY-MM
    decimal spend{};
    decimal credits{};
    decimal cash{};
  };
  std::vector<month> months;
  /// The schedule's charges and the credit lines by the service that bills them.
  struct service {
    std::string name;
    decimal spend{};
    decimal credits{};
    decimal cash{};  ///< spend - credits
  };
  std::vector<service> services;
};

[[nodiscard]] TRNCOST_DECL plan_summary summarise_plan(const plan_result& r);

/// What the Markdown and the HTML say under the workloads table of each workload written without
/// days or end: how long one occurrence lasts, in days and seconds, and where that comes from.
[[nodiscard]] TRNCOST_DECL std::vector<std::string> plan_length_sentences(const plan_result& r);

/// The credits each grant paid in each of the plan's periods ([period][grant], the burn-down's
/// order of grants): its credit lines summed by the period that holds them.
[[nodiscard]] TRNCOST_DECL std::vector<std::vector<decimal>> plan_period_draws(
    const plan_result& r);

inline constexpr std::string_view plan_unpriced_sentence =
    "the unpriced lines of these workloads, so the spend and the cash are floors and the run-out "
    "day may come earlier once they are priced.";
inline constexpr std::string_view plan_workloads_sentence =
    "Each workload's scenario estimated with the prices in force on its occurrences' days (as "
    "known on the scenario's as-of date): an occurrence spends that estimate evenly over its time "
    "(its days, or by the second over a run that ends during a day). Credits are attributed to "
    "the workloads whose charges they paid, period by period, service by service.";

/// What the Markdown and the HTML say under the workloads table of each workload whose occurrences
/// do not all cost the same: which occurrences were priced with which versions (their dates).
[[nodiscard]] TRNCOST_DECL std::vector<std::string> plan_pricing_sentences(const plan_result& r);

}  // namespace detail

/// The plan as Markdown: the totals and the run-out day, the workloads with what each drew, the
/// grants, and the spend and credits by month and by service.
[[nodiscard]] TRNCOST_DECL std::string render_markdown(const plan_result& r);

/// The plan as one self-contained HTML page (the shared page head of report/html.hpp): what its
/// Markdown says, from the same summary, with the charts of credits beside cash by month, by
/// workload and by service and the burn-down of the plan's grants (report/html_extras.hpp).
[[nodiscard]] TRNCOST_DECL std::string render_html(const plan_result& r);

/// The plan as JSON (schema trncost.plan, version report::plan_schema_version; docs/reports.md):
/// every figure of its Markdown (the periods, the months with each grant's draw, the workloads with
/// theirs, the grants, the services, the totals and the run-out day) beside the inputs that
/// recompute them (each workload's charges of one occurrence and its occurrences' dates and length
/// in seconds, each grant's amount, dates and coverage), amounts as exact decimal strings. `trncost
/// audit` (report/audit_plan.hpp) and tools/verify_report.py recompute it from the document alone.
[[nodiscard]] TRNCOST_DECL std::string render_json(const plan_result& r);

}  // namespace trncost::scenario

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/plan.ipp"
#endif

#endif  // TRNCOST_SCENARIO_PLAN_HPP
