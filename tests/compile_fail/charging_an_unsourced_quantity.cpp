// expect: trncost: charge\(\) takes sourced values
// A typed but unsourced quantity cannot become a cost input either: where does 21.50 come from?
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced hours("hours", make(units::instance_hour, 10), assumption{"a 10-hour job"});
  const auto rate = make(units::usd_per_instance_hour, "21.50");
#ifdef TRNCOST_FAIL
  const auto cost = charge("cost", rate, hours);
#else
  const auto cost = charge("cost", sourced("price", rate, assumption{"list price"}), hours);
#endif
  (void)cost;
}
