// The definitions of measure/derived.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MEASURE_IMPL_DERIVED_IPP
#define TRNCOST_MEASURE_IMPL_DERIVED_IPP

#include "../derived.hpp"

namespace trncost {

namespace measure {

TRNCOST_DECL quantity<units::second_t> phase_seconds(const run_record& r, phase p) {
  decimal total{};
  for (const auto& x : r.phases) {
    if (x.ph == p) total = total + x.duration.value();
  }
  return quantity<units::second_t>::from_value(total);
}

TRNCOST_DECL quantity<units::second_t> billed_seconds(const run_record& r) {
  decimal total{};
  for (const auto& x : r.phases) total = total + x.duration.value();
  return quantity<units::second_t>::from_value(total);
}

TRNCOST_DECL quantity<units::instance_second_t> instance_seconds(const run_record& r) {
  return quantity<units::instance_second_t>::from_value(r.instances.value() *
                                                        billed_seconds(r).value());
}

TRNCOST_DECL measured run_provenance(const run_record& r, std::string method) {
  measured m{.run_id = r.id, .method = std::move(method)};
  m.instance_type = r.instance_type;
  m.region = r.region;
  for (const auto& x : r.phases) {
    if (x.start) {
      m.from = *x.start;
      break;
    }
  }
  m.to = m.from;
  if (r.ended && *r.ended > m.to) m.to = *r.ended;
  return m;
}

TRNCOST_DECL goodput_report goodput(const run_record& r) {
  const auto billed = billed_seconds(r);
  if (billed.value() <= decimal{}) {
    throw input_error("run '" + r.id + "': the phases last 0 s; no goodput");
  }
  const sourced billed_s(
      "billed_s", billed,
      provenance{run_provenance(r, "sum of all phase durations in the run log")});
  const auto share = [&](phase p) {
    const sourced part(std::string(log_name(p)) + "_s", phase_seconds(r, p),
                       provenance{run_provenance(
                           r, "sum of the run log's " + std::string(log_name(p)) + " phases")});
    return ratio_as<units::dimensionless_t>(
        p == phase::training ? std::string("goodput") : "badput_" + std::string(log_name(p)), part,
        billed_s);
  };
  goodput_report out{share(phase::training), {}};
  for (phase p : all_phases) {
    if (p == phase::training) continue;
    const bool present =
        std::any_of(r.phases.begin(), r.phases.end(), [&](const auto& x) { return x.ph == p; });
    if (present) out.badput.emplace_back(p, share(p));
  }
  return out;
}

TRNCOST_DECL sourced<quantity<units::dimensionless_t>> mfu(
    const run_record& r, const sourced<quantity<units::flops_per_token_t>>& model_flops_per_token,
    const sourced<quantity<units::flops_per_second_t>>& peak_per_instance) {
  const auto throughput = useful_throughput<units::tokens_per_second_t>(r);
  const auto achieved = model_flops_per_token * throughput;
  // The instance count as a plain number: the peak is per instance.
  const sourced instances("instances",
                          quantity<units::dimensionless_t>::from_value(r.instances.value()),
                          provenance{run_provenance(r, "instance_count from the run log")});
  const auto peak = peak_per_instance * instances;
  return ratio_as<units::dimensionless_t>("mfu", achieved, peak);
}

TRNCOST_DECL std::optional<sourced<quantity<units::second_t>>> time_to_quality(
    const run_record& r) {
  if (!r.target) throw input_error("run '" + r.id + "' has no quality target");
  std::optional<timestamp> start = r.first_data_touch;
  if (!start) {
    for (const auto& x : r.phases) {
      if (x.ph == phase::training && x.start) {
        start = x.start;
        break;
      }
    }
  }
  if (!start) {
    throw input_error("run '" + r.id +
                      "': no first_data_touch and no timed training phase to start the clock");
  }
  const quality_observation* first = nullptr;
  for (const auto& q : r.quality) {
    if (q.metric != r.target->metric || !r.target->reached_by(q.value)) continue;
    if (first == nullptr || q.at < first->at) first = &q;
  }
  if (first == nullptr) return std::nullopt;
  if (first->at < *start) {
    throw input_error((first->origin.empty() ? "run '" + r.id + "'" : first->origin) +
                      ": the target is reached before the first data touch");
  }
  const decimal secs = seconds_since_epoch(first->at) - seconds_since_epoch(*start);
  measured how{.run_id = r.id,
               .method = "MLPerf-style time to quality: from the first data touch to the first " +
                         r.target->metric + (r.target->higher_is_better ? " >= " : " <= ") +
                         r.target->target.to_string() + " (" + first->value.to_string() + ")",
               .from = *start,
               .to = first->at};
  return sourced("time_to_quality", quantity<units::second_t>::from_value(secs), provenance{how});
}

}  // namespace measure

}  // namespace trncost

#endif  // TRNCOST_MEASURE_IMPL_DERIVED_IPP
