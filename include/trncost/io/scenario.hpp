// trncost/io/scenario.hpp moved to trncost/scenario/scenario.hpp in 0.1 (the readers and the
// scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to it
// until 0.2. Include the new path.
#ifndef TRNCOST_IO_SCENARIO_HPP
#define TRNCOST_IO_SCENARIO_HPP

#include "../scenario/scenario.hpp"

#endif  // TRNCOST_IO_SCENARIO_HPP
