// expect: trncost: a sourced value needs its provenance
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
