// BitGather: the bits of a board under a fixed mask, packed to the low end in square order (what
// BMI2's pext does), for the CPUs where pext is slow or missing.
//
// A pattern's squares fall into a few runs of adjacent squares (a row is one run, the 3x3 corner
// three): each run is masked and shifted into place, four at most, with no loop and no branch.
// A diagonal in a1-h8's direction has one square a row instead, and one multiplication by
// 0x0101010101010101 moves all of them into the top byte in order: the product's terms are
// distinct powers of two, so nothing carries, and exactly one term of each square lands there.
// Masks that are neither are gathered one bit at a time (gather_bitwise, also the definition the
// tests hold the others to).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>

#include "engine/bitboard.h"

namespace othello::patterns {

// The bits of b under mask, packed to the low end in square order, one at a time. Out of line:
// BitGather calls it for no shipped pattern, and the kernels it is inlined into stay small.
[[gnu::noinline]] inline std::uint32_t gather_bitwise(Bitboard b, Bitboard mask) {
    std::uint32_t out = 0;
    int k = 0;
    for (int sq : Bits(mask)) out |= static_cast<std::uint32_t>((b >> sq) & 1) << k++;
    return out;
}

class BitGather {
  public:
    static constexpr int kMaxRuns = 4;

    constexpr BitGather() = default;
    // Masks of up to 32 squares (the gathered bits fill a 32-bit number); more throw, which
    // in a constant expression (the pattern tables) is a compile error.
    explicit constexpr BitGather(Bitboard mask) : mask_(mask) {
        const int size = std::popcount(mask);
        if (size > 32) throw std::invalid_argument("BitGather: a mask of more than 32 squares");
        const int first = std::countr_zero(mask);
        Bitboard diagonal = 0;
        for (int k = 0; k < size && first + 9 * k < 64; ++k) diagonal |= bit(first + 9 * k);
        if (size >= 2 && diagonal == mask && first % 8 + size <= 8) {
            kind_ = Kind::kDiagonal;
            diagonal_shift_ = 56 + first % 8;
            return;
        }
        int runs = 0, gathered = 0;
        for (Bitboard rest = mask; rest; ++runs) {
            const int start = std::countr_zero(rest);
            const int length = std::countr_one(rest >> start);
            if (runs == kMaxRuns) {
                kind_ = Kind::kBitwise;
                return;
            }
            const Bitboard run = (length == 64 ? ~Bitboard{0} : (Bitboard{1} << length) - 1)
                                 << start;
            run_[runs] = run;
            shift_[runs] = static_cast<std::uint8_t>(start - gathered);
            gathered += length;
            rest &= ~run;
        }
        kind_ = Kind::kRuns;
    }

    constexpr Bitboard mask() const { return mask_; }
    // Whether the mask is neither runs nor a diagonal, and is gathered one bit at a time.
    constexpr bool bit_by_bit() const { return kind_ == Kind::kBitwise; }

    // Inlined, so that the shifts are compiled into each instruction set's kernel
    // (engine/instruction_set.h) rather than called as baseline code.
    [[gnu::always_inline]] std::uint32_t operator()(Bitboard b) const {
        switch (kind_) {
            case Kind::kRuns:
                return static_cast<std::uint32_t>(
                    ((b & run_[0]) >> shift_[0]) | ((b & run_[1]) >> shift_[1]) |
                    ((b & run_[2]) >> shift_[2]) | ((b & run_[3]) >> shift_[3]));
            case Kind::kDiagonal:
                return static_cast<std::uint32_t>(((b & mask_) * 0x0101010101010101ULL) >>
                                                  diagonal_shift_);
            case Kind::kBitwise:
                break;
        }
        return gather_bitwise(b, mask_);
    }

  private:
    enum class Kind : std::uint8_t { kRuns, kDiagonal, kBitwise };
    Bitboard mask_ = 0;
    Kind kind_ = Kind::kRuns;  // with no runs: the empty mask
    std::uint8_t diagonal_shift_ = 0;
    std::array<std::uint8_t, kMaxRuns> shift_{};
    std::array<Bitboard, kMaxRuns> run_{};  // unused runs are empty and add nothing
};

}  // namespace othello::patterns
