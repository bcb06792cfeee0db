// trncost/io/model_support.hpp moved to trncost/readers/model_support.hpp in 0.1 (the readers and
// the scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to
// it until 0.2. Include the new path.
#ifndef TRNCOST_IO_MODEL_SUPPORT_HPP
#define TRNCOST_IO_MODEL_SUPPORT_HPP

#include "../readers/model_support.hpp"

#endif  // TRNCOST_IO_MODEL_SUPPORT_HPP
