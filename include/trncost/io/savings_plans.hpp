// trncost/io/savings_plans.hpp moved to trncost/readers/savings_plans.hpp in 0.1 (the readers and
// the scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to
// it until 0.2. Include the new path.
#ifndef TRNCOST_IO_SAVINGS_PLANS_HPP
#define TRNCOST_IO_SAVINGS_PLANS_HPP

#include "../readers/savings_plans.hpp"

#endif  // TRNCOST_IO_SAVINGS_PLANS_HPP
