// The `serving` component of a scenario file (docs/scenario.md): a fleet serving a demand over a
// period, fixed or sized from the demand (workload/serving.hpp). Its keys, the rules across them
// (checked when the file is read) and the component it adds to a model, in one place; registered by
// one line of scenario/kinds/registry.ipp.
#ifndef TRNCOST_SCENARIO_KINDS_SERVING_IPP
#define TRNCOST_SCENARIO_KINDS_SERVING_IPP

#include "../../readers/vllm_bench.hpp"
#include "../../workload/serving.hpp"
#include "kind.ipp"

namespace trncost::io::detail {

// Workload components (include/trncost/workload/). Alternatives (`hours` or `period`, `..._seconds`
// or `..._hours`, tokens or requests) are not required here: component() checks that exactly one
// of each is written.
inline constexpr std::array<scenario_key, 12> serving_keys{{
    {"instance_type", kt::text, true},
    {"price", kt::price, false, "ec2_on_demand", true},
    {"hours", kt::input, false},
    {"period", kt::period, false},
    {"average_tokens_per_s", kt::input, false},
    {"peak_tokens_per_s", kt::input, false},
    {"average_requests_per_s", kt::input, false},
    {"peak_requests_per_s", kt::input, false},
    {"throughput", kt::throughput, true},
    {"latency_target", kt::text, false},
    {"utilisation", kt::input, true},
    {"instances", kt::input, false},  // a fixed fleet; sized from the demand when absent
}};
/// serving: `throughput = { vllm = ..., ... }` and `period = { from = ..., to = ..., <provenance>
/// }`.
inline constexpr std::array<std::string_view, 7> vllm_keys{
    "vllm", "config", "model", "instances", "ttft_ms", "itl_ms", "request_latency_s"};

/// The throughput per instance of a serving component: its input, or the operating point of its
/// vLLM benchmark that meets the latency bounds (with the target it describes).
template <class Rate>
std::pair<sourced<quantity<typename workload::rate_traits<Rate>::per_instance>>, std::string>
serving_throughput(const scenario_builder& sb, const scenario_component& c, std::size_t index) {
  using per_instance = typename workload::rate_traits<Rate>::per_instance;
  if (!c.vllm) {
    return {sb.input(c, "throughput", per_instance{}), c.text.at("latency_target")};
  }
  const auto& v = *c.vllm;
  const std::string key = "component[" + std::to_string(index) + "].throughput";
  const std::string results = sb.existing(v.results, v.line, key + ".vllm", "vLLM benchmark");
  const std::string config =
      v.config.empty() ? std::string()
                       : sb.existing(v.config, v.line, key + ".config", "run configuration");
  latency_target target;
  if (v.ttft_ms) target.max_time_to_first_token = make(units::millisecond, *v.ttft_ms);
  if (v.itl_ms) target.max_inter_token_latency = make(units::millisecond, *v.itl_ms);
  if (v.request_latency_s) target.max_request_latency = make(units::second, *v.request_latency_s);
  const auto point =
      select_operating_point(read_vllm_bench(results, v.instances, config), target, v.model);
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
          describe_target(target) + ", " + point.input_type + " (" + point.origin + ")"};
}

template <class Rate>
void add_serving(scenario_builder& sb, model& m, const scenario_component& c, std::size_t index) {
  const std::string unit =
      std::is_same_v<Rate, units::tokens_per_second_t> ? "tokens_per_s" : "requests_per_s";
  auto [throughput, target] = serving_throughput<Rate>(sb, c, index);
  workload::serving_inputs<Rate> in{
      c.name,
      c.text.at("instance_type"),
      sb.instance_price(c, c.text.at("instance_type")),
      c.period ? workload::service_period(c.name + ".period", c.period->from, c.period->to,
                                          c.period->origin)
               : sb.input(c, "hours", units::hour),
      sb.input(c, "average_" + unit, Rate{}),
      std::nullopt,
      std::move(throughput),
      std::move(target),
      sb.input(c, "utilisation", units::dimensionless)};
  if (sb.find(c, "peak_" + unit) != nullptr) in.peak_demand = sb.input(c, "peak_" + unit, Rate{});
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

inline void serving_rules([[maybe_unused]] const scenario_parser& ps,
                          [[maybe_unused]] const toml::table& t,
                          [[maybe_unused]] const std::string& path,
                          [[maybe_unused]] scenario_component& c) {
  ps.one_of(t, path, {"hours", "period"}, false, "the period served, in hours or as dates");
  if (const toml::node* p = t.get("period")) c.period = ps.period(*p, ps.join(path, "period"));
  ps.one_of(t, path, {"average_tokens_per_s", "average_requests_per_s"}, false,
            "the average demand, in tokens/s or requests/s");
  const bool tokens = t.get("average_tokens_per_s") != nullptr;
  const std::string_view wrong = tokens ? "peak_requests_per_s" : "peak_tokens_per_s";
  if (const toml::node* w = t.get(wrong)) {
    ps.fail_at(ps.line_of(*w), ps.join(path, wrong),
               std::string("is in ") + (tokens ? "requests/s" : "tokens/s") +
                   " but the average demand is in " + (tokens ? "tokens/s" : "requests/s") +
                   "; the demand and the throughput count the same thing");
  }
  const toml::node& th = *t.get("throughput");
  const std::string tp = ps.join(path, "throughput");
  const toml::table* tt = th.as_table();
  if (tt != nullptr && tt->get("vllm") != nullptr) {
    c.vllm = serving_vllm(ps, *tt, tp);
    if (const toml::node* lt = t.get("latency_target")) {
      ps.fail_at(ps.line_of(*lt), ps.join(path, "latency_target"),
                 "is given with a throughput read from a vLLM benchmark, whose latency target "
                 "is its bounds (ttft_ms, itl_ms, request_latency_s); leave it out");
    }
  } else {
    static constexpr scenario_key throughput_key{"throughput", kt::input, true};
    c.values["throughput"] = ps.value(th, tp, throughput_key);
    if (t.get("latency_target") == nullptr) {
      ps.fail_at(ps.line_of(t), ps.join(path, "latency_target"),
                 "is missing: a throughput per instance is measured at a latency target "
                 "(\"mean TTFT <= 500 ms\"); write it, or read the throughput from a vLLM "
                 "benchmark");
    }
  }
}

inline void serving_add([[maybe_unused]] scenario_builder& sb, model& m,
                        const scenario_component& c, [[maybe_unused]] std::size_t index) {
  if (sb.find(c, "average_tokens_per_s") != nullptr) {
    add_serving<units::tokens_per_second_t>(sb, m, c, index);
  } else {
    add_serving<units::requests_per_second_t>(sb, m, c, index);
  }
}

inline constexpr sub_table serving_tables[] = {
    {"throughput", {}, vllm_keys},
    {"period", {}, period_date_keys},
};

inline constexpr component_kind serving_kind{"serving", serving_keys, serving_tables,
                                             &serving_rules, &serving_add};

}  // namespace trncost::io::detail

#endif  // TRNCOST_SCENARIO_KINDS_SERVING_IPP
