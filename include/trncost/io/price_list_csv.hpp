// trncost/io/price_list_csv.hpp moved to trncost/readers/price_list_csv.hpp in 0.1 (the readers and
// the scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to
// it until 0.2. Include the new path.
#ifndef TRNCOST_IO_PRICE_LIST_CSV_HPP
#define TRNCOST_IO_PRICE_LIST_CSV_HPP

#include "../readers/price_list_csv.hpp"

#endif  // TRNCOST_IO_PRICE_LIST_CSV_HPP
