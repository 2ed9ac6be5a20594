// Game: checked play, undo, implicit passes and transcript errors; the same games on every
// instruction set.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/notation.h"
#include "engine/random_playout.h"
#include "tests/support/test_support.h"

using namespace othello;

namespace {

// Random games on the instruction set Isa through every rule a game loop reads there: the game-over
// test, the legal moves, the checked play that refuses an illegal move, the generator's draws;
// then a random playout from each game's middle. Each game as text: its moves, the moves refused,
// the playout's final board.
struct RandomGamesByRules {
    template <InstructionSet Isa>
    [[gnu::always_inline]] static std::vector<std::string> run(int games, std::uint64_t seed) {
        Rng rng(seed);
        std::vector<std::string> out;
        for (int i = 0; i < games; ++i) {
            Game game;
            int refused = 0;
            while (!game.is_over<Isa>()) {
                const Bitboard moves = game.current().legal_moves<Isa>();
                if (!moves) {
                    game.play<Isa>(Move::pass());
                    continue;
                }
                if (const Bitboard illegal = game.current().empties() & ~moves) {
                    try {
                        game.play<Isa>(Square::from_index(lowest_index(illegal)));
                    } catch (const IllegalMove&) {
                        ++refused;
                    }
                }
                game.play<Isa>(Square::from_index(rng.pick_bit<Isa>(moves)));
            }
            const Position middle = game.positions()[game.positions().size() / 2];
            out.push_back(game.transcript() + " " + std::to_string(refused) + " " +
                          to_board_string(random_playout<Isa>(middle, rng)));
        }
        return out;
    }
};

}  // namespace

TEST_CASE("play and undo restore every earlier position") {
    Game game = Game::from_transcript("f5d6c3d3c4");
    CHECK(game.moves().size() == 5);
    CHECK(game.current().side_to_move() == Color::White);
    const Position before = game.positions()[3];
    CHECK(game.undo());
    CHECK(game.undo());
    CHECK(game.current() == before);
    CHECK(game.transcript() == "f5d6c3");
    while (game.undo()) {
    }
    CHECK(game.current() == Position::start());
    CHECK_FALSE(game.undo());
}

TEST_CASE("an illegal move leaves the game untouched") {
    Game game = Game::from_transcript("f5d6");
    CHECK_THROWS_AS(game.play(*Square::parse("a1")), IllegalMove);
    CHECK(game.transcript() == "f5d6");
    CHECK(game.moves().size() == 2);
}

TEST_CASE("transcripts pass implicitly") {
    // White cannot move; black plays c1 after white's implicit pass.
    Game game(parse_board("XO" + std::string(62, '-') + " O"));
    game.play_passing_if_needed(*Square::parse("c1"));
    CHECK(game.moves().size() == 2);
    CHECK(game.moves()[0].is_pass());
    CHECK(game.is_over());
    CHECK(game.transcript() == "c1");
}

TEST_CASE("transcript errors name the move") {
    CHECK_THROWS_WITH_AS(Game::from_transcript("f5f5"),
                         "transcript move 2 (f5): illegal move f5: f5 is already taken",
                         NotationError);
    CHECK_THROWS_WITH_AS(Game::from_transcript("f5a1"),
                         "transcript move 2 (a1): illegal move a1: white a1 flips nothing",
                         NotationError);
}

TEST_CASE("random games play the same on every instruction set") {
    const auto baseline = dispatch<RandomGamesByRules>(InstructionSet::kBaseline, 300, 11);
    REQUIRE(baseline.size() == 300);
    for (const std::string& game : baseline) {
        CAPTURE(game);
        CHECK(Game::from_transcript(game.substr(0, game.find(' '))).is_over());
        CHECK(game.find(" 0 ") == std::string::npos);  // an illegal move was offered and refused
    }
    for (InstructionSet set : testing::available_instruction_sets()) {
        CAPTURE(name_of(set));
        CHECK(dispatch<RandomGamesByRules>(set, 300, 11) == baseline);
    }
}
