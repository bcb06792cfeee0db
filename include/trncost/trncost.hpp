// trncost: verifiable cost models for training and serving on AWS Trainium. This umbrella header
// includes the core (units, exact money, provenance); each readers/, scenario/ and report/ header
// is included on purpose.
#ifndef TRNCOST_TRNCOST_HPP
#define TRNCOST_TRNCOST_HPP

#include "error.hpp"
#include "provenance.hpp"
#include "units.hpp"

#endif  // TRNCOST_TRNCOST_HPP
