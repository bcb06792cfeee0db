// The `data_preparation` component of a scenario file (docs/scenario.md): a measured cost, or CPU
// instances over the preparation's time (model/components/data_preparation.hpp). Its keys, the
// rules across them (checked when the file is read) and the component it adds to a model, in one
// place; registered by one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_DATA_PREPARATION_IPP
#define TRNCOST_SCENARIO_KINDS_DATA_PREPARATION_IPP

#include "../../model/components/data_preparation.hpp"
#include "kind.ipp"

namespace trncost::scenario::detail {

inline constexpr std::array<scenario_key, 7> data_preparation_keys{{
    // A measured cost (and the AWS service that billed it, if one did)...
    {"cost", kt::input, false},
    {"service", kt::text, false},
    // ...or CPU instances over the preparation's time, priced per instance-hour.
    {"instance_type", kt::text, false},
    {"instances", kt::input, false},
    {"duration_seconds", kt::input, false},
    {"duration_hours", kt::input, false},
    {"price", kt::price, false, "ec2_on_demand", true},
}};

inline void data_preparation_rules([[maybe_unused]] const scenario_parser& ps,
                                   [[maybe_unused]] const toml::table& t,
                                   [[maybe_unused]] const std::string& path,
                                   [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"cost", "instance_type"}, false,
            "a measured cost, or the CPU instances the preparation ran on");
  const bool on_instances = t.get("instance_type") != nullptr;
  static constexpr std::string_view cost_only[] = {"service"};
  static constexpr std::string_view instances_only[] = {"instances", "duration_seconds",
                                                        "duration_hours", "price"};
  for (std::string_view k : on_instances ? std::span<const std::string_view>(cost_only)
                                         : std::span<const std::string_view>(instances_only)) {
    if (const toml::node* n = t.get(k)) {
      ps.fail_at(ps.line_of(*n), ps.join(path, k),
                 on_instances
                     ? std::string("is given with instance_type: instances are billed as EC2 "
                                   "instance hours of their type; service names who billed "
                                   "a measured cost")
                     : "is given with cost: a measured cost is the whole job's; give cost "
                       "alone, or instance_type, instances, duration_seconds (or "
                       "duration_hours) and price");
    }
  }
  if (on_instances) {
    if (t.get("instances") == nullptr) {
      ps.fail_at(ps.line_of(t), ps.join(path, "instances"),
                 "is missing: the instances the preparation ran on (with instance_type)");
    }
    ps.one_of(t, path, {"duration_seconds", "duration_hours"}, false,
              "the preparation's billed time");
  }
  if (const toml::node* sv = t.get("service")) (void)ps.service_code(*sv, ps.join(path, "service"));
}

inline void data_preparation_add([[maybe_unused]] scenario_builder& sb, model& m,
                                 const scenario_component& c, [[maybe_unused]] std::size_t index) {
  const auto name_of = [&](std::string_view key) { return c.name + "." + std::string(key); };
  if (const auto type = c.text.find("instance_type"); type != c.text.end()) {
    m.add(data_preparation(
        c.name, cpu_instances{type->second, sb.input(c, "instances", units::instance),
                              sb.instance_price(c, type->second), *sb.time(c, "duration")}));
    return;
  }
  const auto& v = c.values.at("cost");
  data_preparation prep(c.name, sourced<money>(name_of("cost"), sb.money_in(v), *v.origin));
  if (const auto sv = c.text.find("service"); sv != c.text.end()) {
    prep.billed_as({.service = std::string(find_aws_service(sv->second)->code)});  // checked
  }
  m.add(prep);
}

inline constexpr component_kind data_preparation_kind{
    "data_preparation", data_preparation_keys, {}, &data_preparation_rules, &data_preparation_add};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_KINDS_DATA_PREPARATION_IPP
