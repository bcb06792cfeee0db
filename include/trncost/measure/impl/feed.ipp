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
  return m;
}

}  // namespace measure::detail

}  // namespace trncost

#endif  // TRNCOST_MEASURE_IMPL_FEED_IPP
