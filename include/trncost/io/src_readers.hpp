// trncost/io/src_readers.hpp moved to trncost/readers/src.hpp in 0.1 (the readers and the scenario
// files have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_SRC_READERS_HPP
#define TRNCOST_IO_SRC_READERS_HPP

#include "../readers/src.hpp"

#endif  // TRNCOST_IO_SRC_READERS_HPP
