// The `serving` component of a scenario file (docs/scenario.md): a fleet serving a demand over a
// period, fixed or sized from the demand (workload/serving.hpp). Its keys, the rules across them
// (checked when the file is read) and the component it adds to a model, in one place; registered by
// one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_SERVING_IPP
#define TRNCOST_SCENARIO_KINDS_SERVING_IPP

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <utility>

#include "../../readers/vllm_bench.hpp"
#include "../../workload/serving.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

// Workload components (include/trncost/workload/). Alternatives (`hours` or `period`, `..._seconds`
// or `..._hours`, tokens or requests) are not required here: component() checks that exactly one
// of each is written. A serving component is a fleet sized from (or checked against) a demand, or,
// with `instances` and no demand, a fixed fleet billed over the period (serving_rules).
inline constexpr std::array<scenario_key, 13> serving_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"hours", kt::input, false, {}, true},  // unknown: a fixed fleet without a demand only
    {"period", kt::period, false},
    {"average_tokens_per_s", kt::input, false},
    {"peak_tokens_per_s", kt::input, false},
    {"average_requests_per_s", kt::input, false},
    {"peak_requests_per_s", kt::input, false},
    {"throughput", kt::throughput, false},      // required with a demand
    {"latency_target", kt::text, false},        // names the lines when given
    {"utilisation", kt::input, false},          // required to size a fleet; 1 for a fixed one
    {"instances", kt::input, false, {}, true},  // a fixed fleet; sized from the demand when absent
    {"week", kt::profile, false},  // the demand as windows of the week, instead of average/peak
}};
/// serving: one window of `[[component.week]]`: `days = "mon-fri"`, `time = "09:00-17:00"` (UTC),
/// and its demand; a window with neither days nor time is the rest of the week.
inline constexpr std::array<scenario_key, 5> week_window_keys{{
    {"label", kt::text, true},
    {"days", kt::text, false},
    {"time", kt::text, false},
    {"tokens_per_s", kt::input, false},
    {"requests_per_s", kt::input, false},
}};

