// Move generation on bitboards: the legal moves of a side, and the discs a move flips.
// These are the hot loops of perft, self-play and every policy; keep them branch-light.
#pragma once

#include <array>
#include <type_traits>

#include "engine/bitboard.h"
#include "engine/instruction_set.h"

#if defined(OTHELLO_HAS_X86_64_V3)
#include <immintrin.h>
#endif

namespace othello {

// Room for the moves of any pair of bitboards: a move needs an empty square, and at most 60 are
// empty while the four centre squares hold discs; reachable positions have at most 33 moves.
// Arrays of moves or children are sized by it, not by what games usually show.
inline constexpr int kMaxLegalMoves = 64;

namespace detail {

// Shift every disc one step in a direction, dropping what falls off the board's left or right edge.
template <int Shift>
constexpr Bitboard shift(Bitboard b) {
    return Shift > 0 ? b << Shift : b >> -Shift;
}

// Kogge-Stone style fill: the empty squares reached from `player` across a run of `blockers`
// in one direction. `blockers` is already masked for the direction's edge wrap.
template <int Shift>
constexpr Bitboard moves_in_direction(Bitboard player, Bitboard blockers) {
    Bitboard flood = blockers & shift<Shift>(player);
    flood |= blockers & shift<Shift>(flood);
    const Bitboard pairs = blockers & shift<Shift>(blockers);
    flood |= pairs & shift<2 * Shift>(flood);
    flood |= pairs & shift<2 * Shift>(flood);
    return shift<Shift>(flood);
}

}  // namespace detail

// Squares where `player` may move against `opponent`: the portable version, also the reference
// that the vectorised one is tested against.
constexpr Bitboard legal_moves_portable(Bitboard player, Bitboard opponent) {
    using detail::moves_in_direction;
    // A horizontal or diagonal run may not wrap from column h to column a: drop edge columns.
    const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7EULL;
    const Bitboard moves =
        moves_in_direction<1>(player, inner) | moves_in_direction<-1>(player, inner) |
        moves_in_direction<8>(player, opponent) | moves_in_direction<-8>(player, opponent) |
        moves_in_direction<7>(player, inner) | moves_in_direction<-7>(player, inner) |
        moves_in_direction<9>(player, inner) | moves_in_direction<-9>(player, inner);
    return moves & ~(player | opponent);
}

// Squares where `player` may move against `opponent`, computed for the instruction set Isa (see
// engine/instruction_set.h): the kernels' version.
template <InstructionSet Isa>
constexpr Bitboard legal_moves_on(Bitboard player, Bitboard opponent);

#if defined(OTHELLO_HAS_X86_64_V3)
// The same fill with the four direction pairs in the four 64-bit lanes of one AVX2 register:
// about a third of the instructions, and perft's last ply is mostly this function.
template <>
[[gnu::target("avx2")]] inline Bitboard legal_moves_on<InstructionSet::kX86_64_V3>(
    Bitboard player, Bitboard opponent) {
    const __m256i shift1 = _mm256_set_epi64x(7, 9, 8, 1);
    const __m256i shift2 = _mm256_set_epi64x(14, 18, 16, 2);
    const __m256i edge =
        _mm256_set_epi64x(0x7E7E7E7E7E7E7E7ELL, 0x7E7E7E7E7E7E7E7ELL, -1LL, 0x7E7E7E7E7E7E7E7ELL);
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i o = _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(opponent)), edge);
    __m256i left = _mm256_and_si256(o, _mm256_sllv_epi64(p, shift1));
    __m256i right = _mm256_and_si256(o, _mm256_srlv_epi64(p, shift1));
    left = _mm256_or_si256(left, _mm256_and_si256(o, _mm256_sllv_epi64(left, shift1)));
    right = _mm256_or_si256(right, _mm256_and_si256(o, _mm256_srlv_epi64(right, shift1)));
    const __m256i pairs_left = _mm256_and_si256(o, _mm256_sllv_epi64(o, shift1));
    const __m256i pairs_right = _mm256_srlv_epi64(pairs_left, shift1);
    left = _mm256_or_si256(left, _mm256_and_si256(pairs_left, _mm256_sllv_epi64(left, shift2)));
    right = _mm256_or_si256(right, _mm256_and_si256(pairs_right, _mm256_srlv_epi64(right, shift2)));
    left = _mm256_or_si256(left, _mm256_and_si256(pairs_left, _mm256_sllv_epi64(left, shift2)));
    right = _mm256_or_si256(right, _mm256_and_si256(pairs_right, _mm256_srlv_epi64(right, shift2)));
    const __m256i moves =
        _mm256_or_si256(_mm256_sllv_epi64(left, shift1), _mm256_srlv_epi64(right, shift1));
    __m128i folded =
        _mm_or_si128(_mm256_castsi256_si128(moves), _mm256_extracti128_si256(moves, 1));
    folded = _mm_or_si128(folded, _mm_unpackhi_epi64(folded, folded));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(folded)) & ~(player | opponent);
}
#endif

