// The definitions of measure/run.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MEASURE_IMPL_RUN_IPP
#define TRNCOST_MEASURE_IMPL_RUN_IPP

#include "../run.hpp"

namespace trncost {

namespace measure {

[[nodiscard]] TRNCOST_DECL run_protocol protocol_of(const run_record& r) {
  return run_protocol{r.id,         r.model_id,       r.code_version,  r.dataset_id,
                      r.parameters, r.software_stack, r.instance_type, r.region};
}

TRNCOST_DECL decimal seconds_since_epoch(timestamp t) noexcept {
  return decimal(t.seconds_since_epoch());
}

}  // namespace measure

namespace measure::detail {

TRNCOST_DECL std::string where(const std::string& origin, const run_record& r,
                               std::string_view what, std::size_t index) {
  if (!origin.empty()) return origin + ": ";
  return "run '" + r.id + "': " + std::string(what) + " " + std::to_string(index + 1) + ": ";
}

[[noreturn]] TRNCOST_DECL void fail_rule(const std::string& prefix, std::string_view field,
                                         std::string_view rule) {
  throw input_error(prefix + std::string(field) + ": " + std::string(rule));
}

TRNCOST_DECL decimal add_seconds(decimal a, decimal b, const std::string& prefix,
                                 std::string_view field) {
  try {
    return a + b;
  } catch (const overflow_error&) {
    fail_rule(prefix, field,
              "is " + b.to_string() + " s; added to " + a.to_string() +
                  " s it overflows the decimal range (no run lasts that long)");
  }
}

TRNCOST_DECL void check_timeline(const run_record& r, const std::string& run_where) {
  // The end row, where the log gives it a time; "" when built in code without an origin.
  const std::string end_where = r.ended_origin.empty() ? run_where : r.ended_origin + ": ";
  const std::string end_label =
      r.ended ? trncost::to_string(*r.ended) +
                    (r.ended_origin.empty() ? std::string() : " (" + r.ended_origin + ")")
              : std::string();
  // Phases follow one another without overlap (checked above), so from the first timed phase on
  // they fit between its start and the end; untimed phases before it are not placed in time.
  std::size_t first_timed = r.phases.size();
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    if (r.phases[i].start) {
      first_timed = i;
      break;
    }
  }
  if (r.ended && first_timed < r.phases.size() && *r.ended < *r.phases[first_timed].start) {
    const auto& first = r.phases[first_timed];
    fail_rule(end_where, "start",
              "the run ends at " + trncost::to_string(*r.ended) +
                  ", before its first timed phase starts at " + trncost::to_string(*first.start) +
                  (first.origin.empty() ? std::string() : " (" + first.origin + ")") +
                  "; the end row closes the run");
  }
  decimal all_seconds;
  decimal placed_seconds;
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    const auto& p = r.phases[i];
    const std::string at = where(p.origin, r, "phase", i);
    all_seconds = add_seconds(all_seconds, p.duration.value(), at, "duration_s");
    if (i >= first_timed) {
      placed_seconds = add_seconds(placed_seconds, p.duration.value(), at, "duration_s");
    }
    if (!p.start || !r.ended) continue;
    const decimal end =
        add_seconds(seconds_since_epoch(*p.start), p.duration.value(), at, "duration_s");
    if (end > seconds_since_epoch(*r.ended)) {
      std::string label = "phase '";
      label += log_name(p.ph);
      label += '\'';
      fail_rule(at, "duration_s",
                label + " starts at " + trncost::to_string(*p.start) + " and lasts " +
                    p.duration.value().to_string() + " s, so it ends " +
                    (end - seconds_since_epoch(*r.ended)).to_string() +
                    " s after the run's end at " + end_label + "; a phase lies within its run");
    }
  }
  if (r.ended && first_timed < r.phases.size()) {
    const auto& first = r.phases[first_timed];
    const decimal elapsed = seconds_since_epoch(*r.ended) - seconds_since_epoch(*first.start);
    const std::string first_label =
        trncost::to_string(*first.start) +
        (first.origin.empty() ? std::string() : " (" + first.origin + ")");
    if (placed_seconds > elapsed) {
      fail_rule(end_where, "start",
                "the run's phases from " + first_label + " on last " + placed_seconds.to_string() +
                    " s in all, but only " + elapsed.to_string() +
                    " s pass from then to the run's end at " + end_label +
                    "; phases do not overlap, so together they fit within the run");
    }
  }
  for (std::size_t i = 0; i < r.incidents.size(); ++i) {
    const auto& x = r.incidents[i];
    const std::string at = where(x.origin, r, "incident", i);
    const std::string label = "incident " + trncost::detail::quoted_for_message(x.kind);
    if (r.ended && x.start > *r.ended) {
      fail_rule(at, "start",
                label + " happens at " + trncost::to_string(x.start) + ", after the run's end at " +
                    end_label + "; an incident lies within its run");
    }
    const decimal lost = x.work_lost.value();
    if (lost > all_seconds) {
      fail_rule(at, "work_lost_s",
                "is " + lost.to_string() + " s, more than the run's " + all_seconds.to_string() +
                    " s of phases; work lost since the last checkpoint was done within the run");
    }
    // With the run's first phase timed, the run began then: the work lost was done between that
    // start and the incident.
    if (!r.phases.empty() && r.phases.front().start) {
      const auto& first = r.phases.front();
      const decimal before = seconds_since_epoch(x.start) - seconds_since_epoch(*first.start);
      if (before.is_negative()) {
        fail_rule(at, "start",
                  label + " happens at " + trncost::to_string(x.start) +
                      ", before the run's first phase starts at " +
                      trncost::to_string(*first.start) +
                      (first.origin.empty() ? std::string() : " (" + first.origin + ")") +
                      "; an incident lies within its run");
      }
      if (lost > before) {
        fail_rule(at, "work_lost_s",
                  "is " + lost.to_string() + " s, but the run had run only " + before.to_string() +
                      " s when the incident happened at " + trncost::to_string(x.start) +
                      " (its first phase starts at " + trncost::to_string(*first.start) +
                      (first.origin.empty() ? std::string() : ", " + first.origin) +
                      "); work lost since the last checkpoint was done before the incident");
      }
    }
  }
}

}  // namespace measure::detail

