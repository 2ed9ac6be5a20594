// Perft with bulk counting: at depth 1 a node has max(1, number of moves) leaves (a node with no
// move has one leaf whether it passes or the game is over), so the last ply costs one popcount.
#include "engine/perft.h"

namespace othello {

namespace {

// One node, on the instruction set Isa; deeper nodes recurse through run_on, staying on it.
struct PerftFrom {
    template <InstructionSet Isa>
    [[gnu::always_inline]] static std::uint64_t run(Bitboard player, Bitboard opponent, int depth) {
        Bitboard moves = legal_moves_on<Isa>(player, opponent);
        if (moves == 0) {
            if (legal_moves_on<Isa>(opponent, player) == 0)
                return 1;  // game over: one leaf at any depth
            return depth == 1 ? 1 : run_on<Isa, PerftFrom>(opponent, player, depth - 1);
        }
        if (depth == 1) return popcount(moves);
        std::uint64_t total = 0;
        if (depth == 2) {
            for (; moves; moves = without_lowest(moves)) {
                const int sq = lowest_index(moves);
                const Bitboard flipped = flips(sq, player, opponent);
                const int n =
                    popcount(legal_moves_on<Isa>(opponent ^ flipped, player | flipped | bit(sq)));
                total += n ? n : 1;
            }
            return total;
        }
        for (; moves; moves = without_lowest(moves)) {
            const int sq = lowest_index(moves);
            const Bitboard flipped = flips(sq, player, opponent);
            total +=
                run_on<Isa, PerftFrom>(opponent ^ flipped, player | flipped | bit(sq), depth - 1);
        }
        return total;
    }
};

}  // namespace

std::uint64_t perft(const Position& p, int depth, InstructionSet set) {
    if (depth <= 0) return 1;
    return dispatch<PerftFrom>(set, p.player(), p.opponent(), depth);
}

}  // namespace othello
