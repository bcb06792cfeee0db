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

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../compat/evidence.hpp"
#include "../compat/uncertainty.hpp"
#include "../config.hpp"
#include "../model/estimate.hpp"
#include "comparison.hpp"

namespace trncost::analysis {

enum class verdict { continue_on, compare_another, suspend };

constexpr std::string_view to_string(verdict v) noexcept {
  switch (v) {
    case verdict::continue_on:
      return "continue";
    case verdict::compare_another:
      return "compare another option";
    case verdict::suspend:
      return "suspend";
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
  std::vector<std::string>
      bottlenecks{};  ///< "NeuronCore utilization 38 %, traced to data loading"
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

TRNCOST_DECL void leaves_of(const input_ref& r, std::set<const source_record*>& seen,
                            std::vector<input_ref>& out);

/// The compare reasons for the step inputs (leaves under a line's quantity) that are assumptions or
/// third-party figures: one reason per provenance kind, the kind whose weightiest input carries the
/// most cost first. A lone input keeps its own sentence ("step input 'x' is not measured
/// (assumption)"); several are one sentence with their count, weightiest first, each with the
/// amount of the priced lines whose quantity rests on it: "3 step inputs are not measured
/// (assumption), weightiest first: 'train_h' (lines of 1200.00 USD), 'ckpt_gib' (lines of 3.10
/// USD), 'spare' (no priced line)".
TRNCOST_DECL std::vector<std::string> unmeasured_step_reasons(
    const estimate& e, const std::vector<input_ref>& quantity_leaves);

}  // namespace detail

TRNCOST_DECL decision decide(const decision_inputs& in);

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/decision.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_DECISION_HPP
