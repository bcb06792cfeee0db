// The definitions of analysis/sensitivity.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_SENSITIVITY_IPP
#define TRNCOST_ANALYSIS_IMPL_SENSITIVITY_IPP

#include "../sensitivity.hpp"

namespace trncost {

namespace analysis {

TRNCOST_DECL variation observed_range(std::string input, std::span<const decimal> repetitions) {
  if (repetitions.empty()) {
    throw input_error("observed range of '" + input + "': no repetition given");
  }
  const auto [lo, hi] = std::minmax_element(repetitions.begin(), repetitions.end());
  return {std::move(input), *lo, *hi,
          "min and max of " + std::to_string(repetitions.size()) + " repetitions"};
}

TRNCOST_DECL variation band(const model_inputs& in, std::string input, decimal share) {
  if (share.is_negative() || decimal(1) < share) {
    throw input_error("band for '" + input + "': the fraction " + share.to_string() +
                      " must be between 0 and 1 (0.1 for +/-10 %)");
  }
  const auto& leaf = in.leaves()[in.find(input)];
  const decimal v = leaf.baseline;
  const decimal percent = share * decimal(100);
  std::string basis = "stated band +/-" + percent.to_string() + " %";
  decimal low = v * (decimal(1) - share);
  decimal high = v * (decimal(1) + share);
  // Counts stay whole: the units of things counted one by one, and a pure number (volumes,
  // checkpoints) when it is whole.
  static constexpr std::array<std::string_view, 11> counts{
      "",        "instance", "chip", "NeuronCore", "job",   "interruption",
      "request", "token",    "step", "sample",     "metric"};
  if (v.round(decimal_places{0}) == v &&
      std::find(counts.begin(), counts.end(), leaf.record->unit) != counts.end()) {
    low = low.round(decimal_places{0});
    high = high.round(decimal_places{0});
    basis += ", whole numbers";
  }
  return {std::move(input), low, high, std::move(basis)};
}

TRNCOST_DECL std::vector<variation> observed_bands(const model_inputs& in, decimal share) {
  std::vector<variation> out;
  for (const auto& l : in.leaves()) {
    if (is_observed(l.record->origin)) out.push_back(band(in, l.name, share));
  }
  return out;
}

TRNCOST_DECL std::vector<variation> observed_ranges(const model_inputs& in,
                                                    std::optional<decimal> share) {
  std::vector<variation> out;
  for (const auto& l : in.leaves()) {
    if (const auto reps = repetitions_of(l.record->origin)) {
      variation v = observed_range(l.name, *reps);
      v.basis = "min and max of " + std::to_string(reps->size()) + " runs";
      out.push_back(std::move(v));
    } else if (share && is_observed(l.record->origin)) {
      out.push_back(band(in, l.name, *share));
    }
  }
  if (out.empty()) {
    throw input_error(
        "observed ranges: no input is a median of measured runs (run logs)" +
        std::string(share ? " and none is measured" : "; give a band for single measurements"));
  }
  return out;
}

TRNCOST_DECL tornado sensitivity(const model_inputs& in, const std::vector<variation>& variations,
                                 const sensitivity_options& options) {
  if (variations.empty()) throw input_error("sensitivity: no input to vary");
  leaf_evaluator e(in);
  tornado out;
  out.baseline_total = e.total();
  std::vector<bool> seen(in.leaves().size(), false);
  for (const auto& v : variations) {
    const std::size_t i = in.find(v.input);
    const auto& leaf = in.leaves()[i];
    if (seen[i]) throw input_error("sensitivity: '" + v.input + "' is varied twice");
    seen[i] = true;
    if (v.high < v.low) {
      throw input_error("sensitivity: the range of '" + v.input + "' has low " + v.low.to_string() +
                        " above high " + v.high.to_string());
    }
    const bool observed = is_observed(leaf.record->origin);
    if (!observed && !options.vary_assumptions) {
      throw input_error("sensitivity: '" + v.input + "' is not measured (" +
                        std::string(kind_name(leaf.record->origin)) +
                        "); set vary_assumptions to vary it (it is shown apart)");
    }
    tornado_bar bar{v.input, std::string(kind_name(leaf.record->origin)),
                    v.basis, leaf.baseline,
                    v.low,   v.high,
                    {},      {},
                    {}};
    e.set(i, v.low);
    bar.total_at_low = e.total();
    e.set(i, v.high);
    bar.total_at_high = e.total();
    e.set(i, leaf.baseline);
    bar.swing = abs(bar.total_at_high - bar.total_at_low);
    (observed ? out.observed : out.assumptions).push_back(std::move(bar));
  }
  const auto by_swing = [](const tornado_bar& a, const tornado_bar& b) {
    return b.swing < a.swing || (a.swing == b.swing && a.input < b.input);
  };
  std::sort(out.observed.begin(), out.observed.end(), by_swing);
  std::sort(out.assumptions.begin(), out.assumptions.end(), by_swing);
  return out;
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_SENSITIVITY_IPP
