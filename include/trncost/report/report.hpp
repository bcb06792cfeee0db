// An estimate as a report document: every input with its provenance, every derivation as an
// operation on named operands, every line with its exact factor, the totals, the categories'
// coverage and the status. The JSON writer serializes it, the audit reads it back and recomputes it
// from the document alone (check()), and the diff recomputes it with inputs swapped. No parsing or
// formatting library.
#ifndef TRNCOST_REPORT_REPORT_HPP
#define TRNCOST_REPORT_REPORT_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../model/estimate.hpp"
#include "../version.hpp"

namespace trncost::report {

using trncost::to_string;

/// The version of the report schema of a report without analysis or credits sections
/// (docs/reports.md). A report with them declares report::extras_schema_version (2,
/// report/extras.hpp); the reader accepts both and refuses a newer version.
inline constexpr int schema_version = 1;
inline constexpr std::string_view schema_name = "trncost.report";
/// The schema version of a report whose estimate delivers work (the "work" member, checked by the
/// audit): a reader of an older version refuses it rather than passing its unit costs unchecked.
inline constexpr int work_schema_version = 3;
/// The schema version of a report with status reasons: from it on each reason names the rule of
/// "verified" it breaks ("rule") and, for every-category-accounted, the category ("category"), and
/// the audit recomputes the reasons by rule and category. A reader of an older version refuses such
/// a report rather than passing its reasons checked by status alone. A report with no reason (a
/// verified estimate) keeps its version.
inline constexpr int reasons_schema_version = 4;
/// The schema version from which every line carries its identity ("identity": service, region,
/// instance type, usage type, purchase option), quoted provenance its instance and usage type,
/// measured provenance and protocol runs the instance type and region they ran on; the verifiers
/// check a line's identity against the inputs it uses (docs/reports.md).
inline constexpr int identity_schema_version = 5;
/// The schema version from which an input may be a choice, a forecast or trncost's default
/// ("kind": "choice", "forecast", "default"; docs/provenance.md#what-an-input-is) and a measurement
/// may leave its run and method empty. trncost writes this version for every report.
inline constexpr int roles_schema_version = 6;
/// The schema version from which a report may state its workloads' figures ("figures": each
/// workload's billed and wall-clock time, the compute or tokens it works through, each naming an
/// input or derivation of the report). trncost writes this version for every report.
inline constexpr int figures_schema_version = 7;

/// How a category of the formula is accounted for.
enum class coverage {
  lines,          ///< the category has lines
  declared_none,  ///< legitimately empty, with a justification
  no_lines,       ///< a component of this category added no line
  missing,        ///< no component and not declared none: the estimate is incomplete
};

constexpr std::string_view to_string(coverage c) noexcept {
  switch (c) {
    case coverage::lines:
      return "lines";
    case coverage::declared_none:
      return "declared-none";
    case coverage::no_lines:
      return "no-lines";
    case coverage::missing:
      return "missing";
  }
  return "unknown";
}

/// The rounding every line applies, as the report states it.
inline constexpr std::string_view line_rounding = "half-even at 18 fractional digits";

/// An input (a leaf: measured, quoted, documented, third-party, assumption or a rule constant).
struct input_entry {
  std::string name;
  std::string value;  ///< exact decimal text, or "unknown"
  std::string unit;
  bool known = true;
  provenance origin;  ///< never `derived`
};

/// A derivation: a named value computed from named operands by one operation.
struct derivation_entry {
  std::string name;
  std::string value;  ///< exact decimal text, or "unknown" when an operand is unknown
  std::string unit;
  bool known = true;
  std::string formula;  ///< for people; never read back
  operation op{};       ///< what computes it, with its exact arguments (provenance/operation.hpp)
  std::vector<std::string> operands;
};

struct line_entry {
  category cat = category::compute;
  std::string component;
  std::optional<trncost::phase> ph;
  std::string description;
  std::string price;     ///< name of an input or derivation
  std::string quantity;  ///< name of an input or derivation
  std::uint64_t num = 1;
  std::uint64_t den = 1;
  std::string formula;
  std::optional<decimal> amount;  ///< empty: unpriced
  std::vector<std::string> inputs;
  /// What the line is (version 5 on); empty for a report of an older version.
  std::optional<line_identity> identity;
};

struct category_entry {
  category cat = category::compute;
  coverage cov = coverage::lines;
  std::string justification;  ///< declared-none only
};

struct totals_entry {
  decimal total{};
  std::vector<std::pair<category, decimal>> by_category;
  std::vector<std::pair<trncost::phase, decimal>> by_phase;
  decimal useful{};
  decimal overhead{};
};

/// The work the estimate delivered and its cost per unit (the optional "work" member):
///   full = round(totals.total * per / work), compute_only = round(compute subtotal * per / work)
/// each rounded half-even at the 18th fractional digit; the audit recomputes both.
struct work_entry {
  work_kind kind = work_kind::tokens_served;
  std::string amount;  ///< the name of the input or derivation that counts the work
  std::uint64_t per = 1;
  std::string unit;  ///< "USD/1M tokens"
  std::optional<decimal> full;
  std::optional<decimal> compute_only;
};

/// A figure of a workload (the optional "figures" member): the name of the input or derivation
/// that holds its value, which the audit recomputes like every derivation.
struct figure_entry {
  std::string workload;
  std::string what;
  std::string value;
};

/// The whole report, as the JSON holds it.
struct document {
  int version = schema_version;
  date as_of{};
  std::int64_t freshness_window_days = default_freshness_window.count();
  std::string currency = "USD";
  estimate_status status = estimate_status::verified;
  std::vector<status_reason> reasons;
  std::vector<input_entry> inputs;
  std::vector<derivation_entry> derivations;  ///< operands always come first
  std::vector<line_entry> lines;
  totals_entry totals;
  std::vector<category_entry> categories;  ///< one per category of the formula, in formula order
  std::vector<migration_uncertainty> uncertainties;  ///< open ones make the estimate provisional
  std::vector<std::string> findings;
  /// The archived protocol (JSON "protocol"): the trncost that wrote the report and each run the
  /// estimate's measurements come from, as its log states it. Not recomputed: it says what ran.
  std::string trncost_version{trncost::version};
  std::vector<run_protocol> runs;
  std::optional<work_entry> work;     ///< when the model says what it delivers
  std::vector<figure_entry> figures;  ///< its workloads' timelines and counts (version 7)
};

/// A named value of a document, an input or a derivation, as a writer reads it: views into the
/// document, which must outlive it.
struct named_value {
  std::string_view name;
  std::string_view value;  ///< exact decimal text, or "unknown"
  std::string_view unit;
  bool known = true;
  const input_entry* input = nullptr;            ///< the input, or null
  const derivation_entry* derivation = nullptr;  ///< the derivation, or null
};

/// Every input and derivation of a document by name.
using value_index = std::map<std::string_view, named_value, std::less<>>;

/// The inputs and derivations of `doc` by name (the writers' one lookup).
TRNCOST_DECL value_index index_values(const document& doc);

// ---------------------------------------------------------------------------------------------
// Names of enumerations, both ways.

TRNCOST_DECL std::optional<category> parse_category(std::string_view s);
TRNCOST_DECL std::optional<trncost::phase> parse_phase(std::string_view s);
TRNCOST_DECL std::optional<work_kind> parse_work_kind(std::string_view s);
/// A rule of "verified" by its stable name ("every-category-accounted"; verified_rules).
TRNCOST_DECL std::optional<verified_rule> parse_rule(std::string_view s);
TRNCOST_DECL std::optional<estimate_status> parse_status(std::string_view s);
/// An operation's name in a report; "rescale" is the name reports written before trncost had one
/// vocabulary gave a model's unit conversion, the same operation as "convert".
TRNCOST_DECL std::optional<op_kind> parse_op(std::string_view s);
TRNCOST_DECL std::optional<coverage> parse_coverage(std::string_view s);
constexpr std::string_view to_string(migration_uncertainty::kind k) noexcept {
  switch (k) {
    case migration_uncertainty::kind::custom_operator:
      return "custom-operator";
    case migration_uncertainty::kind::unsupported_operation:
      return "unsupported-operation";
    case migration_uncertainty::kind::porting_work:
      return "porting-work";
    case migration_uncertainty::kind::other:
      return "other";
  }
  return "other";
}
constexpr std::string_view to_string(migration_uncertainty::state st) noexcept {
  return st == migration_uncertainty::state::open ? "open" : "resolved";
}
TRNCOST_DECL std::optional<migration_uncertainty::kind> parse_uncertainty_kind(std::string_view s);
TRNCOST_DECL std::optional<migration_uncertainty::state> parse_uncertainty_state(
    std::string_view s);

TRNCOST_DECL std::optional<purchase_option> parse_purchase_option(std::string_view s);

// ---------------------------------------------------------------------------------------------
// Recomputation: each derivation's operation applied by trncost::apply(), the one exact evaluator.

/// A line's amount: round(price * quantity * num / den) half-even at the 18th fractional digit.
TRNCOST_DECL decimal line_amount(decimal price, decimal quantity, std::uint64_t num,
                                 std::uint64_t den, std::string_view what);

/// Values recomputed from a document's inputs (optionally with some inputs replaced).
struct recomputed {
  std::map<std::string, std::optional<decimal>, std::less<>> values;  ///< empty optional: unknown
  std::vector<std::optional<decimal>> amounts;                        ///< per line
  decimal total{};
};

/// Recomputes every derivation and line of `doc` from its inputs (with `overrides` replacing input
/// or derivation values by name; the diff replaces a run-fed median derived from other runs).
/// Throws input_error naming the first operand or line that refers to no value.
TRNCOST_DECL recomputed
recompute(const document& doc,
          const std::map<std::string, std::optional<decimal>, std::less<>>& overrides = {});

/// How the total moves with a stated forecast: the total recomputed from the report alone
/// (recompute()) with the forecast `percent` % lower and higher, every other input as stated. A
/// forecast is not doubted (it does not lower the status), so the report shows its swing instead.
struct forecast_swing {
  std::string input;
  std::string unit;
  decimal value{};
  decimal low_value{}, high_value{};
  decimal low_total{}, high_total{};
};

/// One swing per known forecast input of `doc`, in input order; a forecast whose changed value
/// the model cannot take (a division by zero, say) is left out.
TRNCOST_DECL std::vector<forecast_swing> forecast_swings(const document& doc,
                                                         std::uint32_t percent = 10);

// ---------------------------------------------------------------------------------------------
// From an estimate to a document.

namespace detail {

/// A derived record as a derivation of the report: its operation as the record holds it (never
/// read from the formula text), checked by applying it to the operands' recorded values.
TRNCOST_DECL derivation_entry derivation_of(const source_record& r, const derived& how);

struct builder {
  document& doc;
  std::set<const source_record*> seen;
  // name -> the record first given that name, to refuse two different records with one name
  std::map<std::string, const source_record*, std::less<>> by_name;

