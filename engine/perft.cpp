// Perft with bulk counting: at depth 1 a node has max(1, number of moves) leaves (a node with no
// move has one leaf whether it passes or the game is over), so the last ply costs one popcount.
#include "engine/perft.h"

namespace othello {

namespace {

inline std::uint64_t leaves_at_depth_one(Bitboard player, Bitboard opponent) {
    const int n = popcount(legal_moves(player, opponent));
    return n ? n : 1;
}

std::uint64_t perft_from(Bitboard player, Bitboard opponent, int depth) {
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (legal_moves(opponent, player) == 0) return 1;  // game over: one leaf at any depth
        return depth == 1 ? 1 : perft_from(opponent, player, depth - 1);
    }
    if (depth == 1) return popcount(moves);
    std::uint64_t total = 0;
    if (depth == 2) {
        for (; moves; moves = without_lowest(moves)) {
            const int sq = lowest_index(moves);
            const Bitboard flipped = flips(sq, player, opponent);
            total += leaves_at_depth_one(opponent ^ flipped, player | flipped | bit(sq));
        }
        return total;
    }
    for (; moves; moves = without_lowest(moves)) {
        const int sq = lowest_index(moves);
        const Bitboard flipped = flips(sq, player, opponent);
        total += perft_from(opponent ^ flipped, player | flipped | bit(sq), depth - 1);
    }
    return total;
}

}  // namespace

std::uint64_t perft(const Position& p, int depth) {
    if (depth <= 0) return 1;
    return perft_from(p.player(), p.opponent(), depth);
}

}  // namespace othello
