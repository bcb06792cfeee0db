// trncost/io/run_log.hpp moved to trncost/readers/run_log.hpp in 0.1 (the readers and the scenario
// files have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_RUN_LOG_HPP
#define TRNCOST_IO_RUN_LOG_HPP

#include "../readers/run_log.hpp"

#endif  // TRNCOST_IO_RUN_LOG_HPP
