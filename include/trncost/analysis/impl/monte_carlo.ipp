// The definitions of analysis/monte_carlo.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_MONTE_CARLO_IPP
#define TRNCOST_ANALYSIS_IMPL_MONTE_CARLO_IPP

#include "../monte_carlo.hpp"

namespace trncost {

namespace analysis::detail {

TRNCOST_DECL std::size_t percentile_rank(std::size_t n, double p) {
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(n)));
  return rank == 0 ? 0 : rank - 1;
}

}  // namespace analysis::detail

namespace analysis {

TRNCOST_DECL monte_carlo_result monte_carlo(const model_inputs& in,
                                            const std::vector<uncertain_input>& inputs,
                                            const monte_carlo_options& options) {
  if (options.samples == 0) throw input_error("Monte Carlo: the number of samples must be above 0");
  if (inputs.empty()) throw input_error("Monte Carlo: no uncertain input (nothing would vary)");
  std::vector<std::size_t> leaves;
  std::vector<bool> seen(in.leaves().size(), false);
  monte_carlo_result out;
  for (const auto& u : inputs) {
    const auto i = in.find(u.input);
    if (seen[i]) throw input_error("Monte Carlo: '" + u.input + "' has two distributions");
    seen[i] = true;
    leaves.push_back(i);
    out.varied.push_back(u.input + ": " + u.dist.describe());
  }
  compiled_model program(in, leaves);
  out.samples = options.samples;
  out.seed = options.seed;
  out.baseline = program.total();
  random_stream rng(options.seed);
  std::vector<double> totals(options.samples);
  double sum = 0;
  std::uint64_t over = 0;
  const bool has_budget = options.budget.has_value();
  const double budget = has_budget ? options.budget->value().to_double() : 0.0;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  // A block of samples at a time: the block's uniforms taken from the stream in the order one
  // sample at a time takes them (sample by sample, input by input: input k's at offset[k] of each
  // sample's per_sample), then each input's draws over the block, then the block's totals in one
  // pass per operation.
  std::vector<double*> rows(inputs.size());
  std::vector<const distribution*> dists(inputs.size());
  std::vector<std::size_t> offset(inputs.size());
  std::size_t per_sample = 0;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    rows[k] = program.leaf_row(k);
    dists[k] = &inputs[k].dist;
    offset[k] = per_sample;
    per_sample += inputs[k].dist.uniforms_per_draw();
  }
  std::vector<double> uniforms(compiled_model::block * per_sample);
  detail::flag_inputs_that_do_not_move(in, leaves, options.seed, program, rows, dists, out);
  // An input that cannot move the total is not drawn into the band (issue 17): held at its sourced
  // value. Its draws are still taken from the stream and dropped, so the other inputs get the draws
  // they would get without the check.
  std::vector<std::pair<std::size_t, double>> held;
  if (std::find(out.moves_total.begin(), out.moves_total.end(), false) != out.moves_total.end()) {
    const auto baseline = in.baseline();
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      if (!out.moves_total[k]) held.emplace_back(k, baseline[leaves[k]].to_double());
    }
  }
  for (std::uint64_t first = 0; first < options.samples; first += compiled_model::block) {
    const auto n = static_cast<std::size_t>(
        std::min<std::uint64_t>(compiled_model::block, options.samples - first));
    rng.fill_uniform(uniforms.data(), n * per_sample);
    for (std::size_t k = 0; k < dists.size(); ++k) {
      dists[k]->draw_block(uniforms.data() + offset[k], per_sample, n, rows[k]);
    }
    for (const auto& [k, value] : held) std::fill_n(rows[k], n, value);
    double* t = totals.data() + first;
    program.totals(n, t);
    for (std::size_t j = 0; j < n; ++j) {
      if (!std::isfinite(t[j])) {
        throw input_error("Monte Carlo: sample " + std::to_string(first + j + 1) +
                          " gives a total that is not finite (a division by a drawn zero?)");
      }
      sum += t[j];
      over += static_cast<std::uint64_t>(has_budget && t[j] > budget);
      // What std::minmax_element gives: the first smallest, the last largest.
      lo = t[j] < lo ? t[j] : lo;
      hi = t[j] < hi ? hi : t[j];
    }
  }
  out.mean = sum / static_cast<double>(options.samples);
  out.min = lo;
  out.max = hi;
  const auto p =
      detail::percentiles(totals, out.min, out.max, std::array<double, 3>{0.05, 0.50, 0.95});
  out.p5 = p[0];
  out.p50 = p[1];
  out.p95 = p[2];
  if (options.keep_samples) out.totals = std::move(totals);
  if (options.budget) {
    out.p_over_budget = static_cast<double>(over) / static_cast<double>(options.samples);
  }
  return out;
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_MONTE_CARLO_IPP
