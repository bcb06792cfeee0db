// expect: trncost: cannot add, subtract or compare two different units of one dimension
// USD per million tokens and USD per token differ by 10^6: they do not add.
#include <trncost/units.hpp>

int main() {
  using namespace trncost;
  using usd_per_token_t = units::per<units::usd_t, units::token_t>;
  const auto output_price = make(units::usd_per_million_tokens, "15");
  const auto surcharge = make<usd_per_token_t>("0.0000003");
#ifdef TRNCOST_FAIL
  const auto total = output_price + surcharge;
#else
  const auto total = quantity<usd_per_token_t>(output_price) + surcharge;
#endif
  (void)total;
}
