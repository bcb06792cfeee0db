// expect: trncost: cost_per_million_tokens takes \(instances, price in USD/instance-h, throughput in token/s, utilization as a fraction\)
// cost_per_million_tokens(instances, price, throughput, utilization): throughput and price swapped must not compile.
#include <trncost/analysis/unit_economics.hpp>
int main() {
  using namespace trncost;
  const sourced<quantity<units::instance_t>> n{"n", make(units::instance, "1"), assumption{"x"}};
  const sourced<quantity<units::usd_per_instance_hour_t>> p{"p", make(units::usd_per_instance_hour, "21.5"), assumption{"x"}};
  const sourced<quantity<units::tokens_per_second_t>> t{"t", make(units::tokens_per_second, "2000"), assumption{"x"}};
  const sourced<analysis::fraction> u{"u", make(units::dimensionless, "0.5"), assumption{"x"}};
#ifdef TRNCOST_FAIL
  const auto c = analysis::cost_per_million_tokens(n, t, p, u);
#else
  const auto c = analysis::cost_per_million_tokens(n, p, t, u);
#endif
  (void)c;
}
