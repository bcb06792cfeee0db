// The definitions of credits/grant.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_CREDITS_IMPL_GRANT_IPP
#define TRNCOST_CREDITS_IMPL_GRANT_IPP

#include "../grant.hpp"

namespace trncost {

namespace credits {

TRNCOST_DECL const std::set<charge_kind>& default_exclusions() {
  static const std::set<charge_kind> kinds{charge_kind::upfront_fee, charge_kind::marketplace,
                                           charge_kind::support};
  return kinds;
}

TRNCOST_DECL std::set<std::string> all_known_services() {
  std::set<std::string> out;
  for (const auto& s : known_aws_services) out.insert(std::string(s.code));
  return out;
}

}  // namespace credits

namespace credits {

TRNCOST_DECL grant::grant(std::string name, sourced<money> amount, date issued, last_day last,
                          const std::set<std::string>& services, std::set<charge_kind> excluded)
    : name_(std::move(name)),
      amount_(std::move(amount)),
      issued_(issued),
      last_(last.day),
      excluded_(std::move(excluded)) {
  const std::string who = "grant '" + name_ + "'";
  if (name_.empty()) throw input_error("a grant needs a name");
  if (!issued_.ok()) throw input_error(who + ": the issue date is not a calendar date");
  if (!last_.ok()) throw input_error(who + ": the last valid day is not a calendar date");
  if (last_ < issued_) {
    throw input_error(who + ": its last valid day " + to_string(last_) +
                      " is before its issue date " + to_string(issued_));
  }
  if (amount_.value().value().is_negative()) {
    throw input_error(who + ": the amount " + amount_.value().value().to_string() +
                      " USD is negative");
  }
  if (services.empty()) {
    throw input_error(who + ": covers no AWS service (name at least one, e.g. AmazonEC2)");
  }
  for (const auto& s : services) {
    const auto known = find_aws_service(s);
    if (!known) {
      std::string codes;
      for (const auto& k : known_aws_services) {
        codes += (codes.empty() ? "" : ", ") + std::string(k.code);
      }
      throw input_error(who + ": covers '" + s + "', which is not a known AWS service code or " +
                        "name (known: " + codes + ")");
    }
    services_.insert(std::string(known->code));
  }
  if (excluded_.contains(charge_kind::usage)) {
    throw input_error(who + ": excludes usage charges, so it could never pay anything");
  }
}

TRNCOST_DECL void check_timeline(const grant& g, date as_of) {
  if (const auto breach = timeline_breach(g.amount().origin(), as_of)) {
    throw input_error("grant '" + g.name() + "': its amount " + *breach +
                      "; nothing an estimate uses may be dated after its as-of date (rule "
                      "timeline, docs/provenance.md#the-timeline-rule)");
  }
}

}  // namespace credits

}  // namespace trncost

#endif  // TRNCOST_CREDITS_IMPL_GRANT_IPP
