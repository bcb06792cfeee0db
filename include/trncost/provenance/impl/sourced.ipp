// The definitions of provenance/sourced.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PROVENANCE_IMPL_SOURCED_IPP
#define TRNCOST_PROVENANCE_IMPL_SOURCED_IPP

#include "../sourced.hpp"

namespace trncost {
namespace detail {

TRNCOST_DECL input_ref make_source_record(std::string name, const decimal& value, std::string unit,
                                          provenance&& origin, bool refuse_negative) {
  if (name.empty()) throw input_error("a sourced value needs a name");
  validate_value_origin(origin, name);
  // The one place a negative price or cost is refused: every cost input is a sourced value.
  // Only a derivation (a difference of two costs) may be negative.
  if (refuse_negative && value.is_negative() && !std::holds_alternative<derived>(origin)) {
    throw input_error("input '" + name + "': " + std::string(kind_name(origin)) + " value " +
                      value.to_string() + " " + unit +
                      " is negative; a price or a cost cannot be negative (a credit is a grant: "
                      "docs/credits.md)");
  }
  return std::make_shared<const source_record>(
      source_record{std::move(name), value.to_string(), std::move(unit), std::move(origin)});
}

template <class Origin>
input_ref record_from(std::string_view name, const decimal& value, std::string_view unit,
                      const Origin& origin, bool refuse_negative) {
  return make_source_record(std::string(name), value, std::string(unit), provenance(origin),
                            refuse_negative);
}

TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const measured& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const quoted& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const documented& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const third_party& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const derived& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const assumption& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const declared_none& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const choice& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const forecast& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}
TRNCOST_DECL input_ref make_source_record(std::string_view name, const decimal& value,
                                          std::string_view unit, const tool_default& origin,
                                          bool refuse_negative) {
  return record_from(name, value, unit, origin, refuse_negative);
}

TRNCOST_DECL std::string operand(const std::string& name) {
  return name.find(' ') == std::string::npos ? name : "(" + name + ")";
}

TRNCOST_DECL input_ref binary_record(std::string name, const decimal& value, std::string_view unit,
                                     const input_ref& a, std::string_view op, const input_ref& b,
                                     const operation& how) {
  std::string formula = operand(a->name);
  formula.append(" ").append(op).append(" ").append(operand(b->name));
  if (name.empty()) name = formula;
  return make_source_record(std::move(name), value, std::string(unit),
                            provenance(derived{std::move(formula), {a, b}, how}), false);
}

}  // namespace detail

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_IMPL_SOURCED_IPP
