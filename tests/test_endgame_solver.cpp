// The exact endgame solver (adjudication and training labels) against a brute-force minimax over
// the Position rules.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/notation.h"
#include "engine/search/endgame_solver.h"
#include "tests/endgame_reference.h"

using namespace othello;
using namespace othello::search;

using othello::testing::minimax;
using othello::testing::random_game_until;

TEST_CASE("the solver agrees with brute-force minimax on random endgames") {
    Rng rng(2024);
    int compared = 0, nonzero = 0;
    for (int i = 0; i < 300; ++i) {
        const int empties = 1 + static_cast<int>(rng.below(8));  // 1..8 empties
        const Game game = random_game_until(rng, empties);
        const Position& p = game.current();
        const int expected = minimax(p);
        std::uint64_t nodes = 0;
        CHECK_MESSAGE(solve_endgame(p, &nodes) == expected, to_board_string(p));
        CHECK(nodes > 0);
        ++compared;
        if (expected != 0) ++nonzero;
    }
    CHECK(compared == 300);
    CHECK(nonzero > 200);
}

TEST_CASE("the solver scores finished games and forced passes by the rules") {
    // A full board: black 40, white 24.
    const Bitboard black = 0xFFFFFFFFFF000000ULL;
    const Position full = Position::from_colors(black, ~black, Color::White);
    CHECK(solve_endgame(full) == -16);
    // Black to move with a1 the only empty square and white only on b1: black takes everything.
    const Bitboard almost = ~Bitboard{0} & ~bit(0) & ~bit(1);
    CHECK(solve_endgame(Position::from_colors(almost, bit(1), Color::Black)) == 64);
    // The same board with white to move: white cannot move, black must play a1.
    CHECK(solve_endgame(Position::from_colors(almost, bit(1), Color::White)) == -64);
}