// Squares where `player` may move against `opponent`, for the build's target: the AVX2 fill when
// the whole build targets AVX2 (OTHELLO_NATIVE on a CPU that has it), else the portable one.
constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
#if defined(OTHELLO_HAS_X86_64_V3) && defined(__AVX2__)
    if (!std::is_constant_evaluated())
        return legal_moves_on<InstructionSet::kX86_64_V3>(player, opponent);
#endif
    return legal_moves_portable(player, opponent);
}

template <InstructionSet Isa>
constexpr Bitboard legal_moves_on(Bitboard player, Bitboard opponent) {
    return legal_moves(player, opponent);
}

// Flips, with one precomputed ray per square and direction.
//
// For a ray running towards higher bit indices the first non-opponent square is the lowest set
// bit of (~opponent & ray); for a ray running towards lower indices it is the highest. If that
// square holds a player disc, every ray square strictly between it and the move flips.
namespace detail {

struct Rays {
    // up[i][d]: ray from square i towards higher indices in direction d (E, SW, S, SE);
    // down[i][d]: towards lower indices (W, NE, N, NW).
    std::array<std::array<Bitboard, 4>, 64> up{};
    std::array<std::array<Bitboard, 4>, 64> down{};
};

constexpr Rays make_rays() {
    Rays rays;
    // Directions as (column step, row step); the down ray of d is the mirror of the up ray.
    constexpr int dc[4] = {1, -1, 0, 1};
    constexpr int dr[4] = {0, 1, 1, 1};
    for (int sq = 0; sq < 64; ++sq) {
        for (int d = 0; d < 4; ++d) {
            for (int sign : {1, -1}) {
                Bitboard ray = 0;
                int c = (sq & 7) + sign * dc[d];
                int r = (sq >> 3) + sign * dr[d];
                while (c >= 0 && c < 8 && r >= 0 && r < 8) {
                    ray |= bit(r * 8 + c);
                    c += sign * dc[d];
                    r += sign * dr[d];
                }
                (sign == 1 ? rays.up : rays.down)[sq][d] = ray;
            }
        }
    }
    return rays;
}

inline constexpr Rays kRays = make_rays();

}  // namespace detail

// The opponent discs flipped when `player` plays on the empty square `index`; 0 if the move is
// not legal (it flips nothing).
inline Bitboard flips(int index, Bitboard player, Bitboard opponent) {
    Bitboard flipped = 0;
    const auto& up = detail::kRays.up[index];
    const auto& down = detail::kRays.down[index];
    for (int d = 0; d < 4; ++d) {
        const Bitboard ray = up[d];
        const Bitboard stop = ~opponent & ray;
        const Bitboard outflank = stop & (~stop + 1) & player;
        // outflank - 1 is every square below the outflanking disc; zero outflank gives no flips.
        flipped |= (outflank - (outflank != 0)) & ray;
    }
    for (int d = 0; d < 4; ++d) {
        const Bitboard ray = down[d];
        const Bitboard stop = (~opponent & ray) | 1;  // | 1 keeps countl_zero defined
        const Bitboard first = Bitboard{0x8000000000000000ULL} >> std::countl_zero(stop);
        const Bitboard outflank = first & player & ray;
        // -(outflank << 1) is every square above the outflanking disc.
        flipped |= (~((outflank << 1) - 1)) & ray & (Bitboard{0} - (outflank != 0));
    }
    return flipped;
}

}  // namespace othello
