// trncost/io/neuron_monitor.hpp moved to trncost/readers/neuron_monitor.hpp in 0.1 (the readers and
// the scenario files have a folder each, docs/architecture.md, "Layers"); this header forwards to
// it until 0.2. Include the new path.
#ifndef TRNCOST_IO_NEURON_MONITOR_HPP
#define TRNCOST_IO_NEURON_MONITOR_HPP

#include "../readers/neuron_monitor.hpp"

#endif  // TRNCOST_IO_NEURON_MONITOR_HPP
