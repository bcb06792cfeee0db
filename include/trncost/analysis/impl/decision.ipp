// The definitions of analysis/decision.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_DECISION_IPP
#define TRNCOST_ANALYSIS_IMPL_DECISION_IPP

#include "../decision.hpp"

namespace trncost {

namespace analysis::detail {

TRNCOST_DECL void leaves_of(const input_ref& r, std::set<const source_record*>& seen,
                            std::vector<input_ref>& out) {
  if (!r || !seen.insert(r.get()).second) return;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) leaves_of(in, seen, out);
    return;
  }
  out.push_back(r);
}

TRNCOST_DECL std::vector<std::string> unmeasured_step_reasons(
    const estimate& e, const std::vector<input_ref>& quantity_leaves) {
  // Each leaf's weight: the amounts of the priced lines whose quantity rests on it.
  std::map<const source_record*, decimal> weight;
  for (const auto& l : e.lines) {
    if (!l.amount) continue;
    std::set<const source_record*> seen;
    std::vector<input_ref> leaves;
    leaves_of(l.quantity, seen, leaves);
    for (const auto& r : leaves) weight[r.get()] += *l.amount;
  }
  const auto weight_of = [&](const input_ref& r) {
    const auto it = weight.find(r.get());
    return it == weight.end() ? std::optional<decimal>() : std::optional<decimal>(it->second);
  };
  const auto heavier = [&](const input_ref& a, const input_ref& b) {
    return weight_of(b).value_or(decimal{}) < weight_of(a).value_or(decimal{});
  };
  // One group per provenance kind (assumption, third-party), in the order first reached.
  std::vector<std::pair<std::string, std::vector<input_ref>>> groups;
  for (const auto& q : quantity_leaves) {
    if (!std::holds_alternative<assumption>(q->origin) &&
        !std::holds_alternative<third_party>(q->origin)) {
      continue;
    }
    const std::string kind(kind_name(q->origin));
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == kind; });
    if (it == groups.end()) it = groups.insert(groups.end(), {kind, {}});
    it->second.push_back(q);
  }
  for (auto& g : groups) std::stable_sort(g.second.begin(), g.second.end(), heavier);
  std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) {
    return heavier(a.second.front(), b.second.front());
  });
  std::vector<std::string> out;
  for (const auto& [kind, inputs] : groups) {
    if (inputs.size() == 1) {
      out.push_back("step input '" + inputs.front()->name + "' is not measured (" + kind + ")");
      continue;
    }
    std::string r = std::to_string(inputs.size()) + " step inputs are not measured (" + kind +
                    "), weightiest first:";
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const auto w = weight_of(inputs[i]);
      r += (i == 0 ? " '" : ", '") + inputs[i]->name + "' (" +
           (w ? "lines of " + w->to_fixed(decimal_places{2}) + " USD"
              : std::string("no priced line")) +
           ")";
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace analysis::detail

namespace analysis {

TRNCOST_DECL decision decide(const decision_inputs& in) {
  if (in.est == nullptr) throw input_error("decide: no estimate given");
  if (in.region.empty()) throw input_error("decide: name the region the prices must be quoted for");
  const estimate& e = *in.est;
  decision d;

  // Quality.
  if (!in.quality.reached) {
    d.suspend_reasons.push_back("the target quality is not measured: no value of '" +
                                in.quality.metric + "' reached");
  } else if (!in.quality.target_reached()) {
    d.suspend_reasons.push_back("the target quality is not reached: " + in.quality.metric + " " +
                                in.quality.reached->to_string() + " against " +
                                in.quality.target.to_string());
  } else {
    d.continue_reasons.push_back(std::string(quality_reached_reason) + in.quality.metric + " " +
                                 in.quality.reached->to_string() + " against " +
                                 in.quality.target.to_string());
  }

  // Prices: every leaf under a line's price, and quantities: every leaf under a line's quantity.
  std::set<const source_record*> seen_price;
  std::set<const source_record*> seen_quantity;
  std::vector<input_ref> price_leaves;
  std::vector<input_ref> quantity_leaves;
  for (const auto& l : e.lines) {
    detail::leaves_of(l.price, seen_price, price_leaves);
    detail::leaves_of(l.quantity, seen_quantity, quantity_leaves);
  }
  bool prices_ok = true;
  for (const auto& p : price_leaves) {
    if (!p->known) continue;  // an unknown price is an unpriced line, reported below
    if (const auto* q = std::get_if<quoted>(&p->origin)) {
      if (!q->region.empty() && q->region != in.region) {
        prices_ok = false;
        d.suspend_reasons.push_back("price '" + p->name + "' is quoted for " + q->region +
                                    ", not " + in.region);
      }
    } else if (std::holds_alternative<third_party>(p->origin) ||
               std::holds_alternative<assumption>(p->origin)) {
      prices_ok = false;
      d.suspend_reasons.push_back("price '" + p->name + "' is not verified: it is " +
                                  std::string(kind_name(p->origin)));
    }
  }
  for (const auto& r : e.reasons) {
    if (r.status == estimate_status::stale) {
      prices_ok = false;
      d.suspend_reasons.push_back("a price is stale: " + r.text);
    }
  }
  if (prices_ok)
    d.continue_reasons.push_back("every price is quoted for " + in.region + " and fresh");

  // Ancillary costs.
  if (e.status == estimate_status::incomplete || e.unpriced_lines() != 0) {
    for (const auto& r : e.reasons) {
      if (r.status == estimate_status::incomplete || r.status == estimate_status::unpriced) {
        d.suspend_reasons.push_back("costs are incomplete: " + r.text);
      }
    }
  } else {
    d.continue_reasons.push_back("every category of the cost formula is accounted for");
  }

  // Support of the needed operations.
  using compat::evidence_outcome;
  const auto& s = in.support;
  if (!s.stated_check.empty()) {
    d.continue_reasons.push_back("the needed operations are supported: " + s.stated_check);
  } else if (s.evidence && s.evidence->outcome == evidence_outcome::passed_same_stack) {
    d.continue_reasons.push_back(
        "the model passed on the target stack in the compatibility "
        "dataset (" +
        std::string(s.evidence->proves()) + ")");
  } else if (s.evidence) {
    d.compare_reasons.push_back("support is not shown for '" + s.evidence->model_id +
                                "': " + std::string(to_string(s.evidence->outcome)) +
                                "; replay it on the target stack or compare another option");
  } else {
    d.compare_reasons.push_back(
        "no compatibility evidence and no stated check that the needed "
        "operations run on the target");
  }
  for (const auto* u : compat::open_uncertainties(e)) {
    d.compare_reasons.push_back("migration uncertainty '" + u->subject + "' is open (owner " +
                                u->owner + ")");
  }

  // Measurement coverage: every quantity of a priced line rests on measurements or billing rules.
  const auto unmeasured = detail::unmeasured_step_reasons(e, quantity_leaves);
  d.compare_reasons.insert(d.compare_reasons.end(), unmeasured.begin(), unmeasured.end());
  if (unmeasured.empty()) d.continue_reasons.push_back("every cost-contributing step is measured");

  for (const auto& b : in.bottlenecks) d.compare_reasons.push_back("a bottleneck remains: " + b);
  if (in.porting_unjustified) {
    d.compare_reasons.push_back("the porting work is not justified: " + *in.porting_unjustified);
  }

  d.outcome = !d.suspend_reasons.empty()   ? verdict::suspend
              : !d.compare_reasons.empty() ? verdict::compare_another
                                           : verdict::continue_on;
  return d;
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_DECISION_IPP
