// The measure layer: run records, derived measures, repetitions, and inputs for the model.
#ifndef TRNCOST_MEASURE_HPP
#define TRNCOST_MEASURE_HPP

#include "measure/derived.hpp"
#include "measure/feed.hpp"
#include "measure/repetitions.hpp"
#include "measure/run.hpp"
#include "measure/units.hpp"

#endif  // TRNCOST_MEASURE_HPP
