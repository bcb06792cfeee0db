// The cost model layer: the model graph, the cost_component concept, the built-in components and
// the estimate with its computed status.
#ifndef TRNCOST_MODEL_HPP
#define TRNCOST_MODEL_HPP

#include "model/aws_service.hpp"
#include "model/category.hpp"
#include "model/component.hpp"
#include "model/components/block_storage.hpp"
#include "model/components/commitment_mix.hpp"
#include "model/components/data_preparation.hpp"
#include "model/components/data_transfer.hpp"
#include "model/components/failures.hpp"
#include "model/components/instance_time.hpp"
#include "model/components/logging.hpp"
#include "model/components/object_storage.hpp"
#include "model/estimate.hpp"
#include "model/inputs.hpp"
#include "model/model.hpp"
#include "model/tiers.hpp"

#endif  // TRNCOST_MODEL_HPP
