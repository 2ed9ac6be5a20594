// Negamax alpha-beta on bitboards. With many empties the moves are tried in order of the opponent's
// fewest replies (a cheap and strong ordering for exact endgames); near the end, in board order.
#include "engine/search/endgame_solver.h"

#include <algorithm>
#include <array>
#include <span>

#include "engine/movegen.h"
#include "engine/search/negamax.h"

namespace othello::search {

namespace {

// Empties from which the solver sorts moves; below it ordering costs more than it saves.
constexpr int kOrderFromEmpties = 7;

struct Solver {
    std::uint64_t nodes = 0;

    int search(Bitboard player, Bitboard opponent, int alpha, int beta) {
        ++nodes;
        const Bitboard moves = legal_moves(player, opponent);
        if (!moves) {
            if (!legal_moves(opponent, player)) return final_score(player, opponent);
            return -search(opponent, player, -beta, -alpha);
        }
        const int empties = 64 - popcount(player | opponent);
        if (empties >= kOrderFromEmpties) {
            struct Child {
                Bitboard player, opponent;
                int replies;
            };
            std::array<Child, 32> children;
            int count = 0;
            for (int sq : Bits(moves)) {
                const Bitboard flipped = flips(sq, player, opponent);
                const Bitboard next_player = opponent ^ flipped;
                const Bitboard next_opponent = player | flipped | bit(sq);
                children[count++] = {next_player, next_opponent,
                                     popcount(legal_moves(next_player, next_opponent))};
            }
            std::stable_sort(children.begin(), children.begin() + count,
                             [](const Child& a, const Child& b) { return a.replies < b.replies; });
            return fail_soft_max(std::span(children.data(), count), alpha, beta, -65,
                                 [&](const Child& c, int a, int b) {
                                     return -search(c.player, c.opponent, -b, -a);
                                 });
        }
        return fail_soft_max(Bits(moves), alpha, beta, -65, [&](int sq, int a, int b) {
            const Bitboard flipped = flips(sq, player, opponent);
            return -search(opponent ^ flipped, player | flipped | bit(sq), -b, -a);
        });
    }
};

}  // namespace

int solve_endgame(const Position& p, std::uint64_t* nodes) {
    Solver solver;
    const int value = solver.search(p.player(), p.opponent(), -64, 64);
    if (nodes) *nodes += solver.nodes;
    return value;
}

}  // namespace othello::search