  static bool same(const source_record& a, const source_record& b);

  void visit(const input_ref& r);
};

}  // namespace detail

/// The estimate as a report document. Throws input_error when two different inputs share a name, a
/// derivation is opaque or its recorded value is not what its operation gives.
TRNCOST_DECL document from_estimate(const estimate& est);

// ---------------------------------------------------------------------------------------------
// The status rules, applied to a document's inputs, lines and categories.

/// A reason the status rules give: the rule broken, the category it is about (every-category-
/// accounted only), and what broke it, for the mismatch message.
struct expected_reason {
  verified_rule rule = verified_rule::no_assumption;
  std::optional<category> cat{};
  std::string why;
  [[nodiscard]] estimate_status status() const { return entry_of(rule).status; }
};

/// The reasons the rules give, worst first (what evaluate() gives, recomputed).
TRNCOST_DECL std::vector<expected_reason> expected_reasons(const document& doc,
                                                           const recomputed& r);

/// The outcome of checking a document: ok, or the first mismatch found, named.
struct check_result {
  bool ok = true;
  std::string
      first_mismatch;      ///< "lines[3] 'training' amount: the report says 1.00, recomputed 2.00"
  std::size_t inputs = 0;  ///< how many of each were checked
  std::size_t derivations = 0;
  std::size_t lines = 0;
};

namespace detail {

TRNCOST_DECL check_result mismatch(std::string what);

TRNCOST_DECL std::string show(const std::optional<decimal>& v);

/// The name of a reason's rule and category, as a report writes them ("every-category-accounted,
/// category 'logs'").
TRNCOST_DECL std::string rule_and_category(verified_rule rule, const std::optional<category>& cat);

/// Version 4 on: each reason's rule and category against the reasons the rules give, one for one.
/// A reason's status is its rule's; a category is named by every-category-accounted and by no
/// other rule; a reason the rules do not give is named by its field (".rule", or ".category" when
/// the rules give that rule for another category), and one they give that the report lacks is
/// named with what broke the rule.
TRNCOST_DECL check_result check_reason_rules(const document& doc,
                                             const std::vector<expected_reason>& expected);

/// A report is complete or refused (docs/reports.md#complete): every input and derivation feeds a
/// line, another derivation or the work, and no line appears twice (the same component,
/// description, phase and price).
TRNCOST_DECL check_result check_complete(const document& doc);

/// How many lines of `doc` are unpriced (shown, and left out of the totals).
TRNCOST_DECL std::size_t unpriced_lines(const document& doc);

}  // namespace detail

/// Recomputes every derivation, line and total of `doc` from its inputs and checks its status
/// against the status rules; stops at the first mismatch and names it.
TRNCOST_DECL check_result check(const document& doc);

/// What a report alone proves besides its values (units, identities, runs, the timeline): defined
/// in report/consistency.hpp, declared here too so that check() compiles whichever of the two
/// headers a unit includes first.
TRNCOST_DECL check_result check_consistency(const document& doc);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/report.ipp"
#endif

#endif  // TRNCOST_REPORT_REPORT_HPP
