// What a report means beyond its arithmetic, checked from the report alone: the unit of every
// derivation follows from its operands' units and its operation, a line's price times its quantity
// is money, and (schema version 5) each line's identity agrees with the quotes and measurements it
// uses and the protocol with the runs they name. report::check() calls check_consistency() last;
// tools/verify_report.py applies the same rules, written apart (docs/reports.md, "Units" and
// "Identity and consistency").
#ifndef TRNCOST_REPORT_CONSISTENCY_HPP
#define TRNCOST_REPORT_CONSISTENCY_HPP

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "report.hpp"

namespace trncost::report {

/// A unit as a report writes it ("USD/instance-h", "(3600 s B)", "USD s/h"): the exponent of each
/// base unit (USD, s, B, token, instance, chip, NeuronCore, request, step, sample, FLOP, mo, I/O,
/// metric, job, interruption) and its exact scale, the value of one of it in those base units
/// (3600 for "h", 1/3600 for "USD/instance-h"), num / den reduced.
struct unit_dimension {
  std::map<std::string, int, std::less<>> exponents;  ///< nonzero exponents only
  std::int64_t num = 1;
  std::int64_t den = 1;
  friend bool operator==(const unit_dimension&, const unit_dimension&) = default;
};

/// The unit a symbol names: trncost's named units (units/units.hpp and the catalog's and
/// measurement's own) and an unnamed unit as units/symbol.hpp prints it. Empty for a symbol
/// trncost does not write (a host's own unit, "bananas").
TRNCOST_DECL std::optional<unit_dimension> parse_unit(std::string_view symbol);

/// The rules of a report's meaning, in this order, stopping at the first broken one (its field
/// named as a JSON path, "derivations[4].unit: ..."):
///  - units: every input's and derivation's unit is one trncost writes; add, sub, max, min and
///    median take operands of one unit and give it; mul and div multiply and divide units; scale,
///    band and ceil_to keep the operand's; convert num/den keeps the dimension (or reads a value
///    per one job, 1/1) and the operand's scale over the result's is num/den; charge and every
///    line: price unit x usage unit is the result's (USD for a line) times num/den, a per-month
///    price against hours counting the month as 730 h;
///  - protocol-runs: no run archived twice; from version 5 every measurement that says its
///    instance type names archived runs of that instance type and region, and every archived run
///    is named by a measurement;
///  - identity-consistent (version 5): every quote a line's price comes from is for the line's
///    service, region, instance type and purchase option, every measurement its price or quantity
///    comes from of its region and instance type, where both say one;
///  - the timeline: a measurement's period lies after the epoch (1970-01-01T00:00:00Z), a quote is
///    consulted on or after it was published; sku-matches-rate-code.
TRNCOST_DECL check_result check_consistency(const document& doc);

}  // namespace trncost::report

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/consistency.ipp"
#endif

#endif  // TRNCOST_REPORT_CONSISTENCY_HPP
