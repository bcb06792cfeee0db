// The definitions of units/units.hpp's functions: included by that header (header-only) or compiled
// once by <trncost/src.hpp> (TRNCOST_SEPARATE_COMPILATION).
#ifndef TRNCOST_UNITS_IMPL_UNITS_IPP
#define TRNCOST_UNITS_IMPL_UNITS_IPP

#include "../units.hpp"

namespace trncost {

TRNCOST_DECL money usd(std::string_view text) { return make<units::usd_t>(text); }

}  // namespace trncost

#endif  // TRNCOST_UNITS_IMPL_UNITS_IPP
