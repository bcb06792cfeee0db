// expect: trncost: no implicit conversion between two units of one dimension
// Assigning a per-1000-requests price to a per-request one must not compile; an explicit conversion
// (exact: it divides by 1000) is the way.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  auto per_request = make(units::usd_per_request, "0.0000002");
  const auto per_thousand = make(units::usd_per_thousand_requests, "0.0004");
#ifdef TRNCOST_FAIL
  per_request = per_thousand;
#else
  per_request = quantity<units::usd_per_request_t>(per_thousand);
#endif
  (void)per_request;
}
