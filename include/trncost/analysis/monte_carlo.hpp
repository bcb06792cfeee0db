// Monte Carlo: uncertain inputs get distributions, the model is evaluated for every sample, and the
// totals give percentiles, the mean and the probability of exceeding a budget. Sampling runs on a
// flat double-precision copy of the model (analysis may use floating point; the estimate never
// does), with its own seeded generator so a seed gives the same numbers on every platform's
// standard library. An input shared by several lines is drawn once per sample, so correlations
// through the model hold; two distinct inputs that move together (throughput and MFU) are given a
// stated rank correlation, drawn through a Gaussian copula.
#ifndef TRNCOST_ANALYSIS_MONTE_CARLO_HPP
#define TRNCOST_ANALYSIS_MONTE_CARLO_HPP

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "inputs.hpp"

namespace trncost::analysis {

/// xoshiro256** seeded through splitmix64: a fixed, documented stream (std::mt19937 is fixed too,
/// but std:: distributions are not, across standard libraries).
class random_stream {
 public:
  explicit random_stream(std::uint64_t seed);
  std::uint64_t next() noexcept { return step(s_); }
  /// Uniform on the open interval (0, 1): 53 random bits, offset by half a step.
  double uniform() noexcept { return unit(next()); }
  /// Standard normal (Box-Muller, one value per call).
  double normal() noexcept;
  /// The next `n` values of uniform() into out[0, n), in order: the state kept in registers, with
  /// no other work between the steps (monte_carlo() takes a block's uniforms at once).
  void fill_uniform(double* out, std::size_t n) noexcept;
  /// The standard normal normal() makes of its two uniforms, u1 taken first.
  static double normal_of(double u1, double u2) noexcept {
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586476925 * u2);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t step(std::uint64_t (&s)[4]) noexcept;
  static double unit(std::uint64_t x) noexcept {
    return (static_cast<double>(x >> 11) + 0.5) * 0x1.0p-53;
  }
  std::uint64_t s_[4]{};
};

/// A distribution of an input's value.
class distribution {
 public:
  enum class kind { uniform, triangular, lognormal, empirical };

  static distribution uniform(decimal low, decimal high);
  static distribution triangular(decimal low, decimal mode, decimal high);
  /// A lognormal whose 90 % interval is [low, high] (5th and 95th percentiles), as Guesstimate and
  /// Squiggle read "low to high".
  static distribution lognormal_90(decimal low, decimal high);
  /// The values observed across repetitions, each equally likely (resampled).
  static distribution empirical(const std::vector<decimal>& values);

  [[nodiscard]] kind type() const noexcept { return kind_; }
  [[nodiscard]] const std::string& describe() const noexcept { return text_; }

  // Inlined wherever it is called: the probes of monte_carlo() run it in a loop, and tests compare
  // it with draw_block().
  [[gnu::always_inline]] double draw(random_stream& r) const noexcept {
    switch (kind_) {
      case kind::uniform:
        return uniform_of(r.uniform());
      case kind::triangular:
        return triangular_of(r.uniform());
      case kind::lognormal: {
        const double u1 = r.uniform();
        const double u2 = r.uniform();
        return lognormal_of(u1, u2);
      }
      case kind::empirical:
        return empirical_of(r.uniform());
    }
    return 0;
  }

  /// How many values of random_stream::uniform() one draw() takes: two for a lognormal
  /// (Box-Muller), one for the others.
  [[nodiscard]] std::size_t uniforms_per_draw() const noexcept {
    return kind_ == kind::lognormal ? 2 : 1;
  }

  /// draw() for `n` samples whose uniforms are already taken from the stream: sample j's are
  /// u[j * stride] and, for a lognormal, u[j * stride + 1]. The same operations as draw(), so
  /// out[j] is bit for bit what draw() gives from those uniforms; the kind is looked at once.
  void draw_block(const double* u, std::size_t stride, std::size_t n, double* out) const noexcept;

