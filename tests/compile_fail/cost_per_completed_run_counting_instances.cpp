// expect: trncost: cost_per_completed_run\(cost, completed\) takes the cost of every attempt in USD
// Cost per completed run divides by completed runs (jobs), not by instances.
#include <trncost/analysis/unit_economics.hpp>
int main() {
  using namespace trncost;
  const sourced<money> cost{"cost", make(units::usd, "1000"), assumption{"x"}};
#ifdef TRNCOST_FAIL
  const sourced<quantity<units::instance_t>> runs{"runs", make(units::instance, "2"), assumption{"x"}};
#else
  const sourced<quantity<units::job_t>> runs{"runs", make(units::job, "2"), assumption{"x"}};
#endif
  const auto c = analysis::cost_per_completed_run(cost, runs);
  (void)c;
}
