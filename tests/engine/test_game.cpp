// Game: checked play, undo, implicit passes and transcript errors.
#include <doctest/doctest.h>

#include "engine/game.h"
#include "engine/notation.h"

using namespace othello;

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