/// "mon-fri", "sat,sun", "tue", "monday-sunday": the days as bits (bit 0 Monday), or 0 when the
/// text is not that.
inline std::uint8_t week_days(std::string_view text) {
  constexpr std::array<std::string_view, 7> names{"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
  constexpr std::array<std::string_view, 7> full{"monday", "tuesday",  "wednesday", "thursday",
                                                 "friday", "saturday", "sunday"};
  const auto day = [&](std::string_view w) -> int {
    std::string lower;
    for (const char ch : w) {
      if (ch != ' ') lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    for (int i = 0; i < 7; ++i) {
      if (lower == names[static_cast<std::size_t>(i)] || lower == full[static_cast<std::size_t>(i)])
        return i;
    }
    return -1;
  };
  std::uint8_t mask = 0;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const auto dash = part.find('-');
    const int from = day(part.substr(0, dash));
    const int to = dash == std::string_view::npos ? from : day(part.substr(dash + 1));
    if (from < 0 || to < from) return 0;
    for (int i = from; i <= to; ++i) mask = static_cast<std::uint8_t>(mask | (1U << i));
  }
  return mask;
}

/// "09:00-17:00" (whole hours, 24:00 as an end): the hours of the day, or none.
inline std::optional<std::pair<int, int>> day_hours(std::string_view text) {
  const auto hour = [](std::string_view h) -> int {
    if (h.size() != 5 || h[2] != ':' || h.substr(3) != "00" || !std::isdigit(h[0]) ||
        !std::isdigit(h[1]))
      return -1;
    return (h[0] - '0') * 10 + (h[1] - '0');
  };
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const int from = hour(text.substr(0, dash));
  const int to = hour(text.substr(dash + 1));
  if (from < 0 || from > 23 || to < 1 || to > 24 || to <= from) return std::nullopt;
  return std::pair{from, to};
}
/// serving: `throughput = { vllm = ..., ... }` and `period = { from = ..., to = ..., <provenance>
/// }`.
inline constexpr std::array<std::string_view, 7> vllm_keys{
    "vllm", "config", "model", "instances", "ttft_ms", "itl_ms", "request_latency_s"};

/// The throughput per instance of a serving component: its input, or the operating point of its
/// vLLM benchmark that meets the latency bounds (with the target it describes).
template <class Rate>
std::pair<sourced<quantity<typename workload::rate_traits<Rate>::per_instance>>, std::string>
serving_throughput(const scenario_builder& sb, const scenario_component& c,
                   [[maybe_unused]] std::size_t index) {
  using per_instance = typename workload::rate_traits<Rate>::per_instance;
  if (!c.vllm) {
    // No latency target written: the lines name none (no placeholder is invented).
    const auto lt = c.text.find("latency_target");
    return {sb.input(c, "throughput", per_instance{}),
            lt == c.text.end() ? std::string() : lt->second};
  }
  const auto& v = *c.vllm;
  const std::string key = c.path + ".throughput";
  const std::string results = sb.existing(v.results, v.line, key + ".vllm", "vLLM benchmark");
  const std::string config =
      v.config.empty() ? std::string()
                       : sb.existing(v.config, v.line, key + ".config", "run configuration");
  readers::latency_target target;
  if (v.ttft_ms) target.max_time_to_first_token = make(units::millisecond, *v.ttft_ms);
  if (v.itl_ms) target.max_inter_token_latency = make(units::millisecond, *v.itl_ms);
  if (v.request_latency_s) target.max_request_latency = make(units::second, *v.request_latency_s);
  const auto point = readers::select_operating_point(
      readers::read_vllm_bench(results, v.instances, config), target, v.model);
  const auto& rate = [&]() -> const auto& {
    if constexpr (std::is_same_v<Rate, units::tokens_per_second_t>) {
      return point.output_tokens_per_second;
    } else {
      return point.requests_per_second;
    }
  }
  ();
  // The benchmark's rate is already per instance (read_vllm_bench divides by `instances`).
  return {sourced<quantity<per_instance>>(c.name + ".throughput",
                                          make(per_instance{}, rate.value().value().to_string()),
                                          rate.origin()),
          readers::detail::describe_target(target) + ", " + point.input_type + " (" + point.origin +
              ")"};
}

/// The demand of a weekly profile over the period's dates: each window's hours in the period
/// (counted on the calendar, with the period's provenance), the count served (the windows' rates x
/// their hours, exact), the average (served / period) and the peak (the highest window's rate,
/// when above the average).
template <class Rate>
struct week_demand {
  using count_unit = typename workload::rate_traits<Rate>::count_unit;
  sourced<quantity<count_unit>> served;
  sourced<quantity<Rate>> average;
  std::optional<sourced<quantity<Rate>>> peak;
};

template <class Rate>
week_demand<Rate> weekly_demand(const scenario_builder& sb, const scenario_component& c,
                                const sourced<quantity<units::hour_t>>& period,
                                const std::string& unit) {
  using count_unit = typename workload::rate_traits<Rate>::count_unit;
  // Hours of each window in [from, to): whole days of the calendar, 1970-01-01 a Thursday.
  std::vector<std::int64_t> hours(c.profile.size(), 0);
  std::int64_t covered = 0;
  for (date d = c.period->from; d < c.period->to; d = add_days(d, 1)) {
    const auto weekday = static_cast<unsigned>(((d.days_since_epoch() + 3) % 7 + 7) % 7);
    for (std::size_t i = 0; i < c.profile.size(); ++i) {
      const auto& w = c.profile[i];
      if (w.rest || (w.days & (1U << weekday)) == 0) continue;
      hours[i] += w.to_hour - w.from_hour;
      covered += w.to_hour - w.from_hour;
    }
  }
  const std::int64_t total = days_between(c.period->from, c.period->to) * 24;
  std::optional<sourced<quantity<count_unit>>> served;
  std::optional<sourced<quantity<Rate>>> peak;
  for (std::size_t i = 0; i < c.profile.size(); ++i) {
    const auto& w = c.profile[i];
    const std::string base = c.name + ".week[" + std::to_string(i) + "].";
    const auto& r = w.values.at(unit);
    const sourced<quantity<Rate>> rate(base + unit, sb.value_in(r, Rate{}), *r.origin);
    const sourced<quantity<units::hour_t>> in_period(
        base + "hours", make(units::hour, w.rest ? total - covered : hours[i]), period.origin());
    const auto count = convert<count_unit>(base + "served", rate * in_period);
    served = served ? *served + count : count;
    if (!peak || peak->value() < rate.value()) peak = rate;
  }
  const auto seconds = convert<units::second_t>(c.name + ".period_s", period);
  const sourced<quantity<Rate>> average = *served / seconds;
  if (peak && !(average.value() < peak->value())) peak.reset();
  return {*served, average, peak};
}

/// The reason of the utilisation trncost gives a fixed fleet checked against a demand.
inline constexpr std::string_view serving_utilisation_default =
    "no utilisation given for a fixed fleet (instances): the fleet is checked against the demand "
    "at its full measured throughput (1); give utilisation to check it at a lower share";

template <class Rate>
void add_serving(scenario_builder& sb, model& m, const scenario_component& c, std::size_t index) {
  const bool tokens = std::is_same_v<Rate, units::tokens_per_second_t>;
  const std::string unit = tokens ? "tokens_per_s" : "requests_per_s";
  auto [throughput, target] = serving_throughput<Rate>(sb, c, index);
  const auto period = c.period ? workload::service_period(c.name + ".period", c.period->from,
                                                          c.period->to, c.period->origin)
                               : sb.input(c, "hours", units::hour);
  std::optional<week_demand<Rate>> week;
  if (!c.profile.empty()) week = weekly_demand<Rate>(sb, c, period, unit);
  // A fixed fleet checked against a demand: without a written utilisation, trncost's default of 1
  // (the fleet carries the demand at its full measured throughput), said in the report.
  auto utilisation =
      sb.find(c, "utilisation") != nullptr
          ? sb.input(c, "utilisation", units::dimensionless)
          : sourced(c.name + ".utilisation", make(units::dimensionless, 1),
                    provenance{tool_default{std::string(serving_utilisation_default)}});
  workload::serving_inputs<Rate> in{c.name,
                                    c.text.at("instance_type"),
                                    sb.instance_price(c, c.text.at("instance_type")),
                                    period,
                                    week ? week->average : sb.input(c, "average_" + unit, Rate{}),
                                    std::nullopt,
                                    std::move(throughput),
                                    std::move(target),
                                    std::move(utilisation)};
  if (week) {
    in.peak_demand = week->peak;
    in.served = week->served;
  } else if (sb.find(c, "peak_" + unit) != nullptr) {
    in.peak_demand = sb.input(c, "peak_" + unit, Rate{});
  }
  if (sb.find(c, "instances") != nullptr) in.fleet = sb.input(c, "instances", units::instance);
  (void)workload::add_serving(m, in);
}

/// `throughput = { vllm = "results.csv", config = "run.env", ttft_ms = 500, itl_ms = 50 }`.
inline scenario_vllm serving_vllm(const scenario_parser& ps, const toml::table& t,
                                  const std::string& path) {
  ps.check_keys(t, path, vllm_keys, "a throughput read from a vLLM benchmark");
  scenario_vllm v;
  v.line = ps.line_of(t);
  v.results = ps.path_string(ps.required(t, path, "vllm"), ps.join(path, "vllm"));
  if (const toml::node* c = t.get("config")) v.config = ps.path_string(*c, ps.join(path, "config"));
  v.model = ps.string(t, path, "model", false);
  if (const toml::node* i = t.get("instances")) {
    v.instances = ps.whole(*i, ps.join(path, "instances"), 1'000'000);
    if (v.instances == 0)
      ps.fail_at(ps.line_of(*i), ps.join(path, "instances"), "must be at least 1");
  }
  if (const toml::node* b = t.get("ttft_ms")) v.ttft_ms = ps.bound(*b, ps.join(path, "ttft_ms"));
  if (const toml::node* b = t.get("itl_ms")) v.itl_ms = ps.bound(*b, ps.join(path, "itl_ms"));
  if (const toml::node* b = t.get("request_latency_s")) {
    v.request_latency_s = ps.bound(*b, ps.join(path, "request_latency_s"));
  }
  if (!v.ttft_ms && !v.itl_ms && !v.request_latency_s) {
    ps.fail_at(v.line, path,
               "sets no latency bound: add ttft_ms, itl_ms or request_latency_s (the operating "
               "point is the highest throughput that meets them)");
  }
  return v;
}

/// `[[component.week]]`: the windows, read and checked (their days and hours, one unit, no
/// overlap, the whole week covered) into `c.profile`.
inline void serving_week(const scenario_parser& ps, const toml::table& t, const toml::node& w,
                         const std::string& path, scenario_component& c) {
  const std::string wp = ps.join(path, "week");
  for (const std::string_view k : {"hours", "average_tokens_per_s", "average_requests_per_s",
                                   "peak_tokens_per_s", "peak_requests_per_s"}) {
    if (const toml::node* n = t.get(k)) {
      ps.fail_at(ps.line_of(*n), ps.join(path, k),
                 k == "hours" ? "is given with a weekly profile (week), whose windows fall on "
                                "days of the calendar: give the period as dates, period = { from "
                                "= ..., to = ..., <provenance> }"
                              : "is given with a weekly profile (week), which gives the demand: "
                                "the average and the peak follow from its windows");
    }
  }
  const toml::array* a = w.as_array();
  if (a == nullptr || a->empty() || !a->is_array_of_tables()) {
    ps.fail_at(ps.line_of(w), wp,
               "must be one or more [[component.week]] tables (label, days, time, tokens_per_s "
               "or requests_per_s)");
  }
  std::vector<std::string_view> allowed;
  for (const auto& k : week_window_keys) allowed.push_back(k.name);
  std::array<int, std::size_t{7} * 24>
      owner{};  // the window (index + 1) that covers each hour of the week
  std::optional<bool> tokens;
  int rest = -1;
  for (std::size_t i = 0; i < a->size(); ++i) {
    const toml::table& wt = *(*a)[i].as_table();
    const std::string pp = wp + "[" + std::to_string(i) + "]";
    ps.check_keys(wt, pp, allowed, "a window of the week");
    scenario_demand_period d;
    d.line = ps.line_of(wt);
    std::map<std::string, std::string> text;
    ps.read_keys(wt, pp, week_window_keys, text, d.values);
    d.label = text["label"];
    ps.one_of(wt, pp, {"tokens_per_s", "requests_per_s"}, false, "the window's demand");
    const bool in_tokens = wt.get("tokens_per_s") != nullptr;
    if (tokens && *tokens != in_tokens) {
      const std::string_view k = in_tokens ? "tokens_per_s" : "requests_per_s";
      ps.fail_at(ps.line_of(*wt.get(k)), ps.join(pp, k),
                 std::string("is in ") + (in_tokens ? "tokens/s" : "requests/s") +
                     " but the first window is in " + (in_tokens ? "requests/s" : "tokens/s") +
                     "; the windows and the throughput count the same thing");
    }
    tokens = in_tokens;
    if (text.count("days") == 0 && text.count("time") == 0) {
      if (rest >= 0) {
        ps.fail_at(d.line, pp,
                   "is a second window without days or time: one window is the rest of the week");
      }
      rest = static_cast<int>(i);
      d.rest = true;
    }
    if (const auto days = text.find("days"); days != text.end()) {
      d.days = week_days(days->second);
      if (d.days == 0) {
        ps.fail_at(ps.line_of(*wt.get("days")), ps.join(pp, "days"),
                   "is \"" + days->second +
                       "\": write days as \"mon-fri\", \"sat,sun\" or \"wed\" (mon, tue, wed, "
                       "thu, fri, sat, sun)");
      }
    }
    if (const auto time = text.find("time"); time != text.end()) {
      const auto h = day_hours(time->second);
      if (!h) {
        ps.fail_at(ps.line_of(*wt.get("time")), ps.join(pp, "time"),
                   "is \"" + time->second +
                       "\": write the hours of the day, UTC, as \"09:00-17:00\" (whole hours, "
                       "24:00 as an end)");
      }
      d.from_hour = h->first;
      d.to_hour = h->second;
    }
    for (int day = 0; !d.rest && day < 7; ++day) {
      if ((d.days & (1U << day)) == 0) continue;
      for (int hour = d.from_hour; hour < d.to_hour; ++hour) {
        int& o = owner[static_cast<std::size_t>(day) * 24 + static_cast<std::size_t>(hour)];
        if (o != 0) {
          ps.fail_at(d.line, pp,
                     "overlaps the window \"" + c.profile[static_cast<std::size_t>(o - 1)].label +
                         "\" (both cover hour " + std::to_string(hour) + " of day " +
                         std::to_string(day + 1) + " of the week): each hour has one demand");
        }
        o = static_cast<int>(i) + 1;
      }
    }
    c.profile.push_back(std::move(d));
  }
  const auto uncovered = std::count(owner.begin(), owner.end(), 0);
  if (rest < 0 && uncovered != 0) {
    ps.fail_at(ps.line_of(w), wp,
               "leaves " + std::to_string(uncovered) +
                   " hours of the week without a demand: add a window with neither days nor time "
                   "for the rest of the week (its demand may be 0)");
  }
}

/// The keys that describe a demand and how it is served: none of them is read for a fixed fleet
/// billed over its period.
inline constexpr std::array<std::string_view, 5> served_demand_keys{
    "throughput", "latency_target", "utilisation", "peak_tokens_per_s", "peak_requests_per_s"};

inline void serving_rules([[maybe_unused]] const scenario_parser& ps,
                          [[maybe_unused]] const toml::table& t,
                          [[maybe_unused]] const std::string& path,
                          [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"hours", "period"}, false, "the period served, in hours or as dates");
  if (const toml::node* p = t.get("period")) c.period = ps.period(*p, ps.join(path, "period"));
  const bool fixed = t.get("instances") != nullptr;
  const bool demand = t.get("week") != nullptr || t.get("average_tokens_per_s") != nullptr ||
                      t.get("average_requests_per_s") != nullptr;
  if (!demand && fixed) {
    // A fixed fleet billed over the period: its instance type, its count, its period and its
    // price say it all; a figure of a demand would be read by nothing.
    for (const std::string_view k : served_demand_keys) {
      if (const toml::node* n = t.get(k)) {
        ps.fail_at(ps.line_of(*n), ps.join(path, k),
                   "is given with a fixed fleet (instances) and no demand: such a fleet is "
                   "billed instances x period and nothing reads it; give the average demand "
                   "(average_tokens_per_s or average_requests_per_s) to check the fleet against "
                   "it, or leave it out");
      }
    }
    return;
  }
  // A demand: the fleet is sized from it (or, fixed, checked against it). An unknown count or
  // period would leave nothing to size or check: only a fleet without a demand may have them.
  for (const std::string_view k : {"hours", "instances"}) {
    if (const auto v = c.values.find(std::string(k)); v != c.values.end() && v->second.unknown) {
      ps.fail_at(v->second.line, ps.join(path, k),
                 "is unknown with a demand: a fleet sized from (or checked against) a demand needs "
                 "it; give it, or leave the demand out for a fixed fleet billed over the period, "
                 "whose instances and hours may be unknown");
    }
  }
  if (const toml::node* week = t.get("week")) {
    serving_week(ps, t, *week, path, c);
  } else {
    ps.one_of(t, path, {"average_tokens_per_s", "average_requests_per_s"}, false,
              "the average demand, in tokens/s or requests/s, or its windows of the week (week); "
              "or instances alone, a fixed fleet billed over the period");
    const bool tokens = t.get("average_tokens_per_s") != nullptr;
    const std::string_view wrong = tokens ? "peak_requests_per_s" : "peak_tokens_per_s";
    if (const toml::node* w = t.get(wrong)) {
      ps.fail_at(ps.line_of(*w), ps.join(path, wrong),
                 std::string("is in ") + (tokens ? "requests/s" : "tokens/s") +
                     " but the average demand is in " + (tokens ? "tokens/s" : "requests/s") +
                     "; the demand and the throughput count the same thing");
    }
  }
  const toml::node* th = t.get("throughput");
  const std::string tp = ps.join(path, "throughput");
  if (th == nullptr) {
    ps.fail_at(ps.line_of(t), tp,
               "is missing: a demand is served at a throughput per instance; write it (with its "
               "provenance, or read it from a vLLM benchmark), or leave the demand out for a "
               "fixed fleet (instances) billed over the period");
  }
  if (!fixed && t.get("utilisation") == nullptr) {
    // A fleet sized from the demand is sized at a share of each instance's throughput (0.8 for
    // 80 %, a choice) that no default can make.
    ps.fail_at(ps.line_of(t), ps.join(path, "utilisation"), "is missing (required)");
  }
  const toml::table* tt = th->as_table();
  if (tt != nullptr && tt->get("vllm") != nullptr) {
    c.vllm = serving_vllm(ps, *tt, tp);
    if (const toml::node* lt = t.get("latency_target")) {
      ps.fail_at(ps.line_of(*lt), ps.join(path, "latency_target"),
                 "is given with a throughput read from a vLLM benchmark, whose latency target "
                 "is its bounds (ttft_ms, itl_ms, request_latency_s); leave it out");
    }
  } else {
    // A throughput without a latency target is taken as written: the lines then name no target.
    static constexpr scenario_key throughput_key{"throughput", kt::input, true};
    c.values["throughput"] = ps.value(*th, tp, throughput_key);
  }
}

