// trncost's non-template functions for TRNCOST_SEPARATE_COMPILATION (functions_core.cpp): the
// scenario and study files (toml++).
#include <trncost/scenario/src.hpp>
