// The bodies of readers/bill_files.hpp's functions (zlib) for TRNCOST_SEPARATE_COMPILATION: include
// it in the one translation unit that includes <trncost/src.hpp> (README.md, "Separate
// compilation"), and link zlib.
#ifndef TRNCOST_READERS_SRC_BILL_FILES_HPP
#define TRNCOST_READERS_SRC_BILL_FILES_HPP

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#error \
    "trncost/readers/src_bill_files.hpp: define TRNCOST_SEPARATE_COMPILATION for the whole program"
#endif

#include "impl/bill_files.ipp"

#endif  // TRNCOST_READERS_SRC_BILL_FILES_HPP