inline void serving_add([[maybe_unused]] scenario_builder& sb, model& m,
                        const scenario_component& c, [[maybe_unused]] std::size_t index) {
  if (c.profile.empty() && sb.find(c, "average_tokens_per_s") == nullptr &&
      sb.find(c, "average_requests_per_s") == nullptr) {
    // A fixed fleet without a demand (serving_rules): instances x period, one line.
    const std::string& type = c.text.at("instance_type");
    (void)workload::add_fixed_fleet(
        m, workload::fixed_fleet_inputs{
               c.name, type, sb.instance_price(c, type), sb.maybe(c, "instances", units::instance),
               c.period ? input_of<quantity<units::hour_t>>(workload::service_period(
                              c.name + ".period", c.period->from, c.period->to, c.period->origin))
                        : sb.maybe(c, "hours", units::hour)});
    return;
  }
  const bool tokens = c.profile.empty() ? sb.find(c, "average_tokens_per_s") != nullptr
                                        : c.profile.front().values.count("tokens_per_s") != 0;
  if (tokens) {
    add_serving<units::tokens_per_second_t>(sb, m, c, index);
  } else {
    add_serving<units::requests_per_second_t>(sb, m, c, index);
  }
}

inline constexpr sub_table serving_tables[] = {
    {"throughput", {}, vllm_keys},
    {"period", {}, period_date_keys},
    {"week", week_window_keys, {}},
};

inline constexpr component_kind serving_kind{"serving", serving_keys, serving_tables,
                                             &serving_rules, &serving_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_SERVING_IPP
