// The definitions of workload/archetypes.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_WORKLOAD_IMPL_ARCHETYPES_IPP
#define TRNCOST_WORKLOAD_IMPL_ARCHETYPES_IPP

#include "../archetypes.hpp"

namespace trncost {

namespace workload::detail {

TRNCOST_DECL void declare_all(model& m, const std::vector<declared_category>& none) {
  for (const auto& [c, why] : none) m.declare_none(c, why);
}

}  // namespace workload::detail

namespace workload {

TRNCOST_DECL model fine_tuning(const training_to_target_inputs& in,
                               const std::vector<declared_category>& none) {
  model m;
  (void)add_training_to_target(m, in);
  detail::declare_all(m, none);
  return m;
}

TRNCOST_DECL model continued_pretraining(const continued_pretraining_inputs& in,
                                         const std::vector<declared_category>& none) {
  model m;
  (void)add_continued_pretraining(m, in);
  detail::declare_all(m, none);
  return m;
}

TRNCOST_DECL model research_sweep(const sweep_inputs& in,
                                  const std::vector<declared_category>& none) {
  model m;
  (void)add_sweep(m, in);
  detail::declare_all(m, none);
  return m;
}

TRNCOST_DECL model frontier_training(const frontier_inputs& in,
                                     const std::vector<declared_category>& none) {
  model m;
  (void)add_frontier_training(m, in);
  detail::declare_all(m, none);
  return m;
}

}  // namespace workload

}  // namespace trncost

#endif  // TRNCOST_WORKLOAD_IMPL_ARCHETYPES_IPP
