// expect: trncost: cannot assign or convert a quantity of one dimension to another
// A component takes the price unit it bills in: instance time refuses a per-GiB-month price.
#include <trncost/model.hpp>

int main() {
  using namespace trncost;
  const sourced nodes("nodes", make(units::instance, 2), assumption{"planned"});
  const sourced t("t", seconds(3600), assumption{"planned"});
#ifdef TRNCOST_FAIL
  const sourced price("price", make(units::usd_per_gibibyte_month, "0.08"), assumption{"list"});
#else
  const sourced price("price", make(units::usd_per_instance_hour, "21.50"), assumption{"list"});
#endif
  const instance_time job("job", "trn1.32xlarge", nodes, price, {{phase::training, t}});
  (void)job;
}
