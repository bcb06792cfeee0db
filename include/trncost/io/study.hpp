// trncost/io/study.hpp moved to trncost/scenario/study.hpp in 0.1 (the readers and the scenario
// files have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_STUDY_HPP
#define TRNCOST_IO_STUDY_HPP

#include "../scenario/study.hpp"

#endif  // TRNCOST_IO_STUDY_HPP
