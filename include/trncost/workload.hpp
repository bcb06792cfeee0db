// The workload layer: what work a job or a service delivers and how its instance time follows
// (always-on and autoscaled serving, training to a target, continued pre-training, sweeps, batch
// inference, frontier scale), and the archetypes that build a whole model from a few parameters.
#ifndef TRNCOST_WORKLOAD_HPP
#define TRNCOST_WORKLOAD_HPP

#include "workload/archetypes.hpp"
#include "workload/autoscaled_serving.hpp"
#include "workload/batch_inference.hpp"
#include "workload/common.hpp"
#include "workload/continued_pretraining.hpp"
#include "workload/hosted_api.hpp"
#include "workload/serving.hpp"
#include "workload/sweep.hpp"
#include "workload/training.hpp"

#endif  // TRNCOST_WORKLOAD_HPP
