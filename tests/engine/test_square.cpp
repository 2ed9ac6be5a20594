// Squares and moves: parsing in both cases, printing, rejection of malformed text.
#include <doctest/doctest.h>

#include "engine/square.h"

using namespace othello;

TEST_CASE("squares parse in either case and print in lower case") {
    CHECK(Square::parse("d3")->index() == 2 * 8 + 3);
    CHECK(Square::parse("D3") == Square::parse("d3"));
    CHECK(Square::parse("a1")->index() == 0);
    CHECK(Square::parse("h8")->index() == 63);
    CHECK(Square::parse("h1")->column() == 7);
    CHECK(Square::parse("h1")->row() == 0);
    for (int i = 0; i < 64; ++i) {
        const Square s = Square::from_index(i);
        CHECK(Square::parse(s.to_string()) == s);
    }
}

TEST_CASE("malformed squares are rejected") {
    for (const char* bad : {"", "d", "d9", "i1", "a0", "d33", " d3", "3d", "pass"}) {
        CHECK_FALSE(Square::parse(bad).has_value());
    }
}

TEST_CASE("moves are squares or passes") {
    CHECK(Move::parse("pass")->is_pass());
    CHECK(Move::parse("PASS")->is_pass());
    CHECK(Move::parse("PA")->is_pass());
    CHECK(Move::parse("F5")->square() == *Square::parse("f5"));
    CHECK(Move::pass().to_string() == "pass");
    CHECK(Move(*Square::parse("c4")).to_string() == "c4");
    CHECK_THROWS_WITH_AS(Move::parse_or_throw("z9"),
                         "not a move: 'z9' (expected a square a1..h8 or pass)", NotationError);
}
