// Transcripts, board strings and the ASCII board: round trips and errors that say where.
#include <doctest/doctest.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "tests/support/test_support.h"

using namespace othello;

TEST_CASE("transcripts parse in any case with separators") {
    const auto moves = parse_moves("F5d6 C3-d3,c4");
    REQUIRE(moves.size() == 5);
    CHECK(to_transcript(moves) == "f5d6c3d3c4");
    CHECK(parse_moves("f5 pass PA d6").size() == 4);
    CHECK(parse_moves("").empty());
}

TEST_CASE("malformed transcripts name the character and move") {
    CHECK_THROWS_WITH_AS(parse_moves("f5d6z3"),
                         "transcript: not a move at character 5 (move 3): 'z3'", NotationError);
    CHECK_THROWS_WITH_AS(parse_moves("f5d"), "transcript: not a move at character 3 (move 2): 'd'",
                         NotationError);
}

TEST_CASE("random games round-trip through their transcripts") {
    Rng rng(5);
    for (int g = 0; g < 200; ++g) {
        Game game;
        while (!game.is_over()) {
            const Bitboard moves = game.current().legal_moves();
            game.play(moves ? Move(Square::from_index(rng.pick_bit(moves))) : Move::pass());
        }
        const Game replayed = Game::from_transcript(game.transcript());
        REQUIRE(replayed.current() == game.current());
        REQUIRE(replayed.moves() == game.moves());  // passes reinserted where they were
        REQUIRE(Game::from_transcript(game.transcript()).transcript() == game.transcript());
    }
}

TEST_CASE("board strings round-trip and reject bad characters") {
    for (const Position& p : testing::random_positions(20, 3)) {
        REQUIRE(parse_board(to_board_string(p)) == p);
    }
    CHECK(to_board_string(Position::start()) ==
          "---------------------------OX------XO--------------------------- X");
    CHECK_THROWS_WITH_AS(
        parse_board(std::string(10, '-') + "?"),
        "board: unexpected character '?' at position 11 (expected one of - . X O * B W)",
        NotationError);
    CHECK_THROWS_WITH_AS(parse_board("----"), "board: 4 squares given, 64 needed", NotationError);
    CHECK_THROWS_AS(parse_board(std::string(64, '-') + " Z"), NotationError);
}

TEST_CASE("the ASCII board shows coordinates, discs and legal moves") {
    CHECK(to_ascii(Position::start()) ==
          "  a b c d e f g h\n"
          "1 - - - - - - - - 1\n"
          "2 - - - - - - - - 2\n"
          "3 - - - . - - - - 3\n"
          "4 - - . O X - - - 4\n"
          "5 - - - X O . - - 5\n"
          "6 - - - - . - - - 6\n"
          "7 - - - - - - - - 7\n"
          "8 - - - - - - - - 8\n"
          "  a b c d e f g h\n"
          "X (black): 2  O (white): 2  black to move\n");
}
