// Credits: grants with a balance, an expiry and a coverage, applied to a spend schedule (one job's,
// or a plan's several workloads over time).
#ifndef TRNCOST_CREDITS_HPP
#define TRNCOST_CREDITS_HPP

#include "credits/burn_down.hpp"
#include "credits/grant.hpp"
#include "credits/plan.hpp"

#endif  // TRNCOST_CREDITS_HPP
