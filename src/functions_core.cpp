// trncost's non-template functions for the programs of this project built with
// TRNCOST_SEPARATE_COMPILATION (the test program, the trncost command, the Python module): the
// core, the model, analysis, credits and the writers (<trncost/src.hpp>). With
// functions_readers.cpp and functions_scenario.cpp, the library trncost_functions (CMakeLists.txt);
// three units, so that the two cores of a build compile them side by side. A host does the same in
// one unit of its own (README.md, "Separate compilation").
#include <trncost/src.hpp>
