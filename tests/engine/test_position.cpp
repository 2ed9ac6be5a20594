// Position: the start, moves and flips (against a naive scanner), passes, illegal moves, scores.
#include <doctest/doctest.h>

#include "engine/notation.h"
#include "engine/position.h"
#include "tests/support/test_support.h"

using namespace othello;

static Square sq(const char* text) {
    return *Square::parse(text);
}

TEST_CASE("the start position") {
    const Position p = Position::start();
    CHECK(p.side_to_move() == Color::Black);
    CHECK(p.at(sq("d4")) == Color::White);
    CHECK(p.at(sq("e5")) == Color::White);
    CHECK(p.at(sq("d5")) == Color::Black);
    CHECK(p.at(sq("e4")) == Color::Black);
    CHECK(p.legal_moves() == (sq("d3").bit() | sq("c4").bit() | sq("f5").bit() | sq("e6").bit()));
    CHECK(p.disc_count(Color::Black) == 2);
    CHECK(p.empty_count() == 60);
    CHECK_FALSE(p.is_game_over());
}

TEST_CASE("playing f5 flips e5 and hands the move to white") {
    const Position p = Position::start().play(sq("f5"));
    CHECK(p.side_to_move() == Color::White);
    CHECK(p.at(sq("e5")) == Color::Black);
    CHECK(p.at(sq("f5")) == Color::Black);
    CHECK(p.disc_count(Color::Black) == 4);
    CHECK(p.disc_count(Color::White) == 1);
    CHECK(p.legal_moves() == (sq("d6").bit() | sq("f4").bit() | sq("f6").bit()));
}

TEST_CASE("illegal moves are refused with a reason and change nothing") {
    const Position p = Position::start();
    CHECK_THROWS_WITH_AS(p.play(sq("d4")), "illegal move d4: d4 is already taken", IllegalMove);
    CHECK_THROWS_WITH_AS(p.play(sq("a1")), "illegal move a1: black a1 flips nothing", IllegalMove);
    CHECK_THROWS_WITH_AS(p.play(Move::pass()),
                         "illegal move pass: black cannot pass: black has a legal move",
                         IllegalMove);
    CHECK(p == Position::start());
}

TEST_CASE("a pass is legal only when the side to move has no move") {
    // White (b1) to move cannot outflank black's a1; black can take c1.
    const Position p = parse_board("XO" + std::string(62, '-') + " O");
    CHECK(p.legal_moves() == 0);
    CHECK_FALSE(p.is_game_over());
    CHECK(p.is_legal(Move::pass()));
    CHECK_FALSE(p.is_legal(sq("c1")));
    const Position after = p.play(Move::pass());
    CHECK(after.side_to_move() == Color::Black);
    CHECK(after.legal_moves() == sq("c1").bit());
    CHECK(after.play(sq("c1")).is_game_over());
}

TEST_CASE("game over and the final score gives the empties to the winner") {
    const Position p = parse_board(
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXXXX"
        "XXXXXX-- O");
    CHECK(p.is_game_over());
    CHECK(p.final_disc_difference(Color::Black) == 64);
    CHECK(p.final_disc_difference(Color::White) == -64);
    CHECK_THROWS_WITH_AS(p.play(Move::pass()), "illegal move pass: the game is over", IllegalMove);
    const Position draw = parse_board(std::string(32, 'X') + std::string(32, 'O') + " X");
    CHECK(draw.final_disc_difference(Color::Black) == 0);
}

TEST_CASE("move generation and flips agree with a naive scanner on random positions") {
    const auto positions = testing::random_positions(300, 7);
    REQUIRE(positions.size() > 15000);
    for (const Position& p : positions) {
        REQUIRE(p.legal_moves() == testing::naive_legal_moves(p));
        REQUIRE(legal_moves_portable(p.player(), p.opponent()) == p.legal_moves());
        for (int i = 0; i < 64; ++i) {
            if (p.occupied() & bit(i)) continue;
            REQUIRE(flips(i, p.player(), p.opponent()) ==
                    testing::naive_flips(p, Square::from_index(i)));
        }
    }
}
