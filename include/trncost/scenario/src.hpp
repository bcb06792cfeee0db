// The bodies of the scenario and study files' functions (toml++) for TRNCOST_SEPARATE_COMPILATION:
// include it, with readers/src.hpp, in the one translation unit that includes <trncost/src.hpp>
// (README.md, "Separate compilation").
#ifndef TRNCOST_SCENARIO_SRC_HPP
#define TRNCOST_SCENARIO_SRC_HPP

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#error "trncost/scenario/src.hpp: define TRNCOST_SEPARATE_COMPILATION for the whole program"
#endif

#include "impl/plan.ipp"
#include "impl/scenario.ipp"
#include "impl/study.ipp"

#endif  // TRNCOST_SCENARIO_SRC_HPP
