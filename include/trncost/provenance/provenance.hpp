// Where a number comes from, and what it is to the estimate. Facts: measured, quoted official
// price, official documentation, third party (their evidence decides verified or provisional);
// derived from other values; an assumption (a guess, which makes the estimate provisional); a
// choice the user makes (a period, a fleet size, a sizing rule); a forecast the user states
// (planned demand, growth); trncost's own default; or a cost category declared legitimately empty.
// Every cost input carries exactly one of these (docs/provenance.md#what-an-input-is).
#ifndef TRNCOST_PROVENANCE_PROVENANCE_HPP
#define TRNCOST_PROVENANCE_PROVENANCE_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "date.hpp"
#include "operation.hpp"

namespace trncost {

/// How capacity is bought; a quoted price is only valid for the option it was quoted for.
enum class purchase_option { on_demand, reserved, savings_plan, spot, capacity_block };

constexpr std::string_view to_string(purchase_option p) noexcept {
  switch (p) {
    case purchase_option::on_demand:
      return "on-demand";
    case purchase_option::reserved:
      return "reserved";
    case purchase_option::savings_plan:
      return "Savings Plan";
    case purchase_option::spot:
      return "spot";
    case purchase_option::capacity_block:
      return "Capacity Block";
  }
  return "unknown";
}

/// Observed on our own runs: which run, how it was measured, over which period.
struct measured {
  std::string run_id{};
  std::string method{};  ///< e.g. "mean of 600 neuron-monitor reports, period 1 s, cores 0-31"
  timestamp from{};      ///< start of the collection period (UTC)
  timestamp to{};        ///< end of the collection period (UTC)
  /// Where the measurement was taken, when a run log says it: the instance type and region of the
  /// run. A measurement taken on one instance type never feeds a line of another
  /// (docs/model.md#identity-consistent).
  std::string instance_type{};
  std::string region{};
};

/// An official price as its publisher states it. Fields of the AWS Price List offer files are kept
/// verbatim; those that do not apply (a spot observation has no SKU) stay empty.
struct quoted {
  std::string source{};             ///< the page or file read, e.g. an offer-file URL or path
  std::string offer_code{};         ///< "AmazonEC2"
  std::string offer_version{};      ///< "20260910195514"
  std::optional<date> published{};  ///< the offer file's publicationDate
  std::string sku{};                ///< "WVVQPJVCQU4SR8XF"
  std::string offer_term_code{};    ///< "JRTCKXETXF"
  std::string rate_code{};          ///< "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7"
  std::string region{};             ///< "us-east-1"
  purchase_option option = purchase_option::on_demand;
  date consulted{};  ///< the day the caller read it (or the publication date, named as such)
  // Fields of the priced line itself, verbatim from the offer file (empty when not from one).
  std::optional<date> effective{};  ///< the term's effectiveDate (its day, UTC)
  std::string unit{};               ///< the price list's unit string: "Hrs", "GiBps-mo", "Quantity"
  std::string description{};        ///< the rate's description, as published
  /// True when `consulted` is the file's publication date because the caller gave no date read.
  bool consulted_is_publication_date = false;
  /// The product the price is for, from the offer file's attributes (instanceType, usagetype) or
  /// the caller: the line it prices must be of the same instance type.
  std::string instance_type{};
  std::string usage_type{};
};

/// A fact from the seller's official documentation that is not a price (an instance's chip count,
/// its peak FLOP/s): as trustworthy as a quote, and dated the same way.
struct documented {
  std::string source{};  ///< the page read, e.g. "AWS Neuron documentation: Trn1 architecture"
  date consulted{};
};

/// A figure published by someone other than the seller (a blog, a comparison site).
struct third_party {
  std::string source{};
  date seen{};
};

struct source_record;
/// A reference to an input of a derivation; inputs are shared, never copied.
using input_ref = std::shared_ptr<const source_record>;

/// Computed from other sourced values: the formula over their names (for people), the inputs
/// themselves, and the operation with its exact arguments (operation.hpp), which is what analysis
/// and reports recompute; `op_kind::opaque` when trncost did not compute it (a host's own rule).
struct derived {
  std::string formula{};
  std::vector<input_ref> inputs{};
  operation op{};
};

/// A hypothesis, kept visible with its reason; it makes an estimate provisional.
struct assumption {
  std::string rationale{};
};

/// A cost category that is legitimately empty, and why (e.g. "no data leaves the region").
struct declared_none {
  std::string justification{};
};

/// A decision the user makes rather than a fact anyone could measure: the service period, the
/// fleet size, the sizing rule, a grant as contracted. It is listed apart as given and never lowers
/// the status: nobody can be more certain of a decision than the person who takes it.
struct choice {
  std::string reason{};  ///< why this value was chosen
  std::string by{};      ///< who decided (a team, a role, a document); empty when not recorded
};

/// An expectation the user states (the demand a team plans for, a growth rate): not a fact yet,
/// not a guess either. The estimate holds for the stated forecast, says so, and shows how its
/// total moves with it; a forecast never lowers the status.
struct forecast {
  std::string basis{};  ///< what the expectation rests on ("Q1 plan of the product team")
  std::string by{};     ///< who states it; empty when not recorded
};

/// trncost's own value for an input the user did not give, where an honest one exists (a
/// checkpoint that costs nothing when none is written, a utilisation of 1 for a fixed fleet): the
/// report writes it with its reason, and the user overrides it by giving the input.
struct tool_default {
  std::string reason{};
};

using provenance = std::variant<measured, quoted, documented, third_party, derived, assumption,
                                declared_none, choice, forecast, tool_default>;

/// A named value with its provenance, as derivations and reports refer to it. The value is the
/// exact decimal text and the unit its symbol, so a third party can recompute from the record
/// alone.
struct source_record {
  std::string name{};
  std::string value{};  ///< exact decimal text, e.g. "21.5"
  std::string unit{};   ///< symbol, e.g. "USD/instance-h"; empty for a unit without a symbol
  provenance origin{};
  /// False for an input nobody knows yet (value "unknown"; origin: an assumption giving the reason)
  /// and for what is derived from one. Such a value is never used as a number.
  bool known = true;
};

/// How one provenance kind is spelt: `report` in every report (JSON `kind`, Markdown, HTML, FOCUS
/// CSV), in messages and in Python; `file` as the key of an input's table in a scenario or study
/// file (`third_party = { ... }`), empty for the kinds a file never writes on an input (derived:
/// trncost computes it; declared-none: a file says it in `[declare_none]`).
struct provenance_kind_spelling {
  std::string_view report;
  std::string_view file;
};

/// The one table of provenance kinds, in the order of `provenance`'s alternatives: every reader
/// and writer spells a kind from here.
inline constexpr provenance_kind_spelling provenance_kinds[] = {{"measured", "measured"},
                                                                {"quoted", "quoted"},
                                                                {"documented", "documented"},
                                                                {"third-party", "third_party"},
                                                                {"derived", ""},
                                                                {"assumption", "assumption"},
                                                                {"declared-none", ""},
                                                                {"choice", "choice"},
                                                                {"forecast", "forecast"},
                                                                {"default", ""}};
static_assert(std::size(provenance_kinds) == std::variant_size_v<provenance>,
              "one spelling per provenance kind");

namespace detail {
template <class Kind, class Variant>
struct alternative_index;
template <class Kind, class... Kinds>
struct alternative_index<Kind, std::variant<Kinds...>> {
  static constexpr std::size_t value = [] {
    constexpr bool same[] = {std::is_same_v<Kind, Kinds>...};
    std::size_t i = 0;
    while (i < sizeof...(Kinds) && !same[i]) ++i;
    return i;
  }();
  static_assert(value < sizeof...(Kinds), "not a provenance kind");
};
}  // namespace detail

/// The spellings of one kind: `spelling_of<third_party>.report == "third-party"`.
template <class Kind>
inline constexpr provenance_kind_spelling spelling_of =
    provenance_kinds[detail::alternative_index<Kind, provenance>::value];

/// "measured", "quoted", "documented", "third-party", "derived", "assumption", "declared-none",
/// "choice", "forecast" or "default" (provenance_kinds' report spelling).
TRNCOST_DECL std::string_view kind_name(const provenance& p) noexcept;

/// What an input is to the estimate (docs/provenance.md#what-an-input-is): a fact, whose evidence
/// decides the status; a guess (an assumption), which makes it provisional; a given (a choice, a
/// forecast or trncost's default), stated in the report and never lowering the status; or
/// derived from other values.
enum class input_role : std::uint8_t { fact, guess, given, derived, none };

/// The role of a provenance: measured, quoted, documented and third-party are facts; an
/// assumption is a guess; a choice, a forecast and a default are given; declared-none is none.
TRNCOST_DECL input_role role_of(const provenance& p) noexcept;

/// "fact", "guess", "given", "derived" or "none".
constexpr std::string_view to_string(input_role r) noexcept {
  switch (r) {
    case input_role::fact:
      return "fact";
    case input_role::guess:
      return "guess";
    case input_role::given:
      return "given";
    case input_role::derived:
      return "derived";
    case input_role::none:
      return "none";
  }
  return "none";
}

namespace detail {

TRNCOST_DECL void require_field(bool ok, std::string_view input, std::string_view kind,
                                std::string_view field, std::string_view rule);

}  // namespace detail

/// Checks that a provenance says enough to be checked by someone else; throws trncost::input_error
/// naming the input, the field and the rule.
TRNCOST_DECL void validate(const provenance& p, std::string_view input);

/// Checks that a provenance can stand behind a value (a sourced input or a rule constant): what
/// validate() checks, and that it is not `declared_none`, which says why a cost category is empty
/// and is declared with model::declare_none(), never carried by a value. Throws input_error.
TRNCOST_DECL void validate_value_origin(const provenance& p, std::string_view input);

/// The timeline rule (docs/provenance.md#the-timeline-rule): nothing an estimate uses was
/// measured, consulted, seen or published after its as-of date, and a price whose effective date
/// is after it is not yet a price. Returns the sentence that names what breaks it, if anything;
/// derived values are checked through their inputs, assumptions carry no date. With
/// `prices_in_force_on` (a plan's occurrence priced on its own day), a price's effective date is
/// judged on that day instead: what is known is still the as-of date's.
TRNCOST_DECL std::optional<std::string> timeline_breach(
    const provenance& p, date as_of, std::optional<date> prices_in_force_on = std::nullopt);

/// One readable line: `quoted: AmazonEC2 20260910195514, SKU ..., us-east-1, on-demand, consulted
/// 2026-09-10 (source)`. readers/fmt.hpp prints provenance with this text.
TRNCOST_DECL std::string describe(const provenance& p);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/provenance.ipp"
#endif

#endif  // TRNCOST_PROVENANCE_PROVENANCE_HPP
