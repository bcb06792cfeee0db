// The bodies of the readers' and the audit's functions (readers/, report/audit*.hpp and
// report/reconcile.hpp, report/render.hpp: RapidJSON) for TRNCOST_SEPARATE_COMPILATION: include it
// in the one translation unit that includes <trncost/src.hpp> (README.md, "Separate compilation").
#ifndef TRNCOST_READERS_SRC_HPP
#define TRNCOST_READERS_SRC_HPP

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#error "trncost/readers/src.hpp: define TRNCOST_SEPARATE_COMPILATION for the whole program"
#endif

#include "../report/impl/audit.ipp"
#include "../report/impl/audit_plan.ipp"
#include "../report/impl/audit_study.ipp"
#include "../report/impl/reconcile.ipp"
#include "../report/impl/render.ipp"
#include "../report/impl/study_diff.ipp"
#include "detail/impl/csv.ipp"
#include "detail/impl/input.ipp"
#include "detail/impl/json.ipp"
#include "detail/impl/toml_check.ipp"
#include "impl/bill.ipp"
#include "impl/model_support.ipp"
#include "impl/neuron_monitor.ipp"
#include "impl/price_list.ipp"
#include "impl/price_list_csv.ipp"
#include "impl/price_list_json.ipp"
#include "impl/run_log.ipp"
#include "impl/savings_plans.ipp"
#include "impl/spot_advisor.ipp"
#include "impl/vllm_bench.ipp"

#endif  // TRNCOST_READERS_SRC_HPP
