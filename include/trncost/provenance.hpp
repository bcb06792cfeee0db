// Provenance kinds, dates, the operations of derivations and sourced values.
#ifndef TRNCOST_PROVENANCE_HPP
#define TRNCOST_PROVENANCE_HPP

#include "provenance/date.hpp"
#include "provenance/operation.hpp"
#include "provenance/provenance.hpp"
#include "provenance/sourced.hpp"

#endif  // TRNCOST_PROVENANCE_HPP
