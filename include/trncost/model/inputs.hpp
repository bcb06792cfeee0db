// Helpers shared by the built-in components: an input that may be unknown, and checks that reject
// negative, zero or out-of-range values where they are constructed.
#ifndef TRNCOST_MODEL_INPUTS_HPP
#define TRNCOST_MODEL_INPUTS_HPP

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "component.hpp"

namespace trncost {

/// A value nobody knows yet, with the reason (a price with no official row, a volume not measured).
/// Lines that depend on it are unpriced: shown, kept out of the totals, never 0.
struct unknown_input {
  std::string name;
  std::string reason;
};

/// A component input: sourced, or explicitly unknown. Made from either, implicitly:
/// `input_of<quantity<units::gibibyte_t>> size = unknown_input{"size", "not measured yet"};`.
///
/// (Not a std::variant: every component holds several, and a variant's machinery, instantiated for
/// each unit in every unit that includes the components, was most of their compile time.)
template <class Q>
class input_of {
  // Not a constraint on Q, so that fwd.hpp can declare input_of: trncost's sentence instead.
  static_assert(exact_quantity<Q>,
                "trncost: input_of<Q> holds an exact quantity, trncost::quantity<Unit>: "
                "input_of<quantity<units::gibibyte_t>>");

 public:
  using quantity_type = Q;

  input_of(sourced<Q> s) : known_(std::move(s)) {}  // NOLINT(google-explicit-constructor)
  input_of(unknown_input u)                         // NOLINT(google-explicit-constructor)
      : known_(detail::sourced_access::make(Q{}, nullptr)), unknown_(std::move(u)) {}

  /// The sourced value, or nullptr when the input is unknown.
  [[nodiscard]] const sourced<Q>* known() const noexcept {
    return known_.record() ? &known_ : nullptr;
  }
  /// What is known of an unknown input (its name and why); empty when the input is known.
  [[nodiscard]] const unknown_input& unknown() const noexcept { return unknown_; }
  [[nodiscard]] const std::string& name() const noexcept {
    return known_.record() ? known_.name() : unknown_.name;
  }

 private:
  sourced<Q> known_;  // its record is null when the input is unknown
  unknown_input unknown_;
};

namespace detail {

template <exact_quantity Q>
node<typename Q::unit_type> add_input(component_builder& b, const input_of<Q>& in) {
  if (const auto* s = in.known()) return b.input(*s);
  return b.template unknown<typename Q::unit_type>(in.unknown().name, in.unknown().reason);
}

template <exact_quantity Q>
std::string input_name(const input_of<Q>& in) {
  return in.name();
}

/// The purchase option of a price read from an AWS offer file (an on-demand, spot, reserved or
/// Savings Plans rate: a quote that names its offer code); none for a price written by hand,
/// derived or unknown, whose option the price does not say.
template <exact_quantity Q>
std::optional<purchase_option> offer_file_option(const input_of<Q>& in) {
  if (const auto* s = in.known()) {
    if (const auto* q = std::get_if<quoted>(&s->origin()); q != nullptr && !q->offer_code.empty()) {
      return q->option;
    }
  }
  return std::nullopt;
}

/// How a description names an input: its value when known ("2"), its name when unknown.
template <exact_quantity Q>
std::string value_or_name(const input_of<Q>& in) {
  if (const auto* s = in.known()) return s->value().value().to_string();
  return in.unknown().name;
}

/// Rejects a negative value, naming the component, the input and the rule.
template <exact_quantity Q>
void require_non_negative(const input_of<Q>& in, std::string_view component) {
  if (const auto* s = in.known(); s != nullptr && s->value().value().is_negative()) {
    throw input_error("component '" + std::string(component) + "': input '" + s->name() + "' is " +
                      s->value().value().to_string() + "; it cannot be negative");
  }
}

template <exact_quantity Q>
void require_positive(const input_of<Q>& in, std::string_view component) {
  if (const auto* s = in.known(); s != nullptr && s->value().value() <= decimal{}) {
    throw input_error("component '" + std::string(component) + "': input '" + s->name() + "' is " +
                      s->value().value().to_string() + "; it must be positive");
  }
}

template <exact_quantity Q>
void require_non_negative(const sourced<Q>& s, std::string_view component) {
  require_non_negative(input_of<Q>{s}, component);
}
template <exact_quantity Q>
void require_positive(const sourced<Q>& s, std::string_view component) {
  require_positive(input_of<Q>{s}, component);
}

}  // namespace detail
}  // namespace trncost

#endif  // TRNCOST_MODEL_INPUTS_HPP
