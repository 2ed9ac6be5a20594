// BitGather (engine/patterns/bit_gather.h) against the bit-by-bit definition: every configuration
// of every pattern's squares with random bits around them, and masks of every kind it handles.
#include <doctest/doctest.h>

#include <vector>

#include "engine/patterns/bit_gather.h"
#include "engine/patterns/pattern_set.h"
#include "engine/rng.h"

using namespace othello;
using namespace othello::patterns;

namespace {

// The board with the mask's squares set as the low bits of `configuration` say, in square
// order, and random bits elsewhere.
Bitboard place(Bitboard mask, std::uint32_t configuration, Bitboard around) {
    Bitboard b = around & ~mask;
    int k = 0;
    for (int sq : Bits(mask))
        if ((configuration >> k++) & 1) b |= bit(sq);
    return b;
}

// Every configuration of the mask's squares (up to 2^12 of them, then a sample), each with
// random bits around it.
void check_mask(Bitboard mask, Rng& rng) {
    CAPTURE(mask);
    const BitGather gather(mask);
    CHECK(gather.mask() == mask);
    const int size = popcount(mask);
    const std::uint32_t configurations = size <= 12 ? 1u << size : 4096;
    for (std::uint32_t c = 0; c < configurations; ++c) {
        const std::uint32_t configuration = size <= 12 ? c : static_cast<std::uint32_t>(rng());
        const Bitboard b = place(mask, configuration, rng());
        REQUIRE(gather(b) == gather_bitwise(b, mask));
        if (size < 32) REQUIRE(gather(b) == (configuration & ((1u << size) - 1)));
    }
}

}  // namespace

TEST_CASE("BitGather packs every configuration of every pattern's squares as pext would") {
    Rng rng(31);
    for (const Pattern& pattern : kPatterns) {
        CAPTURE(pattern.name);
        CHECK(pattern.gather.mask() == pattern.mask);
        check_mask(pattern.mask, rng);
    }
    for (const MovePattern& pattern : kMovePatterns) {
        CAPTURE(pattern.name);
        CHECK(pattern.gather.mask() == pattern.mask);
        check_mask(pattern.mask, rng);
    }
}

TEST_CASE("BitGather takes runs and diagonals by shifts, and only other masks bit by bit") {
    CHECK_FALSE(BitGather(0x000000000000FF00ULL).bit_by_bit());                      // one run
    CHECK_FALSE(BitGather(0x0000000000000F0FULL | bit(20) | bit(30)).bit_by_bit());  // four
    CHECK(BitGather(0x0000000000000F0FULL | bit(20) | bit(30) | bit(40)).bit_by_bit());
    CHECK_FALSE(BitGather(0x8040201008040201ULL).bit_by_bit());  // a1-h8
    CHECK_FALSE(BitGather(0x0000000080402010ULL).bit_by_bit());  // e1-h4
    CHECK(BitGather(0x0102040810204080ULL).bit_by_bit());        // h1-a8: eight runs
    CHECK(BitGather(bit(6) | bit(15) | bit(24) | bit(33) | bit(42)).bit_by_bit());  // wraps
    for (const Pattern& pattern : kPatterns) CHECK_FALSE(pattern.gather.bit_by_bit());
    for (const MovePattern& pattern : kMovePatterns) CHECK_FALSE(pattern.gather.bit_by_bit());
}

TEST_CASE("BitGather handles runs, diagonals and masks of neither kind") {
    Rng rng(37);
    const std::vector<Bitboard> masks = {
        0,                      // nothing to gather
        bit(0),                 // a1 alone
        bit(63),                // h8 alone
        0xFF00000000000000ULL,  // the top row: a run ending at h8
        0x00000000FFFFFFFFULL,  // 32 squares in one run
        0x8040201008040201ULL,  // a1-h8
        0x0000000080402010ULL,  // e1-h4, a diagonal ending on the h file
        0x0000804020100804ULL,  // c1-h6
        0x0402010000000000ULL,  // a6-c8: a diagonal starting above the first row
        0x0102040810204080ULL,  // h1-a8, the other direction: eight runs, bit by bit
        0x8040200000000001ULL,  // a1, f6-h8: not one diagonal (a gap)
        0x0101010101010101ULL,  // the a file: eight runs
        0x0000000000000F0FULL | bit(20) | bit(30),            // four runs
        0x0000000000000F0FULL | bit(20) | bit(30) | bit(40),  // five runs: bit by bit
        0x8000000000000080ULL,                                // h1 and h8
        bit(6) | bit(15) | bit(24),  // g1, h2, a4: steps of 9 that wrap past the h file
    };
    for (Bitboard mask : masks) check_mask(mask, rng);
    for (int i = 0; i < 2000; ++i) {
        Bitboard mask = rng() & rng() & rng();  // about 8 squares
        while (popcount(mask) > 32) mask &= mask - 1;
        check_mask(mask, rng);
    }
}
