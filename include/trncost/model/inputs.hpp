// Helpers shared by the built-in components: an input that may be unknown, and checks that reject
// negative, zero or out-of-range values where they are constructed.
#ifndef TRNCOST_MODEL_INPUTS_HPP
#define TRNCOST_MODEL_INPUTS_HPP

#include <string>
#include <string_view>
#include <variant>

#include "component.hpp"

namespace trncost {

/// A value nobody knows yet, with the reason (a price with no official row, a volume not measured).
/// Lines that depend on it are unpriced: shown, kept out of the totals, never 0.
struct unknown_input {
  std::string name;
  std::string reason;
};

/// A component input: sourced, or explicitly unknown.
template <exact_quantity Q>
using input_of = std::variant<sourced<Q>, unknown_input>;

namespace detail {

template <exact_quantity Q>
node<typename Q::unit_type> add_input(component_builder& b, const input_of<Q>& in) {
  if (const auto* s = std::get_if<sourced<Q>>(&in)) return b.input(*s);
  const auto& u = std::get<unknown_input>(in);
  return b.template unknown<typename Q::unit_type>(u.name, u.reason);
}

template <exact_quantity Q>
std::string input_name(const input_of<Q>& in) {
  if (const auto* s = std::get_if<sourced<Q>>(&in)) return s->name();
  return std::get<unknown_input>(in).name;
}

/// How a description names an input: its value when known ("2"), its name when unknown.
template <exact_quantity Q>
std::string value_or_name(const input_of<Q>& in) {
  if (const auto* s = std::get_if<sourced<Q>>(&in)) return s->value().value().to_string();
  return std::get<unknown_input>(in).name;
}

/// Rejects a negative value, naming the component, the input and the rule.
template <exact_quantity Q>
void require_non_negative(const input_of<Q>& in, std::string_view component) {
  if (const auto* s = std::get_if<sourced<Q>>(&in); s != nullptr && s->value().value().is_negative()) {
    throw input_error("component '" + std::string(component) + "': input '" + s->name() +
                      "' is " + s->value().value().to_string() + "; it cannot be negative");
  }
}

template <exact_quantity Q>
void require_positive(const input_of<Q>& in, std::string_view component) {
  if (const auto* s = std::get_if<sourced<Q>>(&in); s != nullptr && s->value().value() <= decimal{}) {
    throw input_error("component '" + std::string(component) + "': input '" + s->name() +
                      "' is " + s->value().value().to_string() + "; it must be positive");
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
