// trncost/io/fmt.hpp moved to trncost/readers/fmt.hpp in 0.1 (the readers and the scenario files
// have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_FMT_HPP
#define TRNCOST_IO_FMT_HPP

#include "../readers/fmt.hpp"

#endif  // TRNCOST_IO_FMT_HPP
