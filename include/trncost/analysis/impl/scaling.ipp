// The definitions of analysis/scaling.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_SCALING_IPP
#define TRNCOST_ANALYSIS_IMPL_SCALING_IPP

#include "../scaling.hpp"

namespace trncost {

namespace analysis {

TRNCOST_DECL scaling_curve::scaling_curve(std::vector<scaling_point> points)
    : points_(std::move(points)) {
  if (points_.empty()) throw input_error("a scaling curve needs at least one measured point");
  std::sort(points_.begin(), points_.end(), [](const auto& a, const auto& b) {
    return a.nodes.value().value() < b.nodes.value().value();
  });
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const auto& p = points_[i];
    if (!(decimal{} < p.nodes.value().value())) {
      throw input_error("scaling point '" + p.nodes.name() + "': the node count must be positive");
    }
    if (!(decimal{} < p.throughput.value().value())) {
      throw input_error("scaling point '" + p.throughput.name() +
                        "': the throughput must be "
                        "positive");
    }
    if (i > 0 && points_[i - 1].nodes.value().value() == p.nodes.value().value()) {
      throw input_error("scaling points '" + points_[i - 1].throughput.name() + "' and '" +
                        p.throughput.name() + "' are both at " +
                        p.nodes.value().value().to_string() +
                        " nodes: keep one (or take their median first)");
    }
  }
}

TRNCOST_DECL auto scaling_curve::efficiency(std::size_t i) const -> sourced<fraction> {
  const auto& base = points_.front();
  const auto& p = points_.at(i);
  const decimal v = p.throughput.value().value() * base.nodes.value().value() /
                    (base.throughput.value().value() * p.nodes.value().value());
  return detail::derive_named(
      "scaling_efficiency_" + p.nodes.value().value().to_string(), fraction::from_value(v),
      "(" + p.throughput.name() + " / " + base.throughput.name() + ") / (" + p.nodes.name() +
          " / " + base.nodes.name() + ")",
      {p.throughput.record(), base.throughput.record(), p.nodes.record(), base.nodes.record()});
}

TRNCOST_DECL auto scaling_curve::rows(
    const sourced<quantity<units::token_t>>& tokens,
    const sourced<quantity<units::usd_per_instance_hour_t>>& price) const
    -> std::vector<scaling_row> {
  std::vector<scaling_row> out;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    out.push_back(row(points_[i].nodes, points_[i].throughput, efficiency(i), true, tokens, price));
  }
  return out;
}

TRNCOST_DECL auto scaling_curve::extrapolate(
    std::uint64_t target, const sourced<fraction>& loss_per_doubling,
    const sourced<quantity<units::token_t>>& tokens,
    const sourced<quantity<units::usd_per_instance_hour_t>>& price) const -> scaling_row {
  const auto& base = points_.front();
  const auto& top = points_.back();
  const decimal loss = loss_per_doubling.value().value();
  if (loss.is_negative() || !(loss < decimal(1))) {
    throw input_error("the efficiency loss per doubling '" + loss_per_doubling.name() + "' is " +
                      loss.to_string() + ": it must be at least 0 and below 1");
  }
  // target / n_max must be a power of two above 1.
  const decimal ratio = decimal(target) / top.nodes.value().value();
  int k = 0;
  decimal r = ratio;
  while (decimal(1) < r && (r / decimal(2)) * decimal(2) == r) {
    r = r / decimal(2);
    ++k;
  }
  if (k == 0 || r != decimal(1)) {
    throw input_error("extrapolating to " + std::to_string(target) +
                      " nodes: the model of a "
                      "constant loss per doubling needs the largest measured count (" +
                      top.nodes.value().value().to_string() +
                      ") times a power of two; measure that count instead");
  }
  const auto top_eff = efficiency(points_.size() - 1);
  decimal eff = top_eff.value().value();
  for (int i = 0; i < k; ++i) eff = eff * (decimal(1) - loss);
  const std::string count = std::to_string(target);
  auto nodes =
      detail::derive_named("nodes_" + count, node_count::from_value(decimal(target)),
                           top.nodes.name() + " * 2^" + std::to_string(k), {top.nodes.record()});
  auto efficiency_t = detail::derive_named(
      "scaling_efficiency_" + count, fraction::from_value(eff),
      top_eff.name() + " * (1 - " + loss_per_doubling.name() + ")^" + std::to_string(k),
      {top_eff.record(), loss_per_doubling.record()});
  const decimal tput =
      base.throughput.value().value() * decimal(target) / base.nodes.value().value() * eff;
  auto throughput = detail::derive_named(
      "throughput_" + count, token_rate::from_value(tput),
      base.throughput.name() + " * (" + nodes.name() + " / " + base.nodes.name() + ") * " +
          efficiency_t.name(),
      {base.throughput.record(), nodes.record(), base.nodes.record(), efficiency_t.record()});
  return row(nodes, throughput, efficiency_t, false, tokens, price);
}

TRNCOST_DECL auto scaling_curve::row(const sourced<node_count>& nodes,
                                     const sourced<token_rate>& throughput,
                                     sourced<fraction> efficiency, bool measured,
                                     const sourced<quantity<units::token_t>>& tokens,
                                     const sourced<quantity<units::usd_per_instance_hour_t>>& price)
    -> scaling_row {
  const std::string count = nodes.value().value().to_string();
  auto time = detail::derive_named(
      "time_at_" + count,
      quantity<units::second_t>::from_value(tokens.value().value() / throughput.value().value()),
      tokens.name() + " / " + throughput.name(), {tokens.record(), throughput.record()});
  const auto usage = nodes * time;  // instance-seconds
  auto cost = charge("cost_at_" + count, price, usage);
  return {nodes.value().value(), measured,        throughput,
          std::move(efficiency), std::move(time), std::move(cost)};
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_SCALING_IPP
