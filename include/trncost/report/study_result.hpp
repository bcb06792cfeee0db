// A study, evaluated (io::run_study, docs/scenario.md "Studies"): each option's estimate and
// analyses, the comparison normalised by work and quality, and the decision. The study writers
// (report/*_study.hpp) render it from this header alone, without the study and scenario readers
// (scenario/study.hpp, scenario/scenario.hpp and toml++): a writer compiled alone costs a third of
// what it did.
#ifndef TRNCOST_REPORT_STUDY_RESULT_HPP
#define TRNCOST_REPORT_STUDY_RESULT_HPP

#include <optional>
#include <string>
#include <vector>

#include "../analysis/comparison.hpp"
#include "../analysis/decision.hpp"
#include "../model/estimate.hpp"
#include "../units/decimal.hpp"
#include "break_even.hpp"
#include "extras.hpp"

namespace trncost::io {

/// One option evaluated in one region of [study] regions (its scenario's region replaced).
struct regional_estimate {
  std::string region;
  std::optional<estimate> est;  ///< none: the option is not priced there (why_not says why)
  std::string why_not;          ///< the refusal: "no price matches EC2 Linux on-demand ..."
  decimal work{};               ///< in the study's unit of work (with est)
};

/// One option, evaluated.
struct study_option_result {
  std::string name;
  std::string title;  ///< its scenario's title
  estimate est;
  report::extras
      extras;      ///< tornado, Monte Carlo and burn-down as its tables ask, and its decision
  decimal work{};  ///< in the study's unit of work
  analysis::protocol quality;
  /// In each region of [study] regions: the priced ones cheapest per unit of work first (ties in
  /// the order written), then those not priced, in the order written.
  std::vector<regional_estimate> regions{};
};

/// A study, evaluated: each option, the comparison and the decision.
struct study_result {
  std::string file;
  std::string title;
  std::string work_unit;
  std::vector<study_option_result> options;
  analysis::comparison comparison;
  std::optional<std::string> decided_for;  ///< the option ranked first in the first group
  analysis::decision decision;             ///< that option's decision; suspend when none ranks
  /// Each self-hosted serving option against each hosted-API option sharing its demand.
  std::vector<report::break_even> break_evens;
};

}  // namespace trncost::io

#endif  // TRNCOST_REPORT_STUDY_RESULT_HPP
