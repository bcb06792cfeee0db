// trncost/io/plan.hpp moved to trncost/scenario/plan.hpp in 0.1 (the readers and the scenario files
// have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_PLAN_HPP
#define TRNCOST_IO_PLAN_HPP

#include "../scenario/plan.hpp"

#endif  // TRNCOST_IO_PLAN_HPP
