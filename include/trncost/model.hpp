// The cost model layer: the model graph, the cost_component concept, the built-in components and
// the estimate with its computed status.
#ifndef TRNCOST_MODEL_HPP
#define TRNCOST_MODEL_HPP

#include "model/category.hpp"
#include "model/component.hpp"
#include "model/components/instance_time.hpp"
#include "model/estimate.hpp"
#include "model/inputs.hpp"
#include "model/model.hpp"

#endif  // TRNCOST_MODEL_HPP
