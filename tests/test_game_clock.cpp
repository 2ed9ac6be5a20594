// GameClock and the NBoard reply forms: the tc=/st= grammar, charging moves period by period,
// and the `===` reply forms real engines send.
#include <doctest/doctest.h>

#include "match/players/engine_spec.h"
#include "match/players/game_clock.h"
#include "protocol/nboard_client.h"

using namespace othello;

TEST_CASE("tc= and st= forms, and the text that gives them back") {
    CHECK(parse_tc("60") == ClockRules{60, 0, 0, 0});
    CHECK(parse_tc("60+0.5") == ClockRules{60, 0.5, 0, 0});
    CHECK(parse_tc("40/60+1") == ClockRules{60, 1, 40, 0});
    CHECK(parse_tc("40/60") == ClockRules{60, 0, 40, 0});
    CHECK(parse_st("2.5") == ClockRules{0, 0, 0, 2.5});
    CHECK(to_string(parse_tc("40/60+0.5")) == "40/60+0.5");
    CHECK(to_string(parse_st("2")) == "st=2");
    CHECK(to_string(ClockRules{}) == "none");
    for (const char* bad : {"", "0", "-5", "x", "60+", "60+-1", "/60", "0/60", "40/", "1e9"})
        CHECK_THROWS_AS(parse_tc(bad), std::invalid_argument);
    CHECK_THROWS_AS(parse_st("0"), std::invalid_argument);
}

TEST_CASE("spec keys: tc=, st= (an engine's own replaces --each's), depth=") {
    CHECK(parse_engine_spec("tc=10+1,policy:random").clock == parse_tc("10+1"));
    CHECK(parse_engine_spec("st=2,policy:random", "tc=60").clock == parse_st("2"));
    CHECK(parse_engine_spec("policy:random", "tc=60").clock == parse_tc("60"));
    const EngineSpec nb = parse_engine_spec("depth=6,nboard:edax -q");
    CHECK(nb.kind == EngineSpec::Kind::Nboard);
    CHECK(nb.depth == 6);
    CHECK(nb.argv == std::vector<std::string>{"edax", "-q"});
    CHECK(nb.name == "edax -q");
    CHECK_THROWS_AS(parse_engine_spec("depth=6,cmd:x"), std::invalid_argument);
}

TEST_CASE("a clock: sudden death, increment, repeating periods, fixed time a move") {
    GameClock sudden(parse_tc("10"));
    CHECK(sudden.charge(4, 0.1));
    CHECK(sudden.left() == doctest::Approx(6));
    CHECK(sudden.moves_to_go() == 0);
    CHECK(sudden.charge(6.05, 0.1));  // within the margin: the clock stops at 0
    CHECK(sudden.left() == 0);
    CHECK_FALSE(sudden.charge(0.2, 0.1));

    GameClock fischer(parse_tc("10+2"));
    CHECK(fischer.charge(5, 0));
    CHECK(fischer.left() == doctest::Approx(7));

    GameClock periods(parse_tc("2/10+1"));
    CHECK(periods.moves_to_go() == 2);
    CHECK(periods.charge(3, 0));
    CHECK(periods.left() == doctest::Approx(8));
    CHECK(periods.moves_to_go() == 1);
    CHECK(periods.charge(3, 0));  // the period's last move: 10 s more
    CHECK(periods.left() == doctest::Approx(16));
    CHECK(periods.moves_to_go() == 2);

    GameClock per_move(parse_st("1"));
    CHECK(per_move.charge(0.9, 0));
    CHECK(per_move.left() == 1);  // nothing carried over
    CHECK_FALSE(per_move.charge(1.2, 0.1));
}

TEST_CASE("NBoard replies: the forms engines use") {
    auto r = parse_nboard_move_reply(" F5");
    REQUIRE(r);
    CHECK(r->move == "F5");
    CHECK_FALSE(r->eval);
    r = parse_nboard_move_reply("f5/1.2/0.3");
    REQUIRE(r);
    CHECK(r->move == "f5");
    CHECK(*r->eval == doctest::Approx(1.2));
    CHECK(*r->seconds == doctest::Approx(0.3));
    r = parse_nboard_move_reply("c6 -0.50 0.0");
    REQUIRE(r);
    CHECK(r->move == "c6");
    CHECK(*r->eval == doctest::Approx(-0.5));
    r = parse_nboard_move_reply("d3//2");
    REQUIRE(r);
    CHECK_FALSE(r->eval);
    CHECK(*r->seconds == 2);
    r = parse_nboard_move_reply("e6 +3");
    REQUIRE(r);
    CHECK(*r->eval == 3);
    CHECK_FALSE(parse_nboard_move_reply(""));
    // A field that is no number is dropped; the move stands (tests/test_match_engine_bytes.cpp).
    r = parse_nboard_move_reply("f5/abc");
    REQUIRE(r);
    CHECK(r->move == "f5");
    CHECK_FALSE(r->eval);
}
