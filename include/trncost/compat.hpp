// Compatibility evidence: software stacks and their differences, the model-support dataset's rows
// and the lookup of a model on a stack, the sizing hint, compilation as a one-off cost with the
// compiled-graph cache rule, and migration uncertainties. (Reading the dataset's exports is
// readers/model_support.hpp.)
#ifndef TRNCOST_COMPAT_HPP
#define TRNCOST_COMPAT_HPP

#include "compat/compile_cost.hpp"
#include "compat/evidence.hpp"
#include "compat/sizing.hpp"
#include "compat/stack.hpp"
#include "compat/uncertainty.hpp"

#endif  // TRNCOST_COMPAT_HPP
