// expect: trncost: cannot assign or convert a quantity of one dimension to another
// An EC2 hourly price from the price book cannot be taken as a per-GiB-month storage price.
#include <trncost/pricing/queries.hpp>
int main() {
  using namespace trncost;
  const pricing::price_book book(parse_date("2026-11-30"), day_count{30});
  auto q = [&] {
#ifdef TRNCOST_FAIL
    const sourced<quantity<units::usd_per_gibibyte_month_t>> p =
#else
    const sourced<quantity<units::usd_per_instance_hour_t>> p =
#endif
        pricing::ec2_on_demand(book, "us-east-1", "trn1.32xlarge", "trn1_price");
    return p.value();
  };
  (void)q;
}
