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

TRNCOST_DECL double normal_cdf(double z) noexcept {
  return 0.5 * std::erfc(-z * 0.70710678118654752440);
}

TRNCOST_DECL double normal_quantile(double p) noexcept {
  if (!(p > 0)) return -std::numeric_limits<double>::infinity();
  if (!(p < 1)) return std::numeric_limits<double>::infinity();
  static constexpr double a[6] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                  -2.759285104469687e+02, 1.383577518672690e+02,
                                  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[5] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                  -1.556989798598866e+02, 6.680131188771972e+01,
                                  -1.328068155288572e+01};
  static constexpr double c[6] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                  -2.400758277161838e+00, -2.549732539343734e+00,
                                  4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[4] = {7.784695709041462e-03, 3.224671290700398e-01,
                                  2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double low = 0.02425;
  double x = 0;
  if (p < low || p > 1 - low) {
    const double q = std::sqrt(-2 * std::log(p < low ? p : 1 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    if (p > 1 - low) x = -x;
  } else {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  // One Halley step on Phi(x) - p.
  const double e = normal_cdf(x) - p;
  const double u = e * 2.50662827463100050242 * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

TRNCOST_DECL std::optional<std::vector<double>> cholesky(const std::vector<double>& c,
                                                         std::size_t n) {
  constexpr double tolerance = 1e-9;
  std::vector<double> l(n * n, 0.0);
  for (std::size_t j = 0; j < n; ++j) {
    double diag = c[j * n + j];
    for (std::size_t k = 0; k < j; ++k) diag -= l[j * n + k] * l[j * n + k];
    if (diag < -tolerance) return std::nullopt;
    const double pivot = diag > 0 ? std::sqrt(diag) : 0.0;
    l[j * n + j] = pivot;
    for (std::size_t i = j + 1; i < n; ++i) {
      double v = c[i * n + j];
      for (std::size_t k = 0; k < j; ++k) v -= l[i * n + k] * l[j * n + k];
      if (pivot > tolerance) {
        l[i * n + j] = v / pivot;
      } else if (std::abs(v) > tolerance) {
        return std::nullopt;  // a zero pivot with a nonzero entry below it
      }
    }
  }
  return l;
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
  // Correlated inputs: the group of those in a correlation other than 0, with the Cholesky factor
  // of their copula's normal correlations (2 sin(pi rho / 6) for rank correlation rho).
  std::vector<std::size_t> group;  // positions in `inputs`
  std::vector<std::size_t> group_of(inputs.size(), inputs.size());
  std::vector<double> factor;
  {
    const auto position = [&](const std::string& name, const std::string& pair) {
      const auto leaf = in.find(name);
      for (std::size_t k = 0; k < leaves.size(); ++k) {
        if (leaves[k] == leaf) return k;
      }
      throw input_error("Monte Carlo: the correlation of " + pair + ": '" + name +
                        "' is not one of the uncertain inputs (only drawn inputs move together)");
    };
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    std::vector<double> normal;
    for (const auto& c : options.correlations) {
      const std::string pair = "'" + c.first + "' and '" + c.second + "'";
      const auto a = position(c.first, pair);
      const auto b = position(c.second, pair);
      if (a == b) {
        throw input_error("Monte Carlo: '" + c.first +
                          "' is correlated with itself; a correlation is between two inputs");
      }
      if (c.rho < decimal(-1) || decimal(1) < c.rho) {
        throw input_error("Monte Carlo: the correlation of " + pair + " is " + c.rho.to_string() +
                          "; a correlation is from -1 to 1");
      }
      for (const auto& [x, y] : pairs) {
        if ((x == a && y == b) || (x == b && y == a)) {
          throw input_error("Monte Carlo: the correlation of " + pair + " is given twice");
        }
      }
      pairs.emplace_back(a, b);
      // 2 sin(pi / 6) is 1 only up to rounding: the perfect correlations are taken exactly.
      const double rho = c.rho.to_double();
      normal.push_back(std::abs(rho) == 1 ? rho : 2 * std::sin(3.14159265358979323846 / 6 * rho));
      out.correlations.push_back(c.first + " and " + c.second + ": rank correlation " +
                                 c.rho.to_string());
      if (c.rho == decimal{}) continue;  // independent: the draws stay those without it
      for (const auto k : {a, b}) {
        if (group_of[k] == inputs.size()) {
          group_of[k] = group.size();
          group.push_back(k);
        }
      }
    }
    const std::size_t g = group.size();
    std::vector<double> matrix(g * g, 0.0);
    for (std::size_t i = 0; i < g; ++i) matrix[i * g + i] = 1.0;
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      const auto i = group_of[pairs[p].first];
      const auto j = group_of[pairs[p].second];
      if (i == inputs.size() || j == inputs.size()) continue;
      matrix[i * g + j] = normal[p];
      matrix[j * g + i] = normal[p];
    }
    auto l = detail::cholesky(matrix, g);
    if (!l) {
      throw input_error(
          "Monte Carlo: the correlations are not positive semi-definite: no joint distribution "
          "has them all (three inputs cannot each move with the next and against the first); "
          "loosen one");
    }
    factor = std::move(*l);
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
  std::vector<double> normals(compiled_model::block * group.size());
  detail::flag_inputs_that_do_not_move(in, leaves, options.seed, program, rows, dists, out);
  // An input that cannot move the total is not drawn into the band: held at its sourced
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
    if (group.empty()) {
      for (std::size_t k = 0; k < dists.size(); ++k) {
        dists[k]->draw_block(uniforms.data() + offset[k], per_sample, n, rows[k]);
      }
    } else {
      detail::draw_correlated_block(uniforms.data(), per_sample, offset, n, dists, group, factor,
                                    group_of, normals.data(), rows);
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

namespace analysis {

TRNCOST_DECL random_stream::random_stream(std::uint64_t seed) {
  for (auto& s : s_) {
    seed += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    s = z ^ (z >> 31);
  }
}

TRNCOST_DECL auto random_stream::normal() noexcept -> double {
  const double u1 = uniform();
  const double u2 = uniform();
  return normal_of(u1, u2);
}

TRNCOST_DECL auto random_stream::fill_uniform(double* out, std::size_t n) noexcept -> void {
  std::uint64_t s[4] = {s_[0], s_[1], s_[2], s_[3]};
  for (std::size_t i = 0; i < n; ++i) out[i] = unit(step(s));
  for (int i = 0; i < 4; ++i) s_[i] = s[i];
}

TRNCOST_DECL auto random_stream::step(std::uint64_t (&s)[4]) noexcept -> std::uint64_t {
  const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

TRNCOST_DECL auto distribution::uniform(decimal low, decimal high) -> distribution {
  check_order("uniform", low, high);
  return {kind::uniform,
          low.to_double(),
          high.to_double(),
          0,
          {},
          "uniform " + low.to_string() + " to " + high.to_string()};
}

TRNCOST_DECL auto distribution::triangular(decimal low, decimal mode, decimal high)
    -> distribution {
  check_order("triangular", low, high);
  if (mode < low || high < mode) {
    throw input_error("triangular distribution: the mode " + mode.to_string() + " is outside " +
                      low.to_string() + " to " + high.to_string());
  }
  return {kind::triangular,
          low.to_double(),
          high.to_double(),
          mode.to_double(),
          {},
          "triangular " + low.to_string() + ", " + mode.to_string() + ", " + high.to_string()};
}

TRNCOST_DECL auto distribution::lognormal_90(decimal low, decimal high) -> distribution {
  check_order("lognormal", low, high);
  if (!(decimal{} < low)) {
    throw input_error(
        "lognormal distribution: both bounds of its 90 % interval must be above "
        "0; low is " +
        low.to_string());
  }
  const double mu = (std::log(low.to_double()) + std::log(high.to_double())) / 2.0;
  const double sigma = (std::log(high.to_double()) - std::log(low.to_double())) / (2.0 * z95);
  return {kind::lognormal,
          mu,
          sigma,
          0,
          {},
          "lognormal, 90 % in " + low.to_string() + " to " + high.to_string()};
}

TRNCOST_DECL auto distribution::empirical(const std::vector<decimal>& values) -> distribution {
  if (values.empty()) throw input_error("empirical distribution: no value given");
  std::vector<double> v;
  v.reserve(values.size());
  for (const auto& x : values) v.push_back(x.to_double());
  return {kind::empirical,
          0,
          0,
          0,
          std::move(v),
          "empirical, " + std::to_string(values.size()) + " observed values"};
}

TRNCOST_DECL auto distribution::draw_block(const double* u, std::size_t stride, std::size_t n,
                                           double* out) const noexcept -> void {
  switch (kind_) {
    case kind::uniform:
      for (std::size_t j = 0; j < n; ++j) out[j] = uniform_of(u[j * stride]);
      return;
    case kind::triangular:
      for (std::size_t j = 0; j < n; ++j) out[j] = triangular_of(u[j * stride]);
      return;
    case kind::lognormal:
      for (std::size_t j = 0; j < n; ++j) out[j] = lognormal_of(u[j * stride], u[j * stride + 1]);
      return;
    case kind::empirical:
      for (std::size_t j = 0; j < n; ++j) out[j] = empirical_of(u[j * stride]);
      return;
  }
}

TRNCOST_DECL auto distribution::standard_normal_of(const double* u) const noexcept -> double {
  return kind_ == kind::lognormal ? random_stream::normal_of(u[0], u[1])
                                  : detail::normal_quantile(u[0]);
}

TRNCOST_DECL auto distribution::value_of_normal(double z) const noexcept -> double {
  switch (kind_) {
    case kind::uniform:
      return uniform_of(detail::normal_cdf(z));
    case kind::triangular:
      return triangular_of(detail::normal_cdf(z));
    case kind::lognormal:
      return std::exp(a_ + b_ * z);
    case kind::empirical:
      return empirical_of(detail::normal_cdf(z));
  }
  return 0;
}

TRNCOST_DECL auto distribution::triangular_of(double u) const noexcept -> double {
  const double span = b_ - a_;
  if (span <= 0) return a_;
  const double left = (c_ - a_) / span;
  return u < left ? a_ + std::sqrt(u * span * (c_ - a_))
                  : b_ - std::sqrt((1.0 - u) * span * (b_ - c_));
}

TRNCOST_DECL auto distribution::empirical_of(double u) const noexcept -> double {
  const auto n = values_.size();
  auto i = static_cast<std::size_t>(u * static_cast<double>(n));
  return values_[i < n ? i : n - 1];
}

TRNCOST_DECL auto distribution::check_order(const char* what, decimal low, decimal high) -> void {
  if (high < low) {
    throw input_error(std::string(what) + " distribution: low " + low.to_string() +
                      " is above high " + high.to_string());
  }
}

TRNCOST_DECL compiled_model::compiled_model(const model_inputs& in,
                                            const std::vector<std::size_t>& varied) {
  const auto& d = in.source().data();
  const auto slots = static_cast<std::uint32_t>(in.slot_count());
  values_.assign(slots + d.nodes.size(), 0.0);
  std::vector<unsigned char> dirty(values_.size(), 0);
  const auto baseline = in.baseline();
  for (std::size_t i = 0; i < baseline.size(); ++i) {
    values_[in.leaf_slot(i)] = baseline[i].to_double();
  }
  for (const auto v : varied) {
    varied_slots_.push_back(in.leaf_slot(v));
    dirty[in.leaf_slot(v)] = 1;
  }
  // Derivations above the leaves.
  for (std::size_t s = 0; s < in.steps().size(); ++s) {
    const auto& st = in.steps()[s];
    instr x{};
    x.dst = in.step_slots()[s];
    x.a = st.a;
    x.b = st.b;
    if (!lower(st.op, x)) continue;
    place(x, dirty);
  }
  // The model's nodes; an input node is read straight from the slot that computes it.
  std::vector<std::uint32_t> where(d.nodes.size());
  for (std::uint32_t i = 0; i < d.nodes.size(); ++i) where[i] = slots + i;
  for (const auto& ns : in.node_slots()) where[ns.node] = ns.slot;
  std::vector<unsigned char> known(d.nodes.size(), 1);
  for (std::uint32_t i = 0; i < d.nodes.size(); ++i) {
    const auto& n = d.nodes[i];
    if (trncost::detail::is_leaf(n)) {
      if (n.unknown) {
        known[i] = 0;
      } else if (where[i] == slots + i) {
        values_[slots + i] = d.baseline[i].to_double();
      }
      continue;
    }
    const bool unary = trncost::detail::is_unary(n);
    known[i] = (known[n.a] != 0 && (unary || known[n.b] != 0)) ? 1 : 0;
    if (known[i] == 0) continue;
    instr x{};
    x.dst = slots + i;
    x.a = where[n.a];
    x.b = where[n.b];
    if (!lower(n.op, x)) continue;
    place(x, dirty);
  }
  // Lines: those a varied leaf reaches are evaluated each time, the others summed once.
  for (const auto& l : d.lines) {
    if (known[l.price] == 0 || known[l.quantity] == 0) continue;  // unpriced: not in totals
    const line x{where[l.price], where[l.quantity],
                 static_cast<double>(l.num) / static_cast<double>(l.den)};
    if (dirty[x.price] != 0 || dirty[x.quantity] != 0) {
      lines_.push_back(x);
    } else {
      constant_ += values_[x.price] * values_[x.quantity] * x.factor;
    }
  }
  build_rows();
}

TRNCOST_DECL auto compiled_model::total() noexcept -> double {
  double* v = values_.data();
  for (const auto& x : program_) v[x.dst] = run(x, v);
  double total = constant_;
  for (const auto& l : lines_) total += v[l.price] * v[l.quantity] * l.factor;
  return total;
}

TRNCOST_DECL auto compiled_model::totals(std::size_t n, double* out) noexcept -> void {
  for (const auto& x : block_program_) run_rows(x);
  double* t = row(total_row_);
  const double c = constant_;
  for (std::size_t j = 0; j < block; ++j) t[j] = c;
  // Four lines per pass: each sample's total still adds them one by one, in order.
  std::size_t i = 0;
  for (; i + 4 <= block_lines_.size(); i += 4) {
    const line* l = &block_lines_[i];
    const double* __restrict p0 = row(l[0].price);
    const double* __restrict q0 = row(l[0].quantity);
    const double* __restrict p1 = row(l[1].price);
    const double* __restrict q1 = row(l[1].quantity);
    const double* __restrict p2 = row(l[2].price);
    const double* __restrict q2 = row(l[2].quantity);
    const double* __restrict p3 = row(l[3].price);
    const double* __restrict q3 = row(l[3].quantity);
    double* __restrict tt = t;
    const double f0 = l[0].factor, f1 = l[1].factor, f2 = l[2].factor, f3 = l[3].factor;
    for (std::size_t j = 0; j < block; ++j) {
      double x = tt[j];
      x += p0[j] * q0[j] * f0;
      x += p1[j] * q1[j] * f1;
      x += p2[j] * q2[j] * f2;
      x += p3[j] * q3[j] * f3;
      tt[j] = x;
    }
  }
  for (; i < block_lines_.size(); ++i) {
    const line& l = block_lines_[i];
    const double* __restrict p = row(l.price);
    const double* __restrict q = row(l.quantity);
    double* __restrict tt = t;
    const double f = l.factor;
    for (std::size_t j = 0; j < block; ++j) tt[j] += p[j] * q[j] * f;
  }
  for (std::size_t j = 0; j < n && j < block; ++j) out[j] = t[j];
}

TRNCOST_DECL auto compiled_model::lower(const operation& o, instr& x) noexcept -> bool {
  const double ratio = static_cast<double>(o.num) / static_cast<double>(o.den);
  switch (o.kind) {
    case op_kind::add:
      x.kind = code::add;
      return true;
    case op_kind::sub:
      x.kind = code::sub;
      return true;
    case op_kind::mul:
      x.kind = code::mul;
      return true;
    case op_kind::div:
      x.kind = code::div;
      return true;
    case op_kind::max:
      x.kind = code::max;
      return true;
    case op_kind::min:
      x.kind = code::min;
      return true;
    case op_kind::scale:
      x.kind = code::scale;
      x.k1 = static_cast<double>(o.factor);
      return true;
    case op_kind::band:
      x.kind = o.upper ? code::band : code::band_open;
      x.k1 = o.lower.to_double();
      if (o.upper) x.k2 = (*o.upper - o.lower).to_double();
      return true;
    case op_kind::ceil_to:
      x.kind = code::ceil_to;
      x.k1 = o.step.to_double();
      return true;
    case op_kind::convert:
      x.kind = code::scale;
      x.k1 = ratio;
      return true;
    case op_kind::charge:
      x.kind = code::mul_scale;
      x.k1 = ratio;
      return true;
    case op_kind::median:
    case op_kind::opaque:
      return false;
  }
  return false;
}

TRNCOST_DECL auto compiled_model::run(const instr& x, const double* v) noexcept -> double {
  const double a = v[x.a];
  switch (x.kind) {
    case code::add:
      return a + v[x.b];
    case code::sub:
      return a - v[x.b];
    case code::mul:
      return a * v[x.b];
    case code::div:
      return a / v[x.b];
    case code::mul_scale:
      return a * v[x.b] * x.k1;
    case code::max:
      return std::max(a, v[x.b]);
    case code::min:
      return std::min(a, v[x.b]);
    case code::scale:
      return a * x.k1;
    case code::band:
      return std::min(std::max(a - x.k1, 0.0), x.k2);
    case code::band_open:
      return std::max(a - x.k1, 0.0);
    case code::ceil_to:
      return std::ceil(a / x.k1) * x.k1;
  }
  return 0;
}

TRNCOST_DECL auto compiled_model::place(const instr& x, std::vector<unsigned char>& dirty) -> void {
  values_[x.dst] = run(x, values_.data());
  const bool unary = x.kind == code::scale || x.kind == code::band || x.kind == code::band_open ||
                     x.kind == code::ceil_to;
  if (dirty[x.a] != 0 || (!unary && dirty[x.b] != 0)) {
    dirty[x.dst] = 1;
    program_.push_back(x);
  }
}

TRNCOST_DECL auto compiled_model::run_rows(const instr& x) noexcept -> void {
  double* __restrict d = row(x.dst);
  const double* __restrict a = row(x.a);
  const double* __restrict b = row(x.b);
  const double k1 = x.k1;
  const double k2 = x.k2;
  switch (x.kind) {
    case code::add:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] + b[j];
      return;
    case code::sub:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] - b[j];
      return;
    case code::mul:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] * b[j];
      return;
    case code::div:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] / b[j];
      return;
    case code::mul_scale:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] * b[j] * k1;
      return;
    case code::max:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] < b[j] ? b[j] : a[j];
      return;
    case code::min:
      for (std::size_t j = 0; j < block; ++j) d[j] = b[j] < a[j] ? b[j] : a[j];
      return;
    case code::scale:
      for (std::size_t j = 0; j < block; ++j) d[j] = a[j] * k1;
      return;
    case code::band:
      for (std::size_t j = 0; j < block; ++j) {
        const double m = a[j] - k1;
        const double lo = m < 0.0 ? 0.0 : m;
        d[j] = k2 < lo ? k2 : lo;
      }
      return;
    case code::band_open:
      for (std::size_t j = 0; j < block; ++j) {
        const double m = a[j] - k1;
        d[j] = m < 0.0 ? 0.0 : m;
      }
      return;
    case code::ceil_to:
      for (std::size_t j = 0; j < block; ++j) d[j] = std::ceil(a[j] / k1) * k1;
      return;
  }
}

TRNCOST_DECL auto compiled_model::build_rows() -> void {
  std::vector<std::uint32_t> row_of(values_.size(), ~std::uint32_t{0});
  std::vector<double> fill;
  const auto use = [&](std::uint32_t slot) {
    if (row_of[slot] == ~std::uint32_t{0}) {
      row_of[slot] = static_cast<std::uint32_t>(fill.size());
      fill.push_back(values_[slot]);
    }
    return row_of[slot];
  };
  for (const auto s : varied_slots_) varied_rows_.push_back(use(s));
  block_program_ = program_;
  for (auto& x : block_program_) {
    x.a = use(x.a);
    x.b = use(x.b);
    x.dst = use(x.dst);
  }
  block_lines_ = lines_;
  for (auto& l : block_lines_) {
    l.price = use(l.price);
    l.quantity = use(l.quantity);
  }
  total_row_ = static_cast<std::uint32_t>(fill.size());
  fill.push_back(0.0);
  rows_.assign(fill.size() * block, 0.0);
  for (std::uint32_t r = 0; r < fill.size(); ++r) {
    std::fill_n(rows_.begin() + static_cast<std::ptrdiff_t>(r * block), block, fill[r]);
  }
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_MONTE_CARLO_IPP
