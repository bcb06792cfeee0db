// The one vocabulary of operations: what a derivation does to its operands, with its exact
// arguments, and the one exact apply() that every exact evaluator calls (the model's, analysis's
// leaf plan, the report's recomputation). Derived provenance, model nodes and report derivations
// all hold an `operation`; formula text is for people and is never read back.
#ifndef TRNCOST_PROVENANCE_OPERATION_HPP
#define TRNCOST_PROVENANCE_OPERATION_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../units/decimal.hpp"

namespace trncost {

/// What a derivation does to its operands, exactly as trncost evaluates it (docs/reports.md).
enum class op_kind : std::uint8_t {
  opaque,   ///< not an operation trncost can recompute: only the formula text says how (a host's
            ///< own)
  add,      ///< a + b
  sub,      ///< a - b
  mul,      ///< a * b, rounded half-even at the 18th fractional digit
  div,      ///< a / b, rounded half-even at the 18th fractional digit
  max,      ///< the larger of a and b
  min,      ///< the smaller of a and b
  scale,    ///< factor * a, factor a whole number (exact)
  band,     ///< min(max(a - lower, 0), upper - lower); no upper bound when open
  ceil_to,  ///< ceil(a / step) * step (the quotient rounded up at the 18th digit, then to a whole)
  convert,  ///< a * num / den, rounded half-even at the 18th digit (exact for a unit conversion)
  charge,   ///< a * b * num / den, rounded once half-even at the 18th digit (a priced amount)
  median,   ///< the median of n operands; of an even count, the mean of the middle two, / 2
            ///< half-even
};

/// The operations a report can hold, in the order docs/reports.md lists them (every kind but
/// opaque).
inline constexpr std::array<op_kind, 12> all_ops{
    op_kind::add,     op_kind::sub,     op_kind::mul,    op_kind::div,
    op_kind::max,     op_kind::min,     op_kind::scale,  op_kind::band,
    op_kind::ceil_to, op_kind::convert, op_kind::charge, op_kind::median};

/// The operation's name in reports ("add", "ceil_to", ...).
constexpr std::string_view to_string(op_kind k) noexcept {
  switch (k) {
    case op_kind::opaque:
      return "opaque";
    case op_kind::add:
      return "add";
    case op_kind::sub:
      return "sub";
    case op_kind::mul:
      return "mul";
    case op_kind::div:
      return "div";
    case op_kind::max:
      return "max";
    case op_kind::min:
      return "min";
    case op_kind::scale:
      return "scale";
    case op_kind::band:
      return "band";
    case op_kind::ceil_to:
      return "ceil_to";
    case op_kind::convert:
      return "convert";
    case op_kind::charge:
      return "charge";
    case op_kind::median:
      return "median";
  }
  return "unknown";
}

/// How many operands an operation takes: 2 (add ... min, charge), 1 (scale ... convert), 0 for
/// median (any number from 1) and opaque (any).
constexpr std::size_t arity(op_kind k) noexcept {
  switch (k) {
    case op_kind::add:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div:
    case op_kind::max:
    case op_kind::min:
    case op_kind::charge:
      return 2;
    case op_kind::scale:
    case op_kind::band:
    case op_kind::ceil_to:
    case op_kind::convert:
      return 1;
    case op_kind::median:
    case op_kind::opaque:
      return 0;
  }
  return 0;
}

/// An operation with its exact arguments; only those of its kind are used.
struct operation {
  op_kind kind = op_kind::opaque;
  std::int64_t factor = 0;         ///< scale: the whole-number factor
  decimal lower{};                 ///< band: the lower bound
  std::optional<decimal> upper{};  ///< band: the upper bound; empty: none
  decimal step{};                  ///< ceil_to: the step (positive)
  std::uint64_t num = 1;           ///< convert, charge: the exact factor num / den
  std::uint64_t den = 1;

  friend bool operator==(const operation&, const operation&) = default;
};

/// The operation with its arguments, as a short text: "convert 1/3600", "band [0, 4000)".
TRNCOST_DECL std::string describe(const operation& o);

namespace detail {

// The error paths of apply(), out of line: the model's evaluator calls apply() once per node and
// per evaluation, so its hot path stays a switch of a few instructions per operation.
[[noreturn, gnu::cold, gnu::noinline]] inline void refuse_operation(const operation& o,
                                                                    std::string_view what) {
  const std::string name(what);
  switch (o.kind) {
    case op_kind::div:
      throw input_error("division by zero in '" + name + "'");
    case op_kind::ceil_to:
      throw input_error("ceil_to step of '" + name + "' is not positive");
    case op_kind::convert:
    case op_kind::charge:
      if (o.den == 0) throw input_error("'" + name + "': the factor's den is 0");
      throw overflow_error("'" + name + "' overflows the decimal range");
    default:
      break;
  }
  throw input_error("'" + name + "': " + std::string(to_string(o.kind)) +
                    " is not applied to one or two operands");
}

}  // namespace detail

/// Applies an operation of one or two operands (every kind but median and opaque) to a and b (b is
/// ignored by the unary ones). `what` names the derivation in errors: input_error on a division by
/// zero, a non-positive step, a zero den or a kind it cannot apply; overflow_error out of range.
/// Always inlined: the evaluator's loop over the nodes is this switch
/// (benchmarks/check_instructions guards its instruction count).
[[gnu::always_inline]] inline decimal apply(const operation& o, decimal a, decimal b,
                                            std::string_view what) {
  switch (o.kind) {
    case op_kind::add:
      return a + b;
    case op_kind::sub:
      return a - b;
    case op_kind::mul:
      return a * b;
    case op_kind::div:
      if (b.is_zero()) break;
      return a / b;
    case op_kind::max:
      return a < b ? b : a;
    case op_kind::min:
      return b < a ? b : a;
    case op_kind::scale:
      return a * o.factor;
    case op_kind::band: {
      decimal part = a - o.lower;
      if (part.is_negative()) part = decimal{};
      if (o.upper && *o.upper - o.lower < part) part = *o.upper - o.lower;
      return part;
    }
    case op_kind::ceil_to: {
      if (!(decimal{} < o.step)) break;
      // ceil(a / step) * step: a quotient rounded up at the 18th digit, then to a whole number.
      const decimal q = decimal::divide(a, o.step, rounding::ceiling);
      return q.round(decimal_places{0}, rounding::ceiling) * o.step;
    }
    case op_kind::convert: {
      decimal::rep out = 0;
      if (o.den == 0 || !detail::mul_div(a.raw(), 1, o.num, 1, o.den, rounding::half_even, out)) {
        break;
      }
      return decimal::from_raw(out);
    }
    case op_kind::charge: {
      decimal out;
      if (!detail::charged(a, b, o.num, o.den, out)) break;
      return out;
    }
    case op_kind::median:
    case op_kind::opaque:
      break;
  }
  detail::refuse_operation(o, what);
}

/// Applies an operation to its operands, checking their count: what the report and the leaf plan
/// call. input_error on a wrong count or an opaque operation (see apply() above for the rest).
TRNCOST_DECL decimal apply(const operation& o, std::span<const decimal> v, std::string_view what);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/operation.ipp"
#endif

#endif  // TRNCOST_PROVENANCE_OPERATION_HPP
