// trncost's non-template functions for TRNCOST_SEPARATE_COMPILATION (functions_core.cpp): the
// readers and the audit (RapidJSON), the bill's files as AWS delivers them (zlib), and the price
// store when SQLite was found.
#include <trncost/readers/src.hpp>
#include <trncost/readers/src_bill_files.hpp>
#if defined(TRNCOST_HAVE_SQLITE)
#include <trncost/readers/src_price_store.hpp>
#endif
