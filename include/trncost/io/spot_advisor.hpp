// trncost/io/spot_advisor.hpp moved to trncost/readers/spot_advisor.hpp in 0.1 (the readers and the
// scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to it
// until 0.2. Include the new path.
#ifndef TRNCOST_IO_SPOT_ADVISOR_HPP
#define TRNCOST_IO_SPOT_ADVISOR_HPP

#include "../readers/spot_advisor.hpp"

#endif  // TRNCOST_IO_SPOT_ADVISOR_HPP
