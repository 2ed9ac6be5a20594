// The regression policy: one-ply choice on the evaluation, exact end scores, seeded ties, softmax;
// the shipped weights load through the registry.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "engine/notation.h"
#include "engine/patterns/regression_policy.h"
#include "engine/policies/policy_registry.h"
#include "tests/engine/patterns/pattern_test_support.h"
#include "tests/support/test_support.h"

using namespace othello;
using namespace othello::patterns;
using othello::testing::bias_only;

TEST_CASE("every legal move is scored from the position it leads to, best first") {
    RegressionPolicy policy(bias_only(3), 1);
    const Game game = Game::from_transcript("f5d6c3");
    const auto scores = policy.evaluate(game);
    CHECK(scores.size() == static_cast<std::size_t>(popcount(game.current().legal_moves())));
    for (const MoveScore& s : scores) CHECK(s.score == -3.0);
}

TEST_CASE("a move that ends the game scores its exact disc difference") {
    // Black to move with a1 the only empty square and white only on b1: a1 flips b1 and black
    // ends the game with all 64 discs.
    Bitboard black = ~Bitboard{0} & ~bit(0) & ~bit(1);
    const Position p = Position::from_colors(black, bit(1), Color::Black);
    REQUIRE(p.legal_moves() == bit(0));
    RegressionPolicy policy(bias_only(5), 1);
    CHECK(policy.score_units(p, Square::from_index(0)) == 64 * PatternWeights::kUnitsPerDisc);
    const auto scores = policy.evaluate(Game(p));
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].score == 64.0);
}

TEST_CASE("ties are broken by the seed, reproducibly") {
    // With a bias-only evaluation the four opening moves tie.
    std::set<std::string> firsts;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        RegressionPolicy a(bias_only(0), seed), b(bias_only(0), seed);
        const Move m = a.choose(Game());
        CHECK(m == b.choose(Game()));
        firsts.insert(m.to_string());
    }
    CHECK(firsts == std::set<std::string>{"c4", "d3", "e6", "f5"});
}

TEST_CASE("temperature draws moves in proportion to exp(score / T)") {
    // All moves score alike, so any temperature picks among all of them; all picks are legal.
    RegressionPolicy policy(bias_only(0), 3, 2.0);
    const Game game = Game::from_transcript("f5d6");
    std::set<int> picks;
    for (int i = 0; i < 200; ++i) {
        const Move m = policy.choose(game);
        REQUIRE(game.current().is_legal(m));
        picks.insert(m.square().index());
    }
    CHECK(picks.size() == static_cast<std::size_t>(popcount(game.current().legal_moves())));
}

TEST_CASE("a pass is chosen when there is no legal move") {
    const Position p = Position::from_colors(bit(0), bit(1) | bit(2), Color::White);
    REQUIRE(!p.has_legal_move());
    RegressionPolicy policy(bias_only(0), 1);
    CHECK(policy.choose(p) == Move::pass());
    CHECK(policy.evaluate(Game(p)).empty());
}

TEST_CASE("the registry builds the regression policy on the shipped weights") {
    PolicyOptions options;
    auto policy = make_policy("regression", options);
    Game game;
    const auto scores = policy->evaluate(game);
    CHECK(scores.size() == 4);
    // The shipped weights are symmetric, so the four symmetric openings score exactly alike.
    CHECK(scores.front().score == scores.back().score);
    CHECK(game.current().is_legal(policy->choose(game)));
    options.weights_path = "/nonexistent/weights.bin";
    CHECK_THROWS_AS(make_policy("regression", options), WeightsError);
}
