// The bodies of trncost's non-template functions, compiled once for the programs of this project
// that are built with TRNCOST_SEPARATE_COMPILATION (the test program, the trncost command, the
// Python module; CMakeLists.txt, trncost_separate_functions): each of their translation units then
// compiles only what it instantiates. A host does the same in one of its own units
// (README.md, "Separate compilation").
#include <trncost/io/src_readers.hpp>
#include <trncost/io/src_scenario.hpp>
#include <trncost/src.hpp>
#if defined(TRNCOST_HAVE_SQLITE)
#include <trncost/io/src_price_store.hpp>
#endif