  /// The standard normal one draw's uniforms stand for (u[0], and u[1] for a lognormal): the
  /// Box-Muller normal of a lognormal, the normal quantile of u[0] for the others. With
  /// value_of_normal() it is draw() again (up to rounding): the copula's way in.
  [[nodiscard]] double standard_normal_of(const double* u) const noexcept;
  /// The value at standard normal z: this distribution's quantile at Phi(z) (a lognormal's
  /// exp(mu + sigma z)). The copula's way out: correlated normals become correlated values with
  /// each input's own distribution.
  [[nodiscard]] double value_of_normal(double z) const noexcept;

  /// The standard normal's 95th percentile.
  static constexpr double z95 = 1.6448536269514722;

 private:
  distribution(kind k, double a, double b, double c, std::vector<double> values, std::string text)
      : kind_(k), a_(a), b_(b), c_(c), values_(std::move(values)), text_(std::move(text)) {}

  // Each kind's value from its uniforms: the one place draw() and draw_block() take it from.
  double uniform_of(double u) const noexcept { return a_ + (b_ - a_) * u; }
  double triangular_of(double u) const noexcept;
  double lognormal_of(double u1, double u2) const noexcept {
    return std::exp(a_ + b_ * random_stream::normal_of(u1, u2));
  }
  double empirical_of(double u) const noexcept;

  static void check_order(const char* what, decimal low, decimal high);

  kind kind_;
  double a_;
  double b_;
  double c_;
  std::vector<double> values_;
  std::string text_;
};

struct uncertain_input {
  std::string input;
  distribution dist;
};

/// Two distinct uncertain inputs that move together: their rank (Spearman) correlation `rho`, in
/// [-1, 1] (0.8: the larger one is, the larger the other tends to be). Drawn through a Gaussian
/// copula whose normal correlation is 2 sin(pi rho / 6), so each input keeps its own distribution
/// and the pair's rank correlation is rho. Pairs not given are independent.
struct correlation {
  std::string first;
  std::string second;
  decimal rho{};
};

struct monte_carlo_options {
  std::uint64_t samples = 100'000;
  std::uint64_t seed = 1;
  std::optional<money> budget{};  ///< also a credit balance: P(total > budget) is reported
  /// Keep every sample's total, in the order drawn (monte_carlo_result::totals): for a host that
  /// plots or tests the distribution itself (the Python module hands them over as an array).
  bool keep_samples = false;
  /// Uncertain inputs that move together (each named in the inputs given to monte_carlo()). The
  /// set must be one a joint distribution can have (its copula matrix positive semi-definite). A
  /// correlation of 0 changes nothing: the draws are bit for bit those without it.
  std::vector<correlation> correlations{};
};

struct monte_carlo_result {
  std::uint64_t samples = 0;
  std::uint64_t seed = 0;
  double baseline = 0;  ///< the model's total at its sourced inputs
  double mean = 0;
  double p5 = 0;
  double p50 = 0;
  double p95 = 0;
  double min = 0;
  double max = 0;
  std::optional<double> p_over_budget{};
  std::vector<std::string> varied;  ///< "throughput: lognormal, 90 % in 900 to 1100"
  /// Per input, in the order given (parallel to `varied`): whether drawn alone it moves the total
  /// (moves_total_probes draws, the other inputs at their sourced values). An input that does not
  /// (a throughput on an always-on fleet that stays the same size, an input no line reaches) is
  /// held at its sourced value in the band and has does_not_move_note appended to its `varied`
  /// text, so every report of the band says so.
  std::vector<bool> moves_total;
  std::vector<double> totals;  ///< each sample's total, in draw order (options.keep_samples only)
  /// The correlations drawn, in the order given: "throughput and mfu: rank correlation 0.8".
  std::vector<std::string> correlations;
};

/// How many draws of an input, alone, decide whether it moves the total (monte_carlo_result).
/// 32: the probes of four inputs fill one block of the batched program (128 probes each cost the
/// instruction guard's 12,800-sample run 10 %), and an input that moves the total in a quarter of
/// its range is missed with probability 0.75^32 = 1e-4.
inline constexpr std::size_t moves_total_probes = 32;
/// A draw moves the total when it differs from the baseline by more than this share of it (at least
/// this much in USD): what the double arithmetic of the samples can leave where the exact total
/// does not move (serving's busy and idle lines add up to the same bill).
inline constexpr double moves_total_tolerance = 1e-9;
/// What the `varied` text of an input that does not move the total ends with.
inline constexpr std::string_view does_not_move_note =
    " (does not move the total: drawn alone, it leaves the total at its baseline; held at its "
    "sourced value)";

/// The model as a flat double-precision program over the leaves that vary: everything that does not
/// depend on them is computed once, when the program is built (its lines summed into a constant),
/// so each evaluation runs only the operations a varied leaf reaches. No allocation per evaluation.
class compiled_model {
 public:
  /// `varied`: indexes into in.leaves() of the leaves set_leaf() will change.
  compiled_model(const model_inputs& in, const std::vector<std::size_t>& varied);

