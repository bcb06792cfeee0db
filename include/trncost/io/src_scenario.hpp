// The bodies of the scenario and study files' functions (toml++) for TRNCOST_SEPARATE_COMPILATION:
// include it, with io/src_readers.hpp, in the one translation unit that includes <trncost/src.hpp>
// (README.md, "Separate compilation").
#ifndef TRNCOST_IO_SRC_SCENARIO_HPP
#define TRNCOST_IO_SRC_SCENARIO_HPP

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#error "trncost/io/src_scenario.hpp: define TRNCOST_SEPARATE_COMPILATION for the whole program"
#endif

#include "impl/plan.ipp"
#include "impl/scenario.ipp"
#include "impl/study.ipp"

#endif  // TRNCOST_IO_SRC_SCENARIO_HPP
