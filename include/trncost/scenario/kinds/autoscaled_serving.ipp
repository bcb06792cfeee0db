// The `autoscaled_serving` component of a scenario file (docs/scenario.md): a service whose
// replicas follow a demand profile (workload/autoscaled_serving.hpp). Its keys, the rules across
// them (checked when the file is read) and the component it adds to a model, in one place;
// registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_AUTOSCALED_SERVING_IPP
#define TRNCOST_SCENARIO_KINDS_AUTOSCALED_SERVING_IPP

#include "../../workload/autoscaled_serving.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 9> autoscaled_serving_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"profile", kt::profile, true},
    {"repeats", kt::input, false, {}, true},  // one cycle when absent (a default)
    {"target_tokens_per_s_per_replica", kt::input, false},
    {"target_requests_per_s_per_replica", kt::input, false},
    {"min_replicas", kt::input, true},
    {"max_replicas", kt::input, true},
    {"startup_seconds", kt::input, false, {}, true},  // none priced when absent (a default)
}};
inline constexpr std::array<scenario_key, 4> demand_period_keys{{
    {"label", kt::text, true},
    {"hours", kt::input, true},
    {"tokens_per_s", kt::input, false},
    {"requests_per_s", kt::input, false},
}};

/// Why a profile without repeats is priced once.
inline constexpr std::string_view autoscaled_one_cycle_default =
    "no repeats given: the profile is priced once, one cycle of its hours; give repeats for the "
    "cycles in the budget (13 for a quarter of weeks)";
/// Why scale-ups without a start-up time are priced without one.
inline constexpr std::string_view autoscaled_no_startup_default =
    "no start-up time given: scale-ups are priced without the time an added replica takes to be "
    "ready; give startup_seconds to price it";

template <class Rate>
void add_autoscaled(scenario_builder& sb, model& m, const scenario_component& c) {
  using per_instance = typename workload::rate_traits<Rate>::per_instance;
  const bool tokens = std::is_same_v<Rate, units::tokens_per_second_t>;
  const std::string unit = tokens ? "tokens_per_s" : "requests_per_s";
  std::vector<workload::demand_period<Rate>> profile;
  for (std::size_t i = 0; i < c.profile.size(); ++i) {
    const auto& d = c.profile[i];
    const std::string base = c.name + ".profile[" + std::to_string(i) + "].";
    const auto& h = d.values.at("hours");
    const auto& l = d.values.at(unit);
    profile.push_back({d.label, sourced(base + "hours", sb.value_in(h, units::hour), *h.origin),
                       sourced(base + unit, sb.value_in(l, Rate{}), *l.origin)});
  }
  const std::string& type = c.text.at("instance_type");
  workload::autoscaled_serving_inputs<Rate> in{
      c.name,
      type,
      sb.instance_price(c, type),
      std::move(profile),
      sb.find(c, "repeats") != nullptr
          ? sb.maybe(c, "repeats", units::dimensionless)
          : input_of<quantity<units::dimensionless_t>>(
                sourced(c.name + ".repeats", make(units::dimensionless, 1),
                        provenance{tool_default{std::string(autoscaled_one_cycle_default)}})),
      sb.input(c, "target_" + unit + "_per_replica", per_instance{}),
      sb.input(c, "min_replicas", units::instance),
      sb.input(c, "max_replicas", units::instance),
      sb.find(c, "startup_seconds") != nullptr
          ? sb.maybe(c, "startup_seconds", units::second)
          : input_of<quantity<units::second_t>>(
                sourced(c.name + ".startup_seconds", make(units::second, 0),
                        provenance{tool_default{std::string(autoscaled_no_startup_default)}}))};
  (void)workload::add_autoscaled_serving(m, in);
}
inline void autoscaled_serving_rules([[maybe_unused]] const scenario_parser& ps,
                                     [[maybe_unused]] const toml::table& t,
                                     [[maybe_unused]] const std::string& path,
                                     [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"target_tokens_per_s_per_replica", "target_requests_per_s_per_replica"},
            false, "the load one replica is sized for, in tokens/s or requests/s");
  const bool tokens = t.get("target_tokens_per_s_per_replica") != nullptr;
  const toml::node& pr = *t.get("profile");
  const toml::array* a = pr.as_array();
  if (a == nullptr || a->empty() || !a->is_array_of_tables()) {
    ps.fail_at(ps.line_of(pr), ps.join(path, "profile"),
               "must be one or more [[component.profile]] tables (label, hours, tokens_per_s "
               "or requests_per_s)");
  }
  std::vector<std::string_view> allowed;
  for (const auto& k : demand_period_keys) allowed.push_back(k.name);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const toml::table& pt = *(*a)[i].as_table();
    const std::string pp = ps.join(path, "profile") + "[" + std::to_string(i) + "]";
    ps.check_keys(pt, pp, allowed, "a demand period");
    scenario_demand_period d;
    d.line = ps.line_of(pt);
    std::map<std::string, std::string> text;
    ps.read_keys(pt, pp, demand_period_keys, text, d.values);
    d.label = text["label"];
    const std::string_view wrong = tokens ? "requests_per_s" : "tokens_per_s";
    if (const toml::node* w = pt.get(wrong)) {
      ps.fail_at(ps.line_of(*w), ps.join(pp, wrong),
                 std::string("is in ") + (tokens ? "requests/s" : "tokens/s") +
                     " but the target per replica is in " + (tokens ? "tokens/s" : "requests/s") +
                     "; the load and the target count the same thing");
    }
    if (pt.get(tokens ? "tokens_per_s" : "requests_per_s") == nullptr) {
      ps.fail_at(d.line, ps.join(pp, tokens ? "tokens_per_s" : "requests_per_s"),
                 "is missing: the load of the period (required)");
    }
    c.profile.push_back(std::move(d));
  }
}

inline void autoscaled_serving_add([[maybe_unused]] scenario_builder& sb, model& m,
                                   const scenario_component& c,
                                   [[maybe_unused]] std::size_t index) {
  if (sb.find(c, "target_tokens_per_s_per_replica") != nullptr) {
    add_autoscaled<units::tokens_per_second_t>(sb, m, c);
  } else {
    add_autoscaled<units::requests_per_second_t>(sb, m, c);
  }
}

inline constexpr sub_table autoscaled_serving_tables[] = {
    {"profile", demand_period_keys, {}},
};

inline constexpr component_kind autoscaled_serving_kind{
    "autoscaled_serving", autoscaled_serving_keys, autoscaled_serving_tables,
    &autoscaled_serving_rules, &autoscaled_serving_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_AUTOSCALED_SERVING_IPP
