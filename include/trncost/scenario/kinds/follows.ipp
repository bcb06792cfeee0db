// Storage that follows a workload (docs/scenario.md, "Storage that follows a workload"): a volume,
// a bucket or logs kept for a workload's wall-clock time and some days after it (`kept_for =
// "cpt"`, `kept_after_days = { value = 30, ... }`), the period derived in the model from the
// workload's own timeline (model::figure), never computed by hand. The keys and rules the storage
// kinds share; part of scenario/impl/scenario.ipp, whose builder adds a component that follows a
// workload after every other component, so that the workload it names is in the model first.
#ifndef TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP
#define TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP

#include "../../model/volume.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

/// The keys of a storage kind that may follow a workload.
inline constexpr scenario_key kept_for_key{"kept_for", kt::text, false};
inline constexpr scenario_key kept_after_days_key{"kept_after_days", kt::input, false};

/// Whether a component's storage is kept for a workload's time (kept_for).
inline bool kept_for_workload(const scenario_component& c) { return c.text.count("kept_for") != 0; }

/// The ways a volume is written (log ingestion, a transfer): a total in GiB (`base`), or a rate
/// that follows a workload: per month of a workload's wall-clock time (`base_per_month` with
/// `during = "<workload>"`), or per unit of the work the estimate delivers (per 1M tokens, per
/// 1000 requests, per run). The suffixes after `base`, in the order the keys are listed.
inline constexpr std::array<std::string_view, 5> volume_suffixes{"", "_per_month", "_per_1m_tokens",
                                                                 "_per_1000_requests", "_per_run"};

/// Whether `values` hold a volume that follows a workload (a rate per month or per unit of work).
inline bool volume_follows(const std::map<std::string, scenario_value>& values,
                           std::string_view base) {
  for (std::size_t i = 1; i < volume_suffixes.size(); ++i) {
    if (values.count(std::string(base) + std::string(volume_suffixes[i])) != 0) return true;
  }
  return false;
}

/// Whether a component follows a workload (and is added after the others): storage kept for it,
/// or a volume per month of its time or per unit of the work delivered.
inline bool follows_workload(const scenario_component& c) {
  if (kept_for_workload(c) || volume_follows(c.values, "ingested_gib")) return true;
  for (const auto& x : c.transfers) {
    if (volume_follows(x.values, "gib")) return true;
  }
  return false;
}

/// Exactly one of the volume keys of `base`; `during` with the rate per month only (and required
/// with it).
inline void volume_rules(const scenario_parser& ps, const toml::table& t, const std::string& path,
                         std::string_view base) {
  std::vector<std::string> keys;
  for (std::string_view suffix : volume_suffixes)
    keys.push_back(std::string(base) + std::string(suffix));
  std::vector<std::string> present;
  for (const auto& k : keys) {
    if (t.get(k) != nullptr) present.push_back(k);
  }
  const std::string choices = join_quoted(keys);
  if (present.empty()) {
    ps.fail_at(ps.line_of(t), ps.join(path, keys.front()),
               "is missing: write exactly one of " + choices +
                   " (a total, a rate a month of the workload `during` names, or a rate per unit "
                   "of the work the estimate delivers)");
  }
  if (present.size() > 1) {
    ps.fail_at(ps.line_of(*t.get(present[1])), ps.join(path, present[1]),
               "is given with " + present[0] + "; write exactly one of " + choices);
  }
  const bool monthly = present.front() == keys[1];
  const toml::node* during = t.get("during");
  if (monthly && during == nullptr) {
    ps.fail_at(ps.line_of(*t.get(keys[1])), ps.join(path, "during"),
               "is missing: " + keys[1] +
                   " is a rate a month over a workload's wall-clock time; during names the "
                   "workload");
  }
  if (!monthly && during != nullptr) {
    ps.fail_at(ps.line_of(*during), ps.join(path, "during"),
               "goes with " + keys[1] + " only (the workload whose months the rate runs over); " +
                   present.front() + " does not use it");
  }
}

/// A workload's wall-clock time (model::figure), or input_error at `key` listing the workloads
/// that have one.
inline node<units::second_t> wall_clock_of(const model& m, const std::string& w,
                                           std::string_view key) {
  const auto wall = m.figure<units::second_t>(w, figure_wall_clock_time);
  if (wall) return *wall;
  std::string names;
  for (const auto& f : m.data().figures) {
    if (f.what == figure_wall_clock_time && f.workload != w)
      names += (names.empty() ? "\"" : ", \"") + f.workload + "\"";
  }
  throw input_error(
      std::string(key) + ": \"" + w +
      "\" is not a workload of this scenario with a wall-clock time; " +
      (names.empty() ? std::string("it has none") : "the workloads with one are " + names));
}

/// The volume of `base` written in `values` (name: the inputs' prefix, "logs" or
/// "egress.transfer[0]"; during: the workload a rate a month runs over).
inline data_volume volume_of(const scenario_builder& sb, const model& m,
                             const std::map<std::string, scenario_value>& values,
                             std::string_view base, const std::string& name,
                             const std::string& during) {
  const auto key = [&](std::string_view suffix) { return std::string(base) + std::string(suffix); };
  const auto value = [&](std::string_view suffix) -> const scenario_value* {
    const auto it = values.find(key(suffix));
    return it == values.end() ? nullptr : &it->second;
  };
  const auto input = [&](std::string_view suffix, auto unit) {
    return sb.maybe(name + "." + key(suffix), *value(suffix), unit);
  };
  const auto work_refused = [&](std::string_view suffix, std::string_view counted) {
    const auto k = m.work_kind_delivered();
    return input_error(
        key(suffix) + ": a rate per unit of work needs the estimate's work counted in " +
        std::string(counted) + "; " +
        (k ? "it delivers " + std::string(to_string(*k)) + ", counted in " +
                 std::string(work_unit(*k)) + "s"
           : std::string("it delivers no work (a workload kind that does: serving, "
                         "continued_pretraining, batch_inference, sweep, instance_time with "
                         "jobs)")));
  };
  if (value("") != nullptr) return data_volume(input("", units::gibibyte));
  if (value("_per_month") != nullptr) {
    return data_volume::per_month(input("_per_month", units::gibibytes_per_month),
                                  usage_period(wall_clock_of(m, during, "during"), month_730h));
  }
  if (value("_per_1m_tokens") != nullptr) {
    const auto work = m.work<units::token_t>();
    if (!work) throw work_refused("_per_1m_tokens", "tokens");
    return data_volume::per_work(input("_per_1m_tokens", units::gibibytes_per_million_tokens),
                                 *work);
  }
  if (value("_per_1000_requests") != nullptr) {
    const auto work = m.work<units::request_t>();
    if (!work) throw work_refused("_per_1000_requests", "requests");
    return data_volume::per_work(
        input("_per_1000_requests", units::gibibytes_per_thousand_requests), *work);
  }
  const auto work = m.work<units::job_t>();
  if (!work) throw work_refused("_per_run", "jobs (runs to the target, trials)");
  return data_volume::per_work(input("_per_run", units::gibibytes_per_job), *work);
}

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
  const auto wall = wall_clock_of(m, c.text.at("kept_for"), "kept_for");
  if (sb.find(c, "kept_after_days") == nullptr) return usage_period(wall, month_730h);
  const auto after = m.input(sb.input(c, "kept_after_days", units::day));
  return usage_period(wall + convert<units::second_t>(after), month_730h);
}

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_FOLLOWS_IPP
