// The instance catalog: instance specs (chips, NeuronCores, memory, host, peak FLOP/s) with their
// sources, the built-in entries, and lookup by name.
#ifndef TRNCOST_CATALOG_HPP
#define TRNCOST_CATALOG_HPP

#include "catalog/builtin.hpp"
#include "catalog/catalog.hpp"
#include "catalog/detail/edit_distance.hpp"
#include "catalog/instance_spec.hpp"

#endif  // TRNCOST_CATALOG_HPP
