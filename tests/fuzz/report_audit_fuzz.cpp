// JSON reports of every kind read back and recomputed, dispatched as `trncost audit` does: a
// reconciliation, a study (each option's report, the comparison and the decision), an estimate.
#include "fuzz.hpp"
#include "trncost/report/audit.hpp"
#include "trncost/report/audit_study.hpp"
#include "trncost/report/reconcile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    const auto text = fuzz::text(data, size);
    if (trncost::report::is_reconciliation(text)) {
      (void)trncost::report::check_reconciliation(text, "fuzz.json");
    } else if (trncost::report::is_study_report(text)) {
      (void)trncost::report::audit_study(text, "fuzz.json");
    } else {
      (void)trncost::report::audit(text, "fuzz.json");
    }
  });
}
