// expect: no matching function for call to 'trncost::sourced<|no matching constructor for initialization of '(const )?(trncost::)?sourced<
// A sourced value cannot be built without saying where it comes from.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
#ifdef TRNCOST_FAIL
  const sourced<money> fee("support fee", usd("100"));
#else
  const sourced<money> fee("support fee", usd("100"), assumption{"flat monthly support fee"});
#endif
  (void)fee;
}
