// The game record's own rules: the reason strings of its outcomes and the final margin.
#include <doctest/doctest.h>

#include <vector>

#include "engine/game.h"
#include "match/record/game_record.h"
#include "tests/match/record/record_test_support.h"

using namespace othello;
using othello::testing::game;

TEST_CASE("outcomes map one to one onto the results' reason strings") {
    const std::vector<std::pair<Outcome, std::string>> all = {
        {Outcome::Normal, "normal"},
        {Outcome::IllegalMove, "illegal move"},
        {Outcome::MalformedReply, "malformed reply"},
        {Outcome::Crash, "crash"},
        {Outcome::Timeout, "timeout"},
        {Outcome::Disconnection, "disconnection"},
        {Outcome::TimeForfeit, "time forfeit"},
        {Outcome::Adjudicated, "adjudicated"},
        {Outcome::PolicyError, "policy error"},
        {Outcome::Resigned, "resign adjudication"},
        {Outcome::DrawAdjudicated, "draw adjudication"}};
    for (const auto& [outcome, name] : all) {
        CHECK(to_string(outcome) == name);
        CHECK(outcome_from_string(name) == outcome);
        CHECK(is_forfeit(outcome) == (name != "normal" && !name.ends_with("adjudicated") &&
                                      !name.ends_with("adjudication")));
    }
    CHECK_THROWS_WITH_AS(outcome_from_string("resigned"),
                         doctest::Contains("game reason 'resigned' is not one of: normal"),
                         std::invalid_argument);
}

TEST_CASE("the final margin gives the empty squares to the winner, forfeits included") {
    CHECK(black_final_margin(game(0, "a", "b", Winner::Black, 40, 20)) == 24);
    CHECK(black_final_margin(game(0, "a", "b", Winner::White, 20, 40)) == -24);
    CHECK(black_final_margin(game(0, "a", "b", Winner::Draw, 32, 32)) == 0);
    // Black won by forfeit while 10 discs behind with 30 empty squares: level, then the empties.
    CHECK(black_final_margin(game(0, "a", "b", Winner::Black, 12, 22)) == 30);
    CHECK(black_final_margin(game(0, "a", "b", Winner::White, 22, 12)) == -30);
    // The engine's own rule is the same function: games played by always taking the first legal
    // square (a pass when none) end in every kind of result.
    for (int skip = 0; skip < 8; ++skip) {
        Game played;
        for (int ply = 0; !played.is_over(); ++ply) {
            const Bitboard moves = played.current().legal_moves();
            if (!moves) {
                played.play(Move::pass());
                continue;
            }
            std::vector<int> squares;
            for (int sq : Bits(moves)) squares.push_back(sq);
            played.play(Square::from_index(squares[(ply * skip) % squares.size()]));
        }
        const Position& end = played.current();
        GameRecord r;
        r.black_discs = end.disc_count(Color::Black);
        r.white_discs = end.disc_count(Color::White);
        r.winner = r.black_discs > r.white_discs   ? Winner::Black
                   : r.black_discs < r.white_discs ? Winner::White
                                                   : Winner::Draw;
        CHECK(black_final_margin(r) == end.final_disc_difference(Color::Black));
    }
}
