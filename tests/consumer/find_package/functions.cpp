// trncost's functions compiled once for this consumer's scenario program, from the installed
// headers (README.md, "Separate compilation"): what a host built with TRNCOST_SEPARATE_COMPILATION
// writes in one unit of its own.
#include <trncost/readers/src.hpp>
#include <trncost/scenario/src.hpp>
#include <trncost/src.hpp>
