// expect: trncost: cannot add, subtract or compare two different units of one dimension
// USD per request and USD per 1000 requests differ by a factor of 1000: they do not add.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  const auto per_request = make(units::usd_per_request, "0.0000002");
  const auto per_thousand = make(units::usd_per_thousand_requests, "0.0004");
#ifdef TRNCOST_FAIL
  const auto total = per_request + per_thousand;
#else
  const auto total = per_request + quantity<units::usd_per_request_t>(per_thousand);
#endif
  (void)total;
}
