// The definitions of analysis/comparison.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_ANALYSIS_IMPL_COMPARISON_IPP
#define TRNCOST_ANALYSIS_IMPL_COMPARISON_IPP

#include "../comparison.hpp"

namespace trncost {

namespace analysis::detail {

TRNCOST_DECL std::string direction_text(quality_direction d) {
  return d == quality_direction::lower_is_better ? "lower is better" : "higher is better";
}

TRNCOST_DECL std::vector<std::string> protocol_differences(const comparison_group& base,
                                                           const protocol& p) {
  std::vector<std::string> out;
  if (p.dataset_id != base.dataset_id) {
    out.push_back("dataset '" + p.dataset_id + "' instead of '" + base.dataset_id + "'");
  }
  if (p.metric != base.metric) {
    out.push_back("metric '" + p.metric + "' instead of '" + base.metric + "'");
  }
  if (p.target != base.target) {
    out.push_back("target " + p.target.to_string() + " instead of " + base.target.to_string());
  }
  if (p.direction != base.direction) {
    out.push_back(direction_text(p.direction) + " instead of " + direction_text(base.direction));
  }
  return out;
}

}  // namespace analysis::detail

namespace analysis {

TRNCOST_DECL comparison compare(const std::vector<option>& options) {
  if (options.empty()) throw input_error("comparison: no option to compare");
  std::set<std::string> names;
  for (const auto& o : options) {
    if (o.name.empty()) throw input_error("comparison: an option needs a name");
    if (!names.insert(o.name).second) {
      throw input_error("comparison: two options are named '" + o.name + "'");
    }
    if (o.proto.dataset_id.empty() || o.proto.metric.empty()) {
      throw input_error("comparison: option '" + o.name + "' names no dataset or quality metric");
    }
    if (o.work && (o.work->is_zero() || o.work->is_negative())) {
      throw input_error("comparison: option '" + o.name + "' delivers no work (" +
                        o.work->to_string() + "); the work must be above 0");
    }
    if (o.seconds_to_target && o.seconds_to_target->is_negative()) {
      throw input_error("comparison: option '" + o.name + "' has a negative time to target");
    }
  }
  comparison out;
  std::vector<std::vector<const option*>> members;
  for (const auto& o : options) {
    auto it = std::find_if(out.groups.begin(), out.groups.end(), [&](const comparison_group& g) {
      return g.dataset_id == o.proto.dataset_id && g.metric == o.proto.metric &&
             g.target == o.proto.target && g.direction == o.proto.direction;
    });
    if (it == out.groups.end()) {
      comparison_group g{
          o.proto.dataset_id, o.proto.metric, o.proto.target, o.proto.direction, {}, {}, {}};
      if (!out.groups.empty()) g.differences = detail::protocol_differences(out.groups[0], o.proto);
      out.groups.push_back(std::move(g));
      members.emplace_back();
      it = out.groups.end() - 1;
    }
    members[static_cast<std::size_t>(it - out.groups.begin())].push_back(&o);
  }
  for (std::size_t gi = 0; gi < out.groups.size(); ++gi) {
    auto& g = out.groups[gi];
    for (const option* o : members[gi]) {
      const auto& p = o->proto;
      if (!p.reached) {
        g.apart.push_back(
            {o->name, "quality not measured: no value of '" + p.metric + "' reached"});
        continue;
      }
      if (!p.target_reached()) {
        g.apart.push_back({o->name, "did not reach the target: " + p.metric + " " +
                                        p.reached->to_string() + " against " +
                                        p.target.to_string() + " (" +
                                        detail::direction_text(p.direction) + ")"});
        continue;
      }
      if (o->est.unpriced_lines() != 0 || o->est.status == estimate_status::incomplete) {
        g.apart.push_back({o->name, "its cost is incomplete (status " +
                                        std::string(to_string(o->est.status)) +
                                        "): a partial total cannot be ranked"});
        continue;
      }
      g.ranked.push_back({o->name,
                          o->est.total,
                          o->seconds_to_target,
                          0,
                          std::nullopt,
                          {},
                          std::nullopt,
                          p.stack,
                          o->work,
                          std::nullopt});
    }
    auto& r = g.ranked;
    // Per unit of work when every option says how much it delivers: a cheaper option that delivers
    // less work must not rank ahead of one that costs less per unit.
    const bool per_work = !r.empty() && std::all_of(r.begin(), r.end(), [](const ranked_option& x) {
      return x.work.has_value();
    });
    if (per_work) {
      for (auto& x : r) x.cost_per_work = x.cost / *x.work;
    }
    const auto key = [per_work](const ranked_option& x) {
      return per_work ? *x.cost_per_work : x.cost;
    };
    std::stable_sort(r.begin(), r.end(), [&](const ranked_option& a, const ranked_option& b) {
      return key(a) < key(b);
    });
    if (r.empty()) continue;
    const decimal cheapest = key(r.front());
    std::optional<decimal> fastest;
    bool all_times = true;
    for (const auto& x : r) {
      if (!x.seconds) {
        all_times = false;
      } else if (!fastest || *x.seconds < *fastest) {
        fastest = *x.seconds;
      }
    }
    for (std::size_t i = 0; i < r.size(); ++i) {
      r[i].cost_rank = i + 1;
      r[i].cost_ratio = cheapest.is_zero() ? decimal(1) : key(r[i]) / cheapest;
      if (all_times && fastest) {
        std::size_t faster = 0;
        for (const auto& x : r) faster += *x.seconds < *r[i].seconds ? 1U : 0U;
        r[i].time_rank = faster + 1;
        r[i].time_ratio = fastest->is_zero() ? decimal(1) : *r[i].seconds / *fastest;
      }
    }
  }
  return out;
}

}  // namespace analysis

namespace analysis {

TRNCOST_DECL auto protocol::target_reached() const noexcept -> bool {
  if (!reached) return false;
  return direction == quality_direction::lower_is_better ? !(target < *reached)
                                                         : !(*reached < target);
}

TRNCOST_DECL auto comparison::option_count() const noexcept -> std::size_t {
  std::size_t n = 0;
  for (const auto& g : groups) n += g.ranked.size() + g.apart.size();
  return n;
}

}  // namespace analysis

}  // namespace trncost

#endif  // TRNCOST_ANALYSIS_IMPL_COMPARISON_IPP
