// Perft from the start position, depths 1-10, against the published counts.
#include <doctest/doctest.h>

#include "engine/perft.h"
#include "tests/support/test_support.h"

using namespace othello;

TEST_CASE("perft from the start matches the standard counts, on every instruction set") {
    const std::uint64_t expected[] = {1,    4,     12,     56,      244,     1396,
                                      8200, 55092, 390216, 3005288, 24571284};
    for (InstructionSet set : testing::available_instruction_sets()) {
        CAPTURE(name_of(set));
        for (int depth = 0; depth <= 10; ++depth) {
            CAPTURE(depth);
            CHECK(perft(Position::start(), depth, set) == expected[depth]);
        }
    }
}

TEST_CASE("a finished game is one leaf at every depth; a pass is a ply") {
    const Position full = Position::from_colors(~Bitboard{0}, 0, Color::White);
    CHECK(perft(full, 1) == 1);
    CHECK(perft(full, 5) == 1);
    // White (b1) cannot move; black then takes c1 and the game is over.
    const Position must_pass = Position::from_colors(bit(0), bit(1), Color::White);
    REQUIRE(must_pass.legal_moves() == 0);
    REQUIRE_FALSE(must_pass.is_game_over());
    CHECK(perft(must_pass, 1) == 1);  // the pass
    CHECK(perft(must_pass, 2) == 1);  // the pass, then black's only move c1
    CHECK(perft(must_pass, 9) == 1);  // then the game is over
}
