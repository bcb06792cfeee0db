// The bodies of the price store's functions (SQLite) for TRNCOST_SEPARATE_COMPILATION: include it
// in the one translation unit that includes <trncost/src.hpp> (README.md, "Separate compilation").
#ifndef TRNCOST_READERS_SRC_PRICE_STORE_HPP
#define TRNCOST_READERS_SRC_PRICE_STORE_HPP

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#error \
    "trncost/readers/src_price_store.hpp: define TRNCOST_SEPARATE_COMPILATION for the whole program"
#endif

#include "impl/price_store.ipp"

#endif  // TRNCOST_READERS_SRC_PRICE_STORE_HPP
