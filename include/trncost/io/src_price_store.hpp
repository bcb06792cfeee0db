// trncost/io/src_price_store.hpp moved to trncost/readers/src_price_store.hpp in 0.1 (the readers
// and the scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards
// to it until 0.2. Include the new path.
#ifndef TRNCOST_IO_SRC_PRICE_STORE_HPP
#define TRNCOST_IO_SRC_PRICE_STORE_HPP

#include "../readers/src_price_store.hpp"

#endif  // TRNCOST_IO_SRC_PRICE_STORE_HPP
