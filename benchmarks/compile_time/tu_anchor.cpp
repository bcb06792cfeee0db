// Compile-time anchor: what a cost model without trncost would include (Boost.Units' SI system and
// fmt) and a comparable small use: a time quantity times a double, formatted with fmt.
#include <fmt/format.h>

#include <boost/units/systems/si.hpp>
#include <string>

namespace si = boost::units::si;

std::string training_line() {
  const boost::units::quantity<si::time> t = 5399.0 * si::seconds;
  const double usd_per_hour = 21.5;
  const double cost = 4.0 * usd_per_hour * t.value() / 3600.0;
  return fmt::format("training: {:.2f} USD", cost);
}