  /// Sets varied leaf `k` (its position in the list given to the constructor).
  void set_leaf(std::size_t k, double v) noexcept { values_[varied_slots_[k]] = v; }
  [[nodiscard]] std::size_t operations() const noexcept { return program_.size() + lines_.size(); }

  /// The total of the priced lines at the current leaf values.
  double total() noexcept;

  /// Samples evaluated together by totals(): one row of this many values per slot.
  static constexpr std::size_t block = 128;

  /// Varied leaf `k` (its position in the list given to the constructor) of each of the next
  /// block samples: fill row[j] for sample j, then call totals().
  [[nodiscard]] double* leaf_row(std::size_t k) noexcept { return row(varied_rows_[k]); }

  /// The totals of the first `n` (at most block) samples whose leaves are in leaf_row(), into
  /// out[0, n): one pass over the block per operation, in the order total() takes them, with the
  /// same double operations, so each total is bit for bit what total() gives for that sample.
  void totals(std::size_t n, double* out) noexcept;

 private:
  enum class code : std::uint8_t {
    add,
    sub,
    mul,
    div,
    mul_scale,
    max,
    min,
    scale,
    band,
    band_open,
    ceil_to
  };
  struct instr {
    code kind = code::add;
    std::uint32_t dst = 0;
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    double k1 = 0;
    double k2 = 0;
  };
  struct line {
    std::uint32_t price;
    std::uint32_t quantity;
    double factor;
  };

  /// The double form of an operation of the vocabulary (op_kind, provenance/operation.hpp): the
  /// one table from which both the derivations above the leaves and the model's nodes are
  /// compiled. False for what has no double form here (a median of runs, an opaque derivation:
  /// leaves of the plan, never steps).
  static bool lower(const operation& o, instr& x) noexcept;

  static double run(const instr& x, const double* v) noexcept;

  /// Computes the operation once at the baseline; keeps it in the program only when a varied
  /// leaf reaches it.
  void place(const instr& x, std::vector<unsigned char>& dirty);

  [[nodiscard]] double* row(std::uint32_t r) noexcept { return rows_.data() + r * block; }

  /// One operation over a block: a plain loop over arrays that cannot overlap (the destination
  /// row is never an operand row), of a fixed length, which the compiler vectorises.
  void run_rows(const instr& x) noexcept;

  /// Gives each slot the program reads or writes a row of `block` values, renumbering the
  /// block program's operands to rows; a slot no varied leaf reaches gets its value repeated.
  void build_rows();

  std::vector<double> values_;
  std::vector<std::uint32_t> varied_slots_;
  std::vector<instr> program_;
  std::vector<line> lines_;
  double constant_ = 0;

