// Sensitivity: one input at a time moved to the low and the high end of its range, everything else
// at its value, and the total recomputed; inputs ranked by the swing of the total (a tornado).
// Observed inputs are varied over what was observed (min and max across repetitions) or a stated
// band; assumptions and other non-observed inputs only when asked, and shown apart.
#ifndef TRNCOST_ANALYSIS_SENSITIVITY_HPP
#define TRNCOST_ANALYSIS_SENSITIVITY_HPP

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "inputs.hpp"

namespace trncost::analysis {

/// How far one input moves, and why that far.
struct variation {
  std::string input;
  decimal low{};
  decimal high{};
  std::string basis;  ///< "min and max of 5 repetitions", "stated band +/-10 %"
};

/// The range observed across repetitions: their minimum and maximum.
TRNCOST_DECL variation observed_range(std::string input, std::span<const decimal> repetitions);

/// A stated band around an input's value: value * (1 - share) to value * (1 + share). A count (a
/// whole number of instances, chips, jobs, volumes, interruptions, requests, tokens...) stays
/// whole: both ends rounded half-even to whole numbers (2 instances +/-10 % is 2 to 2, never 1.8
/// to 2.2), and the basis says so.
TRNCOST_DECL variation band(const model_inputs& in, std::string input, decimal share);

/// A band around every observed leaf of the model (measured, or a median of measured runs): the
/// default tornado.
TRNCOST_DECL std::vector<variation> observed_bands(const model_inputs& in, decimal share);

/// The tornado on what was observed: every median of measured runs (a phase's seconds, a
/// throughput from run logs) between the minimum and maximum of its runs; with `share`, every
/// other observed leaf (a single measurement) in a band of +/- share, and without it those are not
/// varied. input_error when nothing would be varied.
TRNCOST_DECL std::vector<variation> observed_ranges(const model_inputs& in,
                                                    std::optional<decimal> share = std::nullopt);

struct tornado_bar {
  std::string input;
  std::string kind;  ///< the input's provenance kind
  std::string basis;
  decimal baseline_value{};
  decimal low{};
  decimal high{};
  decimal total_at_low{};
  decimal total_at_high{};
  decimal swing{};  ///< |total_at_high - total_at_low|
};

struct tornado {
  decimal baseline_total{};
  std::vector<tornado_bar> observed;     ///< measured inputs, largest swing first
  std::vector<tornado_bar> assumptions;  ///< everything else that was asked for, apart
};

struct sensitivity_options {
  /// Vary inputs that are not measured (assumptions, third-party figures, quotes, documented
  /// facts). They are never mixed with the observed bars.
  bool vary_assumptions = false;
};

/// One-at-a-time sensitivity of the model's total (priced lines) to each variation.
TRNCOST_DECL tornado sensitivity(const model_inputs& in, const std::vector<variation>& variations,
                                 const sensitivity_options& options = {});

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/sensitivity.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_SENSITIVITY_HPP
