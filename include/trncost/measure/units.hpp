// The measure layer's units (model FLOPs per token, for MFU) are trncost's own, in
// units/units.hpp with the others; this header is kept so that code including it still builds.
#ifndef TRNCOST_MEASURE_UNITS_HPP
#define TRNCOST_MEASURE_UNITS_HPP

#include "../units/units.hpp"

#endif  // TRNCOST_MEASURE_UNITS_HPP
