// 128-bit integers and the few 256+-bit steps exact decimal arithmetic needs (multiply, then divide
// once).
#ifndef TRNCOST_DETAIL_WIDE_INT_HPP
#define TRNCOST_DETAIL_WIDE_INT_HPP

#include <array>
#include <cstdint>
#include <type_traits>

namespace trncost {

/// How a value that falls between two representable values is resolved.
enum class rounding {
  half_even,       ///< to nearest, ties to the even neighbour (banker's rounding; the default)
  half_up,         ///< to nearest, ties away from zero (what most people call "rounding")
  half_down,       ///< to nearest, ties toward zero
  toward_zero,     ///< truncate
  away_from_zero,  ///< any remainder moves the magnitude up
  floor,           ///< toward negative infinity
  ceiling,         ///< toward positive infinity
};

namespace detail {

// __extension__ keeps -Wpedantic quiet: ISO C++ has no 128-bit integer, g++ and clang++ both do.
__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

inline constexpr int128 int128_max = static_cast<int128>(~static_cast<uint128>(0) >> 1);

constexpr uint128 magnitude(int128 v) noexcept {
  return v < 0 ? static_cast<uint128>(0) - static_cast<uint128>(v) : static_cast<uint128>(v);
}

/// Whether the magnitude of a quotient moves up one step, given how the remainder compares with
/// half the divisor (`half_cmp`: -1 below, 0 exactly half, +1 above), whether anything remained at
/// all, the sign of the exact result and the parity of the truncated quotient.
constexpr bool round_up_magnitude(rounding mode, bool negative, bool quotient_odd, int half_cmp,
                                  bool remainder) noexcept {
  if (!remainder) return false;
  switch (mode) {
    case rounding::half_even:
      return half_cmp > 0 || (half_cmp == 0 && quotient_odd);
    case rounding::half_up:
      return half_cmp >= 0;
    case rounding::half_down:
      return half_cmp > 0;
    case rounding::toward_zero:
      return false;
    case rounding::away_from_zero:
      return true;
    case rounding::floor:
      return negative;
    case rounding::ceiling:
      return !negative;
  }
  return false;
}

/// (hi * 2^64 + lo) / d with hi < d, so the quotient fits 64 bits: one `divq` on x86-64 at run
/// time instead of a call to the compiler's 128-bit division.
constexpr std::uint64_t divide_step(std::uint64_t hi, std::uint64_t lo, std::uint64_t d,
                                    std::uint64_t& rem) noexcept {
#if defined(__x86_64__)
  if (!std::is_constant_evaluated()) {
    std::uint64_t q = 0;
    std::uint64_t r = 0;
    __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    rem = r;
    return q;
  }
#endif
  const uint128 cur = (static_cast<uint128>(hi) << 64) | lo;
  rem = static_cast<std::uint64_t>(cur % d);
  return static_cast<std::uint64_t>(cur / d);
}

/// An unsigned integer of 384 bits, little-endian 64-bit limbs: enough for |a| * |b| * n with a, b
/// below 2^127 and n below 2^64.
struct wide {
  std::array<std::uint64_t, 6> limb{};

  static constexpr wide from(uint128 v) noexcept {
    wide w;
    w.limb[0] = static_cast<std::uint64_t>(v);
    w.limb[1] = static_cast<std::uint64_t>(v >> 64);
    return w;
  }

  constexpr void multiply(std::uint64_t m) noexcept {
    uint128 carry = 0;
    for (auto& l : limb) {
      if (l == 0 && carry == 0) continue;  // zero limbs stay zero
      const uint128 p = static_cast<uint128>(l) * m + carry;
      l = static_cast<std::uint64_t>(p);
      carry = p >> 64;
    }
  }

  /// Divides in place by d (non-zero) and returns the remainder.
  constexpr std::uint64_t divide(std::uint64_t d) noexcept {
    std::uint64_t rem = 0;
    for (auto i = limb.size(); i-- > 0;) {
      if (rem == 0 && limb[i] < d) {  // the leading zeros of the quotient cost no division
        rem = limb[i];
        limb[i] = 0;
        continue;
      }
      limb[i] = divide_step(rem, limb[i], d, rem);
    }
    return rem;
  }

  /// Divides in place by d (non-zero, below 2^127), bit by bit, and returns the remainder.
  constexpr uint128 divide_long(uint128 d) noexcept {
    uint128 rem = 0;
    wide q;
    for (auto i = limb.size() * 64; i-- > 0;) {
      rem = (rem << 1) | ((limb[i / 64] >> (i % 64)) & 1U);
      if (rem >= d) {
        rem -= d;
        q.limb[i / 64] |= std::uint64_t{1} << (i % 64);
      }
    }
    *this = q;
    return rem;
  }

  [[nodiscard]] constexpr bool fits_int128() const noexcept {
    return limb[2] == 0 && limb[3] == 0 && limb[4] == 0 && limb[5] == 0 && (limb[1] >> 63) == 0;
  }
  [[nodiscard]] constexpr uint128 low128() const noexcept {
    return (static_cast<uint128>(limb[1]) << 64) | limb[0];
  }
};

constexpr wide multiply(uint128 a, uint128 b) noexcept {
  const std::uint64_t a0 = static_cast<std::uint64_t>(a), a1 = static_cast<std::uint64_t>(a >> 64);
  const std::uint64_t b0 = static_cast<std::uint64_t>(b), b1 = static_cast<std::uint64_t>(b >> 64);
  wide r;
  const uint128 p00 = static_cast<uint128>(a0) * b0;
  const uint128 p01 = static_cast<uint128>(a0) * b1;
  const uint128 p10 = static_cast<uint128>(a1) * b0;
  const uint128 p11 = static_cast<uint128>(a1) * b1;
  r.limb[0] = static_cast<std::uint64_t>(p00);
  uint128 mid = (p00 >> 64) + static_cast<std::uint64_t>(p01) + static_cast<std::uint64_t>(p10);
  r.limb[1] = static_cast<std::uint64_t>(mid);
  uint128 high = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + static_cast<std::uint64_t>(p11);
  r.limb[2] = static_cast<std::uint64_t>(high);
  r.limb[3] = static_cast<std::uint64_t>((high >> 64) + (p11 >> 64));
  return r;
}

/// What mul_div_value() returns when the result does not fit: -2^127, below every decimal
/// (a decimal's range is -int128_max .. int128_max), so it cannot be mistaken for a result.
inline constexpr int128 mul_div_overflow = -int128_max - 1;

/// The one rounding step of trncost: round(a * b * num / (den1 * den2)) under `mode`, or
/// mul_div_overflow when the result does not fit. den1 and den2 are non-zero and
/// den1 * den2 < 2^126. The result comes back in registers: a result written through a reference
/// by an out-of-line call and read back as one 16-byte value costs a failed store-to-load
/// forward, about a third of a cost line's time (benchmarks/HISTORY.md, "2026-12-02, `533f8bf`:
/// the typed line from its parts keeps its result in registers").
constexpr int128 mul_div_value(int128 a, int128 b, std::uint64_t num, std::uint64_t den1,
                               std::uint64_t den2, rounding mode) noexcept {
  const bool negative = (a < 0) != (b < 0);
  wide n = multiply(magnitude(a), magnitude(b));
  if (num != 1) n.multiply(num);
  const std::uint64_t r1 = n.divide(den1);
  const std::uint64_t r2 = den2 == 1 ? 0 : n.divide(den2);
  // The whole remainder is r1 + den1 * r2, below den1 * den2: compare it with half the divisor.
  const uint128 rem = static_cast<uint128>(r1) + static_cast<uint128>(den1) * r2;
  const uint128 divisor = static_cast<uint128>(den1) * den2;
  const uint128 twice = rem * 2;
  const int half_cmp = twice < divisor ? -1 : (twice == divisor ? 0 : 1);
  if (!n.fits_int128()) return mul_div_overflow;
  uint128 q = n.low128();
  if (round_up_magnitude(mode, negative && rem != 0, (q & 1U) != 0, half_cmp, rem != 0)) ++q;
  if (q > static_cast<uint128>(int128_max)) return mul_div_overflow;
  return negative ? -static_cast<int128>(q) : static_cast<int128>(q);
}

/// mul_div_value() as a test: false when the result does not fit, else the result in `out`.
/// Always inlined, so that the result stays in registers at the call site.
[[gnu::always_inline]] constexpr bool mul_div(int128 a, int128 b, std::uint64_t num,
                                              std::uint64_t den1, std::uint64_t den2, rounding mode,
                                              int128& out) noexcept {
  const int128 r = mul_div_value(a, b, num, den1, den2, mode);
  if (r == mul_div_overflow) return false;
  out = r;
  return true;
}

/// round(a * scale / b) under `mode` for any non-zero b; false when the result does not fit.
constexpr bool scaled_div(int128 a, std::uint64_t scale, int128 b, rounding mode,
                          int128& out) noexcept {
  const bool negative = (a < 0) != (b < 0);
  wide n = wide::from(magnitude(a));
  n.multiply(scale);
  const uint128 d = magnitude(b);
  const uint128 rem = (d >> 64) == 0 ? n.divide(static_cast<std::uint64_t>(d)) : n.divide_long(d);
  const uint128 twice = rem * 2;  // rem < d < 2^127: no overflow
  const int half_cmp = twice < d ? -1 : (twice == d ? 0 : 1);
  if (!n.fits_int128()) return false;
  uint128 q = n.low128();
  if (round_up_magnitude(mode, negative && rem != 0, (q & 1U) != 0, half_cmp, rem != 0)) ++q;
  if (q > static_cast<uint128>(int128_max)) return false;
  out = negative ? -static_cast<int128>(q) : static_cast<int128>(q);
  return true;
}

}  // namespace detail
}  // namespace trncost

#endif  // TRNCOST_DETAIL_WIDE_INT_HPP
