// The definitions of measure/feed.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_MEASURE_IMPL_FEED_IPP
#define TRNCOST_MEASURE_IMPL_FEED_IPP

#include "../feed.hpp"

namespace trncost {

namespace measure::detail {

TRNCOST_DECL std::string join_ids(const std::vector<std::string>& ids) {
  std::string s;
  for (const auto& id : ids) s += (s.empty() ? "" : ",") + id;
  return s;
}

TRNCOST_DECL measured over_runs(const std::vector<run_record>& runs, std::string method) {
  std::vector<std::string> ids;
  measured m{};
  bool first = true;
  for (const auto& r : runs) {
    ids.push_back(r.id);
    const measured one = run_provenance(r, "");
    if (first || one.from < m.from) m.from = one.from;
    if (first || one.to > m.to) m.to = one.to;
    first = false;
  }
  m.run_id = join_ids(ids);
  m.method = std::move(method);
  // feed_model() refuses runs of different instance types or regions: the first said is all's.
  for (const auto& r : runs) {
    if (m.instance_type.empty()) m.instance_type = r.instance_type;
    if (m.region.empty()) m.region = r.region;
  }
  return m;
}

TRNCOST_DECL std::string runs_measured(const input_ref& r) {
  std::set<std::string> ids;
  std::set<std::string> where;
  std::vector<const source_record*> todo{r.get()};
  while (!todo.empty()) {
    const source_record* x = todo.back();
    todo.pop_back();
    if (x == nullptr) continue;
    if (const auto* d = std::get_if<derived>(&x->origin)) {
      for (const auto& in : d->inputs) todo.push_back(in.get());
    } else if (const auto* m = std::get_if<measured>(&x->origin)) {
      ids.insert(m->run_id);
      if (!m->instance_type.empty()) {
        where.insert(m->instance_type + (m->region.empty() ? "" : " in " + m->region));
      }
    }
  }
  std::string s;
  for (const auto& id : ids) s += (s.empty() ? "" : ", ") + id;
  if (s.empty()) s = "no run";
  std::string on;
  for (const auto& w : where) on += (on.empty() ? "" : ", ") + w;
  return on.empty() ? s : s + " on " + on;
}

}  // namespace measure::detail

}  // namespace trncost

#endif  // TRNCOST_MEASURE_IMPL_FEED_IPP
