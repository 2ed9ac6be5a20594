// GameClock and the NBoard reply forms: the tc=/st= grammar, charging moves period by period,
// and the `===` reply forms real engines send.
#include <doctest/doctest.h>

#include "match/players/engine_spec.h"
#include "match/players/game_clock.h"
#include "match/players/gtp_time.h"
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
    // Both in one spec (or both in --each) is refused: which was meant cannot be guessed.
    CHECK_THROWS_WITH_AS(parse_engine_spec("tc=1,st=1,policy:random"),
                         doctest::Contains("tc= and st= together"), std::invalid_argument);
    CHECK_THROWS_AS(parse_engine_spec("policy:random", "st=1,tc=1"), std::invalid_argument);
    CHECK_THROWS_AS(parse_engine_spec("seed=12x,policy:random"), std::invalid_argument);
    const EngineSpec nb = parse_engine_spec("depth=6,nboard:edax -q");
    CHECK(nb.kind == EngineSpec::Kind::Engine);
    CHECK(nb.protocol == "nboard");
    CHECK(nb.depth == 6);
    CHECK(nb.connection.process.argv == std::vector<std::string>{"edax", "-q"});
    CHECK(nb.name == "edax -q");
    CHECK_THROWS_AS(parse_engine_spec("depth=6,cmd:x"), std::invalid_argument);
}

TEST_CASE("a clock: sudden death, increment, repeating periods, fixed time a move") {
    GameClock sudden(parse_tc("10"), 0.1);
    CHECK(sudden.charge(4));
    CHECK(sudden.left() == doctest::Approx(6));
    CHECK(sudden.moves_to_go() == 0);
    CHECK(sudden.charge(6.05));  // within the margin: the engine is told 0 s
    CHECK(sudden.left() == 0);
    CHECK(sudden.limit() == doctest::Approx(0.05));
    CHECK_FALSE(sudden.charge(0.2));

    GameClock fischer(parse_tc("10+2"), 0);
    CHECK(fischer.charge(5));
    CHECK(fischer.left() == doctest::Approx(7));

    GameClock periods(parse_tc("2/10+1"), 0);
    CHECK(periods.moves_to_go() == 2);
    CHECK(periods.charge(3));
    CHECK(periods.left() == doctest::Approx(8));
    CHECK(periods.moves_to_go() == 1);
    CHECK(periods.charge(3));  // the period's last move: 10 s more
    CHECK(periods.left() == doctest::Approx(16));
    CHECK(periods.moves_to_go() == 2);

    GameClock per_move(parse_st("1"), 0.1);
    CHECK(per_move.charge(0.9));
    CHECK(per_move.left() == 1);  // nothing carried over
    CHECK_FALSE(per_move.charge(1.2));
}

TEST_CASE("a clock: the margin is forgiven once a game, not after every move") {
    // Sudden death: the overdraft is carried; 1 s plus a 0.5 s margin is all there is.
    GameClock sudden(parse_tc("1"), 0.5);
    CHECK(sudden.charge(1.2));
    CHECK(sudden.limit() == doctest::Approx(0.3));
    CHECK(sudden.charge(0.2));
    CHECK_FALSE(sudden.charge(0.2));

    // An increment pays an overdraft back: time plus increments plus one margin in all.
    GameClock fischer(parse_tc("1+1"), 0.5);
    CHECK(fischer.charge(1.4));  // 0.4 over: 0.6 s on the clock after the increment
    CHECK(fischer.left() == doctest::Approx(0.6));
    CHECK(fischer.limit() == doctest::Approx(1.1));

    // A fixed time a move carries nothing over: each overdraft uses up the margin.
    GameClock per_move(parse_st("0.1"), 0.35);
    CHECK(per_move.charge(0.2));
    CHECK(per_move.charge(0.2));
    CHECK(per_move.limit() == doctest::Approx(0.25));
    CHECK(per_move.charge(0.2));
    CHECK_FALSE(per_move.charge(0.2));
}

TEST_CASE("a clock: answers other than moves count against the coming move") {
    GameClock sudden(parse_tc("2"), 0);
    CHECK(sudden.spend(0.5));
    CHECK(sudden.left() == doctest::Approx(1.5));
    CHECK(sudden.moves_to_go() == 0);
    CHECK(sudden.charge(1));
    CHECK_FALSE(sudden.spend(0.6));

    GameClock per_move(parse_st("1"), 0.2);
    CHECK(per_move.spend(0.5));
    CHECK(per_move.left() == doctest::Approx(0.5));  // the coming move has the rest
    CHECK(per_move.charge(0.6));                     // 0.1 over: the margin's 0.2 has 0.1 left
    CHECK(per_move.left() == 1);
    CHECK(per_move.limit() == doctest::Approx(1.1));
    CHECK_FALSE(per_move.spend(1.2));

    // Without a clock nothing is ever over.
    GameClock none(ClockRules{}, 0);
    CHECK(none.spend(1e6));
    CHECK(none.charge(1e6));
}

TEST_CASE("the clock a side plays with: its own, else --game-time") {
    CHECK(clock_rules_for(parse_tc("5+1"), 60) == parse_tc("5+1"));
    CHECK(clock_rules_for(ClockRules{}, 60) == parse_tc("60"));
    CHECK_FALSE(clock_rules_for(ClockRules{}, 0).active());
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
    // A field that is no number is dropped; the move stands
    // (tests/match/players/test_match_engine_bytes.cpp).
    r = parse_nboard_move_reply("f5/abc");
    REQUIRE(r);
    CHECK(r->move == "f5");
    CHECK_FALSE(r->eval);
}

TEST_CASE("what GTP is told: whole seconds rounded down, never more than the clock holds") {
    struct Case {
        const char* spec;  // tc= value, or st=VALUE
        const char* settings;
        const char* first_left;  // with a margin of 0.1 and nothing spent
    };
    const Case cases[] = {
        {"10+0.1", "10 0 0", "10 0"},      {"5+2", "3 2 1", "3 0"},    {"1+2", "0 1 1", "1 1"},
        {"0.5", "0 0 0", "0 0"},           {"30", "30 0 0", "30 0"},   {"40/0.5", "0 0 40", "0 40"},
        {"10/30+0.5", "0 30 10", "30 10"}, {"st=0.5", "0 0 1", "0 1"}, {"st=3", "0 3 1", "3 1"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.spec);
        const std::string spec = c.spec;
        const ClockRules rules =
            spec.starts_with("st=") ? parse_st(spec.substr(3)) : parse_tc(spec);
        CHECK(gtp_time_settings(rules) == c.settings);
        CHECK(gtp_time_left(GameClock(rules, 0.1)) == c.first_left);
    }
    // tc=5+2 move by move: main time less the byo-yomi the engine adds, then byo-yomi itself once
    // no more than it is left.
    GameClock clock(parse_tc("5+2"), 0.1);
    CHECK(clock.charge(4.5));  // 0.5 + 2 left
    CHECK(gtp_time_left(clock) == "2 1");
    CHECK(clock.charge(0.1));  // 2.4 + 2
    CHECK(gtp_time_left(clock) == "2 0");
    // With no margin, st=3 after an acknowledgement has less than 3 s.
    GameClock tight(parse_st("3"), 0);
    CHECK(tight.spend(0.001));
    CHECK(gtp_time_left(tight) == "2 1");
}
