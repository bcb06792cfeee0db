// The decision the seed asks for: continue, compare another option, or suspend, with every reason.
//
// - suspend when the target quality is not reached (or not measured), a price is not verified for
//   the region (third-party, an assumption, stale, or quoted for another region), or the ancillary
//   costs are incomplete (a category missing, a line unpriced);
// - compare another option when a bottleneck remains, porting work is unjustified, a migration
//   uncertainty is open, the needed operations are not shown supported, or a cost-contributing step
//   is not measured;
// - continue only when none of these holds.
// Suspend reasons outrank compare reasons; every reason found is listed.
#ifndef TRNCOST_ANALYSIS_DECISION_HPP
#define TRNCOST_ANALYSIS_DECISION_HPP

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../compat/evidence.hpp"
#include "../compat/uncertainty.hpp"
#include "../model/estimate.hpp"
#include "comparison.hpp"

namespace trncost::analysis {

enum class verdict { continue_on, compare_another, suspend };

constexpr std::string_view to_string(verdict v) noexcept {
  switch (v) {
    case verdict::continue_on: return "continue";
    case verdict::compare_another: return "compare another option";
    case verdict::suspend: return "suspend";
  }
  return "unknown";
}

/// Whether the operations the job needs run on the target: compatibility evidence from the
/// dataset, or a check the team ran and states (a replay on the target stack).
struct support_check {
  std::optional<compat::lookup_result> evidence{};
  std::string stated_check{};  ///< "replayed 200 steps on neuronx-cc 2.21 on 2026-11-20: ok"
};

struct decision_inputs {
  const estimate* est = nullptr;
  protocol quality{};
  std::string region;  ///< the region prices must be quoted for, "us-east-1"
  support_check support{};
  std::vector<std::string> bottlenecks{};  ///< "NeuronCore utilization 38 %, traced to data loading"
  std::optional<std::string> porting_unjustified{};  ///< why the porting work does not pay
};

/// How a decision's continue reason on quality begins; the study audit (report/audit_study.hpp)
/// reads it back: an option ranks only when its decision says it reached the target.
inline constexpr std::string_view quality_reached_reason = "the target quality is reached: ";

struct decision {
  verdict outcome = verdict::suspend;
  std::vector<std::string> suspend_reasons;
  std::vector<std::string> compare_reasons;
  std::vector<std::string> continue_reasons;  ///< what holds (listed whatever the outcome)
};

namespace detail {

inline void leaves_of(const input_ref& r, std::set<const source_record*>& seen,
                      std::vector<input_ref>& out) {
  if (!r || !seen.insert(r.get()).second) return;
  if (const auto* d = std::get_if<derived>(&r->origin)) {
    for (const auto& in : d->inputs) leaves_of(in, seen, out);
    return;
  }
  out.push_back(r);
}

}  // namespace detail

inline decision decide(const decision_inputs& in) {
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
  if (prices_ok) d.continue_reasons.push_back("every price is quoted for " + in.region + " and fresh");

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
    d.continue_reasons.push_back("the model passed on the target stack in the compatibility "
                                 "dataset (" + std::string(s.evidence->proves()) + ")");
  } else if (s.evidence) {
    d.compare_reasons.push_back("support is not shown for '" + s.evidence->model_id + "': " +
                                std::string(to_string(s.evidence->outcome)) +
                                "; replay it on the target stack or compare another option");
  } else {
    d.compare_reasons.push_back("no compatibility evidence and no stated check that the needed "
                                "operations run on the target");
  }
  for (const auto* u : compat::open_uncertainties(e)) {
    d.compare_reasons.push_back("migration uncertainty '" + u->subject + "' is open (owner " +
                                u->owner + ")");
  }

  // Measurement coverage: every quantity of a priced line rests on measurements or billing rules.
  bool measured_all = true;
  for (const auto& q : quantity_leaves) {
    if (std::holds_alternative<assumption>(q->origin) ||
        std::holds_alternative<third_party>(q->origin)) {
      measured_all = false;
      d.compare_reasons.push_back("step input '" + q->name + "' is not measured (" +
                                  std::string(kind_name(q->origin)) + ")");
    }
  }
  if (measured_all) d.continue_reasons.push_back("every cost-contributing step is measured");

  for (const auto& b : in.bottlenecks) d.compare_reasons.push_back("a bottleneck remains: " + b);
  if (in.porting_unjustified) {
    d.compare_reasons.push_back("the porting work is not justified: " + *in.porting_unjustified);
  }

  d.outcome = !d.suspend_reasons.empty()   ? verdict::suspend
              : !d.compare_reasons.empty() ? verdict::compare_another
                                           : verdict::continue_on;
  return d;
}

}  // namespace trncost::analysis

#endif  // TRNCOST_ANALYSIS_DECISION_HPP
