// expect: trncost: a sourced value keeps the unit its source gives
// A measured duration in seconds is not a sourced value in hours: converting it is a step of the
// derivation, convert<ToUnit>(name, s), never an implicit copy into another unit.
#include <trncost/provenance.hpp>

int main() {
  using namespace trncost;
  const sourced wall("wall_clock", seconds(5400), assumption{"a 90-minute job"});
#ifdef TRNCOST_FAIL
  const sourced<quantity<units::hour_t>> hours = wall;
#else
  const sourced<quantity<units::hour_t>> hours = convert<units::hour_t>("wall_clock_h", wall);
#endif
  (void)hours;
}
