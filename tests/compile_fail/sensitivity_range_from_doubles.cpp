// expect: trncost: a decimal is never made from a double or a float
// A sensitivity range is exact decimals: doubles must not become its bounds.
#include <trncost/analysis/sensitivity.hpp>
int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const analysis::variation v{"throughput", 900.0, 1100.0, "band"};
#else
  const analysis::variation v{"throughput", decimal(900), decimal(1100), "band"};
#endif
  (void)v;
}
