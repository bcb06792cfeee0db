// trncost/io/bill.hpp moved to trncost/readers/bill.hpp in 0.1 (the readers and the scenario files
// have a folder each, docs/architecture.md, "Layers"); this header forwards to it until 0.2.
// Include the new path.
#ifndef TRNCOST_IO_BILL_HPP
#define TRNCOST_IO_BILL_HPP

#include "../readers/bill.hpp"

#endif  // TRNCOST_IO_BILL_HPP
