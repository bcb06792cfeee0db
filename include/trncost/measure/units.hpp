// Units the measure layer needs beyond trncost's own: model FLOPs per token (for MFU).
#ifndef TRNCOST_MEASURE_UNITS_HPP
#define TRNCOST_MEASURE_UNITS_HPP

#include <string_view>

#include "../units/units.hpp"

namespace trncost::units {

/// Model FLOPs per token trained (about 6 x parameters for a dense transformer).
using flops_per_token_t = per<flop_t, token_t>;
inline constexpr flops_per_token_t flops_per_token{};
template <>
inline constexpr std::string_view symbol_v<flops_per_token_t> = "FLOP/token";

}  // namespace trncost::units

#endif  // TRNCOST_MEASURE_UNITS_HPP
