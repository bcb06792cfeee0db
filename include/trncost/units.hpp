// All of trncost's units: the exact decimal, the unit system, named units and rates, amount().
#ifndef TRNCOST_UNITS_HPP
#define TRNCOST_UNITS_HPP

#include "units/amount.hpp"
#include "units/decimal.hpp"
#include "units/symbol.hpp"
#include "units/system.hpp"
#include "units/units.hpp"

#endif  // TRNCOST_UNITS_HPP
