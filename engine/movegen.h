// Move generation on bitboards: the legal moves of a side, and the discs a move flips.
// These are the hot loops of perft, self-play and every policy; keep them branch-light.
#pragma once

#include <array>

#include "engine/bitboard.h"

namespace othello {

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

// Squares where `player` may move against `opponent`.
constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    using detail::moves_in_direction;
    // A horizontal or diagonal run may not wrap from column h to column a: drop edge columns.
    const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7EULL;
    const Bitboard moves = moves_in_direction<1>(player, inner) |
                           moves_in_direction<-1>(player, inner) |
                           moves_in_direction<8>(player, opponent) |
                           moves_in_direction<-8>(player, opponent) |
                           moves_in_direction<7>(player, inner) |
                           moves_in_direction<-7>(player, inner) |
                           moves_in_direction<9>(player, inner) |
                           moves_in_direction<-9>(player, inner);
    return moves & ~(player | opponent);
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