namespace measure {

TRNCOST_DECL void validate(const run_record& r) {
  using detail::fail_rule;
  using detail::where;
  const std::string run_where = r.origin.empty() ? "run '" + r.id + "': " : r.origin + ": ";
  if (r.id.empty()) fail_rule(run_where, "run_id", "is empty");
  if (r.instances.value() <= decimal{}) {
    fail_rule(run_where, "instance_count",
              "is " + r.instances.value().to_string() + "; a run needs at least one instance");
  }
  if (r.phases.empty()) fail_rule(run_where, "phase", "the run has no phase");
  const phase_interval* previous = nullptr;
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    const auto& p = r.phases[i];
    const std::string at = where(p.origin, r, "phase", i);
    if (p.duration.value().is_negative()) {
      fail_rule(at, "duration_s",
                "is " + p.duration.value().to_string() + "; it cannot be negative");
    }
    for (const auto* counter :
         {p.steps ? &p.steps->value() : nullptr, p.tokens ? &p.tokens->value() : nullptr,
          p.samples ? &p.samples->value() : nullptr}) {
      if (counter != nullptr && counter->is_negative()) {
        fail_rule(at, "counter", "is " + counter->to_string() + "; a count cannot be negative");
      }
    }
    if (!p.start) continue;
    if (previous != nullptr) {
      const decimal prev_end =
          detail::add_seconds(seconds_since_epoch(*previous->start), previous->duration.value(),
                              where(previous->origin, r, "phase", i - 1), "duration_s");
      // Appended piece by piece: `"'" + std::string(...)` inlines std::string::insert(0, ...), on
      // which g++ 12 at -O3 reports a false -Wrestrict.
      std::string prev_label = "'";
      prev_label += log_name(previous->ph);
      prev_label += '\'';
      if (!previous->origin.empty()) prev_label += " (" + previous->origin + ")";
      if (*p.start < *previous->start) {
        fail_rule(at, "start",
                  trncost::to_string(*p.start) + " is before the start of the previous phase " +
                      prev_label + ", " + trncost::to_string(*previous->start) +
                      "; phases must be in time order");
      }
      if (seconds_since_epoch(*p.start) < prev_end) {
        fail_rule(at, "start",
                  trncost::to_string(*p.start) + " overlaps the previous phase " + prev_label +
                      ", which starts at " + trncost::to_string(*previous->start) + " and lasts " +
                      previous->duration.value().to_string() + " s");
      }
    }
    previous = &p;
  }
  for (std::size_t i = 0; i < r.incidents.size(); ++i) {
    const auto& x = r.incidents[i];
    const std::string at = where(x.origin, r, "incident", i);
    if (x.kind.empty()) fail_rule(at, "name", "an incident needs a kind");
    if (x.duration.value().is_negative()) {
      fail_rule(at, "duration_s",
                "is " + x.duration.value().to_string() + "; it cannot be negative");
    }
    if (x.work_lost.value().is_negative()) {
      fail_rule(at, "work_lost_s",
                "is " + x.work_lost.value().to_string() + "; it cannot be negative");
    }
  }
  detail::check_timeline(r, run_where);
  if (r.target && r.target->metric.empty()) {
    fail_rule(r.target->origin.empty() ? run_where : r.target->origin + ": ", "quality_metric",
              "a quality target is given but no metric names what it measures");
  }
  for (std::size_t i = 0; i < r.utilization.size(); ++i) {
    const auto& u = r.utilization[i];
    const std::string at = where(u.origin, r, "utilization sample", i);
    if (u.percent.is_negative() || u.percent > decimal(100)) {
      fail_rule(at, "value", "utilization " + u.percent.to_string() + " % is outside 0-100 %");
    }
    if (u.method.empty()) fail_rule(at, "note", "a utilization figure needs its method");
    if (u.period.value() <= decimal{}) {
      fail_rule(at, "duration_s", "the collection period must be positive");
    }
  }
}

}  // namespace measure

}  // namespace trncost

#endif  // TRNCOST_MEASURE_IMPL_RUN_IPP
