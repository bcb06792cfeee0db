// Storage that follows a workload (docs/scenario.md, "Storage that follows a workload"): a volume,
// a bucket or logs kept for a workload's wall-clock time and some days after it (`kept_for =
// "cpt"`, `kept_after_days = { value = 30, ... }`), the period derived in the model from the
// workload's own timeline (model::figure), never computed by hand. The keys and rules the storage
// kinds share; part of scenario/impl/scenario.ipp, whose builder adds a component that follows a
// workload after every other component, so that the workload it names is in the model first.
#ifndef TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP
#define TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP

#include "kind.ipp"

namespace trncost::io::detail {

/// The keys of a storage kind that may follow a workload.
inline constexpr scenario_key kept_for_key{"kept_for", kt::text, false};
inline constexpr scenario_key kept_after_days_key{"kept_after_days", kt::input, false};

/// Whether a component follows a workload (and is added after the others).
inline bool follows_workload(const scenario_component& c) { return c.text.count("kept_for") != 0; }

/// Exactly one of `periods` and kept_for; kept_after_days only with kept_for.
inline void kept_rules(const scenario_parser& ps, const toml::table& t, const std::string& path,
                       std::initializer_list<std::string_view> periods, bool optional = false) {
  std::vector<std::string_view> keys(periods);
  keys.push_back("kept_for");
  std::vector<std::string_view> present;
  for (std::string_view k : keys) {
    if (t.get(k) != nullptr) present.push_back(k);
  }
  if (present.size() > 1) {
    ps.fail_at(ps.line_of(*t.get(present[1])), ps.join(path, present[1]),
               "is given with " + std::string(present[0]) + "; write exactly one of " +
                   join_quoted(keys) + " (how long the data is kept)");
  }
  if (present.empty() && !optional) {
    ps.fail_at(ps.line_of(t), ps.join(path, keys.front()),
               "is missing: write exactly one of " + join_quoted(keys) +
                   " (how long the data is kept; kept_for names the workload it is kept for)");
  }
  if (const toml::node* after = t.get("kept_after_days");
      after != nullptr && t.get("kept_for") == nullptr) {
    ps.fail_at(ps.line_of(*after), ps.join(path, "kept_after_days"),
               "is given without kept_for: the days after a workload's end count from the "
               "workload kept_for names");
  }
}

/// The period a component that follows a workload is kept: the workload's wall-clock time, plus
/// kept_after_days when written, in seconds, priced per month of 730 hours.
inline usage_period kept_for_period(const scenario_builder& sb, model& m,
                                    const scenario_component& c) {
  const std::string& w = c.text.at("kept_for");
  const auto wall = m.figure<units::second_t>(w, figure_wall_clock_time);
  if (!wall) {
    std::string names;
    for (const auto& f : m.data().figures) {
      if (f.what == figure_wall_clock_time && f.workload != w)
        names += (names.empty() ? "\"" : ", \"") + f.workload + "\"";
    }
    throw input_error(
        "kept_for: \"" + w + "\" is not a workload of this scenario with a wall-clock time; " +
        (names.empty() ? std::string("it has none") : "the workloads with one are " + names));
  }
  if (sb.find(c, "kept_after_days") == nullptr) return usage_period(*wall, month_730h);
  const auto after = m.input(sb.input(c, "kept_after_days", units::day));
  return usage_period(*wall + convert<units::second_t>(after), month_730h);
}

}  // namespace trncost::io::detail

#endif  // TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP
