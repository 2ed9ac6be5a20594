// Bitboard: one bit per square, bit index = row * 8 + column, a1 = bit 0, h1 = bit 7, h8 = bit 63.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/instruction_set.h"

#if defined(__BMI2__) || defined(OTHELLO_HAS_X86_64_V3)
#include <immintrin.h>
#endif

namespace othello {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int index) {
    return Bitboard{1} << index;
}

constexpr int popcount(Bitboard b) {
    return std::popcount(b);
}

// Index of the lowest set bit; b must not be zero.
constexpr int lowest_index(Bitboard b) {
    return std::countr_zero(b);
}

constexpr Bitboard without_lowest(Bitboard b) {
    return b & (b - 1);
}

// The n-th (0-based, from the lowest) set bit of b, as a one-bit board; n < popcount(b), one bit
// at a time.
inline Bitboard nth_set_bit_portable(Bitboard b, int n) {
    for (; n > 0; --n) b = without_lowest(b);
    return b & (~b + 1);
}

// The same. Isa: the instruction set of the kernel it runs in (engine/instruction_set.h), the same
// answer on each.
template <InstructionSet Isa = InstructionSet::kBaseline>
inline Bitboard nth_set_bit(Bitboard b, int n) {
#if defined(__BMI2__)
    // One instruction where the CPU runs it fast: deposit a single bit into the n-th position of b.
    if (detail::use_pext) return _pdep_u64(Bitboard{1} << n, b);
#endif
    return nth_set_bit_portable(b, n);
}

#if defined(OTHELLO_HAS_X86_64_V3)
template <>
[[gnu::target("bmi2")]] inline Bitboard nth_set_bit<InstructionSet::kX86_64_V3>(Bitboard b, int n) {
    if (detail::use_pext) return _pdep_u64(Bitboard{1} << n, b);
    return nth_set_bit_portable(b, n);
}
#endif

// Iterate over the indices of the set bits: for (int sq : Bits(b)) ...
class Bits {
  public:
    explicit constexpr Bits(Bitboard b) : bits_(b) {}
    class Iterator {
      public:
        constexpr explicit Iterator(Bitboard b) : b_(b) {}
        constexpr int operator*() const { return lowest_index(b_); }
        constexpr Iterator& operator++() {
            b_ = without_lowest(b_);
            return *this;
        }
        constexpr bool operator!=(const Iterator& other) const { return b_ != other.b_; }

      private:
        Bitboard b_;
    };
    constexpr Iterator begin() const { return Iterator(bits_); }
    constexpr Iterator end() const { return Iterator(0); }

  private:
    Bitboard bits_;
};

}  // namespace othello
