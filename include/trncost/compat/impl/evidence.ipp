// The definitions of compat/evidence.hpp's functions: included by that header (header-only) or
// compiled once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_COMPAT_IMPL_EVIDENCE_IPP
#define TRNCOST_COMPAT_IMPL_EVIDENCE_IPP

#include "../evidence.hpp"

namespace trncost {

namespace compat {

[[nodiscard]] TRNCOST_DECL provenance row_provenance(const evidence_row& row,
                                                     const dataset_ref& src) {
  return documented{src.dataset + " (export " + src.file + "), line " + std::to_string(row.line) +
                        ", model " + row.model_id + ", tested_at " +
                        trncost::to_string(row.tested_at),
                    src.consulted};
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::neuron_core_t>> tp_of(const evidence_row& row,
                                                                         const dataset_ref& src) {
  if (!row.tp) {
    throw input_error(src.file + ":" + std::to_string(row.line) + ": model '" + row.model_id +
                      "' has no tp");
  }
  return sourced(row.model_id + ".tp", make(units::neuron_core, *row.tp), row_provenance(row, src));
}

[[nodiscard]] TRNCOST_DECL sourced<quantity<units::gigabyte_t>> hbm_peak_of(
    const evidence_row& row, const dataset_ref& src) {
  if (!row.hbm_peak_gb) {
    throw input_error(src.file + ":" + std::to_string(row.line) + ": model '" + row.model_id +
                      "' has no hbm_peak_gb");
  }
  return sourced(row.model_id + ".hbm_peak",
                 quantity<units::gigabyte_t>::from_value(*row.hbm_peak_gb),
                 row_provenance(row, src));
}

}  // namespace compat

}  // namespace trncost

#endif  // TRNCOST_COMPAT_IMPL_EVIDENCE_IPP