  // The block form: the same program and lines over rows (build_rows()).
  std::vector<double> rows_;
  std::vector<std::uint32_t> varied_rows_;
  std::vector<instr> block_program_;
  std::vector<line> block_lines_;
  std::uint32_t total_row_ = 0;
};

namespace detail {

/// The standard normal distribution function Phi(z) = erfc(-z / sqrt(2)) / 2.
TRNCOST_DECL double normal_cdf(double z) noexcept;

/// Its inverse on (0, 1): Acklam's rational approximation polished by one Halley step on
/// normal_cdf() (relative error about 1e-15); -inf at 0, +inf at 1.
TRNCOST_DECL double normal_quantile(double p) noexcept;

/// The lower triangular L with L L^T = c (n x n, row-major; semi-definite allowed: a zero pivot
/// leaves its column zero), or nullopt when c is not positive semi-definite (tolerance 1e-9).
TRNCOST_DECL std::optional<std::vector<double>> cholesky(const std::vector<double>& c,
                                                         std::size_t n);

/// The 0-based position of the nearest-rank p-th percentile among n sorted samples: the smallest
/// sample with at least p of the samples at or below it.
TRNCOST_DECL std::size_t percentile_rank(std::size_t n, double p);

/// The nearest-rank percentiles `ps` of `v`, whose values are finite, lo its smallest and hi its
/// largest; v is left as it is. nth_element over all of v mispredicts a branch about every other
/// comparison on random totals (37 % of a flagship run's time went there), so: one pass counts the
/// samples in each of `slices` equal slices of [lo, hi] (a value's slice never decreases as the
/// value grows, so a lower slice holds only smaller values), the counts say which slice holds each
/// rank and how many samples lie below it, a second pass copies out only those slices' samples,
/// and nth_element finds each rank among them. The values found are those a sort gives.
template <std::size_t N>
std::array<double, N> percentiles(const std::vector<double>& v, double lo, double hi,
                                  const std::array<double, N>& ps) {
  constexpr std::size_t slices = 4096;
  std::array<double, N> out{};
  std::array<std::size_t, N> at{};
  for (std::size_t i = 0; i < N; ++i) at[i] = percentile_rank(v.size(), ps[i]);
  const double span = hi - lo;
  const double scale = static_cast<double>(slices) / span;
  // A span that overflows (lo = -1e308, hi = 1e308) gives scale 0 and x - lo infinite: slicing
  // would multiply infinity by zero.
  if (!(span > 0) || !std::isfinite(span) || !std::isfinite(scale)) {
    // All equal, or a span too narrow or too wide to slice: a search over a copy.
    std::vector<double> all(v);
    for (std::size_t i = 0; i < N; ++i) {
      const auto it = all.begin() + static_cast<std::ptrdiff_t>(at[i]);
      std::nth_element(all.begin(), it, all.end());
      out[i] = *it;
    }
    return out;
  }
  const auto slice_of = [lo, scale](double x) {
    const auto s = static_cast<std::size_t>((x - lo) * scale);  // x - lo <= hi - lo: at most slices
    return s < slices ? s : slices - 1;
  };
  std::vector<std::size_t> count(slices, 0);
  for (const double x : v) ++count[slice_of(x)];
  std::array<std::size_t, N> slice{};
  std::array<std::size_t, N> below{};
  std::array<std::size_t, N> owner{};  // the first rank in the same slice: its samples are shared
  for (std::size_t i = 0; i < N; ++i) {
    std::size_t s = 0;
    std::size_t before = 0;
    while (before + count[s] <= at[i]) before += count[s++];
    slice[i] = s;
    below[i] = before;
    owner[i] = i;
    for (std::size_t j = 0; j < i; ++j) {
      if (slice[j] == s) {
        owner[i] = j;
        break;
      }
    }
  }
  std::array<std::vector<double>, N> found;
  for (std::size_t i = 0; i < N; ++i) {
    if (owner[i] == i) found[i].reserve(count[slice[i]]);
  }
  for (const double x : v) {
    const std::size_t s = slice_of(x);
    for (std::size_t i = 0; i < N; ++i) {
      if (s == slice[i]) {
        found[owner[i]].push_back(x);
        break;
      }
    }
  }
  for (std::size_t i = 0; i < N; ++i) {
    auto& f = found[owner[i]];
    const auto it = f.begin() + static_cast<std::ptrdiff_t>(at[i] - below[i]);
    std::nth_element(f.begin(), it, f.end());
    out[i] = *it;
  }
  return out;
}

}  // namespace detail

namespace detail {

/// monte_carlo_result::moves_total and the `varied` notes, out of line of monte_carlo()'s sample
/// loop. Which inputs move the total: each drawn alone, moves_total_probes times from a stream of
/// its own (seed + its position + 1: the band's draws are unchanged), the others at their sourced
/// values; evaluated, not asserted from the model's shape. The probes of all inputs share blocks
/// (input k in lanes k x probes to (k + 1) x probes - 1): four inputs are one block.
[[gnu::noinline]] inline void flag_inputs_that_do_not_move(
    const model_inputs& in, const std::vector<std::size_t>& leaves, std::uint64_t seed,
    compiled_model& program, const std::vector<double*>& rows,
    const std::vector<const distribution*>& dists, monte_carlo_result& out) {
  const auto baseline = in.baseline();
  const double tolerance = moves_total_tolerance * std::max(1.0, std::abs(out.baseline));
  std::vector<random_stream> alone;
  alone.reserve(dists.size());
  for (std::size_t k = 0; k < dists.size(); ++k) alone.emplace_back(seed + k + 1);
  std::vector<char> moves(dists.size(), 0);
  std::vector<double> probe(compiled_model::block);
  const std::size_t lanes = dists.size() * moves_total_probes;
  for (std::size_t first = 0; first < lanes; first += compiled_model::block) {
    const std::size_t n = std::min(compiled_model::block, lanes - first);
    for (std::size_t r = 0; r < dists.size(); ++r) {
      const double v = baseline[leaves[r]].to_double();
      for (std::size_t j = 0; j < n; ++j) {
        rows[r][j] = (first + j) / moves_total_probes == r ? dists[r]->draw(alone[r]) : v;
      }
    }
    program.totals(n, probe.data());
    for (std::size_t j = 0; j < n; ++j) {
      const bool moved = !(std::abs(probe[j] - out.baseline) <= tolerance);
      if (moved) moves[(first + j) / moves_total_probes] = 1;
    }
  }
  for (std::size_t k = 0; k < dists.size(); ++k) {
    out.moves_total.push_back(moves[k] != 0);
    if (moves[k] == 0) out.varied[k] += does_not_move_note;
  }
}

/// The draws of a block whose inputs in `group` (positions in dists, in the order of the copula's
/// factor) are correlated: the others drawn as without correlations, each correlated input's
/// uniforms turned into a standard normal (distribution::standard_normal_of), the normals mixed
/// by the lower triangular `factor` (group.size() squared, row-major), and each mixed normal
/// turned into its input's value (value_of_normal). The uniforms are those the block takes
/// without correlations, so an input outside the group draws what it always did.
inline void draw_correlated_block(const double* uniforms, std::size_t per_sample,
                                  const std::vector<std::size_t>& offset, std::size_t n,
                                  const std::vector<const distribution*>& dists,
                                  const std::vector<std::size_t>& group,
                                  const std::vector<double>& factor,
                                  const std::vector<std::size_t>& group_of, double* normals,
                                  const std::vector<double*>& rows) {
  const std::size_t g = group.size();
  for (std::size_t k = 0; k < dists.size(); ++k) {
    if (group_of[k] < dists.size()) continue;
    dists[k]->draw_block(uniforms + offset[k], per_sample, n, rows[k]);
  }
  for (std::size_t i = 0; i < g; ++i) {
    const std::size_t k = group[i];
    double* z = normals + i * compiled_model::block;
    for (std::size_t j = 0; j < n; ++j) {
      z[j] = dists[k]->standard_normal_of(uniforms + j * per_sample + offset[k]);
    }
  }
  for (std::size_t i = 0; i < g; ++i) {
    const std::size_t k = group[i];
    for (std::size_t j = 0; j < n; ++j) {
      double mixed = 0;
      for (std::size_t m = 0; m <= i; ++m) {
        mixed += factor[i * g + m] * normals[m * compiled_model::block + j];
      }
      rows[k][j] = dists[k]->value_of_normal(mixed);
    }
  }
}

}  // namespace detail

/// Samples the model's total with each uncertain input drawn from its distribution.
TRNCOST_DECL monte_carlo_result monte_carlo(const model_inputs& in,
                                            const std::vector<uncertain_input>& inputs,
                                            const monte_carlo_options& options = {});

}  // namespace trncost::analysis

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/monte_carlo.ipp"
#endif

#endif  // TRNCOST_ANALYSIS_MONTE_CARLO_HPP
