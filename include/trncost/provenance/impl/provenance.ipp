// The definitions of provenance/provenance.hpp's functions: included by that header (header-only)
// or compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_PROVENANCE_IMPL_PROVENANCE_IPP
#define TRNCOST_PROVENANCE_IMPL_PROVENANCE_IPP

#include <algorithm>

#include "../provenance.hpp"

namespace trncost {
namespace detail {

TRNCOST_DECL void require_field(bool ok, std::string_view input, std::string_view kind,
                                std::string_view field, std::string_view rule) {
  if (!ok) {
    throw input_error("input '" + std::string(input) + "': " + std::string(kind) + " provenance " +
                      "field '" + std::string(field) + "' " + std::string(rule));
  }
}
}  // namespace detail

TRNCOST_DECL void validate(const provenance& p, std::string_view input) {
  const std::string_view kind = kind_name(p);
  // std::get_if, not std::visit: a visit instantiates its dispatch tables and one lambda body per
  // alternative in every translation unit including this header (compile time).
  using detail::require_field;
  if (p.valueless_by_exception()) throw std::bad_variant_access{};  // as std::visit would
  if (const auto* m = std::get_if<measured>(&p)) {
    // `{}` as a provenance becomes an empty measured{}: say that, not which field is missing.
    if (m->run_id.empty() && m->method.empty() && m->from == timestamp{} && m->to == timestamp{}) {
      throw input_error("input '" + std::string(input) +
                        "': the provenance is empty; say where the value comes from "
                        "(measured, quoted, documented, third_party, derived, assumption)");
    }
    // The run and the method are said when known; a measurement may be just its period (a day),
    // which is what the timeline rule needs.
    // A default timestamp is 1970-01-01T00:00:00Z: a period nobody gave, never a real one.
    require_field(m->from != timestamp{}, input, kind, "from",
                  "is not set; a measured value has its collection period (from, to)");
    require_field(m->to != timestamp{}, input, kind, "to",
                  "is not set; a measured value has its collection period (from, to)");
    require_field(m->from <= m->to, input, kind, "to", "is before 'from'");
  } else if (const auto* q = std::get_if<quoted>(&p)) {
    require_field(!q->source.empty(), input, kind, "source", "is empty");
    require_field(!q->region.empty(), input, kind, "region", "is empty");
    require_field(q->consulted.ok(), input, kind, "consulted", "is not a calendar date");
    require_field(!q->consulted_is_publication_date ||
                      (q->published.has_value() && *q->published == q->consulted),
                  input, kind, "consulted",
                  "is said to be the publication date but differs from 'published'");
    if (!q->offer_code.empty()) {
      // A price read from an offer file is identified by the file and its rate code.
      require_field(!q->offer_version.empty() || q->published.has_value(), input, kind,
                    "offer_version", "is empty and no publication date is given");
      require_field(!q->sku.empty(), input, kind, "sku", "is empty for a price from an offer file");
      require_field(!q->offer_term_code.empty(), input, kind, "offer_term_code",
                    "is empty for a price from an offer file");
      require_field(!q->rate_code.empty(), input, kind, "rate_code",
                    "is empty for a price from an offer file");
    }
    // AWS rate codes are SKU.OfferTermCode.RateCode (a Savings Plan's SKU.RateCode, its term
    // being the plan's SKU): a rate code of another SKU or term cites another price. The
    // messages are built only when a rule is broken: validate() runs on every input.
    if (!q->sku.empty() && !q->rate_code.empty()) {
      if (q->rate_code.rfind(q->sku + ".", 0) != 0) {
        require_field(false, input, kind, "rate_code",
                      "'" + q->rate_code + "' is not a rate of SKU '" + q->sku +
                          "' (rate codes are SKU.OfferTermCode.RateCode)");
      }
      if (!q->offer_term_code.empty() && q->offer_term_code != q->sku &&
          q->rate_code.rfind(q->sku + "." + q->offer_term_code + ".", 0) != 0) {
        require_field(false, input, kind, "rate_code",
                      "'" + q->rate_code + "' is not a rate of offer term '" + q->sku + "." +
                          q->offer_term_code + "' (rate codes are SKU.OfferTermCode.RateCode)");
      }
    }
    // Nobody reads a price list before it is published.
    if (q->published && q->consulted < *q->published) {
      require_field(
          false, input, kind, "consulted",
          "(" + to_string(q->consulted) + ") is before the publication date of what it cites (" +
              to_string(*q->published) + "); a price cannot be read before it is published");
    }
  } else if (const auto* doc = std::get_if<documented>(&p)) {
    require_field(!doc->source.empty(), input, kind, "source", "is empty");
    require_field(doc->consulted.ok(), input, kind, "consulted", "is not a calendar date");
  } else if (const auto* t = std::get_if<third_party>(&p)) {
    require_field(!t->source.empty(), input, kind, "source", "is empty");
    require_field(t->seen.ok(), input, kind, "seen", "is not a calendar date");
  } else if (const auto* d = std::get_if<derived>(&p)) {
    require_field(!d->formula.empty(), input, kind, "formula", "is empty");
    require_field(!d->inputs.empty(), input, kind, "inputs", "is empty");
    for (const auto& in : d->inputs) {
      require_field(in != nullptr, input, kind, "inputs", "holds a null reference");
    }
  } else if (const auto* a = std::get_if<assumption>(&p)) {
    require_field(!a->rationale.empty(), input, kind, "rationale", "is empty");
  } else if (const auto* c = std::get_if<choice>(&p)) {
    require_field(!c->reason.empty(), input, kind, "reason", "is empty; a choice says why");
  } else if (const auto* f = std::get_if<forecast>(&p)) {
    require_field(!f->basis.empty(), input, kind, "basis",
                  "is empty; a forecast says what it rests on");
  } else if (const auto* td = std::get_if<tool_default>(&p)) {
    require_field(!td->reason.empty(), input, kind, "reason", "is empty; a default says why");
  } else {
    const auto* n = std::get_if<declared_none>(&p);
    require_field(!n->justification.empty(), input, kind, "justification", "is empty");
  }
}

TRNCOST_DECL void validate_value_origin(const provenance& p, std::string_view input) {
  if (std::holds_alternative<declared_none>(p)) {
    throw input_error("input '" + std::string(input) +
                      "': declared_none is not the provenance of a value; it says why a cost "
                      "category is empty (model::declare_none); give where the value comes from");
  }
  validate(p, input);
}

TRNCOST_DECL std::optional<std::string> timeline_breach(const provenance& p, date as_of,
                                                        std::optional<date> prices_in_force_on) {
  if (p.valueless_by_exception()) throw std::bad_variant_access{};  // as std::visit would
  const auto after = [&](date d) { return d > as_of; };
  const auto tail = [&] { return ", after the as-of date " + to_string(as_of); };
  if (const auto* m = std::get_if<measured>(&p)) {
    // The period ends before the as-of day does (the as-of day is included).
    if (m->to >= start_of(add_days(as_of, 1))) {
      return "was measured until " + to_string(m->to) + tail();
    }
  } else if (const auto* q = std::get_if<quoted>(&p)) {
    if (after(q->consulted)) return "was consulted on " + to_string(q->consulted) + tail();
    if (q->published && after(*q->published)) {
      return "was published on " + to_string(*q->published) + tail();
    }
    // A version in effect on the as-of date is a price for any day (the earliest known, for a day
    // before it); one effective later is a price from its effective day on.
    if (q->effective && prices_in_force_on &&
        std::max(*prices_in_force_on, as_of) < *q->effective) {
      return "takes effect on " + to_string(*q->effective) + ", after the day it prices (" +
             to_string(*prices_in_force_on) + "): it is not yet a price";
    }
    if (q->effective && !prices_in_force_on && after(*q->effective)) {
      return "takes effect on " + to_string(*q->effective) + tail() + ": it is not yet a price";
    }
  } else if (const auto* doc = std::get_if<documented>(&p)) {
    if (after(doc->consulted)) return "was consulted on " + to_string(doc->consulted) + tail();
  } else if (const auto* t = std::get_if<third_party>(&p)) {
    if (after(t->seen)) return "was seen on " + to_string(t->seen) + tail();
  }
  return std::nullopt;
}

TRNCOST_DECL std::string describe(const provenance& p) {
  if (p.valueless_by_exception()) throw std::bad_variant_access{};  // as std::visit would
  if (const auto* m = std::get_if<measured>(&p)) {
    return "measured: " +
           (m->run_id.empty() ? std::string("run not recorded") : "run " + m->run_id) + ", " +
           (m->method.empty() ? std::string("method not recorded") : m->method) + ", " +
           to_string(m->from) + " to " + to_string(m->to);
  }
  if (const auto* q = std::get_if<quoted>(&p)) {
    std::string s = "quoted: ";
    if (!q->offer_code.empty()) {
      s += q->offer_code + " " + q->offer_version;
      if (q->published) s += " published " + to_string(*q->published);
      s += ", SKU " + q->sku + ", term " + q->offer_term_code + ", rate " + q->rate_code + ", ";
      if (q->effective) s += "effective " + to_string(*q->effective) + ", ";
      if (!q->unit.empty()) s += "per " + q->unit + ", ";
      if (!q->description.empty()) s += "\"" + q->description + "\", ";
    }
    return s + q->region + ", " + std::string(to_string(q->option)) + ", consulted " +
           to_string(q->consulted) +
           (q->consulted_is_publication_date ? " (the file's publication date)" : "") + " (" +
           q->source + ")";
  }
  if (const auto* doc = std::get_if<documented>(&p)) {
    return "documented: " + doc->source + ", consulted " + to_string(doc->consulted);
  }
  if (const auto* t = std::get_if<third_party>(&p)) {
    return "third-party: " + t->source + ", seen " + to_string(t->seen);
  }
  if (const auto* d = std::get_if<derived>(&p)) {
    std::string s = "derived: " + d->formula + " from ";
    for (std::size_t i = 0; i < d->inputs.size(); ++i) {
      if (i != 0) s += ", ";
      s += d->inputs[i]->name + " = " + d->inputs[i]->value;
      if (!d->inputs[i]->unit.empty()) s += " " + d->inputs[i]->unit;
    }
    return s;
  }
  if (const auto* a = std::get_if<assumption>(&p)) return "assumption: " + a->rationale;
  if (const auto* c = std::get_if<choice>(&p)) {
    return "choice: " + c->reason + (c->by.empty() ? std::string() : " (decided by " + c->by + ")");
  }
  if (const auto* f = std::get_if<forecast>(&p)) {
    return "forecast: " + f->basis + (f->by.empty() ? std::string() : " (stated by " + f->by + ")");
  }
  if (const auto* td = std::get_if<tool_default>(&p)) return "default: " + td->reason;
  return "declared none: " + std::get<declared_none>(p).justification;
}

TRNCOST_DECL std::string_view kind_name(const provenance& p) noexcept {
  return provenance_kinds[p.index()].report;
}

TRNCOST_DECL input_role role_of(const provenance& p) noexcept {
  if (std::holds_alternative<assumption>(p)) return input_role::guess;
  if (std::holds_alternative<derived>(p)) return input_role::derived;
  if (std::holds_alternative<declared_none>(p)) return input_role::none;
  if (std::holds_alternative<choice>(p) || std::holds_alternative<forecast>(p) ||
      std::holds_alternative<tool_default>(p)) {
    return input_role::given;
  }
  return input_role::fact;
}

}  // namespace trncost

#endif  // TRNCOST_PROVENANCE_IMPL_PROVENANCE_IPP
