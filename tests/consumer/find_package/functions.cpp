// trncost's functions compiled once for this consumer's scenario program, from the installed
// headers (README.md, "Separate compilation"): what a host built with TRNCOST_SEPARATE_COMPILATION
// writes in one unit of its own.
#include <trncost/io/src_readers.hpp>
#include <trncost/io/src_scenario.hpp>
#include <trncost/src.hpp>
