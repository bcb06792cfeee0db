// expect: trncost: charge\(\) takes sourced values
// A bare number cannot become a cost input: charge() takes sourced values only.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced hours("hours", make(units::instance_hour, 10), assumption{"a 10-hour job"});
  const sourced price("price", make(units::usd_per_instance_hour, "21.50"), assumption{"list"});
#ifdef TRNCOST_FAIL
  const auto cost = charge("cost", 21.5, hours);
#else
  const auto cost = charge("cost", price, hours);
#endif
  (void)cost;
}
